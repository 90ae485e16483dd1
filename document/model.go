package document

import (
	"sort"
	"strings"
	"unicode"
)

// sectionSpan is a run of blocks under one heading: the blocks from a heading
// to the next heading of the same or a higher level.
type sectionSpan struct {
	heading    int // index of the heading block, -1 for the text before the first
	start, end int // block indices [start, end)
}

// finish computes what every reader shares once its blocks are written:
// line offsets, the tables in order, each table's header rows (when the
// format did not mark them), groups and caption lines, and the sections.
func (d *Document) finish() {
	d.lineOff = append(d.lineOff[:0], 0)
	for i := 0; i < len(d.text); i++ {
		if d.text[i] == '\n' {
			d.lineOff = append(d.lineOff, i+1)
		}
	}
	d.countLines()
	d.tables = d.tables[:0]
	captions := map[int]bool{} // rendering offsets of caption lines
	for k := range d.Blocks {
		if t := d.Blocks[k].Table; t != nil {
			d.tables = append(d.tables, t)
			d.headers(t)
			d.serials(t)
			d.groupRows(t)
			t.Caption = d.caption(k)
			for _, l := range t.Caption {
				captions[l.Start] = true
			}
			t.continues = d.continued(k)
			if t.continues == nil {
				t.intro = d.series(k)
			}
			if t.continues == nil && t.intro == nil {
				t.continues = d.sameColumns(k)
			}
		}
	}
	d.displaced, d.after = map[int]bool{}, map[int]bool{}
	d.displacedCaptions(captions)
	d.levels = levelsOf(d.Blocks)
	d.declLines(captions)
	d.dropDisplaced()
	d.anyScale = len(d.docDecls) > 0 // a running foot; a prose line declares for its own section
	for _, t := range d.tables {
		for _, l := range t.Caption {
			for _, dc := range d.decls(l.Start, l.End, InCaption) {
				d.anyScale = d.anyScale || dc.HasScale || dc.Unread
			}
		}
		for _, r := range t.Rows[:t.Header] {
			for _, c := range r.Cells {
				for _, dc := range d.decls(c.Start, c.End, InTable) {
					d.anyScale = d.anyScale || dc.HasScale || dc.Unread
				}
			}
		}
	}
	d.sections = d.sections[:0]
	cur := sectionSpan{heading: -1}
	for k, b := range d.Blocks {
		if b.Kind == Heading {
			cur.end = k
			if cur.end > cur.start || cur.heading >= 0 {
				d.sections = append(d.sections, cur)
			}
			cur = sectionSpan{heading: k, start: k}
		}
	}
	cur.end = len(d.Blocks)
	d.sections = append(d.sections, cur)
}

// levelsOf returns, for each block, the level of the section it is in:
// its own, for a heading, or the nearest heading's before it; 0 for none.
func levelsOf(bs []Block) []int {
	out := make([]int, len(bs))
	level := 0
	for k, b := range bs {
		if b.Kind == Heading {
			level = b.Level
		}
		out[k] = level
	}
	return out
}

// headers marks a table's leading rows that hold no value as its header
// rows, when the format marked none: rows of column titles, years and
// dates ("September 28, 2024 | September 30, 2023"), above the first row
// that holds a number which is not a year or a date.
func (d *Document) headers(t *Table) {
	if t.Header > 0 && d.valueBesideYears(t.Rows[0]) {
		// a GitHub table whose first row is a row of values, "| Net sales
		// | 5,007 |" over "|---|---|": its header is a body row
		t.Header = 0
		for _, r := range t.Rows {
			for k := range r.Cells {
				r.Cells[k].Header = false
			}
		}
	}
	if t.Header > 0 {
		// a row of units under the marked header, "| | £m | £m |", is a
		// header row too
		for t.Header < len(t.Rows) && d.unitsRow(t.Rows[t.Header]) {
			t.Header++
		}
		for _, r := range t.Rows[:t.Header] {
			for k := range r.Cells {
				r.Cells[k].Header = true
			}
		}
		return
	}
	n := 0
	for k, r := range t.Rows {
		if k == 0 && len(t.Rows) > 1 && d.yearsRow(r) {
			n++ // "Region | 2024 | 2023", "Maturities (calendar year) | 2024 | 2023"
			continue
		}
		if d.bodyRow(r) || len(r.Cells) == 1 && (strings.HasSuffix(d.text[r.Cells[0].Start:r.Cells[0].End], ":") || n > 0 && r.Cells[0].Col == 0 && !hasDecl(d, r.Cells[0])) {
			// a row of values, or the label of the first group: a lone
			// label in the labels' column under the column titles
			break
		}
		n++
	}
	if n == len(t.Rows) {
		return // no body: a table of words
	}
	t.Header = n
	for _, r := range t.Rows[:n] {
		for k := range r.Cells {
			r.Cells[k].Header = true
		}
	}
}

// valueBesideYears reports whether a row holds a value other than a
// year, a date or a dash: "| Net sales | 5,007 |" is a row of values, "| £m |
// Note | 2024 | 2023 |" and "| Key figures | 2024 | 2023 | Change |" are
// column titles.
func (d *Document) valueBesideYears(r *Row) bool {
	for k, c := range r.Cells {
		s := d.text[c.Start:c.End]
		if k == 0 && hasLetter(s) {
			continue
		}
		if numeric(s) && strings.ContainsAny(s, "0123456789") && !isYear(s) && !dateLike(s) {
			return true
		}
	}
	return false
}

// yearsRow reports whether a row prints, after its label, only years
// that follow one another ("Region | 2024 | 2023", "Maturities (calendar
// year) | 2024 | 2023 | 2022"): the first row of a table that does is its
// header, however its label reads. "Subscribers | 2019 | 1987" is a row
// of values.
func (d *Document) yearsRow(r *Row) bool {
	var years []string
	for k, c := range r.Cells {
		s := d.text[c.Start:c.End]
		switch {
		case k == 0 && hasLetter(s):
		case !isYear(s):
			return false
		default:
			years = append(years, s)
		}
	}
	return len(years) > 0 && successive(years)
}

// unitsRow reports whether a row holds no value and each of its cells
// only declares: "| | £m | £m |", "| | $'000 | % |".
func (d *Document) unitsRow(r *Row) bool {
	if len(r.Cells) == 0 || d.bodyRow(r) {
		return false
	}
	for _, c := range r.Cells {
		if !d.declOnly(c) {
			return false
		}
	}
	return true
}

// hasDecl reports whether a cell declares a scale.
func hasDecl(d *Document, c Cell) bool {
	for _, dc := range readDecls(d.text[c.Start:c.End], c.Start, InTable) {
		if dc.HasScale {
			return true
		}
	}
	return false
}

// bodyRow reports whether a row holds a value: a cell after its label
// that prints a number other than a year, a date or a note's mark, or a
// dash for none.
func (d *Document) bodyRow(r *Row) bool {
	for k, c := range r.Cells {
		s := d.text[c.Start:c.End]
		if k == 0 && (hasLetter(s) || d.declOnly(c)) {
			continue // a label, or the labels' unit: "$000 | Note | 2024 | 2023"
		}
		if numeric(s) && (!isYear(s) || labelled(d, r)) && strings.ContainsAny(s, "0123456789") && !dateLike(s) {
			return true
		}
		if (s == "—" || s == "–" || s == "-") && k > 0 && hasLetter(d.text[r.Cells[0].Start:r.Cells[0].End]) {
			return true // "Balances as of December 31, 2023 | — | $ | —": nothing, printed as a dash
		}
	}
	return false
}

// labelled reports whether a row's first cell is a label that names a
// line item rather than a period: "Subscribers | 2019 | 1987" is a row of
// values, "Fiscal year | 2024 | 2023" a header.
func labelled(d *Document, r *Row) bool {
	if len(r.Cells) == 0 {
		return false
	}
	l := unbracketed(d.text[r.Cells[0].Start:r.Cells[0].End]) // "(In thousands) | 2018 | 2017" is a header
	if !hasLetter(l) || r.Cells[0].Col > 0 || d.declOnly(r.Cells[0]) {
		return false // "$ million | 2019 | 2018", "£m | 2024 | 2023": the labels' unit, over years
	}
	return !periodLabel(l)
}

// dateLike reports whether a cell prints a date or a period rather than
// an amount: "March 31, 2025", "FY2021", "2024-09-28".
func dateLike(s string) bool {
	return len(periodYears(s)) > 0 && (hasLetter(s) || strings.Count(s, "-") == 2 || strings.Count(s, "/") == 2 || strings.Count(s, ".") == 2 || yearSpan(s))
}

// yearSpan reports a fiscal year printed as a span: "2002-03",
// "2023–24", "2019/20", "2019-2020".
func yearSpan(s string) bool {
	if len(s) < 7 || !isYear(s[:4]) {
		return false
	}
	rest := s[4:]
	for _, sep := range []string{"-", "–", "/"} {
		if strings.HasPrefix(rest, sep) {
			t := rest[len(sep):]
			return len(t) == 2 && isDigit(t[0]) && isDigit(t[1]) || isYear(t)
		}
	}
	return false
}

// serials drops a table's column of serial numbers, "Sr. No." in an
// Indian results statement ("1  Revenue from operations  45,678.12",
// "6  Earnings per share"): where two or more body rows start with a
// serial (1 to 3 digits, "(a)", "ii.") before a label, the serial is
// neither a value nor the label, and the label's cell takes its column.
func (d *Document) serials(t *Table) {
	var rows []*Row
	for _, r := range t.Rows[t.Header:] {
		if len(r.Cells) >= 2 && serial(d.text[r.Cells[0].Start:r.Cells[0].End]) && hasLetter(d.text[r.Cells[1].Start:r.Cells[1].End]) {
			rows = append(rows, r)
		}
	}
	if len(rows) < 2 {
		return
	}
	for _, r := range rows {
		s, l := r.Cells[0], r.Cells[1]
		if s.Col >= 0 && l.Col > s.Col {
			l.ColSpan += l.Col - s.Col
			l.Col = s.Col
		}
		r.Cells = append([]Cell{l}, r.Cells[2:]...)
	}
}

// serial reports whether a cell is a row's serial number: "1", "12.",
// "(a)", "b)", "iv.".
func serial(s string) bool {
	t := strings.TrimSuffix(strings.TrimSuffix(s, "."), ")")
	t = strings.TrimPrefix(t, "(")
	if t == "" || len(t) > 4 || len(t) == len(s) && !isDigit(s[0]) {
		return false // a bare word is a label, not a mark
	}
	digits, letters := 0, 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case isDigit(c):
			digits++
		case c >= 'a' && c <= 'z':
			letters++
		default:
			return false
		}
	}
	return digits > 0 && letters == 0 && digits <= 3 || digits == 0 && letters > 0 && (letters == 1 || strings.Trim(t, "ivx") == "")
}

// groupRows links each body row to the label row above it: a row that
// holds only a label opens a group ("Earnings per share:"), which the rows
// after it are in until the next such row.
func (d *Document) groupRows(t *Table) {
	var g *Row
	for _, r := range t.Rows[t.Header:] {
		if len(r.Cells) == 1 && hasLetter(d.text[r.Cells[0].Start:r.Cells[0].End]) {
			g = r
			continue
		}
		r.Group = g
	}
}

// maxCaptionLines bounds the lines above a table read as its caption: a
// statement's name, its company, its scale line and a period line.
const maxCaptionLines = 5

// caption returns the lines directly above table block k that belong to
// it: the paragraph lines after the previous table or heading, at most
// maxCaptionLines of them, nearest last, stopping at a long sentence that
// does not introduce the table (one that ends in a colon does).
func (d *Document) caption(k int) []Span {
	var out []Span
	for j := k - 1; j >= 0 && len(out) < maxCaptionLines; j-- {
		b := d.Blocks[j]
		if b.Kind == TableBlock {
			break
		}
		lines := d.linesOf(b.Start, b.End)
		stop := false
		for n := len(lines) - 1; n >= 0 && len(out) < maxCaptionLines; n-- {
			l := lines[n]
			s := strings.TrimSpace(d.text[l.Start:l.End])
			if len(out) > 0 && len(s) > 200 && !strings.HasSuffix(s, ":") {
				stop = true
				break
			}
			out = append(out, l)
			if len(s) > 200 && !strings.HasSuffix(s, ":") {
				stop = true
				break
			}
		}
		if stop || b.Kind == Heading {
			break
		}
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// displacedCaptions attaches to a table a caption printed away from it: a
// line that introduces a table ("consisted of the following (in
// thousands):") with no table after it, when the table before it is the
// nearest, as extracts that print a report's table first and its prose
// after do. The line's declarations are the table's caption's, and the
// line is a caption, not a section's declaration.
func (d *Document) displacedCaptions(captions map[int]bool) {
	// after[k]: a table follows block k before the next heading
	after := make([]bool, len(d.Blocks))
	for k, seen := len(d.Blocks)-1, false; k >= 0; k-- {
		after[k] = seen
		switch {
		case d.Blocks[k].Table != nil:
			seen = true
		case d.Blocks[k].Kind == Heading:
			seen = false
		}
	}
	var last *Table
	lastAt := 0 // the last table's block
	for k, b := range d.Blocks {
		if b.Table != nil {
			last, lastAt = b.Table, k
			continue
		}
		if last == nil || b.Kind == Heading {
			if b.Kind == Heading {
				last = nil
			}
			continue
		}
		for _, l := range d.linesOf(b.Start, b.End) {
			if captions[l.Start] || after[k] {
				continue
			}
			t := strings.TrimSpace(d.text[l.Start:l.End])
			if !introduces(t) && !titleDecl(t) || d.listAfter(k) {
				continue // a line that introduces a list declares for the list
			}
			has := false
			for _, dc := range readDecls(t, 0, InCaption) {
				has = has || dc.HasScale
			}
			if has {
				last.Caption = append(last.Caption, l)
				// a line that introduces a table ("consisted of the
				// following (in thousands):") and follows it closely, with
				// nothing between that declares, is its caption printed
				// below it; a title or a bare declaration ("NOTES TO …
				// (in thousands)"), or one further on or past another
				// declaration, governs it but is no ground for a fix
				// ([Meaning].Displaced): it may head the next section
				d.after[l.Start] = true
				if !d.belowTable(lastAt, k, l, introduces(t)) {
					d.displaced[l.Start] = true
				}
				captions[l.Start] = true
			}
		}
	}
}

// belowTable reports whether line l of block k, printed after the table
// of block at with no table after it, is that table's caption printed
// below it, and so ground for a fix. Nothing between them may state a
// scale, and the line must be corroborated as the table's:
//
//   - a line that introduces a table ("Components of net periodic cost
//     are as follows (in thousands):") within maxDisplacedBlocks, or
//     further on, past no numbered section's heading, when it names two
//     things the table's rows or column titles name;
//   - a bare declaration right below the table, nothing between ("(In
//     thousands, except per share data)");
//   - a head every page of the notes prints ("NOTES TO CONSOLIDATED
//     FINANCIAL STATEMENTS (in thousands)", "(All amounts expressed in
//     thousands …)", "(Tabular amounts in millions …)"), with only titles
//     between or, for a head that says it continues, the page's prose,
//     but never a numbered section's heading ("NOTE 9 — INCOME TAXES").
//
// A statement's or a section's own title with its scale ("LIQUIDITY AND
// CAPITAL RESOURCES" or "CONSOLIDATED STATEMENTS OF CASH FLOWS" over
// "(In thousands)", "Comparison of Fiscal 2024 to Fiscal 2023 (In
// millions)") is none of these: it may head what follows.
func (d *Document) belowTable(at, k int, l Span, intro bool) bool {
	if l.Start-d.Blocks[at].End > maxDisplacedBytes || d.scaledBetween(at+1, l.Start) {
		return false
	}
	t, line := d.Blocks[at].Table, d.text[l.Start:l.End]
	numbered, titles := false, true
	head := statementHead(line)
	for _, bl := range d.linesBetween(at, k, l) { // the lines between
		s := strings.TrimSpace(d.text[bl.Start:bl.End])
		if s != "" && sectionNumbered(strings.Fields(s)) {
			numbered = true
		}
		titles = titles && pageTitle(s)
		head = head || statementHead(s) && pageTitle(s)
		if low := strings.ToLower(strings.TrimRight(s, " .")); titleDecl(strings.TrimSpace(line)) && (introduces(s) || strings.HasSuffix(low, "the following") || strings.HasSuffix(low, "as follows")) {
			intro = true // "… consisted of the following" over "(in thousands)": one line, broken
		}
	}
	between := d.linesBetween(at, k, l)
	switch {
	case intro:
		// the introducing sentence may run over lines of its block
		return k-at <= maxDisplacedBlocks || !numbered && d.speaksOf(t, d.text[d.Blocks[k].Start:l.End])
	case k == at+1 && len(between) == 0 && strings.TrimSpace(unbracketed(line)) == "":
		return true // "(In thousands, except per share data)" right below the table, alone
	case numbered || !head:
		return false
	}
	return titles || continued(line)
}

// linesBetween returns the lines from the block after at to line l of
// block k.
func (d *Document) linesBetween(at, k int, l Span) []Span {
	var out []Span
	for _, b := range d.Blocks[at+1 : k] {
		out = append(out, d.linesOf(b.Start, b.End)...)
	}
	return append(out, d.linesOf(d.Blocks[k].Start, l.Start)...)
}

// statementHead reports whether a line is a head every page of a
// company's notes prints, or states the scale of all the amounts that
// follow: "Notes to Consolidated Financial Statements", "(Tabular amounts
// in millions …)", "(All amounts expressed in …)", "ACME CORPORATION AND
// SUBSIDIARIES". A statement's or a
// section's own title ("CONSOLIDATED STATEMENTS OF CASH FLOWS", "Balance
// Sheet Highlights", "Selected Quarterly Information (Unaudited)") heads
// what follows it, and is none.
func statementHead(s string) bool {
	low := strings.ToLower(s)
	return strings.Contains(low, "notes to") && strings.Contains(low, "financial statements") ||
		strings.Contains(low, "tabular amounts") || strings.Contains(low, "all amounts") ||
		strings.Contains(low, "and subsidiaries") // the company's name, which heads each page of its statements
}

// speaksOf reports whether a line that introduces a table names two
// things table t's rows or column titles name: words of four letters or
// more, other than the words any introducing line uses ("Components of
// net periodic cost are as follows" over "Net periodic pension cost").
func (d *Document) speaksOf(t *Table, line string) bool {
	if t == nil {
		return false
	}
	have := map[string]bool{}
	for _, r := range t.Rows {
		cells := r.Cells
		if len(cells) > 0 && !r.Cells[0].Header && len(cells) > 1 {
			cells = cells[:1] // a body row's label
		}
		for _, c := range cells {
			for _, w := range contentWords(d.text[c.Start:c.End]) {
				have[w] = true
			}
		}
	}
	shared := map[string]bool{}
	for _, w := range contentWords(unbracketed(line)) {
		if have[w] {
			shared[w] = true
		}
	}
	return len(shared) >= 2 // one word in common ("fees") is chance
}

// contentWords returns the lowercased, singular words of s of four
// letters or more that name a thing, not an introducing line's wording.
func contentWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) < 4 {
			continue
		}
		switch w {
		case "following", "table", "tables", "below", "above", "follows", "consisted", "consist", "consists", "comprised", "comprise",
			"summarized", "summarizes", "summary", "shows", "show", "sets", "forth", "presents", "presented", "provides", "amounts", "amount",
			"thousands", "millions", "billions", "years", "year", "ended", "ending", "fiscal", "information", "other", "total", "totals",
			"certain", "were", "which", "with", "from", "that", "this", "these", "those", "data", "components", "respectively", "during",
			"periods", "period", "included", "includes", "include":
			continue
		}
		if monthIn(w) {
			continue // "as of April 30": a date, which any table's header may print
		}
		out = append(out, singular(w))
	}
	return out
}

// singular returns a plural's singular as far as comparing words needs:
// "inventories" → "inventory", "fees" → "fee".
func singular(w string) string {
	if strings.HasSuffix(w, "ies") && len(w) > 4 {
		return w[:len(w)-3] + "y"
	}
	return strings.TrimSuffix(w, "s")
}

// pageTitle reports whether a line between a table and a line printed
// below it may belong to the page's head with it: page furniture, or a
// title ("GasLog Ltd. and its Subsidiaries", "BALANCE SHEET DATA", "For
// the years ended December 31, 2019 and 2018") that is not a numbered
// section's heading.
func pageTitle(t string) bool {
	// a company's name ends in its form's abbreviation: "ACME HOLDINGS, INC."
	for _, form := range []string{" inc.", " corp.", " co.", " ltd.", " n.v.", " s.a.", " ag.", " plc."} {
		if strings.HasSuffix(strings.ToLower(t), form) {
			t = strings.TrimSuffix(t, ".")
			break
		}
	}
	return t == "" || furniture(t) || title(t) && !sectionNumbered(strings.Fields(t))
}

// continued reports whether a title says it continues from the page
// before: "Notes to Consolidated Financial Statements (Continued)".
func continued(t string) bool {
	return titleDecl(strings.TrimSpace(t)) && strings.Contains(strings.ToLower(t), "(continued)")
}

// sectionNumbered reports whether a title's words start with a section's
// number: "NOTE 18", "Note 7—Income Taxes", "14.", "Item 7", "(c)".
func sectionNumbered(fs []string) bool {
	w := strings.ToLower(fs[0])
	if w == "note" || w == "item" || w == "section" || w == "part" || strings.HasPrefix(w, "note") && len(w) > 4 && unicode.IsDigit(rune(w[4])) {
		return len(fs) > 1 || w != "note"
	}
	w = strings.TrimRight(w, ".)")
	w = strings.TrimPrefix(w, "(")
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsDigit(r) && !(len(w) == 1 && unicode.IsLetter(r)) && !strings.ContainsRune("ivx", r) {
			return false
		}
	}
	return fs[0] != w // "14." or "(c)" or "IV.": a number with its mark
}

// scaledBetween reports whether the text from block k to offset end
// states a scale (a sentence's "97%" or an issuer named "RS Inc." states
// none).
func (d *Document) scaledBetween(k, end int) bool {
	for ; k < len(d.Blocks) && d.Blocks[k].Start < end; k++ {
		for _, dc := range readDecls(d.text[d.Blocks[k].Start:min(d.Blocks[k].End, end)], 0, InCaption) {
			if dc.HasScale || dc.Unread {
				return true
			}
		}
	}
	return false
}

// titleDecl reports whether a line is a declaration alone, or a title
// with its declaration ("(In thousands)", "NOTES TO CONSOLIDATED
// FINANCIAL STATEMENTS (in thousands, except per share data)"): not a
// sentence, each word outside its brackets a title's.
func titleDecl(t string) bool {
	rest := strings.TrimSpace(unbracketed(t))
	if rest == t || strings.HasSuffix(rest, ".") && !strings.HasSuffix(rest, "Inc.") {
		return false // no bracket, or a sentence
	}
	for _, w := range strings.Fields(rest) {
		r := []rune(w)[0]
		switch {
		case unicode.IsUpper(r), !unicode.IsLetter(r):
		case w == "to" || w == "of" || w == "and" || w == "the" || w == "for" || w == "in" || w == "on":
		default:
			return false
		}
	}
	return true
}

// dropDisplaced takes back a line printed after a table from the table's
// caption when the table's own caption or its section already states its
// scale: "Amounts in USD millions." above the table governs it, and a later
// "consisted of the following (in thousands):" introduces something else.
func (d *Document) dropDisplaced() {
	for _, t := range d.tables {
		var own []Span
		moved := false
		for _, l := range t.Caption {
			if d.displaced[l.Start] || d.after[l.Start] {
				moved = true
				continue
			}
			own = append(own, l)
		}
		if !moved || len(t.Rows) == 0 {
			continue
		}
		var ds []Decl
		for _, l := range own {
			ds = append(ds, d.decls(l.Start, l.End, InCaption)...)
		}
		if scaled(ds) || scaled(d.sectionDecls(t.Rows[0].Start)) {
			t.Caption = own
		}
	}
}

// maxDisplacedBytes bounds the text between a table and a line printed
// after it that is its caption, for the line to be ground for a fix.
const maxDisplacedBytes = 8 << 10

// maxDisplacedBlocks bounds the blocks between a table and a line that
// introduces it and does not speak of what its rows name.
const maxDisplacedBlocks = 6

// listAfter reports whether the block after k is a list: a list item, or
// a line that starts with a bullet.
func (d *Document) listAfter(k int) bool {
	if k+1 >= len(d.Blocks) {
		return false
	}
	b := d.Blocks[k+1]
	t := strings.TrimSpace(d.text[b.Start:b.End])
	return b.Kind == ListItem || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "• ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "•")
}

// introduces reports whether a line introduces a table: it ends in a
// colon ("consisted of the following (in thousands):"), speaks of the
// table ("are presented in the table below (amounts in thousands)."), or
// starts with "The following" ("The following summarizes certain
// quarterly data … (in thousands)."), but for a discussion.
func introduces(t string) bool {
	low := strings.ToLower(t)
	if rest, ok := strings.CutPrefix(low, "the following "); ok && !strings.HasPrefix(rest, "discussion") {
		return true // "The following summarizes certain quarterly data … (in thousands, …)."
	}
	return strings.HasSuffix(t, ":") || strings.Contains(low, "table below") || strings.Contains(low, "following table") ||
		strings.Contains(low, "table above") || strings.Contains(low, "table sets forth") || strings.Contains(low, "tables below")
}

// maxBreakBlocks bounds the blocks a page break may put between a table
// and its continuation: a footer, a page number, a running head, the
// repeated column titles.
const maxBreakBlocks = 6

// continued returns the table that table block k continues: the table
// before it with two or more rows, when every block between is a short
// line that is not a sentence (a page footer is a table of one row).
func (d *Document) continued(k int) *Table {
	for j, n := k-1, 0; j >= 0 && n < maxBreakBlocks; j, n = j-1, n+1 {
		b := d.Blocks[j]
		switch {
		case b.Kind == Heading:
			return nil
		case b.Table != nil && len(b.Table.Rows) >= 2:
			return b.Table
		case b.Table != nil:
			continue
		}
		s := strings.TrimSpace(d.text[b.Start:b.End])
		if footnote(s) {
			n-- // a table's footnotes do not count against the break
			continue
		}
		if !furniture(s) && d.repeats[s] < runningHeads && d.repeats[pageless(s)] < runningHeads {
			return nil // a title of its own: "Store count" heads another table
		}
	}
	return nil
}

// series returns the line that introduces the series of tables table
// block k is in: "The following tables show … (in millions):", in the
// caption of the series' first table, when only the tables' titles
// ("Other Current Liabilities") stand between each and the next. The
// introducing line declares for every table of the series; a table's own
// caption ("Stores (in thousands)") for it alone.
func (d *Document) series(k int) []Span {
	titles := 0
	for j := k - 1; j >= 0; j-- {
		b := d.Blocks[j]
		if b.Table != nil {
			for _, l := range b.Table.Caption {
				if introducesTables(d.text[l.Start:l.End]) {
					return []Span{l}
				}
			}
			return b.Table.intro
		}
		for _, l := range d.linesOf(b.Start, b.End) {
			s := strings.TrimSpace(d.text[l.Start:l.End])
			if furniture(s) {
				continue // a page's number between two tables of the series
			}
			if titles++; titles > maxCaptionLines || !title(s) {
				return nil
			}
		}
	}
	return nil
}

// maxRepeatBlocks bounds the blocks between a table and the one whose
// columns it repeats.
const maxRepeatBlocks = 40

// sameColumns returns the table before table block k in its section whose
// column titles table k repeats, when they name more than periods: the
// same statement for another period ("Europe, Middle East & Africa |
// Latin America | …" for the six months after the three), printed after
// the first table's notes. The first table's caption declares for it.
func (d *Document) sameColumns(k int) *Table {
	t := d.Blocks[k].Table
	cols := d.columnTitles(t)
	if len(cols) < 12 || !d.periodTitled(t) {
		return nil
	}
	for _, l := range t.Caption {
		if s := strings.TrimSpace(d.text[l.Start:l.End]); title(s) && !furniture(s) && d.repeats[s] < runningHeads && d.repeats[pageless(s)] < runningHeads {
			return nil // a title of its own: "Employees by region"
		}
	}
	for j, n := k-1, 0; j >= 0 && n < maxRepeatBlocks; j, n = j-1, n+1 {
		b := d.Blocks[j]
		switch {
		case b.Kind == Heading:
			return nil
		case b.Table != nil && d.columnTitles(b.Table) == cols && d.periodTitled(b.Table):
			return b.Table
		}
	}
	return nil
}

// periodTitled reports whether a table names its period in a row of its
// own: a header row, or the first row under the headers ("Six Months
// Ended June 27, 2025").
func (d *Document) periodTitled(t *Table) bool {
	for n, r := range t.Rows {
		if n > t.Header {
			break
		}
		if n == t.Header && d.bodyRow(r) {
			break
		}
		if len(periodYears(d.text[r.Start:r.End])) > 0 {
			return true
		}
	}
	return false
}

// columnTitles returns the text of a table's header rows that name no
// period, "" for none.
func (d *Document) columnTitles(t *Table) string {
	var b strings.Builder
	for _, r := range t.Rows[:t.Header] {
		row := d.text[r.Start:r.End]
		if len(periodYears(row)) > 0 {
			continue
		}
		for _, c := range r.Cells {
			b.WriteString(d.text[c.Start:c.End])
			b.WriteByte('|')
		}
		b.WriteByte('\n')
	}
	if !hasLetter(b.String()) {
		return ""
	}
	return b.String()
}

// introducesTables reports whether a caption line introduces several
// tables: "The following tables show … (in millions):".
func introducesTables(l string) bool {
	low := strings.ToLower(l)
	return strings.Contains(low, "following tables") || strings.Contains(low, "tables below") || strings.Contains(low, "tables that follow")
}

// title reports whether a line reads as a table's title: short, with a
// letter, and not a sentence.
func title(s string) bool {
	return len(s) > 0 && len(s) <= 100 && hasLetter(s) && !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, ":")
}

// runningHeads is how often a short line must repeat to be a page's
// running head ("AEON BIOPHARMA, INC.", "Apple Inc."): furniture a table
// is carried across.
const runningHeads = 3

// countLines counts the short lines of the rendering's paragraphs, for
// running heads.
func (d *Document) countLines() {
	d.repeats = map[string]int{}
	for _, b := range d.Blocks {
		if b.Kind == TableBlock || b.End-b.Start > 80 {
			continue
		}
		line := strings.TrimSpace(d.text[b.Start:b.End])
		d.repeats[line]++
		if f := pageless(line); f != line {
			d.repeats[f]++
		}
	}
}

// pageless returns a line without the page number a running foot ends
// or starts with: "Apple Inc. | 2024 Form 10-K | 36" is the same foot on
// every page.
func pageless(line string) string {
	t := strings.TrimRight(line, "0123456789")
	if t == line || t == "" {
		t = strings.TrimLeft(line, "0123456789")
	}
	if t == line || t == "" {
		return line
	}
	return "\x00" + strings.TrimSpace(strings.Trim(t, " |-–"))
}

// furniture reports whether a line is what a page prints around its
// content: a page number, "Table of Contents", "Page 7 of 40", the
// repeated column titles' years ("2023").
func furniture(s string) bool {
	low := strings.ToLower(s)
	switch {
	case low == "table of contents" || low == "index":
		return true
	case strings.Trim(low, "0123456789 -–") == "", strings.HasPrefix(low, "page ") && strings.ContainsAny(low, "0123456789"):
		return true
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == ' ' || r == ',' }) {
		if !isYear(f) {
			return false
		}
	}
	return true
}

// footnote reports whether a line is a table's footnote: a mark ("1",
// "(1)", "(a)", "*", "†") and a sentence, "1 Refer to Note 6 for
// additional information."
func footnote(s string) bool {
	t := strings.TrimLeft(s, "*†‡§ ")
	if len(t) < len(s) {
		return len(t) > 0
	}
	if strings.HasPrefix(t, "(") {
		if k := strings.IndexByte(t, ')'); k > 1 && k <= 4 {
			return len(strings.TrimSpace(t[k+1:])) > 0
		}
		return false
	}
	k := 0
	for k < len(t) && k < 2 && isDigit(t[k]) {
		k++
	}
	if k > 0 && k < len(t) && t[k] >= 'A' && t[k] <= 'Z' && len(t) > 20 {
		return true // "1Refer to Note 6": the mark glued to its sentence
	}
	// "1 Refer to Note 6 for …": a sentence, not a note's title ("4 Employees")
	return k > 0 && k < len(t) && t[k] == ' ' && len(t) > k+1 && t[k+1] >= 'A' && t[k+1] <= 'Z' && len(t) >= 30
}

// linesOf returns the lines of the rendering in [start, end).
func (d *Document) linesOf(start, end int) []Span {
	var out []Span
	for i := start; i < end; {
		j := strings.IndexByte(d.text[i:end], '\n')
		if j < 0 {
			out = append(out, Span{i, end})
			break
		}
		out = append(out, Span{i, i + j})
		i += j + 1
	}
	return out
}

// blockAt returns the index of the block that holds rendering offset off,
// or -1.
func (d *Document) blockAt(off int) int {
	k := sort.Search(len(d.Blocks), func(k int) bool { return d.Blocks[k].End > off })
	if k < len(d.Blocks) && d.Blocks[k].Start <= off {
		return k
	}
	return -1
}

// Position returns the 1-based line and byte column of rendering offset
// off.
func (d *Document) Position(off int) (line, col int) {
	k := sort.Search(len(d.lineOff), func(k int) bool { return d.lineOff[k] > off }) - 1
	if k < 0 {
		return 1, off + 1
	}
	return k + 1, off - d.lineOff[k] + 1
}

// maxDeclLine bounds a line that declares for its section: a heading or
// a line of its own such as "All amounts in thousands, except per share
// amounts." or "Financial highlights (₹ in crore)". A longer line is
// prose, whose words govern only its own numbers.
const maxDeclLine = 150

// declLines finds the lines that declare a scale for the rest of their
// section: short heading or paragraph lines with a declaration that are
// not a table's caption (a caption's declaration is its table's alone).
func (d *Document) declLines(captions map[int]bool) {
	d.secDecls = d.secDecls[:0]
	seen := map[string]int{}
	for k, b := range d.Blocks {
		if b.Kind == TableBlock {
			continue
		}
		lines := d.linesOf(b.Start, b.End)
		for n, l := range lines {
			if l.End-l.Start > maxDeclLine {
				continue
			}
			var ds []Decl
			e := d.bracketEnd(l, lines[n+1:])
			for _, dc := range d.decls(l.Start, e, InSection) {
				if dc.HasScale {
					ds = append(ds, dc)
				}
			}
			if len(ds) == 0 {
				continue
			}
			// A line repeated on every page is a running head or foot,
			// whether or not it stands above a table.
			line := strings.TrimSpace(d.text[l.Start:l.End])
			if seen[line]++; seen[line] == runningLines && runningSentence(line) {
				d.docDecls = append(d.docDecls, ds...)
			}
			if !captions[l.Start] {
				d.secDecls = append(d.secDecls, secDecl{block: k, at: l.Start, decls: ds})
			}
		}
	}
}

// bracketEnd returns the end of line l, or of the line after it when l
// opens a bracket that it does not close: a declaration the text layer
// wrapped, "(In millions,\nexcept per share data)".
func (d *Document) bracketEnd(l Span, next []Span) int {
	t := d.text[l.Start:l.End]
	if strings.LastIndexAny(t, "([") > strings.LastIndexAny(t, ")]") && len(next) > 0 && next[0].End-l.Start <= 2*maxDeclLine {
		return next[0].End
	}
	return l.End
}

// runningSentence reports whether a repeated declaring line reads as a
// running foot: a sentence of its own ("Amounts in millions of dollars
// except per share amounts or as otherwise specified."), not the
// bracketed caption a filing prints above each of its tables ("(in
// thousands)"), which declares for its table alone.
func runningSentence(line string) bool {
	return len(line) >= 30 && strings.HasSuffix(line, ".") && !strings.HasPrefix(line, "(") && !introduces(line)
}

// runningLines is how often a declaring line must repeat to be a running
// head or foot: "Amounts in millions of dollars except per share amounts
// or as otherwise specified." printed at the foot of every page declares
// for the whole document, above it as well as below.
const runningLines = 3

// secDecl is a line's declarations for its section.
type secDecl struct {
	block int // the block that holds the line
	at    int // the line's offset
	decls []Decl
}

// sectionDecls returns the section declarations that govern rendering
// offset off: the last declaring line before it, when no heading stands
// between them.
//
// A line that states what it scales ("Units in thousands.") does not end
// the reach of the one before it that states the amounts' scale: both
// govern, and a number either may be about is ambiguous.
func (d *Document) sectionDecls(off int) []Decl {
	type sectionKey struct{ off int }
	if v, ok := d.declCache.Load(sectionKey{off}); ok {
		return v.([]Decl)
	}
	last := sort.Search(len(d.secDecls), func(n int) bool { return d.secDecls[n].at >= off }) - 1
	out := d.sectionOnly(last, off)
	if len(out) == 0 {
		out = d.docDecls
	}
	d.declCache.Store(sectionKey{off}, out)
	return out
}

// maxSectionLines bounds the declaring lines looked back over for one
// number: the nearest that govern it are what it means.
const maxSectionLines = 64

// sectionOnly returns the declarations of the section lines up to last
// that govern off: walking back, each line's, until a heading ends its
// section (one of its level or higher; any heading, for a line before the
// first) or a line that states the amounts' scale in general is read. Of
// lines that state what they scale ("Units in thousands."), the nearest
// for each noun.
func (d *Document) sectionOnly(last, off int) []Decl {
	var out []Decl
	seen := map[string]bool{}
	minLevel, heading := 0, false // the highest heading between the line and off
	k := sort.Search(len(d.Blocks), func(k int) bool { return d.Blocks[k].Start >= off }) - 1
	for n, visited := last, 0; n >= 0 && visited < maxSectionLines; n, visited = n-1, visited+1 {
		sd := d.secDecls[n]
		for ; k > sd.block; k-- {
			if k < len(d.Blocks) && d.Blocks[k].Kind == Heading && d.Blocks[k].Start < off {
				if !heading || d.Blocks[k].Level < minLevel {
					minLevel = d.Blocks[k].Level
				}
				heading = true
			}
		}
		// A heading ends the section the line declares for, unless it
		// opens a subsection of it: a "# Review" line's "Figures are in
		// USD millions" holds under "## Revenue by region".
		level := d.levels[sd.block]
		if heading && (level == 0 || minLevel <= level) {
			return out
		}
		general := false
		for _, dc := range sd.decls {
			if dc.Of == "" || dc.Of == "money" || dc.Of == "shares" {
				general = true
			}
		}
		key := ""
		for _, dc := range sd.decls {
			key += dc.Of + "|"
		}
		if !general && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, sd.decls...)
		if general {
			break
		}
	}
	return out
}
