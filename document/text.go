package document

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readText reads plain text, a PDF's text layer included. The text is its
// own rendering: what the model is shown is what the source prints, byte
// for byte, and the structure is found in it without rewriting it.
//
// Tables are found two ways. A pipe table is a run of lines whose cells
// are separated by "|" (as a Markdown table, or a rendering that joins
// cells with " | "); a delimiter line such as "|---|---|" belongs to it
// and prints no row. An aligned table is a run of lines whose fields are
// separated by two or more spaces or a tab, or end in a run of numbers,
// as a PDF text layer prints columns; its columns are found from where
// the fields of its rows stand (see alignColumns). In both, a short line
// between two rows that holds only a label ("Net sales:", "REVENUE") is a
// row of the table: the group the rows after it belong to.
func readText(name, src string) *Document {
	d := &Document{Name: name, Format: Text, source: src, text: src}
	ls := splitLines(src)
	kinds := make([]lineKind, len(ls))
	for i, l := range ls {
		kinds[i] = classify(src[l.Start:l.End])
	}
	valued := valuedAhead(src, ls, kinds)
	for i := 0; i < len(ls); {
		if lvl, n := headingAt(src, ls, i); n > 0 {
			d.Blocks = append(d.Blocks, Block{Kind: Heading, Start: ls[i].Start, End: ls[i].End, Level: lvl})
			i += n
			continue
		}
		switch {
		case kinds[i] == blankLine:
			i++
		case kinds[i] == pipeLine || kinds[i] == delimLine:
			j := tableRun(src, ls, kinds, i, pipeLine)
			d.Blocks = append(d.Blocks, pipeTable(src, ls[i:j], kinds[i:j]))
			i = j
		case kinds[i] == alignedLine && alignedStart(valued, i):
			j := tableRun(src, ls, kinds, i, alignedLine)
			d.Blocks = append(d.Blocks, alignedTable(src, ls[i:j], kinds[i:j]))
			i = j
		case kinds[i] == textLine && groupAbove(src[ls[i].Start:ls[i].End]) && i+1 < len(ls) && kinds[i+1] == alignedLine && alignedStart(valued, i+1):
			// "Net income per share:" right above the rows it groups
			j := tableRun(src, ls, kinds, i+1, alignedLine)
			d.Blocks = append(d.Blocks, alignedTable(src, ls[i:j], kinds[i:j]))
			i = j
		default:
			j := i + 1
			for j < len(ls) && kinds[j] != blankLine && kinds[j] != pipeLine && kinds[j] != delimLine && wraps(src[ls[j-1].Start:ls[j-1].End], src[ls[j].Start:ls[j].End]) {
				j++
			}
			d.Blocks = append(d.Blocks, Block{Kind: Paragraph, Start: ls[i].Start, End: ls[j-1].End})
			i = j
		}
	}
	d.finish()
	return d
}

// headingAt reports a heading at line i as plain text prints one: a
// Markdown "## Heading", or a line at the margin underlined with = or -
// on the next line (an indented line with an underline is a column's
// title). It returns the level and the lines it takes, 0 for none.
func headingAt(src string, ls []Span, i int) (level, n int) {
	l := src[ls[i].Start:ls[i].End]
	if h := strings.TrimLeft(l, "#"); len(h) < len(l) && len(l)-len(h) <= 6 && strings.HasPrefix(h, " ") && strings.TrimSpace(h) != "" {
		return len(l) - len(h), 1
	}
	if i+1 >= len(ls) || l == "" || l[0] == ' ' || l[0] == '\t' || strings.TrimSpace(l) == "" {
		return 0, 0
	}
	u := strings.TrimRight(src[ls[i+1].Start:ls[i+1].End], " \t")
	if len(u) >= 3 && (strings.Trim(u, "=") == "" || strings.Trim(u, "-") == "") && len(u)*2 >= len(strings.TrimSpace(l)) {
		if u[0] == '=' {
			return 1, 2
		}
		return 2, 2
	}
	return 0, 0
}

type lineKind uint8

const (
	textLine    lineKind = iota
	blankLine            // nothing but white space
	pipeLine             // cells separated by |
	delimLine            // a Markdown delimiter row: |---|:--:|
	alignedLine          // fields separated by runs of spaces, or ending in numbers
)

// splitLines returns the spans of src's lines, without their line
// endings.
func splitLines(src string) []Span {
	var out []Span
	for i := 0; i <= len(src); {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			if i < len(src) {
				out = append(out, Span{i, trimCR(src, i, len(src))})
			}
			break
		}
		out = append(out, Span{i, trimCR(src, i, i+j)})
		i += j + 1
	}
	return out
}

func trimCR(s string, i, j int) int {
	if j > i && s[j-1] == '\r' {
		return j - 1
	}
	return j
}

// classify says what kind of line l is.
func classify(l string) lineKind {
	t := strings.TrimSpace(l)
	switch {
	case t == "":
		return blankLine
	case strings.IndexByte(t, '|') >= 0:
		if strings.Trim(t, "|-: \t") == "" && strings.Contains(t, "-") {
			return delimLine
		}
		if cells := splitPipes(l, 0); len(cells) >= 2 {
			return pipeLine
		}
	}
	if fs := fields(l, 0); len(fs) >= 2 {
		return alignedLine
	}
	return textLine
}

// splitPipes returns the spans of the cells of a pipe row l that starts
// at offset base, trimmed, empty cells included; the outer pipes of
// "| a | b |" open and close the row and make no cells.
func splitPipes(l string, base int) []Span { return splitPipesOuter(l, base, true) }

// splitPipesOuter is splitPipes; outer says whether a leading and a
// trailing pipe open and close the row (Markdown's "| a | b |") or stand
// between cells, an empty one before the first ("  | 2019 | 2018", as an
// extract that keeps empty cells prints a header).
func splitPipesOuter(l string, base int, outer bool) []Span {
	var out []Span
	s, e := 0, len(l)
	t := strings.TrimSpace(l)
	if outer && strings.HasPrefix(t, "|") {
		s = strings.IndexByte(l, '|') + 1
	}
	if outer && strings.HasSuffix(t, "|") && len(t) > 1 {
		e = strings.LastIndexByte(l, '|')
	}
	if e < s {
		return nil
	}
	for i := s; ; {
		j := strings.IndexByte(l[i:e], '|')
		end := e
		if j >= 0 {
			end = i + j
		}
		cs, ce := trimSpan(l, i, end)
		out = append(out, Span{base + cs, base + ce})
		if j < 0 {
			break
		}
		i = end + 1
	}
	return out
}

// trimSpan trims white space from both ends of l[i:j].
func trimSpan(l string, i, j int) (int, int) {
	for i < j && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r') {
		i++
	}
	for j > i && (l[j-1] == ' ' || l[j-1] == '\t' || l[j-1] == '\r') {
		j--
	}
	// A no-break space is white space too.
	for strings.HasPrefix(l[i:j], "\u00a0") {
		i += 2
	}
	for strings.HasSuffix(l[i:j], "\u00a0") {
		j -= 2
	}
	return i, j
}

// fields returns the spans of the fields of an aligned line l at offset
// base: runs of text separated by two or more spaces or a tab. A field
// that ends in numbers separated by single spaces ("Stores 412 398 377")
// is split before each of them: a text layer prints narrow columns one
// space apart. A line of one field gives one span.
func fields(l string, base int) []Span {
	var out []Span
	i := 0
	for i < len(l) {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		if i >= len(l) {
			break
		}
		j := i
		for j < len(l) {
			if l[j] == '\t' || l[j] == ' ' && j+1 < len(l) && (l[j+1] == ' ' || l[j+1] == '\t') {
				break
			}
			j++
		}
		out = append(out, splitNumbers(l, i, j, base)...)
		i = j
	}
	return out
}

// splitNumbers splits the field l[i:j] before each of the numbers that end
// it when there are two or more, one space apart: "Stores 412 398 377" is
// a label and three cells; "Income 109,638.91" is one field.
func splitNumbers(l string, i, j, base int) []Span {
	words := strings.Split(l[i:j], " ")
	k := len(words)
	for k > 0 && numeric(words[k-1]) && !strings.HasSuffix(words[k-1], ",") {
		k--
	}
	if len(words)-k < 2 || spaceGrouped(words[k:]) {
		// one number, or numbers that may be one: "1 234 567" is
		// 1,234,567 where digits are grouped by spaces, and three cells
		// where they are not; which, the line does not say, and its
		// reading refuses the run rather than a cell of it
		return []Span{{base + i, base + j}}
	}
	var out []Span
	at := i
	if k > 0 {
		head := len(strings.Join(words[:k], " "))
		out = append(out, Span{base + i, base + i + head})
		at = i + head + 1
	}
	for _, w := range words[k:] {
		out = append(out, Span{base + at, base + at + len(w)})
		at += len(w) + 1
	}
	return out
}

// spaceGrouped reports whether words may be the groups of one number
// grouped by spaces, as units reads one: one to three plain digits, then
// groups of exactly three.
func spaceGrouped(words []string) bool {
	for k, w := range words {
		if k == 0 {
			w = strings.TrimLeft(w, "-−–+($€£¥₹") // "-1 234 567", "€1 234 567", "(1 234"
		}
		if k == len(words)-1 && k > 0 {
			w = strings.TrimRight(w, ")%")
			if i := strings.IndexByte(w, '.'); i >= 0 && strings.Trim(w[i+1:], "0123456789") == "" {
				w = w[:i] // "567.89"
			}
		}
		if w == "" || strings.Trim(w, "0123456789") != "" || k == 0 && len(w) > 3 || k > 0 && len(w) != 3 {
			return false
		}
	}
	return true
}

// numeric reports whether a field is a number as a table prints one:
// digits with their grouping, decimals, sign, parentheses, a currency
// sign or a percent, and nothing else ("$1,234", "(3,709)", "12.5%",
// "—" for nothing).
func numeric(w string) bool {
	digits := 0
	if k := strings.IndexByte(w, ' '); k > 0 && isMark(w[:k]) {
		w = w[:k] + strings.TrimLeft(w[k:], " ") // "$ 6.16"
	}
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(",.()%$€£¥₹-–—−+", r):
		default:
			return false
		}
	}
	return digits > 0 || w == "—" || w == "–" || w == "-"
}

// wraps reports whether line next continues the paragraph of line prev:
// prev does not end a sentence or a heading and next starts in lower case.
func wraps(prev, next string) bool {
	p := strings.TrimRight(prev, " \t")
	n := strings.TrimLeft(next, " \t")
	if p == "" || n == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(p)
	first, _ := utf8.DecodeRuneInString(n)
	return !strings.ContainsRune(".:;!?", last) && unicode.IsLower(first)
}

// alignedStart reports whether an aligned table starts at line i: it and
// the next aligned lines of its run hold numbers in two or more rows, so
// that a paragraph with a wide gap is not read as a table. valued is
// valuedAhead's, so that each line is asked once, not once for every line
// above it in its run.
func alignedStart(valued []int, i int) bool {
	a := valued[i]
	return a >= 0 && a+1 < len(valued) && valued[a+1] >= 0
}

// valuedAhead returns, for each line, the first aligned line holding a
// value at or after it in its run (a run ends at a blank or pipe line), or
// -1.
func valuedAhead(src string, ls []Span, kinds []lineKind) []int {
	out := make([]int, len(ls))
	next := -1
	for j := len(ls) - 1; j >= 0; j-- {
		switch {
		case kinds[j] == blankLine || kinds[j] == pipeLine:
			next = -1
		case kinds[j] == alignedLine && hasValue(src, fields(src[ls[j].Start:ls[j].End], ls[j].Start)):
			next = j
		}
		out[j] = next
	}
	return out
}

// hasValue reports whether any field but the first is a number.
func hasValue(src string, fs []Span) bool {
	for k, f := range fs {
		if k > 0 && numeric(src[f.Start:f.End]) {
			return true
		}
	}
	return false
}

// tableRun returns the end of the table run of kind k that starts at line
// i: its rows, with the short label lines between rows that open a group
// ("Net sales:") and, in an aligned table, the blank lines between its
// header and its body.
func tableRun(src string, ls []Span, kinds []lineKind, i int, k lineKind) int {
	j := i
	for j < len(ls) {
		switch {
		case kinds[j] == k || k == pipeLine && kinds[j] == delimLine:
			j++
			continue
		case (kinds[j] == textLine || k == pipeLine && kinds[j] == alignedLine) && groupLine(src[ls[j].Start:ls[j].End]) && !captionLine(src[ls[j].Start:ls[j].End]):
			// a group label counts only when a row follows it
			n := j + 1
			for n < len(ls) && n-j < 3 && (kinds[n] == textLine || k == pipeLine && kinds[n] == alignedLine) && groupLine(src[ls[n].Start:ls[n].End]) && !captionLine(src[ls[n].Start:ls[n].End]) {
				n++
			}
			if n < len(ls) && kinds[n] == k {
				j = n
				continue
			}
		case k == alignedLine && kinds[j] == textLine && j+1 < len(ls) && kinds[j+1] == alignedLine && wraps(src[ls[j].Start:ls[j].End], src[ls[j+1].Start:ls[j+1].End]):
			j++ // a label wrapped onto the next line
			continue
		}
		break
	}
	return j
}

// captionLine reports whether a line between two tables' rows is the
// caption of the second, not a group of the first: it introduces a table
// and declares a scale ("The following table shows information by
// reportable segment (in millions):"), or it is a sentence that
// introduces one ("The following is a summary of our equity award
// transactions under our equity incentive plans:"), longer than a
// group's label.
func captionLine(l string) bool {
	t := strings.TrimSpace(l)
	if !introduces(t) {
		return false
	}
	if low := strings.ToLower(t); len(strings.Fields(t)) >= minIntroWords && (strings.Contains(low, "following") || strings.Contains(low, "as follows") || strings.Contains(low, "below")) {
		return true
	}
	for _, dc := range readDecls(t, 0, InCaption) {
		if dc.HasScale {
			return true
		}
	}
	return false
}

// minIntroWords is the fewest words of a sentence that introduces a
// table; a group's label ("Cash flows from operating activities:") has
// fewer.
const minIntroWords = 8

// groupAbove reports whether a line right above an aligned table's rows
// is the label of their group, "Net income per share:": short, ending in
// a colon, and declaring nothing (a line that declares is a caption).
func groupAbove(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasSuffix(t, ":") && len(t) <= 60 && groupLine(t) && len(readDecls(t, 0, InCaption)) == 0
}

// groupLine reports whether a line can be a label row inside a table:
// short, and not a sentence.
func groupLine(l string) bool {
	t := strings.TrimSpace(l)
	return len(t) > 0 && len(t) <= 100 && !strings.HasSuffix(t, ".") && hasLetter(t)
}

// pipeTable builds the table of a run of pipe lines. When every row with
// two or more cells has the same number of cells, empty ones included,
// the cells' positions are the grid's columns (as TAT-QA and Markdown
// print tables); otherwise a rendering dropped empty cells and the
// columns are not known from the text (Col is -1; see [Document.Meaning]).
func pipeTable(src string, ls []Span, kinds []lineKind) Block {
	t := &Table{}
	width, same, keeps := 0, true, false
	var rows [][]Span
	// Outer pipes are Markdown's only when every row has both.
	outer := true
	for n, l := range ls {
		if kinds[n] == pipeLine {
			tl := strings.TrimSpace(src[l.Start:l.End])
			outer = outer && strings.HasPrefix(tl, "|") && strings.HasSuffix(tl, "|")
		}
	}
	for n, l := range ls {
		var cells []Span
		switch kinds[n] {
		case delimLine:
			if len(t.Rows) > 0 && t.Header == 0 {
				t.Header = len(t.Rows) // a Markdown table's header ends at its delimiter row
			}
			continue
		case pipeLine:
			cells = splitPipesOuter(src[l.Start:l.End], l.Start, outer)
			for k, c := range cells[:max(len(cells)-1, 0)] {
				if c.End == c.Start && k > 0 {
					keeps = true // an empty cell inside a row: the rendering keeps empty cells
				}
			}
			if width == 0 {
				width = len(cells)
			} else if len(cells) != width {
				same = false
			}
		default:
			// a label row, "| Earnings per share: |" or "Net sales:"
			s, e := trimSpan(src, l.Start, l.End)
			for s < e && src[s] == '|' {
				s++
			}
			for e > s && src[e-1] == '|' {
				e--
			}
			s, e = trimSpan(src, s, e)
			cells = []Span{{s, e}}
		}
		rows = append(rows, cells)
		r := &Row{Start: l.Start, End: l.End}
		t.Rows = append(t.Rows, r)
	}
	if keeps && !same {
		// a row that prints a currency sign in a cell of its own ("$ |
		// 12,420") where the rows differ in width: a rendering that
		// dropped the empty cells beside its signs, whatever one row
		// kept; its cells are not at their columns
		for _, cells := range rows {
			for _, c := range cells {
				if cellCurrency(strings.TrimSpace(src[c.Start:c.End])) != "" && len(strings.TrimSpace(src[c.Start:c.End])) <= 3 {
					keeps = false
				}
			}
		}
	}
	for n, cells := range rows {
		r := t.Rows[n]
		for k, c := range cells {
			if c.End <= c.Start {
				continue
			}
			col := -1
			if same && len(cells) == width || keeps && len(cells) > 1 {
				// Cells at their places: every row as wide, or a rendering
				// that keeps empty cells (a row's trailing ones may be
				// cut, never its leading or inner ones).
				col = k
			} else if len(cells) == 1 {
				col = 0
			}
			r.Cells = append(r.Cells, Cell{Start: c.Start, End: c.End, Col: col, ColSpan: 1, Header: n < t.Header})
		}
	}
	if same || keeps {
		for _, cells := range rows {
			t.Cols = max(t.Cols, len(cells))
		}
	}
	return Block{Kind: TableBlock, Start: ls[0].Start, End: ls[len(ls)-1].End, Table: t}
}

// alignedTable builds the table of a run of aligned lines: each line's
// fields are its cells, and alignColumns gives them their grid columns.
func alignedTable(src string, ls []Span, kinds []lineKind) Block {
	t := &Table{}
	var rows [][]Span
	for n, l := range ls {
		var cells []Span
		if kinds[n] == alignedLine {
			cells = fields(src[l.Start:l.End], l.Start)
		} else {
			s, e := trimSpan(src, l.Start, l.End)
			if e <= s {
				continue
			}
			cells = []Span{{s, e}}
		}
		rows = append(rows, cells)
		t.Rows = append(t.Rows, &Row{Start: l.Start, End: l.End})
	}
	t.Cols = alignColumns(src, t, rows)
	return Block{Kind: TableBlock, Start: ls[0].Start, End: ls[len(ls)-1].End, Table: t}
}

// alignColumns gives the cells of an aligned table their grid columns and
// returns the grid's width. A text layer places each column's numbers in
// one band of character positions (right-aligned, as a rule), and its
// headers over them: the bands are the unions of the positions of the
// body's number cells, a currency sign or parenthesis printed apart
// joined to the number after it; column 0 is the labels; a header cell
// belongs to every band it overlaps.
func alignColumns(src string, t *Table, rows [][]Span) int {
	type band struct{ lo, hi int }
	var bands []band
	// positions: each cell's rune columns, counted once per row
	cols := make([][][2]int, len(rows))
	for n, cells := range rows {
		cols[n] = make([][2]int, len(cells))
		if len(cells) == 0 {
			continue
		}
		at := strings.LastIndexByte(src[:cells[0].Start], '\n') + 1
		col := 0
		for k, c := range cells {
			col += utf8.RuneCountInString(src[at:c.Start])
			w := utf8.RuneCountInString(src[c.Start:c.End])
			cols[n][k] = [2]int{col, col + w}
			col += w
			at = c.End
		}
	}

	value := func(cells []Span, k int) bool {
		return k > 0 && numeric(src[cells[k].Start:cells[k].End])
	}
	for n, cells := range rows {
		for k := range cells {
			if !value(cells, k) {
				continue
			}
			lo, hi := cols[n][k][0], cols[n][k][1]
			if k > 0 && isMark(src[cells[k-1].Start:cells[k-1].End]) {
				lo = cols[n][k-1][0]
			}
			bands = append(bands, band{lo, hi})
		}
	}
	// merge overlapping bands: sorted by their start, each band joins the
	// last merged one it overlaps, in one pass
	sort.Slice(bands, func(x, y int) bool { return bands[x].lo < bands[y].lo })
	merged := bands[:0]
	for _, bd := range bands {
		if n := len(merged); n > 0 && bd.lo < merged[n-1].hi {
			merged[n-1].hi = max(merged[n-1].hi, bd.hi)
			continue
		}
		merged = append(merged, bd)
	}
	bands = merged
	header := true
	for n, cells := range rows {
		r := t.Rows[n]
		rowHasValue := false
		for k := range cells {
			if value(cells, k) && !dateLike(src[cells[k].Start:cells[k].End]) {
				rowHasValue = true
			}
		}
		labelled := len(cells) > 0 && !numeric(src[cells[0].Start:cells[0].End]) && hasLetter(unbracketed(src[cells[0].Start:cells[0].End]))
		titles := yearsOnly(src, cells) && (!labelled || periodLabel(src[cells[0].Start:cells[0].End]) || followingYears(src, cells))
		if rowHasValue && !titles {
			header = false
		}
		for k, c := range cells {
			lo, hi := cols[n][k][0], cols[n][k][1]
			col, span := -1, 0
			// the bands are sorted and apart: the first that ends after lo
			for b := sort.Search(len(bands), func(b int) bool { return bands[b].hi > lo }); b < len(bands) && bands[b].lo < hi; b++ {
				if col < 0 {
					col = b + 1
				}
				span++
			}
			if k == 0 && (col < 0 || !numeric(src[c.Start:c.End])) && (col < 0 || lo < bands[0].lo) {
				col, span = 0, 1
			}
			if col < 0 && k > 0 && len(bands) > 0 && hi <= bands[0].lo && !isMark(src[c.Start:c.End]) {
				// a second field before the first column of values: the
				// label after a serial number, "1     Revenue from
				// operations", in the labels' column
				col, span = 0, 1
			}
			if col < 0 {
				continue // a mark between bands: a currency sign printed apart is read with its number
			}
			r.Cells = append(r.Cells, Cell{Start: c.Start, End: c.End, Col: col, ColSpan: max(span, 1), Header: header && len(cells) > 1})
		}
		if header && len(cells) > 1 && !rowHasValue || header && titles {
			t.Header = n + 1
		}
	}
	return len(bands) + 1
}

// periodLabel reports whether a row's label names periods, as a header
// row of years does ("Fiscal year", "Years ended").
func periodLabel(l string) bool {
	low := strings.ToLower(l)
	for _, w := range []string{"year", "fiscal", "ended", "ending", "quarter", "period", "month", "as of", "as at", "week", "date", "fy"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// isMark reports whether a cell is only a currency sign or an opening
// parenthesis, which a table prints apart from the number it belongs to.
func isMark(s string) bool {
	switch s {
	case "$", "(", "$(", "€", "£", "¥", "₹", "Rs", "Rs.":
		return true
	}
	return false
}

// yearsOnly reports whether the cells after the first are all years, as a
// header row of years is: "2019 | 2018".
func yearsOnly(src string, cells []Span) bool {
	n := 0
	for k, c := range cells {
		s := src[c.Start:c.End]
		if k == 0 && !numeric(s) || k > 0 && !numeric(s) && hasLetter(s) {
			continue // the label, or a column's title beside the years ("Change")
		}
		if !isYear(s) {
			return false
		}
		n++
	}
	return n > 0
}

// followingYears reports whether the years of a row follow one another
// ("2024  2023", "2022 2023 2024"): column titles, not a row of values
// that happen to be years ("Subscribers  2019  1987").
func followingYears(src string, cells []Span) bool {
	var years []string
	for _, c := range cells {
		if s := src[c.Start:c.End]; isYear(s) {
			years = append(years, s)
		}
	}
	return len(years) >= 2 && successive(years)
}

// successive reports whether years, each four digits, follow one another
// one year apart, up or down: "2024 2023 2022", "2022 2023".
func successive(years []string) bool {
	for k := 1; k < len(years); k++ {
		a, _ := strconv.Atoi(years[k-1])
		b, _ := strconv.Atoi(years[k])
		if b != a-1 && b != a+1 {
			return false
		}
	}
	return true
}

// isYear reports whether s is a four-digit year from 1900 to 2099.
func isYear(s string) bool {
	return len(s) == 4 && (s[:2] == "19" || s[:2] == "20") && s[2] >= '0' && s[2] <= '9' && s[3] >= '0' && s[3] <= '9'
}
