package receipt

import (
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
)

// filing reads a corpus filing kept in internal/corpus/testdata, or skips.
func filing(b *testing.B, name string) string {
	b.Helper()
	f, err := os.Open("../internal/corpus/testdata/filings/" + name)
	if err != nil {
		b.Skipf("corpus filing %s: %v", name, err)
	}
	defer f.Close()
	var r io.Reader = f
	if len(name) > 3 && name[len(name)-3:] == ".gz" {
		z, err := gzip.NewReader(f)
		if err != nil {
			b.Fatal(err)
		}
		r = z
	}
	data, err := io.ReadAll(r)
	if err != nil {
		b.Fatal(err)
	}
	return string(data)
}

// BenchmarkRegisterFiling parses and indexes a 2 MB inline-XBRL filing,
// as registering it does once: the HTML read into its rendering and
// structure, the rendering indexed for quotes, its SHA-256 taken.
func BenchmarkRegisterFiling(b *testing.B) {
	src := filing(b, "ko-10q-2025.htm.gz")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		d, err := document.Parse("ko", src, document.HTML)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := quote.SourcesFrom(quote.Options{}, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGroundInput grounds one input in a registered filing: the quote
// found in the rendering, the number's meaning read through its scopes.
func BenchmarkGroundInput(b *testing.B) {
	src := filing(b, "aapl-10k-2024.htm.gz")
	d, err := document.Parse("aapl", src, document.HTML)
	if err != nil {
		b.Fatal(err)
	}
	s, err := quote.SourcesFrom(quote.Options{}, d)
	if err != nil {
		b.Fatal(err)
	}
	in := Input{Name: "x", Display: "294,866", Unit: "USD", Scale: "million", Provenance: ProvenanceText,
		Source: "aapl", Quote: "Products | $ | 294,866 | $ | 298,085 | $ | 316,199"}
	a, err := parseInput(in)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := ground(s, 0, in, a); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ground(s, 0, in, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGroundManyDeclaringLines grounds one input below 20,000 lines
// that each declare a scale for a noun of their own ("Units in
// thousands."): the lines looked back over for a number are bounded.
func BenchmarkGroundManyDeclaringLines(b *testing.B) {
	doc := strings.Repeat("Units in thousands.\n\n", 20000) +
		"Revenue table\n\n| | 2024 | 2023 |\n| Revenue | 5,007 | 4,812 |\n| Cost | 4,000 | 3,000 |\n| Other | 77 |\n"
	in := Input{Name: "x", Display: "77", Unit: "USD", Provenance: ProvenanceText, Source: "d.txt", Quote: "Other | 77"}
	a, err := parseInput(in)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, err := quote.NewSources(map[string]string{"d.txt": doc})
		if err != nil {
			b.Fatal(err)
		}
		ground(s, 0, in, a) //nolint:errcheck // refused or not, what is measured is the time
	}
}
