package document

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadText: reading any plain text never panics; every block, row and
// cell lies inside the text in order; and asking the meaning of every
// number of every place never panics. The seeds are the meaning data
// files' documents and the declarations.
func FuzzReadText(f *testing.F) {
	files, _ := filepath.Glob("testdata/meaning/*.txt")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err == nil {
			for _, doc := range strings.Split(string(b), "--- doc ") {
				f.Add(doc)
			}
		}
	}
	f.Add("(In millions,\nexcept per share data)\n\n| Basic | 6.11 |\n")
	f.Add("Net income per share:\n  Basic      $ 6.16\n  Diluted    $ 6.13\n")
	f.Add("Stores 412 398 377\nGranted 346,453 $52.10\n(120,000) $30.15\n")
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) || len(src) > 1<<16 {
			return
		}
		d := MustParse("fuzz", src, Text)
		checkStructure(t, d)
		meanEveryNumber(d)
	})
}

// FuzzDeclarations: reading the declarations of any text never panics and
// every declaration's span lies inside the text.
func FuzzDeclarations(f *testing.F) {
	b, _ := os.ReadFile("testdata/declarations.txt")
	for _, line := range strings.Split(string(b), "\n") {
		if i, j := strings.IndexByte(line, '"'), strings.LastIndex(line, "\" ->"); i >= 0 && j > i {
			f.Add(line[i+1 : j])
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range readDecls(s, 0, InCaption) {
			if d.Start < 0 || d.End > len(s) || d.Start > d.End {
				t.Fatalf("declaration span [%d, %d) outside %q", d.Start, d.End, s)
			}
		}
	})
}

// meanEveryNumber asks the meaning of every run of digits of every place
// of d.
func meanEveryNumber(d *Document) {
	for _, p := range d.Places(0, len(d.Text())) {
		for k := 0; k < len(p.Text); k++ {
			if isDigit(p.Text[k]) && (k == 0 || !isDigit(p.Text[k-1])) {
				e := k
				for e < len(p.Text) && (isDigit(p.Text[e]) || p.Text[e] == ',') {
					e++
				}
				d.Meaning(p, k, e)
			}
		}
	}
}

// checkStructure fails unless every block, row and cell of d lies inside
// its rendering, in order, and maps to a span of the source.
func checkStructure(t *testing.T, d *Document) {
	t.Helper()
	n := len(d.Text())
	last := 0
	for _, b := range d.Blocks {
		if b.Start < last || b.End < b.Start || b.End > n {
			t.Fatalf("block [%d, %d) out of order or range (after %d, text %d)", b.Start, b.End, last, n)
		}
		last = b.End
		if b.Table == nil {
			continue
		}
		for _, r := range b.Table.Rows {
			for _, c := range r.Cells {
				if c.Start < r.Start || c.End > r.End || c.End < c.Start {
					t.Fatalf("cell [%d, %d) outside its row [%d, %d)", c.Start, c.End, r.Start, r.End)
				}
				s, e := d.Span(c.Start, c.End)
				if s < 0 || e > len(d.Source()) || e < s {
					t.Fatalf("cell [%d, %d) maps to [%d, %d) of %d source bytes", c.Start, c.End, s, e, len(d.Source()))
				}
			}
		}
	}
}
