// Package printed reads numeral/testdata/printed.txt, the spec vectors of the
// one reader of printed numbers, for the tests of every package that reads
// printed numbers: display parsing, the quote check and prose extraction;
// and, with [Lines], any testdata file in apd's decTest style.
package printed

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Case is one line of printed.txt: a printed text and how it reads.
type Case struct {
	ID   string // the case id, as "sgn004"
	Line int    // the line in printed.txt
	Text string // the printed text, unquoted

	// A readable case has Code "" and the read: Value, the signed number as
	// printed, scale not applied; Unit, a units.ParseUnit spelling; Scale,
	// a scale word, or "" for none.
	Value, Unit, Scale string

	// Code is the units error code of a refused case.
	Code string
}

// Refused reports whether c is an error case.
func (c Case) Refused() bool { return c.Code != "" }

// Path is the file's path, wherever the test runs from.
func Path() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "numeral", "testdata", "printed.txt")
}

// Line is one case of a testdata file in apd's decTest style:
// "id  input  ->  want", with # comments and blank lines skipped.
type Line struct {
	ID, In, Want string
	N            int // the line number
}

// Lines reads the cases of the decTest-style file at path.
func Lines(t testing.TB, path string) []Line {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []Line
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lhs, want, ok := strings.Cut(line, "  ->  ")
		if !ok {
			t.Fatalf("%s:%d: no \"  ->  \" in %q", filepath.Base(path), n, line)
		}
		id, in, _ := strings.Cut(lhs, "  ")
		lines = append(lines, Line{ID: id, In: strings.TrimSpace(in), Want: strings.TrimSpace(want), N: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// Cases reads every case of printed.txt.
func Cases(t testing.TB) []Case {
	t.Helper()
	var cases []Case
	for _, l := range Lines(t, Path()) {
		text, err := strconv.Unquote(l.In)
		if err != nil {
			t.Fatalf("printed.txt:%d: the text is not Go-quoted: %v", l.N, err)
		}
		c := Case{ID: l.ID, Line: l.N, Text: text}
		w := strings.Fields(l.Want)
		switch {
		case len(w) == 2 && w[0] == "error":
			c.Code = w[1]
		case len(w) == 3:
			c.Value, c.Unit, c.Scale = w[0], w[1], strings.TrimPrefix(w[2], "-")
		default:
			t.Fatalf("printed.txt:%d: bad want %q", l.N, l.Want)
		}
		cases = append(cases, c)
	}
	return cases
}
