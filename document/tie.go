package document

import (
	"slices"
	"strings"
)

// A roll-forward or a reconciliation often states no scale of its own and
// ends on a row that a statement prints too: a note's table of what the
// merger added to equity, with no caption, ends "Total | 37,159,600 | $ | 4 |
// $ | (60,710) | $ | 359,753 | $ | (467,023)", and the statement of equity
// under "(in thousands, except share data)" prints the same five figures as
// its "Balance as of July 22, 2023". The rows are one balance printed twice,
// so the table's numbers are in the statement's scale: the statement's
// declarations govern the table, each column by what its own heads name.

// A tie is the row of a scaled table that prints every figure of a row of
// a table that states no scale.
type tie struct {
	table int  // index of the scaled table in d.tables
	row   *Row // its row
	own   *Row // the row of the unscaled table that it repeats
	decls []Decl
}

// minTieFigures is how many figures of three or more significant digits a
// row must print to tie: one or two can coincide.
const minTieFigures = 3

// tieOf returns the tie of table t, or nil: the last of its body rows that
// prints at least minTieFigures figures of three digits or more, all of
// which one row of a table scaled as a whole prints too, where every such
// table states the same scales for amounts and for shares.
func (d *Document) tieOf(t *Table) *tie {
	type tieKey struct{ t *Table }
	if v, ok := d.declCache.Load(tieKey{t}); ok {
		return v.(*tie)
	}
	var found *tie
	d.tieOnce.Do(d.buildTies)
	for k := len(t.Rows) - 1; k >= t.Header && found == nil; k-- {
		r := t.Rows[k]
		figs := d.figures(r)
		rarest, long := "", 0
		for _, f := range figs {
			if significant(f) >= 3 {
				long++
				if len(f) > len(rarest) {
					rarest = f
				}
			}
		}
		if long < minTieFigures {
			continue
		}
		var cands []tie
		for _, ref := range d.tieIndex[rarest] {
			if d.tables[ref.table] == t || !within(figs, d.figures(ref.row)) {
				continue
			}
			cands = append(cands, tie{table: ref.table, row: ref.row, own: r})
		}
		for n := range cands {
			ds := d.wholeDecls(d.tables[cands[n].table])
			if n > 0 && !sameScales(ds, cands[0].decls) {
				cands = nil
				break
			}
			cands[n].decls = ds
		}
		if len(cands) > 0 {
			found = &cands[0]
		}
	}
	d.declCache.Store(tieKey{t}, found)
	return found
}

// A rowRef is a row of a table, by the table's index.
type rowRef struct {
	table int
	row   *Row
}

// buildTies indexes the body rows of every table scaled as a whole by
// each figure they print of three or more significant digits.
func (d *Document) buildTies() {
	d.tieIndex = map[string][]rowRef{}
	for n, t := range d.tables {
		if !scaled(d.wholeDecls(t)) {
			continue
		}
		for _, r := range t.Rows[t.Header:] {
			for _, f := range d.figures(r) {
				if significant(f) >= 3 {
					refs := d.tieIndex[f]
					if len(refs) == 0 || refs[len(refs)-1].row != r {
						d.tieIndex[f] = append(refs, rowRef{n, r})
					}
				}
			}
		}
	}
}

// wholeDecls returns what declares for all of table t: its caption, its
// header rows' declaring cells, and what it carries on from the table
// before it or the line that introduces it.
func (d *Document) wholeDecls(t *Table) []Decl {
	ds := append(slices.Clip(d.captionDecls(t)), d.tableDecls(t, nil)...)
	if !scaled(ds) && t.continues != nil {
		ds = append(ds, d.inherited(t)...)
	}
	if !scaled(ds) {
		for _, l := range t.intro {
			ds = append(ds, d.decls(l.Start, l.End, InCaption)...)
		}
	}
	return ds
}

// figures returns the numbers row r prints in its value cells, each as its
// sign and digits ("(60,710)" is "-60710", "$ 4" is "4"), sorted.
func (d *Document) figures(r *Row) []string {
	var out []string
	for k, c := range r.Cells {
		s := d.text[c.Start:c.End]
		if k == 0 && hasLetter(s) || !numeric(s) {
			continue
		}
		var b strings.Builder
		if strings.ContainsAny(s, "(-−–") && strings.ContainsAny(s, "0123456789") {
			b.WriteByte('-')
		}
		for _, ch := range s {
			if ch >= '0' && ch <= '9' || ch == '.' {
				b.WriteRune(ch)
			}
		}
		if f := b.String(); strings.ContainsAny(f, "0123456789") {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// significant counts a figure's digits after its leading zeros.
func significant(f string) int {
	n, lead := 0, true
	for _, ch := range f {
		if ch == '0' && lead || ch < '0' || ch > '9' {
			continue
		}
		lead = false
		n++
	}
	return n
}

// within reports whether every figure of the sorted a is in the sorted b,
// as often as a prints it.
func within(a, b []string) bool {
	k := 0
	for _, f := range a {
		for k < len(b) && b[k] < f {
			k++
		}
		if k == len(b) || b[k] != f {
			return false
		}
		k++
	}
	return true
}

// sameScales reports whether two sets of declarations give amounts and
// shares the same scales.
func sameScales(a, b []Decl) bool {
	for _, q := range []Quantity{QuantityAmount, QuantityShares} {
		if scaleFor(a, q) != scaleFor(b, q) {
			return false
		}
	}
	return true
}

// scaleFor returns the exponent of the first of ds that governs a number
// of quantity q whose labels say nothing more, or -1.
func scaleFor(ds []Decl, q Quantity) int {
	for k := range ds {
		if s, ok := applies(&ds[k], q, ""); ok {
			return s.Exp()
		}
	}
	return -1
}
