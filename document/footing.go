package document

import (
	"slices"
	"strconv"
	"strings"
)

// A statement of equity prints its columns' sum in its last column: every
// full row of "Common Stock Shares | Amount | … | Total Shareholders'
// Equity" foots, its amounts adding up to its total, its shares apart. A
// text rendering that dropped empty cells leaves a sparse row's columns to
// a guess ("Treasury stock purchases | (7,966) | (1,351) | (1,351)"), but
// the row foots too: (1,351) is its total, the (1,351) before it the one
// amount that makes it, and (7,966), which the total leaves out, is in the
// column the total leaves out, the shares.

// A footing is how the full rows of a table foot: the last column is the
// sum of every other column but the shares columns, which come first.
type footing struct {
	shares int // how many columns of shares come before the amounts
	most   int // the width of the full rows
}

// minFootingRows is how many full rows must foot: one could by chance.
const minFootingRows = 2

// footingOf returns how the full rows of t foot under heads, the header
// cells over each of its most columns, or nil when they do not all foot.
func (d *Document) footingOf(t *Table, fitting [][]Cell, most int) *footing {
	type footingKey struct{ t *Table }
	if v, ok := d.declCache.Load(footingKey{t}); ok {
		return v.(*footing)
	}
	var found *footing
	defer func() { d.declCache.Store(footingKey{t}, found) }()
	if most < 3 || len(fitting) == 0 {
		return nil
	}
	shares := 0
	for c := range most {
		var title []string
		for _, hs := range fitting {
			title = append(title, unbracketed(d.text[hs[c].Start:hs[c].End]))
		}
		if q, ok := nameQuantity(strings.Join(title, " ")); !ok || q != QuantityShares {
			break
		}
		shares++
	}
	if shares >= most-2 {
		return nil
	}
	full := 0
	for _, r := range t.Rows[t.Header:] {
		vals := d.valueCells(r)
		if len(vals) != most {
			continue
		}
		vs, ok := d.rowFigures(r, vals)
		if !ok || !foots(vs[shares:]) {
			return nil
		}
		full++
	}
	if full < minFootingRows {
		return nil
	}
	found = &footing{shares: shares, most: most}
	return found
}

// footed returns the columns value n of a sparse row r (its values at
// vals) can stand in by how the row foots under f, or nil when the row
// does not say: its values foot as amounts and their total, or, with one
// column of shares, the values after the first foot without it, and the
// first is the shares. A first value that the total foots with and
// without says neither.
func (d *Document) footed(f *footing, r *Row, vals []int, n int) []int {
	vs, ok := d.rowFigures(r, vals)
	if !ok || len(vs) < 2 {
		return nil
	}
	last := len(vs) - 1
	all, rest := foots(vs), f.shares == 1 && len(vs) >= 3 && foots(vs[1:])
	if rest && !all && foots(append(slices.Clone(vs), figure{})) {
		// "Conversion of preferred to common | (1,000) | 500 | 500": the
		// values after the first foot, but all of them may net to a total
		// left blank; the first is shares or an amount
		rest = false
	}
	switch {
	case !all && !rest:
		return nil
	case n == last:
		return []int{f.most - 1}
	case n == 0 && all && rest:
		// a first value too small to tell (a dash): the total is the
		// rest's sum with it or without it
		return nil
	case n == 0 && rest:
		return []int{0}
	}
	// an amount, whichever way the row foots
	var out []int
	for c := f.shares; c < f.most-1; c++ {
		out = append(out, c)
	}
	return out
}

// A figure is a printed number as an integer count of its last place:
// "(1,351)" is -1351 at 0 places, "4.50" 450 at 2.
type figure struct {
	v      int64
	places int
}

// rowFigures reads the value cells of r at vals as figures, a dash as
// zero; ok is false when one is not a plain number.
func (d *Document) rowFigures(r *Row, vals []int) ([]figure, bool) {
	out := make([]figure, 0, len(vals))
	for _, k := range vals {
		s := strings.TrimSpace(d.text[r.Cells[k].Start:r.Cells[k].End])
		f, ok := figureOf(s)
		if !ok {
			return nil, false
		}
		out = append(out, f)
	}
	return out, true
}

// figureOf reads one cell, by the one reader of printed numbers; a dash
// alone is zero.
func figureOf(s string) (figure, bool) {
	if notApplicable(s) || s == "—" || s == "–" || s == "-" {
		return figure{}, true
	}
	f, ok := figureText(s)
	if !ok {
		return figure{}, false
	}
	neg := strings.HasPrefix(f, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(f, "-"), ".")
	if len(whole)+len(frac) > 15 {
		return figure{}, false
	}
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return figure{}, false
	}
	if neg {
		v = -v
	}
	return figure{v, len(frac)}, true
}

// foots reports whether the last of vs is the sum of the others, in the
// places of the most precise, give or take one of that place: a total of
// rounded figures may be one off their sum.
func foots(vs []figure) bool {
	if len(vs) < 2 {
		return false
	}
	places := 0
	for _, f := range vs {
		places = max(places, f.places)
	}
	at := func(f figure) int64 {
		v := f.v
		for range places - f.places {
			v *= 10
		}
		return v
	}
	var sum int64
	for _, f := range vs[:len(vs)-1] {
		sum += at(f)
	}
	gap := sum - at(vs[len(vs)-1])
	return -1 <= gap && gap <= 1
}

// intersect returns the members of cols that are in allowed, or cols
// when none is: a footing that no column's shapes admit says nothing.
func intersect(cols, allowed []int) []int {
	var out []int
	for _, c := range cols {
		if slices.Contains(allowed, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cols
	}
	return out
}
