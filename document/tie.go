package document

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/numeral"
)

// A roll-forward or a reconciliation often states no scale of its own and
// ends on a row that a statement prints too: a note's table of what the
// merger added to equity, with no caption, ends "Total | 37,159,600 | $ | 4 |
// $ | (60,710) | $ | 359,753 | $ | (467,023)", and the statement of equity
// under "(in thousands, except share data)" prints the same five figures as
// its "Balance as of July 22, 2023". The rows are one balance printed twice,
// so each column of the table means what the statement's column that
// prints the same figure means: its scale, and, where the statement's
// column heads name it, what it counts ("Common Stock Shares", exempt
// from the scale; "Amount", in thousands).

// A tie is the row of a scaled table that prints every figure of a row of
// a table that states no scale.
type tie struct {
	table int  // index of the scaled table in d.tables
	row   *Row // its row
	own   *Row // the row of the unscaled table that it repeats
	decls []Decl
}

// minTieFigures is how many distinct figures of four or more significant
// digits, none of them a year, a row must print to tie: one or two can
// coincide, and so can a row of years ("2024 | 2023 | 2022") or of
// percents ("100.0 | 100.0 | 100.0").
const minTieFigures = 3

// tieOf returns the tie of table t, or nil: the first or the last of its
// body rows that print figures, where that row prints at least
// minTieFigures long ones ([tieFigure]), all of whose figures one row of a
// table scaled as a whole prints too, and every such table states the same
// scales for amounts and for shares. A roll-forward's ends are balances,
// which a statement prints; the rows between are what moved them.
func (d *Document) tieOf(t *Table) *tie {
	type tieKey struct{ t *Table }
	if v, ok := d.declCache.Load(tieKey{t}); ok {
		return v.(*tie)
	}
	var found *tie
	d.tieOnce.Do(d.buildTies)
	var ends []*Row
	for _, r := range t.Rows[t.Header:] {
		if len(d.figures(r)) > 0 {
			ends = append(ends, r)
			break
		}
	}
	for k := len(t.Rows) - 1; k >= t.Header; k-- {
		if r := t.Rows[k]; len(d.figures(r)) > 0 {
			if len(ends) == 0 || ends[0] != r {
				ends = append(ends, r)
			}
			break
		}
	}
	for n := len(ends) - 1; n >= 0 && found == nil; n-- {
		r := ends[n]
		figs := d.figures(r)
		rarest, long := "", map[string]bool{}
		for _, f := range figs {
			if tieFigure(f) {
				long[f] = true
				if len(f) > len(rarest) {
					rarest = f
				}
			}
		}
		if len(long) < minTieFigures {
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

// tieFigure reports whether a figure is one a tie can rest on: four or
// more significant digits, and not a year.
func tieFigure(f string) bool {
	if significant(f) < 4 {
		return false
	}
	if len(f) == 4 && f >= "1900" && f <= "2100" {
		return false // "2024": a column's title printed again, not a figure
	}
	return true
}

// A rowRef is a row of a table, by the table's index.
type rowRef struct {
	table int
	row   *Row
}

// buildTies indexes the body rows of every table scaled as a whole by
// each figure they print that a tie can rest on.
func (d *Document) buildTies() {
	d.tieIndex = map[string][]rowRef{}
	for n, t := range d.tables {
		if !scaled(d.wholeDecls(t)) {
			continue
		}
		for _, r := range t.Rows[t.Header:] {
			for _, f := range d.figures(r) {
				if tieFigure(f) {
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
		if k == 0 && hasLetter(s) {
			continue
		}
		if f, ok := figureText(s); ok {
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

// tieColumn gives m, the meaning of the number in cell k of row r of
// table t, what the cell of t's tie in the same column means: the figure
// the tied row prints in that column, where the scaled row prints it. The
// number takes that cell's scale when both count the same, and what it
// counts too when the scaled table's column heads name it; a tied cell
// whose row alone names what it counts (a per-share row of a statement of
// periods) says nothing of the number's column, and nor does a scaled
// table whose columns are periods, not what its numbers count. A number asked about as a
// quantity of its caller's (adopt false) keeps it.
func (d *Document) tieColumn(m *Meaning, t *Table, r *Row, k int, adopt bool) {
	tt := d.tieOf(t)
	if tt == nil {
		return
	}
	if !d.sharesColumn(d.tables[tt.table]) {
		// a statement of periods: its columns say nothing of what a row
		// counts, so a column of the table tied to it says nothing either
		return
	}
	own, ok := d.sameColumn(t, r, k, tt.own)
	if !ok {
		return
	}
	f, ok := figureText(d.text[tt.own.Cells[own].Start:tt.own.Cells[own].End])
	if !ok {
		return
	}
	var at *Meaning
	scaledT := d.tables[tt.table]
	for _, p := range d.rowPlaces(scaledT, tt.row) {
		c := tt.row.Cells[p.Cell]
		if g, ok := figureText(d.text[c.Start:c.End]); !ok || g != f || p.Cell == 0 && hasLetter(d.text[c.Start:c.End]) {
			continue
		}
		tok, ok := numeral.Next(p.Text, 0)
		if !ok {
			continue
		}
		tm := d.meaning(p, tok.Start, tok.End, nil)
		if at != nil && (at.Quantity != tm.Quantity || at.Scale.Exp() != tm.Scale.Exp()) {
			return // the figure printed twice, meaning two things
		}
		at = &tm
	}
	if at == nil || at.By == nil || at.Rival != nil || at.Unaligned != nil {
		return
	}
	switch q, named := nameQuantity(unbracketed(at.Column)); {
	case at.Quantity == m.Quantity:
	case adopt && named && q == at.Quantity && (at.Quantity == QuantityShares || at.Quantity == QuantityAmount):
		m.Quantity, m.ShareCount = at.Quantity, at.Quantity == QuantityShares
	default:
		return
	}
	by := *at.By
	m.By, m.Scale = &by, at.Scale
	m.Tie = fmt.Sprintf("table %d, whose row %q prints every figure of the row %q, column %q", tt.table+1, clip(tt.row.Label(d)), clip(tt.own.Label(d)), clip(at.Column))
}

// sameColumn returns the index of the cell of row o that stands in the
// column of cell k of row r, both rows of t: by the grid, or, where the
// format gives none, by order among the values of two rows that print a
// value in every column.
func (d *Document) sameColumn(t *Table, r *Row, k int, o *Row) (int, bool) {
	c := r.Cells[k]
	if c.Col >= 0 {
		for n, x := range o.Cells {
			if x.Col == c.Col {
				return n, true
			}
		}
		return 0, false
	}
	most := d.widest(t)
	vr, vo := d.valueCells(r), d.valueCells(o)
	n := slices.Index(vr, k)
	if n < 0 || len(vr) != most || len(vo) != most {
		return 0, false
	}
	return vo[n], true
}

// figureText returns a cell's number as [Document.figures] keys it, its
// sign and digits ("(60,710)" is "-60710", "$ 4.50" is "4.50"), and
// whether the cell holds one: read by the one reader of printed numbers.
func figureText(s string) (string, bool) {
	tok, ok := cellNumber(s)
	if !ok {
		return "", false
	}
	f := strings.NewReplacer(",", "", "'", "", " ", "", "\u00a0", "").Replace(tok.Number)
	if tok.Neg {
		f = "-" + f
	}
	return f, true
}

// cellNumber reads the number a value cell prints, by [numeral.Next]; false
// for a cell that is no number or prints none (a dash).
func cellNumber(s string) (numeral.Token, bool) {
	if !numeric(s) {
		return numeral.Token{}, false
	}
	return numeral.Next(s, 0)
}
