package document

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadCSV: reading any comma-separated text never panics; every
// block, row and cell lies inside the text in order; and asking the
// meaning of every number of every place never panics.
func FuzzReadCSV(f *testing.F) {
	f.Add("Date,Description,Amount,Balance\n2024-01-03,TESCO STORES,-45.67,5386.43\n")
	f.Add("Account: 12345678\n\nDate,Details,Debit,Credit\n03/01/2024,\"TESCO, LONDON\",45.67,\n04/01/2024,SALARY,,\"2,500.00\"\n")
	f.Add("a,\"b\"\"c\",1\r\n2,3\r\n\"unclosed,4\n")
	f.Add("Date\tAmount\n2024-01-03\t-45.67\n")
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) || len(src) > 1<<16 {
			return
		}
		d := MustParse("fuzz.csv", src, CSV)
		checkStructure(t, d)
		meanEveryNumber(d)
	})
}

// A CSV export is one table, its records rows and its fields cells at
// their places, and its text is its rendering.
func TestReadCSV(t *testing.T) {
	src := "Date,Description,Amount,Balance\n2024-01-03,\"TESCO STORES, LONDON\",-45.67,5386.43\n2024-01-04,SALARY,,7886.43\n"
	d := MustParse("b.csv", src, FormatOf("b.csv"))
	if d.Format != CSV || d.Text() != src || len(d.Tables()) != 1 {
		t.Fatalf("format %v, %d tables, text %q", d.Format, len(d.Tables()), d.Text())
	}
	tb := d.Tables()[0]
	if tb.Header != 1 || len(tb.Rows) != 3 {
		t.Fatalf("header %d, rows %d", tb.Header, len(tb.Rows))
	}
	var cells []string
	for _, c := range tb.Rows[2].Cells {
		cells = append(cells, d.Text()[c.Start:c.End]+"@"+string(rune('0'+c.Col)))
	}
	if got := strings.Join(cells, " "); got != "2024-01-04@0 SALARY@1 7886.43@3" {
		t.Fatalf("cells %s", got)
	}
	if got := d.Text()[tb.Rows[1].Cells[1].Start:tb.Rows[1].Cells[1].End]; got != "TESCO STORES, LONDON" {
		t.Fatalf("quoted field %q", got)
	}
}
