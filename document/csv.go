package document

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// readCSV reads a comma- (or, with comma '\t', tab-) separated export, a
// bank statement or a ledger, with encoding/csv: its rendering is the text
// as printed, one table whose rows are its records and whose cells are
// its fields, each at its place in the grid. A text encoding/csv cannot
// read is read as plain text.
func readCSV(name, src string, comma rune) *Document {
	r := csv.NewReader(strings.NewReader(src))
	r.Comma, r.FieldsPerRecord, r.LazyQuotes, r.ReuseRecord, r.TrimLeadingSpace = comma, -1, true, true, true
	lines := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			lines = append(lines, i+1)
		}
	}
	d := &Document{Name: name, Format: CSV, source: src, text: src}
	t := &Table{}
	var widths []int
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return readText(name, src)
		}
		row := &Row{}
		last := -1
		for k := range rec {
			line, col := r.FieldPos(k)
			if line < 1 || line > len(lines) {
				return readText(name, src)
			}
			s := lines[line-1] + col - 1
			for s < len(src) && (src[s] == ' ' || src[s] == '\t') && rune(src[s]) != comma {
				s++ // a space before a quoted field
			}
			e := fieldEnd(src, s, comma)
			if s < len(src) && src[s] == '"' {
				s++ // a quoted field: its text, without the quotes
				if e > s && src[e-1] == '"' {
					e--
				}
			}
			s, e = trimSpan(src, s, e)
			if s < last {
				return readText(name, src) // fields the reader and the bytes place apart: not read as a table
			}
			last = max(e, s)
			if k == 0 {
				row.Start = lines[line-1] + col - 1
			}
			row.End = max(row.End, e)
			if e > s {
				row.Cells = append(row.Cells, Cell{Start: s, End: e, Col: k, ColSpan: 1})
			}
		}
		if len(row.Cells) == 0 {
			continue
		}
		t.Cols = max(t.Cols, len(rec))
		t.Rows = append(t.Rows, row)
		widths = append(widths, len(rec))
	}
	// A preamble, "Account,12345678" or "Statement of income" above the
	// header: the records before the first one as wide as the widest
	// that holds only titles are paragraphs, not rows.
	head := 0
	for k, row := range t.Rows {
		if k >= maxPreamble {
			break
		}
		if widths[k] == t.Cols && widths[k] >= 2 && !d.valueBesideYears(row) {
			head = k
			break
		}
	}
	for _, row := range t.Rows[:head] {
		d.Blocks = append(d.Blocks, Block{Kind: Paragraph, Start: row.Start, End: row.End})
	}
	t.Rows = t.Rows[head:]
	if len(t.Rows) > 0 {
		d.Blocks = append(d.Blocks, Block{Kind: TableBlock, Start: t.Rows[0].Start, End: t.Rows[len(t.Rows)-1].End, Table: t})
	}
	d.finish()
	return d
}

// maxPreamble bounds the records above a CSV export's header read as its
// preamble.
const maxPreamble = 12

// fieldEnd returns the end of the field that starts at s: the separator
// or line end after it, past a quoted part's separators.
func fieldEnd(src string, s int, comma rune) int {
	quoted := false
	for i := s; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"':
			quoted = !quoted
		case !quoted && (rune(c) == comma || c == '\n' || c == '\r'):
			return i
		}
	}
	return len(src)
}
