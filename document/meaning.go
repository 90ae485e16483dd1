package document

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// A Place is where numbers are read in a quote's match: one logical cell
// of a table row (a cell with the currency sign, parenthesis or percent
// sign a table prints in cells of their own joined to it: "$ | 294,866"
// reads "$294,866", "(3,709 | )" reads "(3,709)"), or a run of prose.
// Text is what is read; Map maps a byte offset of Text to the rendering.
type Place struct {
	Text  string
	Table *Table // nil for prose
	Row   *Row
	Cell  int // index of the number's cell in Row.Cells
	pre   int // bytes of Text before the cell's own text
	base  int // rendering offset of the cell's (or prose's) own text
	cellN int // length of the cell's own text
	extra int // rendering offset Text's prefix stands for
	// lo, hi bound the quote's match in Text, for prose: Text is the
	// whole lines around it, so that a number cut by the quote is read
	// with its sign ("(3,709" of "(3,709)").
	lo, hi int
	prose  bool
}

// Within reports whether bytes [i, j) of p.Text, a number read there,
// touch the quote's match: a number of prose outside the quote is not the
// quote's.
func (p Place) Within(i, j int) bool {
	return !p.prose || i < p.hi && j > p.lo
}

// proseAt returns the place of the prose bytes [i, e): the whole lines
// that hold them.
func (d *Document) proseAt(i, e int) Place {
	ls := strings.LastIndexByte(d.text[:i], '\n') + 1
	le := len(d.text)
	if k := strings.IndexByte(d.text[max(e-1, i):], '\n'); k >= 0 {
		le = max(e-1, i) + k
	}
	le = max(le, e)
	return Place{Text: d.text[ls:le], base: ls, cellN: le - ls, extra: ls, lo: i - ls, hi: e - ls, prose: true}
}

// Map returns the rendering offset of byte i of p.Text.
func (p Place) Map(i int) int {
	switch {
	case i < p.pre:
		return p.extra
	case i-p.pre <= p.cellN:
		return p.base + i - p.pre
	}
	return p.base + p.cellN
}

// Places returns the places of the rendering's bytes [start, end): the
// logical cells of each table row the span touches, or the span itself
// where it is prose. A span that starts or ends inside a cell reads that
// cell whole: a quote that copies part of a cell still quotes its number.
func (d *Document) Places(start, end int) []Place {
	start, end = max(start, 0), min(end, len(d.text))
	var out []Place
	for i := start; i < end; {
		k := d.blockAt(i)
		if k < 0 {
			// between blocks: the prose up to the next block
			n := d.nextBlock(i)
			e := end
			if n >= 0 && d.Blocks[n].Start < e {
				e = d.Blocks[n].Start
			}
			if e > i {
				out = append(out, d.proseAt(i, e))
			}
			i = e
			if n < 0 {
				break
			}
			continue
		}
		b := d.Blocks[k]
		e := min(end, b.End)
		if b.Table == nil {
			out = append(out, d.proseAt(i, e))
			i = max(e, i+1)
			continue
		}
		for _, r := range b.Table.Rows {
			if r.End < i || r.Start >= e {
				continue
			}
			out = append(out, d.rowPlaces(b.Table, r)...)
		}
		i = max(e, i+1)
	}
	return out
}

// maxPrintings bounds how many places [Document.Printings] reports: a
// passage printed more often than that locates nothing.
const maxPrintings = 64

// Printings returns the places of the rendering that print the same text
// as its bytes [start, end), ignoring case, white space and cell
// separators, in order; at most maxPrintings, and more reports whether
// there were more. The quote that matched at [start, end) matched there
// at any of them.
func (d *Document) Printings(start, end int) (spans []Span, more bool) {
	d.looseOnce.Do(d.buildLoose)
	q, _ := looseOf(d.text[start:end])
	if q == "" {
		return nil, false
	}
	// Search for the quote's longest word, the rarest as a rule, and
	// check the whole quote around each of its printings.
	anchor, off := q, 0
	if best := longestWord(q); best >= 0 {
		anchor, off = strings.Fields(q[best:])[0], best
		if strings.ContainsAny(anchor, "0123456789") {
			// a number is looked up by its digits alone: the quote may stop
			// before the ")" or "*" the document prints with it
			core, at := numberCore(anchor)
			anchor, off = core, off+at
		}
	}
	hits := d.numberWords[anchor] // the printings of a number, found once
	useHits := strings.ContainsAny(anchor, "0123456789")
	for from, h := 0, 0; ; {
		var s int
		if useHits {
			if h == len(hits) {
				return spans, false
			}
			s, h = hits[h]-off, h+1
		} else {
			k := strings.Index(d.loose[from:], anchor)
			if k < 0 {
				return spans, false
			}
			s = from + k - off
			from += k + 1
		}
		if s < 0 || s+len(q) > len(d.loose) || d.loose[s:s+len(q)] != q {
			continue
		}
		if len(spans) == maxPrintings {
			return spans, true
		}
		e := s + len(q)
		re := len(d.text)
		if e < len(d.looseAt) {
			re = d.looseAt[e]
		}
		spans = append(spans, Span{d.looseAt[s], re})
	}
}

// numberCore returns the digits of a word with their separators, and
// where they start in it: "(5,007)" is 5,007 at 1, "5,007*" 5,007 at 0.
func numberCore(w string) (string, int) {
	s := strings.IndexAny(w, "0123456789")
	e := strings.LastIndexAny(w, "0123456789") + 1
	if s < 0 {
		return w, 0
	}
	return w[s:e], s
}

// longestWord returns the offset of q's longest space-free word, one
// that holds a digit first: a number is the rarest word of a row.
func longestWord(q string) int {
	best, bestLen, bestDigit := -1, 0, false
	for i := 0; i < len(q); {
		j := strings.IndexByte(q[i:], ' ')
		if j < 0 {
			j = len(q) - i
		}
		digit := strings.ContainsAny(q[i:i+j], "0123456789")
		if digit && !bestDigit || digit == bestDigit && j > bestLen {
			best, bestLen, bestDigit = i, j, digit
		}
		i += j + 1
	}
	return best
}

// buildLoose folds the rendering once for Printings, and finds where
// each of its words that holds a digit starts.
func (d *Document) buildLoose() {
	d.loose, d.looseAt = looseOf(d.text)
	d.numberWords = map[string][]int{}
	for i := 0; i < len(d.loose); {
		j := strings.IndexByte(d.loose[i:], ' ')
		if j < 0 {
			j = len(d.loose) - i
		}
		if w := d.loose[i : i+j]; strings.ContainsAny(w, "0123456789") {
			core, at := numberCore(w)
			d.numberWords[core] = append(d.numberWords[core], i+at)
		}
		i += j + 1
	}
}

// looseOf lower-cases ASCII letters and turns each run of white space and
// "|" into one space, trimmed, with each byte's offset in s.
func looseOf(s string) (string, []int) {
	b := make([]byte, 0, len(s))
	at := make([]int, 0, len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '|' {
			space = len(b) > 0
			continue
		}
		if space {
			b = append(b, ' ')
			at = append(at, i)
			space = false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
		at = append(at, i)
	}
	return string(b), at
}

// nextBlock returns the index of the first block that starts at or after
// off, or -1.
func (d *Document) nextBlock(off int) int {
	for k := range d.Blocks {
		if d.Blocks[k].Start >= off {
			return k
		}
	}
	return -1
}

// rowPlaces returns the logical cells of row r.
func (d *Document) rowPlaces(t *Table, r *Row) []Place {
	var out []Place
	cells := r.Cells
	for k := 0; k < len(cells); k++ {
		c := cells[k]
		s := d.text[c.Start:c.End]
		if isMark(s) && k+1 < len(cells) {
			continue // read with the cell after it
		}
		if isSuffix(s) && k > 0 {
			continue // read with the cell before it
		}
		p := Place{Table: t, Row: r, Cell: k, base: c.Start, cellN: len(s), extra: c.Start}
		if mark, rest, ok := markApart(s); ok {
			// "$ (3,412)": a sign printed a space before its number
			p.base, p.cellN = c.Start+len(s)-len(rest), len(rest)
			p.pre, p.Text = len(mark), mark+rest
			if k+1 < len(cells) && isSuffix(d.text[cells[k+1].Start:cells[k+1].End]) {
				p.Text += d.text[cells[k+1].Start:cells[k+1].End]
			}
			out = append(out, p)
			continue
		}
		// the marks printed in cells of their own before it, "( | $ |
		// 3,709 | )", and the suffixes after it
		pre := ""
		for j := k - 1; j >= 0 && j >= k-3 && isMark(d.text[cells[j].Start:cells[j].End]); j-- {
			pre = d.text[cells[j].Start:cells[j].End] + pre
			p.extra = cells[j].Start
		}
		post := ""
		for j := k + 1; j < len(cells) && j <= k+2 && isSuffix(d.text[cells[j].Start:cells[j].End]); j++ {
			post += d.text[cells[j].Start:cells[j].End]
		}
		p.pre = len(pre)
		p.Text = pre + s + post
		out = append(out, p)
	}
	return out
}

// markApart splits a cell that prints a currency sign a space before its
// number, "$ (3,412)" or "₹ 1,234", into the sign and the number.
func markApart(s string) (mark, rest string, ok bool) {
	k := strings.IndexByte(s, ' ')
	if k <= 0 || !isMark(s[:k]) {
		return "", "", false
	}
	rest = strings.TrimLeft(s[k:], " ")
	if rest == "" || !(isDigit(rest[0]) || rest[0] == '(' || rest[0] == '-') {
		return "", "", false
	}
	return s[:k], rest, true
}

// isSuffix reports whether a cell is only what a table prints after a
// number in a cell of its own: a closing parenthesis, a percent sign.
// noteRef reports whether a cell refers to a note ("Note 6", "Notes 3,
// 4", "Note 12(a)"): a reference beside the row's label, no value of a
// column.
func noteRef(s string) bool {
	return strings.HasPrefix(s, "Note") && noteRefPattern.MatchString(s)
}

var noteRefPattern = regexp.MustCompile(`^Notes? \d+[A-Z]?(?:\([a-z0-9]\))?(?:(?:, ?| and )\d+[A-Z]?(?:\([a-z0-9]\))?)*\.?$`)

func isSuffix(s string) bool {
	switch s {
	case ")", "%", ")%", "%)", "pp", "bps", "x", "×":
		return true
	}
	return false
}

// Meaning is what a number means where it is printed: the scale, currency
// and percent its scopes declare for it, what its labels say it counts,
// and the period its column is for.
type Meaning struct {
	Quantity Quantity
	// Scale is the scale the number is in. By is the declaration that
	// gives it, nil when none governs the number and it has the scale it
	// prints. Rival, when not nil, is a second declaration at By's scope
	// that gives another scale: the number's scale is ambiguous.
	Scale numeral.Scale
	By    *Decl
	Rival *Decl
	// Currency is a currency its cell or its scopes state ("$", "£",
	// "Rs."), or "".
	Currency string
	Percent  bool // a % or a percent label governs it

	signShares bool // a column of shares prints the number with a currency sign

	// Marker is a credit or debit marker ("Cr", "Dr") the number's row
	// prints in a field of its own: its sign is the marker's, which
	// reckon does not read.
	Marker string

	// Displaced reports that the declaration that gives the scale is
	// printed away from the table, after it ("(in thousands)" below an
	// extract's only table): it governs, but it is no ground for a fix.
	Displaced bool

	// SharesRows reports that other rows of the number's table name
	// shares ("Basic weighted average common shares outstanding"): a
	// row whose labels name nothing may count shares too.
	SharesRows bool

	// The column's period: the years its header cells name, and whether
	// a header names a date or a month (a fiscal period may end in the
	// next calendar year) rather than a bare year. Period is the header
	// text that names it.
	Years  []int
	Dated  bool
	Period string
	// Periods, when the rendering does not say which of several columns
	// the number is in, are those columns' periods: Years holds all their
	// years, any of which the number may be for, and Period is empty.
	Periods []string

	// Unaligned, when not nil, is a header cell of the table that says
	// something of its column (a scale, shares, a percent) where the
	// number's column is not known: a rendering that dropped empty cells
	// leaves a sparse row's columns to a guess. The number's meaning is
	// then ambiguous.
	Unaligned *Cell

	// Unread reports that By states a scale reckon has no word for: the
	// number's scale cannot be checked.
	Unread bool

	// Header reports a number printed in a header row: a year or a
	// column's title, which no declaration scales.
	Header bool

	// ColumnCurrency reports a Currency that the number's own cell does
	// not print but its column does, in another row: the "$" a table
	// prints on its first and total rows only.
	ColumnCurrency bool

	// GroupQuantity, when InGroup, is what the label row above names
	// ("Per share data:") for a row whose own label names nothing: the row
	// may count that, or be a line item after the group.
	GroupQuantity Quantity
	InGroup       bool
	GroupLabel    string

	// Subunit reports a row or column that states its numbers in a
	// currency's hundredths: "(pence)", "(in cents)".
	Subunit bool

	// Unnamed reports a row whose label names a variant, not a quantity
	// ("Basic", "Diluted"), in no group that names one: whether it
	// counts shares or an amount per share is not known from the table.
	Unnamed bool

	// Duration reports a column headed by a period that runs ("Three
	// Months Ended March 31, 2025", "Year ended"): a balance at its start
	// is printed under it.
	Duration bool

	// Name is a value cell's text when the number is part of a name
	// there ("Level 2", "Tier 1") or one end of a span of years ("2025 –
	// 2030"): no value of its column.
	Name string

	// ShareCount reports a row whose label counts shares ("Number of
	// shares outstanding", "Weighted average shares", "Shares
	// repurchased"), not a capital line that names them ("Treasury
	// shares", "Ordinary shares").
	ShareCount bool

	// SharesColumn reports a number whose column's heads name shares
	// ("Shares", "Number of Shares", "Common Stock Shares"): a count of
	// shares, whatever scale the document gives amounts.
	SharesColumn bool

	// Opening reports a balance at the start of its column's period,
	// under columns that "Years ended" heads ("Total shareholders’ equity,
	// beginning balances"): its date is the period before's end.
	Opening bool

	// Closing reports a balance at the end of its column's period
	// ("Balance at end of period", "Ending balance"): under a column of a
	// period that runs, it is the balance on the day the period closes.
	Closing bool

	// Tie, when By is another table's declaration, says which: the table
	// whose row prints every figure of a row of the number's table, which
	// states no scale of its own ("Total" of a roll-forward that ends on a
	// statement's balance). The figures are the same, so is the scale.
	Tie string

	// Where: the row's label and the column's header, for the record and
	// for hints.
	RowLabel string
	Column   string
	Table    int // 1-based index of the table in the document, 0 for prose
}

// Meaning returns the meaning of the number read at bytes [i, j) of p.Text.
// The number's quantity comes from its own cell's words, its row's label,
// its group's and its column's; its scale from the narrowest scope that
// declares one for that quantity (see [Scope]); prose is governed by its
// own words alone, never by a table's header.
func (d *Document) Meaning(p Place, i, j int) Meaning {
	return d.meaning(p, i, j, nil)
}

// MeaningAs is [Document.Meaning] for a number read as quantity q,
// whatever its labels say: what the document would mean by it if it
// counted q. A caller that is told a number's quantity by someone else
// (a model's unit) compares the two meanings: where they differ, the
// labels do not settle which the number is.
func (d *Document) MeaningAs(p Place, i, j int, q Quantity) Meaning {
	return d.meaning(p, i, j, &q)
}

func (d *Document) meaning(p Place, i, j int, force *Quantity) Meaning {
	var m Meaning
	if p.Table == nil {
		m.Percent = strings.HasPrefix(strings.TrimLeft(p.Text[j:], " "), "%")
		m.Quantity = clauseQuantity(p.Text[j:])
		if m.Quantity == QuantityAmount {
			if q, ok := nameQuantity(clauseBefore(p.Text[:i])); ok {
				m.Quantity = q
			}
		}
		if m.Percent {
			m.Quantity = QuantityPercent
		} else if force != nil {
			m.Quantity = *force
		}
		if cur := p.signOf(i, j); cur != "" {
			m.Currency = cur
		}
		d.govern(&m, d.sectionDecls(p.Map(i)), "")
		// a sentence that names one year names the number's period: "was
		// $4,000 million in 2022"
		if u := distinct(periodYears(sentencePeriod(p.Text, i, j))); len(u) == 1 && !(len(p.Text[i:j]) == 4 && isYear(p.Text[i:j])) && !priorPeriod(p.Text, i, j) {
			m.Years, m.Period = u, strconv.Itoa(u[0])
		}
		return m
	}
	t, r := p.Table, p.Row
	for n, x := range d.tables {
		if x == t {
			m.Table = n + 1
		}
	}
	m.RowLabel = r.Label(d)
	cell := r.Cells[p.Cell]
	for _, h := range t.Rows[:t.Header] {
		if h == r {
			// a number in a header row is a column's title ("2019",
			// "Note 3"): printed as it is, in no scale
			m.Header = true
			return m
		}
	}
	inLabel := p.Cell == 0 && hasLetter(d.text[cell.Start:cell.End])
	if inLabel && len(p.Text[i:j]) == 4 && isYear(p.Text[i:j]) {
		// "Term loan due 2026": a year the label names, no amount
		m.Name = strings.TrimSpace(d.text[cell.Start:cell.End])
		return m
	}
	if ct := strings.TrimSpace(d.text[cell.Start:cell.End]); p.Cell > 0 && (nameNumber(ct) || yearRange(ct)) {
		// "Level 2" in a column of a fair-value table, "2025 – 2030" in
		// a column of maturities: a name or a span of years, no value
		m.Name = ct
		return m
	}
	if cell.Col >= 0 || inLabel || t.Header == 0 {
		return d.read(m, p, i, j, force, d.gridHeads(t, r, p.Cell), inLabel)
	}
	// A rendering that dropped empty cells: the column is known where
	// the row's values and the header rows line up, and otherwise the
	// number means what every column it may be in gives it, or it is
	// ambiguous.
	cands, known, at, ok := d.columnCands(t, r, p.Cell)
	if !ok {
		m = d.read(m, p, i, j, force, nil, inLabel)
		m.Unaligned = d.columnsDiffer(t)
		return m
	}
	if len(cands) == 0 {
		return d.read(m, p, i, j, force, nil, inLabel)
	}
	reads := make([]Meaning, 0, len(cands))
	kept := make([][]Cell, 0, len(cands))
	shapes := d.columnShapes(t, d.widest(t))
	// the column is known where every reading puts the number in one,
	// whatever its heads are taken to be
	oneColumn := !slices.ContainsFunc(at, func(c int) bool { return c != at[0] })
	for n, hs := range cands {
		x := d.read(m, p, i, j, force, hs, inLabel)
		if x.Quantity == QuantityShares && at[n] < len(shapes) && shapes[at[n]].sign {
			if force == nil && oneColumn && d.quantityColumns(t, hs) {
				// a known column whose full rows print a currency sign,
				// headed by nothing that names shares, in a table with a
				// column of shares, holds money whatever the row's label
				// names
				amount := QuantityAmount
				x = d.read(m, p, i, j, &amount, hs, inLabel)
			} else {
				x.signShares = true // a column whose full rows print a currency sign holds no shares
			}
		}
		reads = append(reads, x)
		kept = append(kept, hs)
	}
	// a column of shares cannot hold a number printed with a currency
	// sign where another column it may be in can
	if k := slices.IndexFunc(reads, func(x Meaning) bool { return !x.signShares }); k >= 0 {
		var rs []Meaning
		var ks [][]Cell
		for n, x := range reads {
			if !x.signShares {
				rs, ks = append(rs, x), append(ks, kept[n])
			}
		}
		reads, kept = rs, ks
	}
	cands = kept
	pick := 0
	for n, hs := range cands {
		if !sameReading(reads[0], reads[n]) {
			m = d.read(m, p, i, j, force, nil, inLabel)
			for _, hs := range [][]Cell{hs, cands[0]} {
				if len(hs) > 0 && m.Unaligned == nil {
					u := hs[len(hs)-1]
					m.Unaligned = &u
				}
			}
			return m
		}
		if reads[n].Quantity == QuantityAmount && reads[pick].Quantity != QuantityAmount {
			pick = n // an amount is the reading the most is asked of
		}
	}
	out := reads[pick]
	// a column of shares is known only where every column the number may
	// be in is one, in a row that prints a value in every column (a
	// sparse row's columns are laid by shapes, which a sign printed on the
	// first and total rows only does not settle)
	out.SharesColumn = len(d.valueCells(r)) == d.widest(t) && !slices.ContainsFunc(reads, func(x Meaning) bool { return !x.SharesColumn })
	for _, x := range reads {
		if x.Period != out.Period || !slices.Equal(x.Years, out.Years) {
			out.alternatives(reads)
			break
		}
	}
	for _, x := range reads {
		if x.Column != out.Column {
			out.Column = ""
			for _, h := range known {
				out.Column = strings.TrimSpace(out.Column + " " + d.text[h.Start:h.End])
			}
		}
	}
	return out
}

// alternatives sets m's period from readings under columns of different
// periods: the years of them all, any of which the number may be for, and
// their periods, none of which is known to be its own. Where a reading
// names no period, none is known.
func (m *Meaning) alternatives(reads []Meaning) {
	m.Years, m.Period, m.Periods, m.Dated, m.Duration = nil, "", nil, false, false
	var years []int
	var periods []string
	dated, dur := false, false
	for _, x := range reads {
		if len(x.Years) == 0 {
			return
		}
		for _, y := range x.Years {
			if !slices.Contains(years, y) {
				years = append(years, y)
			}
		}
		if x.Period != "" && !slices.Contains(periods, x.Period) {
			periods = append(periods, x.Period)
		}
		dated, dur = dated || x.Dated, dur || x.Duration
	}
	m.Years, m.Periods, m.Dated, m.Duration = years, periods, dated, dur
}

// sameReading reports whether two readings of a number give it the same
// scale, percent and currency (a reading that names a currency and one
// that names none differ, but a number of shares has no currency): which
// of the columns it may be in holds it does not change what it means.
func sameReading(a, b Meaning) bool {
	return a.Scale.Exp() == b.Scale.Exp() && a.Percent == b.Percent && a.Unread == b.Unread &&
		(a.Rival == nil) == (b.Rival == nil) && a.Subunit == b.Subunit &&
		(a.Currency == b.Currency || a.Quantity == QuantityShares || b.Quantity == QuantityShares) &&
		// shares or money: a column of each, and the number in one of them
		!(a.Quantity == QuantityShares && b.Quantity == QuantityAmount || a.Quantity == QuantityAmount && b.Quantity == QuantityShares)
}

// read is meaning's reading of a number in a table whose column heads
// over it are heads.
func (d *Document) read(m Meaning, p Place, i, j int, force *Quantity, heads []Cell, inLabel bool) Meaning {
	t, r := p.Table, p.Row
	cell := r.Cells[p.Cell]
	m.SharesRows = d.sharesRows(t)
	for _, h := range heads {
		if m.Column != "" {
			m.Column += " "
		}
		m.Column += d.text[h.Start:h.End]
		ys, dated := periodOf(d.text[h.Start:h.End])
		if duration(d.text[h.Start:h.End]) {
			m.Duration = true
		}
		if len(ys) > 0 {
			m.Years = append(m.Years, ys...)
			m.Dated = m.Dated || dated
			if m.Period != "" {
				m.Period += " "
			}
			m.Period += d.text[h.Start:h.End]
		}
	}
	if len(m.Years) > 0 {
		// "Balance at beginning of year" under "December 31, 2024" or
		// "2024": the balance at the start of the period the column
		// closes; "Balance at end of period" under "Three Months Ended
		// March 31, 2024": the balance on the day it closes
		m.Opening = openingLabel(r.Label(d))
		m.Closing = !m.Opening && closingLabel(r.Label(d))
	}
	if len(m.Years) > 0 && m.Dated && !m.Duration {
		// "Six Months Ended" or "Years ended" on the caption's last line,
		// over a header row of dates alone: the columns are periods that
		// run that long, and a balance at the start of one is the one
		// before's
		if c := d.lengthLine(t, r); c != "" {
			m.Column = strings.TrimSpace(c + " " + m.Column)
			m.Opening = m.Opening || openingLabel(r.Label(d))
		}
	}
	if l := r.Label(d); len(m.Years) == 0 && duration(l) && p.Cell > 0 {
		// "Costs incurred for the six months ended December 31, 2024"
		// under columns that name no period: a row that names its own
		if ys := distinct(periodYears(l)); len(ys) == 1 && len(periodYears(l)) >= 1 {
			m.Years, m.Dated, m.Duration, m.Period = ys, true, true, strings.TrimSpace(l)
		}
	}
	if y := insideComparative(p.Text, i, j); y != "" {
		// "£1,234.5m (2023: £1,101.2m)" in the 2024 column: the bracket's
		// figure is the prior year's
		m.Years, m.Dated, m.Period = distinct(periodYears(y)), false, y
	}
	if len(m.Years) == 0 && d.Format == CSV {
		// an export's row is dated by its date field, the one its header
		// calls a date: "Date,Description,Amount" over "2024-03-01,TESCO,-45.67"
		for n, c := range r.Cells {
			if ct := d.text[c.Start:c.End]; n != p.Cell && dateLike(ct) && !hasLetter(ct) && d.dateColumn(t, c.Col) {
				if ys := periodYears(ct); len(ys) == 1 {
					m.Years, m.Dated, m.Period = ys, true, ct
					break
				}
			}
		}
	}
	if len(m.Years) == 0 {
		// a row of its own that names a period, "Nine Months Ended March
		// 31, 2025" between two statements a rendering printed as one
		// table, names the rows below it
		if at := slices.Index(t.Rows, r); at > 0 {
			for k := at - 1; k >= t.Header; k-- {
				h := t.Rows[k]
				if len(h.Cells) != 1 {
					continue
				}
				if c := d.text[h.Cells[0].Start:h.Cells[0].End]; duration(c) {
					if y := distinct(periodYears(c)); len(y) == 1 {
						m.Years, m.Dated, m.Duration, m.Period = y, true, true, strings.TrimSpace(c)
					}
					break
				}
			}
		}
	}
	if len(m.Years) == 0 {
		// a caption that names one period, "Year ended December 31,
		// 2023 (in millions)", names the table's
		var ys []int
		var named Span
		for _, l := range t.Caption {
			if d.displaced[l.Start] {
				continue // a line printed after the table names no period of it
			}
			if c := unbracketed(d.text[l.Start:l.End]); duration(c) || strings.Contains(strings.ToLower(c), "as of") || strings.Contains(strings.ToLower(c), "as at") {
				if y := periodYears(c); len(y) > 0 {
					ys, named = append(ys, y...), l
				}
			}
		}
		if u := distinct(ys); len(u) == 1 {
			m.Years, m.Dated, m.Duration, m.Period = u, true, true, strings.TrimSpace(d.text[named.Start:named.End])
		}
	}
	if ct := strings.TrimSpace(d.text[cell.Start:cell.End]); !inLabel && isYear(ct) && yearHeads(d, heads) {
		// "Term loan | 2026 | 400" under "Maturity | 2024 | 2023": the
		// year the loan matures, no amount
		m.Name = ct
		return m
	}
	// what the number counts
	m.Quantity = QuantityAmount
	after := p.Text[j:]
	switch {
	case strings.HasPrefix(strings.TrimLeft(after, " "), "%"):
		m.Quantity, m.Percent = QuantityPercent, true
	case inLabel:
		m.Quantity = clauseQuantity(after)
		if m.Quantity == QuantityAmount && p.signOf(i, j) == "" {
			if q, ok := nameQuantity(p.Text); ok && q == QuantityShares {
				m.Quantity = q // "427,757,100 and 432,759,584 issued and outstanding" in a label about shares
			}
		}
	default:
		var named bool
		m.Quantity, named = d.labelQuantityOK(r, heads)
		if len(heads) > 0 && d.countsShares(r, heads) {
			m.SharesColumn = true
		}
		m.Unnamed = !named && variantLabel(m.RowLabel)
		m.ShareCount = m.Quantity == QuantityShares && shareCount(m.RowLabel)
		if m.Quantity == QuantityShares && (!m.ShareCount || d.sharesColumn(t)) && len(d.decls(r.Cells[0].Start, r.Cells[0].End, InRow)) == 0 && d.moneyHead(heads) {
			// "Ordinary shares of 10p each | 123.5" under "£m": the
			// column states its unit, money, whatever the row names; a
			// row that counts shares too, where the table gives shares
			// a column of their own ("Number of shares (m) | £m")
			m.Quantity, named = QuantityAmount, true
		}
		if force == nil && len(heads) > 0 && d.sharesColumn(t) && len(d.valueCells(r)) == d.widest(t) {
			// A table that gives shares a column of its own says by its
			// columns what its numbers count, in a row that prints a
			// value in each: "Basic EPS | $ 123,450 | 45,120 | $ 2.74"
			// under "Income (Numerator) | Shares (Denominator) | Per-Share
			// Amount" is income, shares and earnings per share, whatever
			// the row names. A row of one value ("Weighted-average
			// remaining contractual term (years) | 5.8" under "Shares")
			// is a summary its label names.
			if q, ok := d.headsQuantity(heads); ok {
				if q == QuantityShares && d.headsStateMoney(heads) {
					q = QuantityAmount // "Ordinary shares £m": share capital, in money
				}
				if q != m.Quantity {
					m.Quantity, named, m.Unnamed, m.ShareCount = q, true, false, q == QuantityShares && m.ShareCount
				}
			} else if (m.Quantity == QuantityShares || m.Quantity == QuantityPerShare && d.columnNamed(t, QuantityPerShare)) && (p.signOf(i, j) != "" || cell.Col >= 0 && d.columnCurrency(t, cell) != "" || d.headsStateMoney(heads)) {
				// (a row's amount per share stays one unless the table
				// gives those a column of their own too)
				// "Shares issued for Committed Financing | 5,797,611 | 1 |
				// 61,097" under "APIC", a column that prints "$": money,
				// whatever the row's transaction moved
				m.Quantity, m.ShareCount = QuantityAmount, false
			}
		}
		if force == nil && len(heads) > 0 && !named && d.sharesColumn(t) && slices.ContainsFunc(heads, func(h Cell) bool { return perShareHead(d.text[h.Start:h.End]) }) {
			// "Average Price" beside "Total Number of Shares Purchased",
			// "Weighted-Average Fair Value" beside "Shares": a price per
			// share; the same head in a table of homes delivered is a
			// price per home, an amount
			m.Quantity, named = QuantityPerShare, true
		}
		if own, _, _ := strings.Cut(after, " | "); strings.TrimSpace(own) != "" {
			// the cell's own word after the number says what it counts:
			// "3 years", "412 stores", "5,000 shares"
			if q := clauseQuantity(own); q == QuantityCount || q == QuantityShares || q == QuantityPerShare {
				if timeWord(own) {
					q = QuantityDuration // "3 years": a length of time, which no scale governs
				}
				m.Quantity, named, m.Unnamed = q, true, false
			}
		}
		if r.Group != nil && !named && force == nil {
			// a row of its own under a group that names a quantity, "Net
			// income | 2.45" under "Per share data:": the group may or may
			// not still hold it
			if q, ok := nameQuantity(labelHead(d.text[r.Group.Cells[0].Start:r.Group.Cells[0].End])); ok && q != m.Quantity {
				m.GroupQuantity, m.InGroup, m.GroupLabel = q, true, d.text[r.Group.Cells[0].Start:r.Group.Cells[0].End]
			}
		}
		if m.Quantity == QuantityShares && p.signOf(i, j) != "" {
			// "$ | (900)" in a row of shares repurchased: dollars; but a
			// column headed shares that prints a sign ("Treasury Stock
			// Shares | $ (22,821)") says two things, and the column's
			// reading stands, so that an amount is refused where the
			// two readings' scales differ
			if q, ok := d.labelQuantityOK(r, nil); ok && q == QuantityShares || len(heads) == 0 {
				m.Quantity = QuantityAmount
			} else {
				m.signShares = true
			}
		}
	}
	if force != nil && !m.Percent {
		m.Quantity = *force
	}
	for _, t := range append([]string{m.RowLabel, m.Column}, groupText(d, r)) {
		if d.subunit(t) {
			m.Subunit = true
		}
	}
	if m.Quantity == QuantityPercent {
		m.Percent = true
	}
	if cur := p.signOf(i, j); cur != "" {
		m.Currency = cur
	} else if cur := d.columnCurrency(t, cell); cur != "" && m.Quantity == QuantityAmount && numeric(d.text[cell.Start:cell.End]) {
		// a bare number in a column of dollars; a cell that says what it
		// counts ("30 years (360 payments)") is not the column's
		m.Currency, m.ColumnCurrency = cur, true
	}
	// the scopes, innermost first
	type scoped struct {
		scope Scope
		decls []Decl
	}
	var chain []scoped
	if lt := strings.TrimSpace(m.RowLabel); !inLabel && lt != "" && !(len(lt) == 3 && strings.ToUpper(lt) == lt) && !currencyAlone(lt) {
		// a label that is a code alone ("USD | 70.07") or a currency's
		// name alone ("Euro | 115.9" under "£m") names what the row is
		// about, a currency's rate or what is held in it, not the
		// currency of its numbers
		lc := r.Cells[0]
		chain = append(chain, scoped{InRow, d.decls(lc.Start, lc.End, InRow)})
	}
	if r.Group != nil {
		chain = append(chain, scoped{InGroup, d.groupDecls(t, r.Group)})
	}
	var col []Decl
	for _, h := range heads {
		col = append(col, d.decls(h.Start, h.End, InColumn)...)
	}
	chain = append(chain, scoped{InColumn, col})
	chain = append(chain, scoped{InTable, d.tableDecls(t, heads)})
	capt := d.captionDecls(t)
	chain = append(chain, scoped{InCaption, capt})
	if !scaled(capt) && t.continues != nil {
		chain = append(chain, scoped{InCaption, d.inherited(t)})
	}
	if !scaled(capt) && t.intro != nil {
		var intro []Decl
		for _, l := range t.intro {
			intro = append(intro, d.decls(l.Start, l.End, InCaption)...)
		}
		chain = append(chain, scoped{InCaption, intro})
	}
	chain = append(chain, scoped{InSection, d.sectionDecls(r.Start)})
	// nothing the table is printed in states a scale, but a row of it may
	// be a scaled table's row printed again ([Document.tieOf])
	untied := !slices.ContainsFunc(chain, func(sc scoped) bool { return scaled(sc.decls) })
	// the labels' words, read only where a declaration names what it
	// excepts or what it scales
	ctx := ""
	for _, sc := range chain {
		for k := range sc.decls {
			if dc := &sc.decls[k]; len(dc.Except) > 0 || dc.Of != "" && dc.Of != "money" && dc.Of != "shares" {
				ctx = d.contextOf(p, r, heads, inLabel, i, j)
				break
			}
		}
		if ctx != "" {
			break
		}
	}
	for _, sc := range chain {
		for k := range sc.decls {
			dc := &sc.decls[k]
			if m.Currency == "" && dc.Currency != "" && m.Quantity != QuantityShares && m.Quantity != QuantityPercent {
				m.Currency = dc.Currency
			}
			if dc.Percent && !dc.HasScale && m.Quantity == QuantityAmount && sc.scope <= InColumn {
				m.Quantity, m.Percent = QuantityPercent, true
			}
		}
		if m.By == nil {
			d.govern(&m, sc.decls, ctx)
		}
	}
	if cur := d.rowCode(t, r, p.Cell, heads); m.Currency == "" && cur != "" && m.Quantity == QuantityAmount {
		m.Currency = cur // "2024-03-02,Taxi,30.00,USD": the row's currency, in its Currency column
	}
	for n, c := range r.Cells {
		if ct := strings.TrimRight(d.text[c.Start:c.End], "."); n != p.Cell && n > 0 && (strings.EqualFold(ct, "cr") || strings.EqualFold(ct, "dr")) {
			m.Marker = ct // "…,1234.00,Dr": the row's credit or debit marker, in a field of its own
		}
	}
	if untied && m.By == nil {
		d.tieColumn(&m, t, r, p.Cell, force == nil)
	}
	if m.By != nil && m.By.Scope == InCaption {
		for _, l := range t.Caption {
			if d.displaced[l.Start] && l.Start <= m.By.Start && m.By.Start < l.End {
				m.Displaced = true
			}
		}
	}
	return m
}

// closingLabel reports whether a row's label names a balance at a
// period's end: "Balance at end of period", "Ending balance", "Closing
// balance", "Cash at end of year".
func closingLabel(l string) bool {
	low := strings.ToLower(l)
	return strings.Contains(low, "end of period") || strings.Contains(low, "end of year") || strings.Contains(low, "end of the") ||
		strings.Contains(low, "ending balance") || strings.Contains(low, "closing balance") || strings.Contains(low, "end of quarter")
}

// shareCount reports whether a label that names shares counts them:
// "Number of shares outstanding", "Weighted average shares", "Shares
// repurchased", "Ordinary shares in issue (m)".
func shareCount(l string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(l), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "number", "outstanding", "weighted", "average", "repurchased", "repurchase", "issued", "granted", "vested", "exercised",
			"forfeited", "authorized", "authorised", "issue", "count", "held", "bought", "sold", "purchased", "cancelled", "canceled":
			return true
		}
	}
	return false
}

// lengthLine returns the line that says how long the periods of row r's
// columns run, when a line of its own says it over dates alone: a row of
// the table above r ("Six Months Ended" between two statements printed as
// one table), or else the caption's last line ("Three Months Ended");
// "" for none.
func (d *Document) lengthLine(t *Table, r *Row) string {
	short := func(c string) bool {
		return duration(c) && len(periodYears(c)) == 0 && len(strings.Fields(c)) <= 4
	}
	if at := slices.Index(t.Rows, r); at > 0 {
		for k := at - 1; k >= t.Header; k-- {
			if h := t.Rows[k]; len(h.Cells) == 1 {
				if c := strings.TrimSpace(d.text[h.Cells[0].Start:h.Cells[0].End]); short(c) {
					return c
				}
			}
		}
	}
	if n := len(t.Caption); n > 0 && !d.displaced[t.Caption[n-1].Start] {
		if c := strings.TrimSpace(d.text[t.Caption[n-1].Start:t.Caption[n-1].End]); short(c) {
			return c
		}
	}
	return ""
}

// openingLabel reports whether a row's label names a balance at a
// period's start: "Beginning balances", "Balance at beginning of year",
// "Opening balance", "Brought forward".
func openingLabel(l string) bool {
	low := strings.ToLower(l)
	return strings.Contains(low, "beginning") || strings.Contains(low, "opening") || strings.Contains(low, "brought forward") || strings.Contains(low, "at start")
}

// yearHeads reports whether a column's heads say it holds years:
// "Maturity", "Maturities (calendar year)", "Due", "Expiration",
// "Year acquired".
func yearHeads(d *Document, heads []Cell) bool {
	for _, h := range heads {
		low := strings.ToLower(d.text[h.Start:h.End])
		if len(periodYears(low)) > 0 {
			continue // "2024": a period, not years held
		}
		for _, w := range []string{"maturity", "maturities", "due", "expir", "year acquired", "year built", "year of", "vintage"} {
			if strings.Contains(low, w) {
				return true
			}
		}
	}
	return false
}

// nameNumber reports whether a cell is a name with a number, a
// capitalized word and one or two digits ("Level 2", "Tier 1", "Phase
// 3"), and nothing else.
func nameNumber(s string) bool {
	w, n, ok := strings.Cut(s, " ")
	if !ok || len(n) == 0 || len(n) > 2 || w == "" || !unicode.IsUpper([]rune(w)[0]) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	for _, r := range n {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return !currencyWord(word{low: strings.ToLower(w)}) && !monthIn(w)
}

// currencyAlone reports whether a row's label is a currency's name and
// nothing else: "Euro", "US dollar", "Sterling", "Renminbi", "Canadian
// dollars (1)".
func currencyAlone(label string) bool {
	if len(label) > 40 {
		return false // "Net cash provided by operating activities": no currency's name alone
	}
	l := strings.TrimSpace(strings.TrimRight(unbracketed(label), " *0123456789"))
	if l == "" {
		return false
	}
	if len(l) == 3 {
		if _, err := units.CurrencyUnit(strings.ToUpper(l)); err == nil {
			return true // "USD"
		}
	}
	return len(numeral.CurrencyNameCurrencies(l)) > 0 || !strings.Contains(l, " ") && currencyWord(word{low: strings.ToLower(l)})
}

// groupDecls returns what group row g declares for its rows, or, when it
// declares nothing, what the nearest group row above it in its table
// declares: "SHARES IN MILLIONS" over "Add effect of dilutive
// securities:" over "Convertible preferred shares". A title in capitals
// that declares nothing ("NET EARNINGS PER COMMON SHARE") ends the reach
// of the ones above it.
func (d *Document) groupDecls(t *Table, g *Row) []Decl {
	gc := g.Cells[0]
	if ds := d.decls(gc.Start, gc.End, InGroup); scaled(ds) {
		return ds
	}
	at := slices.Index(t.Rows, g)
	for k := at - 1; k >= t.Header && at >= 0; k-- {
		h := t.Rows[k]
		if len(h.Cells) != 1 || !hasLetter(d.text[h.Cells[0].Start:h.Cells[0].End]) {
			continue
		}
		hc := h.Cells[0]
		if ds := d.decls(hc.Start, hc.End, InGroup); scaled(ds) {
			return ds
		}
		if capsTitle(d.text[hc.Start:hc.End]) {
			break
		}
	}
	return d.decls(gc.Start, gc.End, InGroup)
}

// capsTitle reports whether a label is a title in capitals: "NET
// EARNINGS PER COMMON SHARE".
func capsTitle(s string) bool {
	return hasLetter(s) && strings.ToUpper(s) == s
}

// rowCode returns the currency an export's row states for its amounts in
// a column of its own headed "Currency" ("2024-03-02,Taxi,30.00,USD"):
// the code in that column, when the number's own column names no
// currency and is no rate, and no other column speaks of currencies; or "".
func (d *Document) rowCode(t *Table, r *Row, k int, heads []Cell) string {
	if d.Format != CSV || t.Header == 0 {
		return ""
	}
	for _, h := range heads {
		ht := strings.ToLower(d.text[h.Start:h.End])
		if strings.Contains(ht, "rate") || strings.Contains(ht, "fx") || strings.Contains(ht, "exchange") {
			return ""
		}
		for _, dc := range d.decls(h.Start, h.End, InColumn) {
			if dc.Currency != "" {
				return ""
			}
		}
	}
	col := -1
	for _, hc := range t.Rows[t.Header-1].Cells {
		ht := strings.ToLower(strings.TrimSpace(d.text[hc.Start:hc.End]))
		switch {
		case ht == "currency" && col < 0:
			col = hc.Col
		case strings.Contains(ht, "currency") || strings.Contains(ht, "ccy"):
			return "" // another column of currencies: which one the amount is in is not known
		}
	}
	if col < 0 {
		return ""
	}
	for n, c := range r.Cells {
		s := d.text[c.Start:c.End]
		if n == k || c.Col != col || len(s) != 3 || strings.ToUpper(s) != s {
			continue
		}
		if u, err := units.CurrencyUnit(s); err == nil && u.Currency() == s {
			return s
		}
	}
	return ""
}

// dateColumn reports whether the header of column col of t calls it the
// rows' date: "Date", "Transaction date", "Value date", not "Opened".
func (d *Document) dateColumn(t *Table, col int) bool {
	if t.Header == 0 {
		return false
	}
	for _, hc := range t.Rows[t.Header-1].Cells {
		if hc.Col == col {
			for _, w := range strings.Fields(strings.ToLower(d.text[hc.Start:hc.End])) {
				if w == "date" {
					return true
				}
			}
		}
	}
	return false
}

// sharesRows reports whether a body row of t names shares by its label.
func (d *Document) sharesRows(t *Table) bool {
	type sharesKey struct{ t *Table }
	if v, ok := d.declCache.Load(sharesKey{t}); ok {
		return v.(bool)
	}
	has := false
	for _, r := range t.Rows[t.Header:] {
		if l := r.Label(d); l != "" {
			if q, ok := nameQuantity(labelHead(l)); ok && q == QuantityShares {
				has = true
				break
			}
		}
	}
	d.declCache.Store(sharesKey{t}, has)
	return has
}

// captionDecls returns what table t's caption lines declare, each line
// read with the next where it wraps a bracket onto it.
func (d *Document) captionDecls(t *Table) []Decl {
	type captionKey struct{ t *Table }
	if v, ok := d.declCache.Load(captionKey{t}); ok {
		return v.([]Decl)
	}
	var capt []Decl
	for n, l := range t.Caption {
		if n > 0 && d.bracketEnd(t.Caption[n-1], t.Caption[n:]) > t.Caption[n-1].End {
			continue // read with the line before it
		}
		capt = append(capt, d.decls(l.Start, d.bracketEnd(l, t.Caption[n+1:]), InCaption)...)
	}
	d.declCache.Store(captionKey{t}, capt)
	return capt
}

// govern sets m's scale from the declarations of one scope, when any of
// them governs a number of m's quantity whose labels read ctx.
func (d *Document) govern(m *Meaning, decls []Decl, ctx string) {
	for k := range decls {
		if decls[k].Unread && m.Quantity != QuantityPercent && m.Quantity != QuantityPerShare {
			m.By, m.Unread = &decls[k], true
			return
		}
	}
	var found []*Decl
	var scales []numeral.Scale
	for k := range decls {
		dc := &decls[k]
		s, ok := applies(dc, m.Quantity, ctx)
		if !ok {
			continue
		}
		found = append(found, dc)
		scales = append(scales, s)
	}
	if len(found) == 0 {
		return
	}
	// a declaration stated for the quantity itself outranks one stated
	// for amounts in general at the same scope
	best := 0
	for k := range found {
		if found[k].Of != "" && found[best].Of == "" {
			best = k
		}
	}
	m.By, m.Scale = found[best], scales[best]
	for k := range found {
		if scales[k].Exp() != scales[best].Exp() && (found[k].Of == "") == (found[best].Of == "") {
			m.Rival = found[k]
		}
	}
	// In prose, a number that prints no currency may be what a qualified
	// declaration of its section counts ("Units in thousands." beside
	// "Dollars in millions."): its words do not say which.
	if ctx == "" && m.Rival == nil && m.Currency == "" {
		for k := range decls {
			dc := &decls[k]
			if dc.HasScale && dc.Of != "" && dc.Of != "money" && dc.Of != "shares" && dc.Scale.Exp() != m.Scale.Exp() {
				m.Rival = dc
			}
		}
	}
}

// scaled reports whether any of ds states a scale, read or not.
func scaled(ds []Decl) bool {
	for _, dc := range ds {
		if dc.HasScale || dc.Unread {
			return true
		}
	}
	return false
}

// inherited returns the declarations a table continues from the table
// before it: when only a page's footer, a running head or column titles
// stand between them ("Apple Inc. | 2024 Form 10-K | 36", "2023"), the
// table is the same statement carried onto the next page, and its
// predecessor's caption declares for it too.
func (d *Document) inherited(t *Table) []Decl {
	for hops := 0; t != nil && hops < 8; hops++ {
		t = t.continues
		if t == nil {
			return nil
		}
		out := append(slices.Clip(d.captionDecls(t)), d.tableDecls(t, nil)...)
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// applies returns the scale declaration dc gives a number of quantity q
// whose labels read ctx, and whether it governs it at all.
func applies(dc *Decl, q Quantity, ctx string) (numeral.Scale, bool) {
	if !dc.HasScale {
		return numeral.Ones, false
	}
	for _, e := range dc.Except {
		if e.What == q && q != QuantityOther || e.What == QuantityOther && e.Noun != "" && nounIn(e.Noun, ctx) {
			if e.HasScale {
				return e.Scale, true
			}
			return numeral.Ones, true
		}
	}
	switch dc.Of {
	case "":
		// a table's count ("Number of passengers carried" under
		// "(In thousands)") takes its table's scale; prose's counts
		// take none
		return dc.Scale, q == QuantityAmount || q == QuantityShares || q == QuantityOther || q == QuantityCount && dc.Scope <= InCaption
	case "money":
		return dc.Scale, q == QuantityAmount || q == QuantityOther
	case "shares":
		return dc.Scale, q == QuantityShares
	}
	return dc.Scale, strings.Contains(ctx, dc.Of)
}

// nounIn reports whether what an except clause names ("number of
// employees", "par value", "lease term") is what the labels ctx name: its
// words but the clause's own ("number", "of", "data", "amounts") each
// found in ctx, singular or plural.
func nounIn(noun, ctx string) bool {
	have := map[string]bool{}
	for _, w := range strings.FieldsFunc(ctx, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		have[strings.TrimSuffix(w, "s")] = true
	}
	n := 0
	for _, w := range strings.Fields(noun) {
		switch w {
		case "number", "of", "the", "data", "amounts", "amount", "and", "per", "total", "as", "otherwise", "specified", "noted", "indicated", "stated":
			continue
		}
		n++
		if !have[strings.TrimSuffix(w, "s")] {
			return false
		}
	}
	return n > 0
}

// contextOf returns the lower-cased words that say what a number is: its
// row's label, its group's and its column's headers.
//
// A number in the label's own text is read with that text ("$0.25 par
// value"); a value beside a label is read with the label's head only:
// "Common stock, $0.00001 par value: 50,400,000 shares authorized | 83,276"
// is an amount of common stock, not a par value.
func (d *Document) contextOf(p Place, r *Row, heads []Cell, inLabel bool, i, j int) string {
	var b strings.Builder
	own := p.Text
	if inLabel {
		// a number inside a label is read with its own clause: "$0.0001
		// par value" is a par value, "liquidation preference of $141,920"
		// beside it in the same label is not
		s := strings.LastIndexAny(own[:i], ";,") + 1
		e := len(own)
		if k := strings.IndexAny(own[j:], ";,"); k >= 0 {
			e = j + k
		}
		own = own[s:e]
	}
	b.WriteString(strings.ToLower(own))
	if l := r.Label(d); l != "" && !inLabel {
		b.WriteString(" " + strings.ToLower(labelHead(l)))
	}
	if r.Group != nil {
		// a group's bracket declares too: "(in thousands, except lease
		// term and discount rate)" over "Current operating lease
		// liabilities" excepts what it names, not its own rows; and the
		// group is read by its head, as a row's label is: "Common stock,
		// $0.001 par value; 500,000 shares" over its wrapped line is a
		// group of common stock, not of par values
		b.WriteString(" " + strings.ToLower(labelHead(d.text[r.Group.Cells[0].Start:r.Group.Cells[0].End])))
	}
	for _, h := range heads {
		// a header's bracket declares ("(in thousands, except lease
		// term)"); what it excepts is not what the column is
		b.WriteString(" " + strings.ToLower(unbracketed(d.text[h.Start:h.End])))
	}
	return b.String()
}

// unbracketed returns s without its bracketed parts.
func unbracketed(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(' || r == '[':
			depth++
		case (r == ')' || r == ']') && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// tableDecls returns the declarations a table's header rows make for the
// whole table: a header row whose one cell declares, and the header of
// the label column ("(dollars in millions) | 2019 | 2018"). Header cells
// over the number's own column are its column's (heads), not these.
func (d *Document) tableDecls(t *Table, heads []Cell) []Decl {
	var out []Decl
	for _, r := range t.Rows[:t.Header] {
		// a header row that only declares, "FINANCIAL RESULTS   (Rs. in
		// lacs)" or " |  | (in millions) | ", declares for the table
		// wherever its cells stand
		only := true
		for k, c := range r.Cells {
			if k == 0 && len(r.Cells) > 1 {
				continue
			}
			if ds := d.decls(c.Start, c.End, InTable); len(ds) == 0 || len(periodYears(d.text[c.Start:c.End])) > 0 || hasLetter(unbracketed(d.text[c.Start:c.End])) {
				only = false
			}
		}
		if only {
			for _, c := range r.Cells {
				out = append(out, d.decls(c.Start, c.End, InTable)...)
			}
			continue
		}
		for k, c := range r.Cells {
			own := false
			for _, h := range heads {
				if h.Start == c.Start {
					own = true
				}
			}
			if own {
				continue
			}
			// a lone cell, or the head of the labels' column: a first cell
			// the grid puts there, or, where the grid is not known, the
			// first of a row one cell wider than the table's values, or a
			// first cell that only declares ("Dollars in millions; shares
			// in thousands"), which titles no column
			if len(r.Cells) == 1 && c.Col > 0 && !scaled(d.decls(c.Start, c.End, InTable)) {
				continue // "US$" over one column of a grid: that column's currency, which its heads give
			}
			if len(r.Cells) == 1 || k == 0 && (c.Col == 0 || c.Col < 0 && len(heads) > 0 && (len(r.Cells) == d.widest(t)+1 || d.declOnly(c))) {
				out = append(out, d.decls(c.Start, c.End, InTable)...)
			}
		}
	}
	return out
}

// declOnly reports whether a cell holds only declarations: what is left
// of it once they are taken out names nothing.
// moneyHead reports whether one of a number's column heads is a unit of
// money and nothing else, a currency with its scale: "£m", "$'000",
// "US$ million", "2024 £m".
func (d *Document) moneyHead(heads []Cell) bool {
	for _, h := range heads {
		t := d.text[h.Start:h.End]
		for _, y := range periodYears(t) {
			t = strings.Replace(t, strconv.Itoa(y), "", 1)
		}
		ws := readDecls(t, 0, InColumn)
		if len(ws) != 1 || ws[0].Currency == "" || !ws[0].HasScale {
			continue
		}
		if rest := strings.TrimSpace(t[:ws[0].Start] + t[ws[0].End:]); strings.IndexFunc(rest, unicode.IsLetter) < 0 {
			return true
		}
	}
	return false
}

func (d *Document) declOnly(c Cell) bool {
	ds := d.decls(c.Start, c.End, InTable)
	if len(ds) == 0 {
		return false
	}
	rest := []byte(d.text[c.Start:c.End])
	for _, dc := range ds {
		for i := max(dc.Start, c.Start); i < min(dc.End, c.End); i++ {
			rest[i-c.Start] = ' '
		}
	}
	for _, w := range strings.FieldsFunc(unbracketed(string(rest)), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch strings.ToLower(w) {
		case "and", "in", "except", "of", "the":
		default:
			return false
		}
	}
	return true
}

// quantityColumns reports whether table t says what its columns count,
// heading a column of its values as shares ("Common shares", "Shares"
// under "Common Stock"), where heads, a number's column heads, name
// nothing themselves: a statement of equity, whose other columns are
// not shares whatever a row's label names. Columns of periods say
// nothing, and their rows do.
func (d *Document) quantityColumns(t *Table, heads []Cell) bool {
	if len(heads) == 0 {
		return false
	}
	if _, named := d.headsQuantity(heads); named {
		return false
	}
	return d.sharesColumn(t)
}

// sharesColumn reports whether table t heads a column of its values as
// shares: its columns, not its rows, say what its numbers count.
func (d *Document) sharesColumn(t *Table) bool { return d.columnNamed(t, QuantityShares) }

// columnNamed reports whether a header cell of table t over its values
// names quantity q ("Shares", "Per-Share Amount").
func (d *Document) columnNamed(t *Table, q Quantity) bool {
	type namedColKey struct {
		t *Table
		q Quantity
	}
	if v, ok := d.declCache.Load(namedColKey{t, q}); ok {
		return v.(bool)
	}
	found, most := false, d.widest(t)
	for _, r := range t.Rows[:t.Header] {
		for k, c := range r.Cells {
			if k == 0 && (c.Col == 0 || c.Col < 0 && (len(r.Cells) == most+1 || d.declOnly(c))) {
				continue // the head of the labels' column
			}
			if x, ok := nameQuantity(unbracketed(d.text[c.Start:c.End])); ok && x == q && (!d.declOnly(c) || len(d.decls(c.Start, c.End, InColumn)) < 2) {
				found = true
			}
		}
	}
	d.declCache.Store(namedColKey{t, q}, found)
	return found
}

// widest returns the most values a body row of t prints.
func (d *Document) widest(t *Table) int {
	type widestKey struct{ t *Table }
	if v, ok := d.declCache.Load(widestKey{t}); ok {
		return v.(int)
	}
	most := 0
	for _, b := range t.Rows[t.Header:] {
		most = max(most, len(d.valueCells(b)))
	}
	d.declCache.Store(widestKey{t}, most)
	return most
}

// gridHeads returns the header cells whose grid columns cover cell k of
// row r.
func (d *Document) gridHeads(t *Table, r *Row, k int) []Cell {
	c := r.Cells[k]
	var out []Cell
	if c.Col < 0 {
		return nil
	}
	for _, h := range d.headRows(t, r) {
		for _, hc := range h.Cells {
			if hc.Col >= 0 && hc.Col <= c.Col && c.Col < hc.Col+max(hc.ColSpan, 1) && !(hc.Col == 0 && c.Col == 0 && len(h.Cells) > 1) {
				out = append(out, hc)
			}
		}
	}
	return out
}

// headRows returns the header rows over body row r: the table's, or a
// row of period titles printed in the body above r, which heads the rows
// below it ("Breakup of revenue growth | FY 2019 (%) | FY 2018 (%)" under
// a first part headed "Currency | Weightage (%) | FY 2019 | FY 2018"). A
// row of other words ("Segment | North | South") is a row of the table.
func (d *Document) headRows(t *Table, r *Row) []*Row {
	at := slices.Index(t.Rows, r)
	for k := at - 1; k >= t.Header && at >= 0; k-- {
		h := t.Rows[k]
		if len(h.Cells) < 3 || d.bodyRow(h) {
			continue
		}
		periods := 0
		for _, c := range h.Cells[1:] {
			if len(periodYears(d.text[c.Start:c.End])) > 0 {
				periods++
			}
		}
		if periods >= 2 && periods == len(h.Cells)-1 {
			return []*Row{h} // every title names a period: the columns' heads
		}
	}
	return t.Rows[:t.Header]
}

// maxCands bounds the head sets a number whose column is not known is
// read under.
const maxCands = 64

// columnCands returns, for value cell k of row r in a rendering that
// dropped empty cells (so that the grid is not known), the sets of header
// cells that may stand over it: for each column the number may be in (its
// place among the values, in a row as full as the fullest; for a sparse
// row, the columns its values' shapes leave, [Document.alignSparse]), the
// cells of the header rows as wide as the table, with, for each header
// row that is not (a title spanning columns, "Common Stock Outstanding"
// over "Shares | Amount"), each of its cells that can stand over the
// column in turn, and none where the row is narrower. known is the set
// every candidate shares when the column is known, nil otherwise; ok is
// false when the candidates are too many to read.
func (d *Document) columnCands(t *Table, r *Row, k int) (cands [][]Cell, known []Cell, at []int, ok bool) {
	vals := d.valueCells(r)
	n := slices.Index(vals, k)
	if n < 0 {
		return nil, nil, nil, true
	}
	most := d.widest(t)
	fitting, heads := d.composedHeads(t, most)
	var other [][]Cell
	for _, h := range heads {
		hs := h.Cells
		if len(hs) == most+1 && d.overLabels(hs) {
			hs = hs[1:]
		}
		if len(hs) == most {
			fitting = append(fitting, hs)
		} else if len(hs) > 0 {
			other = append(other, hs)
		}
	}
	cols := []int{n}
	if len(vals) < most {
		cols = d.alignSparse(t, r, vals, most, n)
		if len(cols) == 0 {
			cols = cols[:0]
			for c := n; c <= n+most-len(vals); c++ {
				cols = append(cols, c)
			}
		}
		if f := d.footingOf(t, fitting, most); f != nil {
			if allowed := d.footed(f, r, vals, n); allowed != nil {
				cols = intersect(cols, allowed) // the row's total says which of its values are amounts
			}
		}
	}
	for _, c := range cols {
		base := make([]Cell, 0, len(fitting)+1)
		for _, hs := range fitting {
			if len(base) > 0 && base[len(base)-1] == hs[c] {
				continue // a composed title over the columns it spans
			}
			base = append(base, hs[c])
		}
		if len(cols) == 1 {
			known = base
		}
		if len(other) == 0 {
			cands, at = append(cands, base), append(at, c)
			continue
		}
		alone := false
		for _, o := range other {
			// a row's cells stand in order, each over one column or more:
			// cell x can stand over column c only when the cells before
			// it fit in the columns before c and those after it in the
			// columns after; a row narrower than the table may stand over
			// some columns only ("Shares | Amount" under one title)
			lo, hi := max(0, c-(most-len(o))), min(len(o)-1, c)
			if len(o) > most {
				lo, hi = c, min(len(o)-1, c+len(o)-most)
			}
			for x := lo; x <= hi; x++ {
				cands, at = append(cands, append(slices.Clip(base), o[x])), append(at, c)
			}
			alone = alone || len(o) < most
		}
		if alone {
			cands, at = append(cands, base), append(at, c)
		}
		if len(cands) > maxCands {
			return nil, nil, nil, false
		}
	}
	return cands, known, at, true
}

// composedHeads returns, for a table whose rendering dropped its header's
// empty cells, the header rows that two of them make together, one cell
// per column, and the header rows left: an upper row of titles and a
// lower row under them that stand over the table's columns in only one
// way. Two layouts are read:
//
//   - a lower row under one title of the upper ("Common Stock Outstanding
//     | Additional Paid-in Capital | …" over "Shares | Amount"): the two
//     rows' cells less one are the table's columns, and the title is the
//     one whose columns, where the lower row names shares, print no
//     currency sign in the table's full rows;
//   - a lower row that repeats under each period of the upper
//     ("Maturities | 2024 | 2023" over "Amount | Rate | Amount | Rate",
//     "Three Months Ended | Six Months Ended" over the dates repeated):
//     the upper row's cells before the periods stand over one column
//     each, and each period over one repetition.
func (d *Document) composedHeads(t *Table, most int) (composed [][]Cell, rest []*Row) {
	type composedKey struct {
		t    *Table
		most int
	}
	type layout struct {
		composed [][]Cell
		rest     []*Row
	}
	key := composedKey{t, most}
	if v, ok := d.declCache.Load(key); ok {
		l := v.(layout)
		return slices.Clip(l.composed), slices.Clip(l.rest) // a caller's append must not reach the cache
	}
	rows := t.Rows[:t.Header]
	l := layout{rest: rows}
	for n := 0; n+1 < len(rows); n++ {
		if two := d.composeTwo(t, rows[n].Cells, rows[n+1].Cells, most); two != nil {
			l = layout{two, append(slices.Clip(rows[:n]), rows[n+2:]...)}
			break
		}
	}
	d.declCache.Store(key, l)
	return slices.Clip(l.composed), slices.Clip(l.rest)
}

// composeTwo returns the two rows' layout over most columns, as one
// header row of upper cells and one of lower cells (the upper cell
// repeated over the columns it spans, the lower row's first cell where
// none stands), or nil when the rows make no layout or several.
func (d *Document) composeTwo(t *Table, upper, lower []Cell, most int) [][]Cell {
	l := len(lower)
	if l < 2 || l > most || len(upper) > most+1 || len(upper) < 2 {
		return nil
	}
	var layouts [][][]Cell
	for _, up := range [][]Cell{upper, upper[1:]} {
		if len(up) < len(upper) && !d.overLabels(upper) {
			continue
		}
		u := len(up)
		if u+l-1 == most && l < most {
			for _, x := range d.nestings(t, up, lower, most) {
				top, bottom := make([]Cell, most), make([]Cell, most)
				for c := range most {
					switch {
					case c < x:
						top[c], bottom[c] = up[c], up[c]
					case c < x+l:
						top[c], bottom[c] = up[x], lower[c-x]
					default:
						top[c], bottom[c] = up[c-l+1], up[c-l+1]
					}
				}
				layouts = append(layouts, [][]Cell{top, bottom})
			}
		}
		if k, p := d.repetition(lower); k >= 2 && u >= k && most == u-k+k*p && (d.periodsEnd(up, k) || d.periodTitles(up[u-k:])) {
			top, bottom := make([]Cell, most), make([]Cell, most)
			lead := most - k*p
			for c := range most {
				if c < lead {
					top[c], bottom[c] = up[c], up[c]
					continue
				}
				top[c], bottom[c] = up[u-k+(c-lead)/p], lower[c-lead]
			}
			layouts = append(layouts, [][]Cell{top, bottom})
		}
	}
	if len(layouts) != 1 {
		return nil
	}
	return layouts[0]
}

// nestings returns where a lower row of header cells may stand under one
// cell x of the upper row: every x at which each lower cell that names
// shares is over a column whose full rows print no currency sign. Only a
// lower row that names shares says where it stands.
func (d *Document) nestings(t *Table, up, lower []Cell, most int) []int {
	shapes := d.columnShapes(t, most)
	if d.periodsEnd(lower, len(lower)) {
		// "As of December 31, | Estimated Useful Lives" over "2024 |
		// 2023": the years stand under one title, whose columns print
		// their values alike (one measure, several periods); where the
		// shapes leave several, under the one that names a period
		// without its year
		var alike, titled []int
		for x, c := range up {
			if x+len(lower) > most || !sameShapes(shapes[x:x+len(lower)]) {
				continue
			}
			alike = append(alike, x)
			if periodTitle(d.text[c.Start:c.End]) {
				titled = append(titled, x)
			}
		}
		if len(alike) == 1 {
			return alike
		}
		return titled
	}
	names := false
	for _, c := range lower {
		if q, ok := nameQuantity(d.text[c.Start:c.End]); ok && q == QuantityShares {
			names = true
		}
	}
	if !names {
		return nil
	}
	var out []int
	for x := 0; x < len(up) && x+len(lower) <= most; x++ {
		ok := true
		for y, c := range lower {
			if q, named := nameQuantity(d.text[c.Start:c.End]); named && q == QuantityShares && shapes[x+y].sign {
				ok = false
			}
		}
		if ok {
			out = append(out, x)
		}
	}
	return out
}

// periodTitle reports whether a header cell names a period without its
// year, for the years under it: "As of December 31,", "Years Ended
// September 30,", "Three Months Ended". "Remaining life as of December
// 31," names a period, and the shapes of its column decide.
func periodTitle(h string) bool {
	if len(periodYears(h)) > 0 {
		return false
	}
	if duration(h) {
		return true
	}
	ws := strings.FieldsFunc(strings.ToLower(h), func(r rune) bool { return !unicode.IsLetter(r) })
	for n, w := range ws {
		switch {
		case w == "quarter" || w == "quarters":
			return true
		case (w == "as" || w == "at") && n+1 < len(ws) && (ws[n+1] == "of" || ws[n+1] == "at"):
			return true
		}
	}
	return monthIn(h)
}

// sameShapes reports whether columns print their values alike: the
// same shapes in their full rows, and a currency sign in all or none.
func sameShapes(cols []colShapes) bool {
	for _, c := range cols[1:] {
		if c.sign != cols[0].sign || !slices.Equal(c.shapes, cols[0].shapes) {
			return false
		}
	}
	return true
}

// repetition returns how many times a row of cells repeats one sequence of
// titles, and the sequence's length: "Amount | Rate | Amount | Rate" is
// 2 × 2. It returns 0 when the row is no repetition.
func (d *Document) repetition(cells []Cell) (k, p int) {
	for p = 1; p <= len(cells)/2; p++ {
		if len(cells)%p != 0 {
			continue
		}
		same := true
		for n := p; n < len(cells) && same; n++ {
			same = strings.EqualFold(strings.TrimSpace(d.text[cells[n].Start:cells[n].End]), strings.TrimSpace(d.text[cells[n-p].Start:cells[n-p].End]))
		}
		if same {
			return len(cells) / p, p
		}
	}
	return 0, 0
}

// periodTitles reports whether header cells each name a length of period
// without its year: "Three Months Ended | Six Months Ended" over the
// dates they end on.
func (d *Document) periodTitles(cells []Cell) bool {
	for _, c := range cells {
		if t := d.text[c.Start:c.End]; len(periodYears(t)) > 0 || !duration(t) {
			return false
		}
	}
	return len(cells) > 0
}

// periodsEnd reports whether the last k cells of a header row each name
// a period: a year or a date.
func (d *Document) periodsEnd(cells []Cell, k int) bool {
	for _, c := range cells[len(cells)-k:] {
		if t := d.text[c.Start:c.End]; len(periodYears(t)) == 0 && !dateLike(t) {
			return false
		}
	}
	return true
}

// overLabels reports whether the first cell of a header row one cell
// wider than its table's values stands over the row labels: it has a
// letter, and it is not a date among dates ("Three Months Ended June 27,
// 2025 | Common Shares Outstanding | Total" heads the labels; "June 30,
// 2025 | December 31, 2024 | Change" does not say which column a row
// leaves out).
func (d *Document) overLabels(hs []Cell) bool {
	if !hasLetter(d.text[hs[0].Start:hs[0].End]) {
		return false
	}
	if !dateLike(d.text[hs[0].Start:hs[0].End]) {
		return true
	}
	for _, c := range hs[1:] {
		if t := d.text[c.Start:c.End]; dateLike(t) || len(periodYears(t)) > 0 {
			return false
		}
	}
	return true
}

// shape is how a table prints a value: its decimals and whether a percent
// sign follows it, or words ("30 years"). A dash or "n/a" is any
// column's.
type shape struct {
	any   bool
	words bool // words, with or without a number: "30 years"
	dec   int
	pct   bool
}

// notApplicable reports whether a cell's words only say it has no value:
// "n/a", "N.M.", "nil", "none".
func notApplicable(s string) bool {
	switch strings.Trim(strings.ToLower(s), " .*") {
	case "n/a", "na", "n.a", "nm", "n.m", "n/m", "nil", "none", "not applicable", "not meaningful":
		return true
	}
	return false
}

// fitsColumn reports whether a value of shape sh, printed with a currency
// sign or not, fits a column whose full rows print shapes cols, with a
// currency sign in some row or not: a column prints a sign on its first
// row and its totals, so a sign's absence says nothing, but a sign in a
// column that never prints one does.
func fitsColumn(sh shape, sign bool, cols []shape, colSign bool) bool {
	if sign && !colSign {
		return false
	}
	return sh.any || len(cols) == 0 || slices.Contains(cols, sh)
}

// shapeOf returns the shape of value cell k of row r.
func (d *Document) shapeOf(r *Row, k int) shape {
	s := d.text[r.Cells[k].Start:r.Cells[k].End]
	if k+1 < len(r.Cells) && strings.Contains(d.text[r.Cells[k+1].Start:r.Cells[k+1].End], "%") && isSuffix(d.text[r.Cells[k+1].Start:r.Cells[k+1].End]) {
		s += "%"
	}
	letters := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			letters++
		}
	}
	switch {
	case letters >= 3 && !notApplicable(s), numberRange(s):
		return shape{words: true} // "30 years", "Over life of lease", "2024 – 2062"
	case letters > 0 || strings.IndexFunc(s, func(c rune) bool { return c >= '0' && c <= '9' }) < 0:
		return shape{any: true} // a dash, "n/a"
	}
	sh := shape{pct: strings.Contains(s, "%")}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		for j := i + 1; j < len(s) && isDigit(s[j]); j++ {
			sh.dec++
		}
	}
	return sh
}

// numberRange reports whether a cell prints a range of two numbers, "2024
// – 2062" or "0.03% – 6.65%": no one value.
func numberRange(s string) bool {
	for _, dash := range []string{" – ", " — ", " - ", "–"} {
		if a, b, ok := strings.Cut(s, dash); ok {
			a, b = strings.TrimSpace(a), strings.TrimSpace(b)
			return a != "" && b != "" && isDigit(a[len(a)-1]) || strings.HasSuffix(a, "%") && b != "" && isDigit(b[0])
		}
	}
	return false
}

// yearRange reports whether a cell prints a span of years, "2024 –
// 2062": its ends are years, no amounts.
func yearRange(s string) bool {
	if !numberRange(s) {
		return false
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '–' || r == '—' }) {
		if !isYear(f) {
			return false
		}
	}
	return true
}

// signed reports whether value cell k of row r prints a currency sign,
// in its cell or in a cell of its own before it.
func (d *Document) signed(r *Row, k int) bool {
	if k > 0 && cellCurrency(d.text[r.Cells[k-1].Start:r.Cells[k-1].End]) != "" {
		return true
	}
	s := d.text[r.Cells[k].Start:r.Cells[k].End]
	i := strings.IndexFunc(s, func(c rune) bool { return c >= '0' && c <= '9' })
	return i > 0 && cellCurrency(s[:i]) != ""
}

// colShapes is what a table's full rows print in one column: the shapes
// (a dash or a word left out), and whether any prints a currency sign.
type colShapes struct {
	shapes []shape
	sign   bool
}

// columnShapes returns what a table's full rows, those with most values,
// print in each column.
func (d *Document) columnShapes(t *Table, most int) []colShapes {
	type shapesKey struct {
		t    *Table
		most int
	}
	key := shapesKey{t, most}
	if v, ok := d.declCache.Load(key); ok {
		return v.([]colShapes)
	}
	cols := make([]colShapes, most)
	for _, b := range t.Rows[t.Header:] {
		vs := d.valueCells(b)
		if len(vs) != most {
			continue
		}
		for c, v := range vs {
			if sh := d.shapeOf(b, v); !sh.any && !slices.Contains(cols[c].shapes, sh) {
				cols[c].shapes = append(cols[c].shapes, sh)
			}
			cols[c].sign = cols[c].sign || d.signed(b, v)
		}
	}
	d.declCache.Store(key, cols)
	return cols
}

// alignSparse returns the columns value n of a sparse row may be in: those
// some way of laying the row's values over the table's columns, in order,
// that fits what the full rows print in each column ([fitsColumn]) puts
// it in. The values' shapes settle it where they can: a column prints its
// numbers alike (the same decimals, a percent sign or none, a currency
// sign where it prints one), so that "240,427 | $ | 75.16" under "Number
// of RSUs | Fair Value Per RSU | Aggregate Fair Value", beside "163,326 |
// $ | 158.73 | $ | 25,852", is in the first two columns.
func (d *Document) alignSparse(t *Table, r *Row, vals []int, most, n int) []int {
	cols := d.columnShapes(t, most)
	m := len(vals)
	// where no full row prints a sign, the table prints its signs on
	// rows of their own (the first, the totals): a sign says nothing
	signing := slices.ContainsFunc(cols, func(c colShapes) bool { return c.sign })
	shapes, signs := make([]shape, m), make([]bool, m)
	for i, v := range vals {
		shapes[i], signs[i] = d.shapeOf(r, v), signing && d.signed(r, v)
	}
	fits := func(i, c int) bool { return fitsColumn(shapes[i], signs[i], cols[c].shapes, cols[c].sign) }
	// fwd[i][c]: values 0..i laid in order with value i in column c;
	// back[i][c]: values i..m-1 with value i in column c
	fwd, back := make([][]bool, m), make([][]bool, m)
	for i := range m {
		fwd[i], back[i] = make([]bool, most), make([]bool, most)
	}
	for i := range m {
		seen := i == 0
		for c := range most {
			fwd[i][c] = seen && fits(i, c)
			if i > 0 && fwd[i-1][c] {
				seen = true
			}
		}
	}
	for i := m - 1; i >= 0; i-- {
		seen := i == m-1
		for c := most - 1; c >= 0; c-- {
			back[i][c] = seen && fits(i, c)
			if i < m-1 && back[i+1][c] {
				seen = true
			}
		}
	}
	var out []int
	for c := range most {
		if fwd[n][c] && back[n][c] {
			out = append(out, c)
		}
	}
	return out
}

// columnCurrency returns the currency sign the column of cell c prints
// with its values in other body rows, when the grid gives the column and
// every sign it prints agrees; or "".
func (d *Document) columnCurrency(t *Table, c Cell) string {
	if c.Col < 0 {
		return ""
	}
	type colKey struct {
		t   *Table
		col int
	}
	k := colKey{t, c.Col}
	if v, ok := d.declCache.Load(k); ok {
		return v.(string)
	}
	sign := d.columnCurrencyOf(t, c)
	d.declCache.Store(k, sign)
	return sign
}

// columnCurrencyOf is columnCurrency, uncached.
func (d *Document) columnCurrencyOf(t *Table, c Cell) string {
	sign := ""
	for _, r := range t.Rows[t.Header:] {
		for _, p := range d.rowPlaces(t, r) {
			pc := r.Cells[p.Cell]
			k := strings.IndexFunc(p.Text, func(r rune) bool { return r >= '0' && r <= '9' })
			if pc.Col != c.Col || k <= 0 {
				continue
			}
			s := cellCurrency(p.Text[:k])
			switch {
			case s == "":
			case sign == "":
				sign = s
			case s != sign:
				return ""
			}
		}
	}
	return sign
}

// columnsDiffer returns a header cell of t, other than the label column's,
// that declares a scale or names shares, an amount per share or a
// percent for its column, or nil.
func (d *Document) columnsDiffer(t *Table) *Cell {
	for _, r := range t.Rows[:t.Header] {
		for k := range r.Cells {
			c := &r.Cells[k]
			if k == 0 && len(r.Cells) > 1 {
				continue
			}
			txt := d.text[c.Start:c.End]
			if q, ok := nameQuantity(txt); ok && q != QuantityAmount {
				return c
			}
			for _, dc := range d.decls(c.Start, c.End, InColumn) {
				if dc.HasScale {
					return c
				}
			}
		}
	}
	return nil
}

// DeclaresScale reports whether anything in the document declares a
// scale: a caption, a header, a section's line or a running foot.
func (d *Document) DeclaresScale() bool { return d.anyScale }

// DeclaresSharesScale reports whether a declaration over the table of p
// (its caption, its header rows, its section) states a scale for shares
// of its own: "(shares in thousands)", "(In millions, except shares in
// thousands)". Where none does, a share count in it is printed as it is,
// and a row that names shares under a scale stated for money ("Treasury
// shares" under "(€ million)") may be an amount of money.
func (d *Document) DeclaresSharesScale(p Place) bool {
	if p.Table == nil {
		return false
	}
	ds := append(slices.Clip(d.captionDecls(p.Table)), d.tableDecls(p.Table, nil)...)
	for _, r := range p.Table.Rows[:p.Table.Header] {
		for _, c := range r.Cells {
			ds = append(ds, d.decls(c.Start, c.End, InColumn)...)
		}
	}
	if len(p.Table.Rows) > 0 {
		ds = append(ds, d.sectionDecls(p.Table.Rows[0].Start)...)
	}
	for _, dc := range ds {
		if dc.HasScale && dc.Of == "shares" {
			return true
		}
		for _, e := range dc.Except {
			if e.What == QuantityShares && e.HasScale {
				return true
			}
		}
	}
	return false
}

// valueCells returns the indices of row r's cells that hold its values:
// every cell after the label but marks and suffixes printed apart.
func (d *Document) valueCells(r *Row) []int {
	var out []int
	for k, c := range r.Cells {
		s := d.text[c.Start:c.End]
		if k == 0 && hasLetter(s) || isMark(s) || isSuffix(s) || noteRef(s) {
			continue
		}
		out = append(out, k)
	}
	return out
}

// labelQuantityOK returns what a row's value counts, from its label, its
// group's label and its column's headers, in that order (the first that
// names shares or an amount per share decides), and whether a label named
// the quantity.
func (d *Document) labelQuantityOK(r *Row, heads []Cell) (Quantity, bool) {
	type labelKey struct {
		r     *Row
		heads [4]int // the heads' offsets, each +1
	}
	if len(heads) > 4 {
		return d.labelQuantityOf(r, heads)
	}
	k := labelKey{r: r}
	for n, h := range heads {
		k.heads[n] = h.Start + 1
	}
	type named struct {
		q  Quantity
		ok bool
	}
	if v, ok := d.declCache.Load(k); ok {
		return v.(named).q, v.(named).ok
	}
	q, ok := d.labelQuantityOf(r, heads)
	d.declCache.Store(k, named{q, ok})
	return q, ok
}

// headsQuantity returns what a number's column heads alone name, and
// whether they name it: labelQuantityOK for a row that names nothing.
func (d *Document) headsQuantity(heads []Cell) (Quantity, bool) {
	return d.labelQuantityOK(nil, heads)
}

// labelQuantityOf is labelQuantityOK, uncached; r is nil for heads alone.
func (d *Document) labelQuantityOf(r *Row, heads []Cell) (Quantity, bool) {
	if r == nil {
		r = &Row{}
	}
	var rows []string
	l := r.Label(d)
	if l != "" {
		rows = append(rows, labelHead(l))
	}
	// A group's label says what its variant rows count ("Earnings per
	// share:" over "Basic" and "Diluted"); a row that names a line item of
	// its own ("Net sales" after the group) is not in it.
	if r.Group != nil && (l == "" || variantLabel(l) || indentedUnder(d, r)) {
		rows = append(rows, labelHead(d.text[r.Group.Cells[0].Start:r.Group.Cells[0].End]))
	}
	// a head that only declares, "Amounts in millions; shares in
	// thousands" over the value columns, names no column's quantity
	var own []Cell
	for _, h := range heads {
		if !d.declOnly(h) || len(d.decls(h.Start, h.End, InColumn)) < 2 {
			own = append(own, h)
		}
	}
	heads = own
	var cols []string
	for n := len(heads) - 1; n >= 0; n-- {
		// a header's bracket declares ("(In millions, except per share
		// data)"); what it excepts is not what the column counts; the
		// lowest head is the most particular
		cols = append(cols, unbracketed(d.text[heads[n].Start:heads[n].End]))
	}
	// a bracket that names a unit of time or points, "Useful Lives (in
	// years)", "Change (bps)": lengths of time or points, which no scale
	// governs
	if q, ok := bracketQuantity(l); ok && l != "" {
		return q, true
	}
	for _, h := range heads {
		if q, ok := bracketQuantity(d.text[h.Start:h.End]); ok {
			return q, true
		}
	}
	if len(heads) > 1 && amountWord(cols[0]) {
		// "Amount" under "Class A Ordinary Shares", beside its "Shares":
		// the title names the class, the lower head what is counted
		cols = slices.DeleteFunc(cols[1:], func(h string) bool { q, ok := nameQuantity(h); return ok && q == QuantityShares })
		heads = heads[len(heads)-1:]
	}
	for _, h := range heads {
		if durationHead(d.text[h.Start:h.End]) {
			return QuantityDuration, true
		}
	}
	if len(heads) > 1 {
		// a title stacked over header rows, "Weighted | Average |
		// Exercise | Price", reads as one
		var title []string
		for _, h := range heads {
			title = append(title, unbracketed(d.text[h.Start:h.End]))
		}
		cols = append(cols, strings.Join(title, " "))
	}
	rq, rok := named(rows)
	cq, cok := named(cols)
	switch {
	case rok && cok && rq == QuantityShares && cq != QuantityShares:
		// "Shares exercisable at December 31 | 2,890 | $ 16.02" under
		// "Weighted-average exercise price": the row names the line, the
		// column what its numbers are
		return cq, true
	case rok:
		return rq, true
	case cok:
		return cq, true
	}
	return QuantityAmount, false
}

// named returns the quantity the first of texts names, if one does.
func named(texts []string) (Quantity, bool) {
	for _, t := range texts {
		if q, ok := nameQuantity(t); ok {
			return q, true
		}
	}
	return QuantityAmount, false
}

// amountWord reports whether a column's head is a word for money alone:
// "Amount", "Amounts", "Value", "$".
func amountWord(h string) bool {
	switch strings.ToLower(strings.TrimSpace(h)) {
	case "amount", "amounts", "value", "$", "dollars":
		return true
	}
	return false
}

// timeWord reports whether text after a number starts with a unit of
// time: "3 years", "5 – 7 years", "36 months".
func timeWord(s string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		return timeUnit(w)
	}
	return false
}

// timeUnit reports whether a word names a unit of time.
func timeUnit(w string) bool {
	switch w {
	case "years", "year", "yrs", "months", "month", "days", "day", "weeks", "week", "hours":
		return true
	}
	return false
}

// countLabel reports whether a label's words name a count of things
// other than shares or money: "Number of full-time equivalent
// employees", "Number of branches". A plural alone ("Stores") may name a
// segment whose amounts the row prints, and is no count.
func countLabel(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	for _, w := range ws {
		if nounOfMoney(w) || w == "revenue" || w == "revenues" || w == "sales" || w == "cost" || w == "costs" || w == "income" || w == "assets" || w == "liabilities" {
			return false // "Revenue per employee", "Number of … dollars"
		}
	}
	if len(ws) < 3 || ws[0] != "number" || ws[1] != "of" {
		return false
	}
	for _, w := range ws[2:] {
		if perUnitNoun(w) || w == "award" || w == "awards" {
			return false // "Number of RSUs": units of shares, which their own rules read
		}
	}
	return true
}

// bracketQuantity returns what a label's bracket names when it names a
// unit of time ("(in years)", "(months)") or points ("(bps)", "(pp)").
func bracketQuantity(l string) (Quantity, bool) {
	for i := strings.IndexByte(l, '('); i >= 0; {
		e := strings.IndexByte(l[i:], ')')
		if e < 0 {
			return 0, false
		}
		in := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.ToLower(l[i+1:i+e])), "in "))
		switch {
		case timeUnit(in):
			return QuantityDuration, true
		case in == "bps" || in == "bp" || in == "basis points" || in == "pp" || in == "ppt" || in == "ppts" || in == "percentage points":
			return QuantityPoints, true
		}
		k := strings.IndexByte(l[i+e:], '(')
		if k < 0 {
			return 0, false
		}
		i += e + k
	}
	return 0, false
}

// indentedUnder reports whether row r's label is indented deeper than
// its group's, as a text layer prints the rows of a group.
func indentedUnder(d *Document, r *Row) bool {
	indent := func(off int) int {
		ls := strings.LastIndexByte(d.text[:off], '\n') + 1
		return off - ls
	}
	return d.Format == Text && len(r.Cells) > 0 && !strings.Contains(d.text[r.Start:r.End], "|") &&
		indent(r.Cells[0].Start) > indent(r.Group.Cells[0].Start)
}

// variantLabel reports whether a row's label names only a variant of
// what its group counts: "Basic", "Diluted", "Basic and diluted".
func variantLabel(l string) bool {
	l = strings.TrimSpace(l)
	if w, rest, ok := strings.Cut(l, " "); ok && serial(strings.ToLower(w)) {
		l = rest // "(a) Basic (₹)": a list's mark before the label
	}
	t := strings.Trim(strings.ToLower(strings.TrimSpace(unbracketed(l))), ":—–-. ")
	t = strings.TrimSpace(strings.TrimLeft(t, "0123456789()ivx. "))
	switch t {
	case "basic", "diluted", "basic and diluted", "assuming dilution", "basic:", "diluted:", "basic & diluted":
		return true
	}
	return false
}

// labelHead returns the head of a row's label, up to its first comma,
// semicolon, colon or bracket: "Common stock, $0.25 par value; authorized
// — 11,200 shares" is a row of common stock, not of shares.
func labelHead(l string) string {
	l = unbracketed(l) // "Earnings (loss) per share" is earnings per share
	if k := strings.IndexAny(l, ",;:"); k > 0 {
		return l[:k]
	}
	return l
}

// labelRate matches a rate per share a label prints with its number.
var labelRate = regexp.MustCompile(`(?:[$£€¥₹]|us\$|a\$|au |rs\.? ?)?\d[\d.,]*\s*(?:cents?|pence|p|c|¢)?\s+per\s+(?:\w+\s+)?share`)

// nameQuantity says what a label names, if it names shares, an amount per
// share or a percent: "Earnings per share", "Shares used in computing
// earnings per share" (shares: the shares are what remains once "per
// share" is taken out), "Gross margin %".
func nameQuantity(t string) (Quantity, bool) {
	low := strings.ToLower(t)
	for _, p := range []string{"exercise price", "strike price", "grant date fair value", "grant-date fair value", "share price", "price per share"} {
		if strings.Contains(low, p) {
			return QuantityPerShare, true // an amount per share, as its name says
		}
	}
	low = strings.ReplaceAll(low, "per-share", "per share")
	// "Final dividend of 14 cents per share", "Cash dividends declared
	// ($0.01 per common share)": the label's own rate, not what its row
	// counts
	if strings.Contains(low, "per ") && strings.ContainsAny(low, "0123456789") {
		low = labelRate.ReplaceAllString(low, " ")
	}
	for _, clause := range []string{" excluded from ", " in the computation of ", " from the computation of ", " in computing ", " used in calculating "} {
		// "Anti-dilutive equity awards excluded from diluted net income
		// per share": what the label counts comes before what it is
		// excluded from or used in
		if k := strings.Index(low, clause); k > 0 {
			low = low[:k]
		}
	}
	per := false
	ws := strings.FieldsFunc(low, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '%') })
	var rest []string
	for n := 0; n < len(ws); n++ {
		if ws[n] == "per" {
			m := n + 1
			for m < len(ws) && m <= n+3 && !perUnitNoun(ws[m]) {
				m++
			}
			if m < len(ws) && perUnitNoun(ws[m]) {
				per = true
				n = m
				continue
			}
		}
		rest = append(rest, ws[n])
	}
	for n, w := range rest {
		if w != "shares" && w != "share" {
			continue
		}
		if n+1 < len(rest) && shareModifies(rest[n+1]) || n > 0 && moneyOfShares(rest[n-1], rest, n) {
			continue // "share capital", "share-based", "repurchases of shares": money
		}
		return QuantityShares, true
	}
	if per || hasWord(rest, "eps") {
		return QuantityPerShare, true
	}
	for n, w := range rest {
		switch w {
		case "bps", "bp", "pp", "ppt", "ppts", "pts":
			return QuantityPoints, true
		case "basis", "percentage":
			if n+1 < len(rest) && (rest[n+1] == "points" || rest[n+1] == "point") {
				return QuantityPoints, true
			}
		}
	}
	for _, w := range rest {
		switch w {
		case "percent", "percentage":
			return QuantityPercent, true
		case "ratio", "ratios", "multiple", "times":
			return QuantityRatio, true
		}
	}
	if standalonePercent(t) {
		return QuantityPercent, true
	}
	if countLabel(rest) {
		return QuantityCount, true
	}
	return QuantityAmount, false
}

// headsStateMoney reports whether a number's column heads state a unit of
// money ("Share premium £m", "Amount ($ in thousands)").
func (d *Document) headsStateMoney(heads []Cell) bool {
	for _, h := range heads {
		for _, dc := range d.decls(h.Start, h.End, InColumn) {
			if dc.Currency != "" || dc.Of == "money" {
				return true
			}
		}
	}
	return false
}

// countsShares reports whether a number's column counts shares, so that
// a currency given for it is wrong at any scale: its lowest head names a
// count of shares ("Shares", "Number of Shares", "Shares Purchased"), not
// a class of them ("Common shares", "Ordinary shares £m"), no head states
// money, and the row's label neither declares a scale or unit of its own
// ("Aggregate intrinsic value (in millions)") nor names another quantity.
func (d *Document) countsShares(r *Row, heads []Cell) bool {
	low := d.text[heads[len(heads)-1].Start:heads[len(heads)-1].End]
	if q, ok := d.headsQuantity(heads[len(heads)-1:]); !ok || q != QuantityShares {
		return false
	}
	if t := strings.ToLower(strings.TrimSpace(unbracketed(low))); !strings.HasPrefix(t, "shares") && !shareCount(low) {
		return false
	}
	if d.moneyHead(heads) || len(r.Cells) > 0 && len(d.decls(r.Cells[0].Start, r.Cells[0].End, InRow)) > 0 {
		return false
	}
	if q, ok := nameQuantity(labelHead(r.Label(d))); ok && q != QuantityShares {
		return false
	}
	return true
}

// perShareHead reports whether a column's head names an amount per unit
// without saying per share: "Average Price" of shares repurchased,
// "Weighted-Average Fair Value" of awards, an average over units. A row's
// label that says so ("Change in average price") names an amount.
func perShareHead(h string) bool {
	l := strings.ToLower(h)
	for _, p := range []string{"average price", "weighted-average fair value", "weighted average fair value"} {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}

// durationHead reports whether a column's head names a length of time
// without a unit: "Weighted-Average Remaining Term", "Remaining
// contractual life". A row's label that says so ("Intangible assets with
// finite useful lives") names what it holds, not a length.
func durationHead(h string) bool {
	ws := strings.FieldsFunc(strings.ToLower(h), func(r rune) bool { return !unicode.IsLetter(r) })
	for n := 0; n+1 < len(ws); n++ {
		switch ws[n+1] {
		case "term", "life", "lives":
			switch ws[n] {
			case "remaining", "contractual", "useful":
				return true
			}
		}
	}
	return false
}

// standalonePercent reports a % that names a unit: alone or in brackets
// ("Gross margin %", "(%)"), not glued to a number ("4.875% Senior
// Notes", whose rows are amounts).
func standalonePercent(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] == '%' && (i == 0 || !isDigit(t[i-1])) {
			return true
		}
	}
	return false
}

// shareModifies reports whether "share" before w names a kind of money,
// not a count: share capital, share premium, share-based (payments),
// share application money, share repurchase (program).
func shareModifies(w string) bool {
	switch w {
	case "capital", "premium", "based", "application", "repurchase", "repurchases", "buyback", "buybacks", "reserve", "reserves", "money", "price", "prices", "compensation", "warrants", "issue", "issuance", "transactions":
		return true
	}
	return false
}

// moneyOfShares reports whether "shares" at rest[n], after prev, is what
// a money row pays for or receives: "repurchases of shares", "proceeds
// from issuance of shares", "purchase of own shares", "dividends on
// shares".
func moneyOfShares(prev string, rest []string, n int) bool {
	if prev != "of" && prev != "own" && prev != "on" && prev != "from" {
		return false
	}
	for j := n - 1; j >= 0 && j >= n-4; j-- {
		switch rest[j] {
		case "repurchases", "repurchase", "repurchased", "proceeds", "purchase", "purchases", "buyback", "redemption", "dividends", "dividend", "cost", "payments", "payment", "sale",
			"value", "worth": // "Approximate Dollar Value of Shares That May Yet Be Purchased"
			return true
		}
	}
	return false
}

// groupText returns the label of row r's group, or "".
func groupText(d *Document, r *Row) string {
	if r.Group == nil {
		return ""
	}
	return d.text[r.Group.Cells[0].Start:r.Group.Cells[0].End]
}

// subunit is subunitLabel, read once per label.
func (d *Document) subunit(t string) bool {
	if t == "" {
		return false
	}
	type subunitKey struct{ t string }
	if v, ok := d.declCache.Load(subunitKey{t}); ok {
		return v.(bool)
	}
	b := subunitLabel(t)
	d.declCache.Store(subunitKey{t}, b)
	return b
}

// subunitLabel reports a label that states its numbers in a currency's
// hundredths: "(pence)", "(in cents)", "cents per share", "paise", "(p)".
func subunitLabel(t string) bool {
	low := strings.ToLower(t)
	ws := strings.FieldsFunc(low, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == ',' || r == ';' })
	for n, w := range ws {
		w = strings.TrimFunc(w, func(r rune) bool { return !(r >= 'a' && r <= 'z') })
		if len(w) > 1 && numeral.Subunit(w) { // a lone "p" or "c" is read in brackets only
			if n > 0 && strings.IndexFunc(ws[n-1], unicode.IsDigit) >= 0 {
				continue // "a final dividend of AU 14 cents": the label's own figure
			}
			return true
		}
	}
	// a bracket that names the subunit by its symbol: "(p)", "(¢)"
	return strings.Contains(low, "(p)") || strings.Contains(low, "(¢)") || strings.Contains(low, "(c)") && strings.Contains(low, "per share")
}

// perUnitNoun reports whether "per" and w name an amount per unit of
// something a company issues or serves: a share, a unit, an RSU, an
// option, a membership. "per year" and "per cent" do not.
func perUnitNoun(w string) bool {
	switch strings.TrimSuffix(w, "s") {
	case "share", "unit", "rsu", "psu", "option", "ad", "adr", "warrant", "right", "membership", "member", "subscriber", "customer", "user", "paying",
		// a physical unit a price is quoted in: "Average price per Bbl",
		// "Revenue per available room", "Cost per ton"
		"bbl", "barrel", "mcf", "mcfe", "mmbtu", "boe", "ton", "tonne", "ounce", "oz", "kwh", "mwh", "gallon", "room", "mile":
		return true
	}
	return false
}

// clauseBefore returns the words before a number in its own line and
// sentence: "Diluted earnings per share" of "Diluted earnings per share
// 6.13".
func clauseBefore(s string) string {
	if k := strings.LastIndexAny(s, "\n;"); k >= 0 {
		s = s[k+1:]
	}
	if k := strings.LastIndex(s, ". "); k >= 0 {
		s = s[k+2:]
	}
	return s
}

// clauseQuantity says what a number printed inside a label counts, from
// the words after it in its clause: "11,200 shares" shares, "$0.25 par
// value" a par value, "15,116,786 and 15,550,061 shares issued" shares.
func clauseQuantity(after string) Quantity {
	ws := words(after)
	for n := 0; n < len(ws) && n < 8; n++ {
		w := ws[n]
		switch {
		case w.num || w.low == "and" || w.low == "," || w.low == "$" || w.low == "/" || w.low == "-" || w.low == "/-":
			continue // "Rs. 2/- each"
		case w.low == "shares" || w.low == "share":
			return QuantityShares
		case w.low == "par" || w.low == "each" || (w.low == "stated" || w.low == "face") && n+1 < len(ws) && ws[n+1].low == "value":
			return QuantityPerShare // "$0.001 par value", "₹ 10 each": an amount per share
		case w.low == "per":
			// "per share", "per common share"; "per month" is a rate of
			// time, an amount as any other
			for m := n + 1; m < len(ws) && m <= n+3; m++ {
				if perUnitNoun(ws[m].low) {
					return QuantityPerShare
				}
			}
			return QuantityAmount
		case w.low == "%" || w.low == "percent":
			return QuantityPercent
		case countNoun(w.low):
			return QuantityCount
		}
		break
	}
	return QuantityAmount
}

// countNoun reports whether a word printed after a number names what it
// counts: a plural noun ("PSUs", "employees", "stores"), not a word of
// the sentence around an amount ("was", "for", "as", "thousands").
func countNoun(w string) bool {
	w = strings.TrimSuffix(w, ".") // "MW." at a sentence's end
	switch w {
	case "people", "persons", "staff", "personnel", "mw", "gw", "kw", "mwh", "gwh", "kwh", "bbl", "boe", "tonnes", "tons", "acres", "hectares":
		return true // counts and measures whose names need no plural s
	}
	if len(w) < 3 || !strings.HasSuffix(w, "s") || !isLetterByte(w[0]) {
		return false
	}
	switch w {
	case "was", "has", "is", "as", "this", "its", "less", "plus", "versus", "dollars", "euros", "rupees", "pounds", "cents", "times", "points", "pts", "bps", "basis", "thus", "us", "yes":
		return false
	}
	if _, ok := spelledScale(w); ok {
		return false
	}
	return true
}

// CurrencyBefore returns the currency sign p prints right before byte i
// of its Text, the number's: "$" of "$294,866" or "$ (3,412)", or "".
func (p Place) CurrencyBefore(i int) string { return cellCurrency(p.Text[:i]) }

// signOf returns the currency sign printed before the number at [i, j)
// of p, in its cell or inside the span itself ("$4,009" read whole), or
// "".
func (p Place) signOf(i, j int) string {
	k := strings.IndexFunc(p.Text[i:j], func(r rune) bool { return r >= '0' && r <= '9' })
	if k < 0 {
		k = 0
	}
	return cellCurrency(p.Text[:i+k])
}

// PeriodOf returns the years a period names ("FY2021", "Q1 2025",
// "September 28, 2024", "2023-24") and whether it names a date or a month
// rather than a year: the one reading of periods, for a column's header
// and an input's period alike.
func PeriodOf(s string) (years []int, dated bool) { return periodOf(s) }

// cellCurrency returns a currency sign printed before the number in its
// logical cell: "$", "$(", "£".
func cellCurrency(before string) string {
	b := strings.TrimRight(before, " (")
	for _, s := range numeral.CurrencySigns() {
		if strings.HasSuffix(b, s) {
			return s
		}
	}
	return ""
}

// monthIn reports whether a word of s is a month's name.
func monthIn(s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if _, ok := dates.Month(w); ok {
			return true
		}
	}
	return false
}

// periodOf returns the years a header names ("2024", "FY2021", "Fiscal
// 2023", "September 28, 2024", "Three Months Ended March 31, 2025") and
// whether it names a date or a month rather than a bare year.
func periodOf(s string) (years []int, dated bool) {
	years = periodYears(s)
	if len(years) == 0 {
		return nil, false
	}
	// a word that is a month ("March 31", not "Market value"), or a
	// numeric date ("31.12.2024")
	dated = monthIn(s) || strings.Count(s, ".") == 2 && !hasLetter(s) && !strings.Contains(strings.TrimSpace(s), " ")
	if strings.Count(s, "-") == 2 || strings.Count(s, "/") == 2 {
		dated = true
	}
	return years, dated
}

// duration reports whether a header names a period that runs rather than
// an instant: "Three Months Ended", "Year ended", "52 Weeks Ended".
func duration(s string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "ended", "ending", "months", "weeks": // a word: "Lending" names no period
			return true
		}
	}
	return false
}

// distinct returns ys without repeats, in order.
func distinct(ys []int) []int {
	var out []int
	for _, y := range ys {
		seen := false
		for _, o := range out {
			seen = seen || o == y
		}
		if !seen {
			out = append(out, y)
		}
	}
	return out
}

// priorPeriod reports whether the number at [i, j) of a sentence is the
// figure of an earlier period it is compared with: "compared with $9.1
// billion in the prior year", "up from £1.07bn a year earlier", "versus
// $9.1 billion last year". The sentence's year is not its.
func priorPeriod(text string, i, j int) bool {
	before := strings.ToLower(text[max(0, i-18):i])
	for _, w := range []string{"compared with", "compared to", "versus", "vs.", "vs ", "up from", "down from", "rose from", "fell from", "grew from", "increased from", "decreased from"} {
		if strings.Contains(before, w) {
			return true
		}
	}
	after := strings.ToLower(text[j:min(len(text), j+40)])
	for _, w := range []string{"prior year", "prior-year", "previous year", "year earlier", "year ago", "year-ago", "last year", "preceding year", "prior period"} {
		if strings.Contains(after, w) {
			return true
		}
	}
	return false
}

// sentencePeriod returns the text of the sentence around [i, j) that
// names the number's period: a comparative bracket's, "(2023:
// £1,101.2m)", for a number inside it; otherwise the sentence without its
// comparative brackets, which name the prior period's figures ("Revenue
// was £1,234.5m (2023: £1,101.2m)").
func sentencePeriod(text string, i, j int) string {
	s := 0
	if k := strings.LastIndex(text[:i], ". "); k >= 0 {
		s = k + 2
	}
	e := len(text)
	if k := strings.Index(text[j:], ". "); k >= 0 {
		e = j + k
	}
	var b strings.Builder
	last := s
	for k := s; k < e; k++ {
		c, ok := comparativeAt(text[:e], k)
		if !ok {
			continue
		}
		if k < i && j <= c {
			return comparativeYear(text[k+1:c], i-k-1) // the number is a comparative
		}
		b.WriteString(text[last:k])
		last, k = c+1, c
	}
	b.WriteString(text[last:e])
	return b.String()
}

// comparativeAt reports whether text opens a comparative bracket at k, a
// "(" whose text starts with a period and a colon ("(2023: £1,101.2m)"),
// and returns the offset of its ")".
func comparativeAt(text string, k int) (int, bool) {
	if k < 0 || k >= len(text) || text[k] != '(' {
		return 0, false
	}
	c := strings.IndexByte(text[k:], ')')
	colon := strings.IndexByte(text[k:], ':')
	if c < 0 || colon < 0 || colon > c || colon > 16 || len(periodYears(text[k+1:k+colon])) == 0 {
		return 0, false
	}
	return k + c, true
}

// comparativeParts splits a comparative bracket's text into its periods'
// parts: at each ";", and at each ", " that a period and a colon follow
// ("2023: £1,101.2m, 2022: £998.0m"), never inside a number.
func comparativeParts(br string) []string {
	var parts []string
	last := 0
	for k := 0; k < len(br); k++ {
		switch {
		case br[k] == ';':
		case br[k] == ',' && k+1 < len(br) && br[k+1] == ' ':
			rest := br[k+2:]
			c := strings.IndexByte(rest, ':')
			if c < 0 || c > 16 || len(periodYears(rest[:c])) == 0 {
				continue
			}
		default:
			continue
		}
		parts = append(parts, br[last:k])
		last = k + 1
	}
	return append(parts, br[last:])
}

// insideComparative returns the period of the comparative bracket of
// text that holds [i, j) ("(2023: £1,101.2m)"), or "".
func insideComparative(text string, i, j int) string {
	k := strings.LastIndexByte(text[:i], '(')
	if k < 0 {
		return ""
	}
	c, ok := comparativeAt(text, k)
	if !ok || c < j {
		return ""
	}
	return comparativeYear(text[k+1:c], i-k-1)
}

// comparativeYear returns the period of the part of a comparative
// bracket's text that holds offset at: "2023: £1,101.2m; 2022: £998.0m"
// names 2022 for the second figure.
func comparativeYear(br string, at int) string {
	start := 0
	for _, part := range comparativeParts(br) {
		if at >= start && at < start+len(part) {
			if k := strings.IndexByte(part, ':'); k >= 0 && len(periodYears(part[:k])) > 0 {
				return part[:k]
			}
			return ""
		}
		start += len(part) + 1
	}
	return ""
}

// periodYears returns the four-digit years from 1900 to 2099 printed in s,
// alone or after FY, Q1…Q4 or an apostrophe-less fiscal prefix.
func periodYears(s string) []int {
	var out []int
	// "FY24", "FY'24", "FY 24": a fiscal year named by two digits
	for i := 0; i+4 <= len(s); i++ {
		if (s[i] == 'F' || s[i] == 'f') && (s[i+1] == 'Y' || s[i+1] == 'y') && (i == 0 || !isLetterByte(s[i-1])) {
			j := i + 2
			if j < len(s) && (s[j] == '\'' || s[j] == ' ') {
				j++
			}
			if j+2 <= len(s) && isDigit(s[j]) && isDigit(s[j+1]) && (j+2 == len(s) || !isDigit(s[j+2])) {
				out = append(out, 2000+int(s[j]-'0')*10+int(s[j+1]-'0'))
			}
		}
	}
	for i := 0; i+4 <= len(s); i++ {
		if (i > 0 && isDigit(s[i-1])) || !isYear(s[i:i+4]) || i+4 < len(s) && isDigit(s[i+4]) {
			continue
		}
		if i > 0 && (s[i-1] == ',' || s[i-1] == '.') && i > 1 && isDigit(s[i-2]) && !dottedDate(s[:i]) {
			continue // "1,2024": part of a number
		}
		if i+4 < len(s) && (s[i+4] == ',' || s[i+4] == '.') && i+5 < len(s) && isDigit(s[i+5]) {
			continue // "2024,5": part of a number
		}
		y, _ := strconv.Atoi(s[i : i+4])
		out = append(out, y)
		// "2019-20", "2023–24": the span's end year too
		if rest := s[i+4:]; len(rest) >= 3 {
			for _, sep := range []string{"-", "–", "/"} {
				if t := strings.TrimPrefix(rest, sep); len(t) < len(rest) && len(t) >= 2 && isDigit(t[0]) && isDigit(t[1]) && (len(t) == 2 || !isDigit(t[2])) &&
					int(t[0]-'0')*10+int(t[1]-'0') == (y+1)%100 {
					out = append(out, y+1) // a fiscal year's span runs into the next
				}
			}
		}
		i += 3
	}
	return out
}

// dottedDate reports whether s ends in the day and month of a date
// printed "31.03.": "31.03.2024" is a date, not a number.
func dottedDate(s string) bool {
	if len(s) < 4 || s[len(s)-1] != '.' {
		return false
	}
	t := s[:len(s)-1]
	k := strings.LastIndexByte(t, '.')
	if k < 1 || len(t)-k-1 < 1 || len(t)-k-1 > 2 {
		return false
	}
	day := t[:k]
	if j := strings.LastIndexFunc(day, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
		day = day[j+1:]
	}
	return len(day) >= 1 && len(day) <= 2
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
