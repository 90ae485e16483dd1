package document

import (
	"fmt"
	"path"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Parse reads src, written in format f, into a Document named name. It
// fails for a text larger than 1 GiB and for an unknown format; it
// never fails on a document's structure: what a reader cannot read as a
// table is read as paragraphs. Bytes that are not UTF-8 are read as they
// stand; a quote is found among them byte for byte.
func Parse(name, src string, f Format) (*Document, error) {
	if len(src) > maxBytes {
		return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("document %q is %d bytes, more than %d", clip(name), len(src), maxBytes),
			Hint: "register a smaller document, or split it"}
	}
	switch f {
	case HTML:
		return readHTML(src).document(name, f), nil
	case Markdown:
		return readMarkdown(src).document(name, f), nil
	case Text:
		return readText(name, src), nil
	case CSV:
		comma := separator(src)
		if strings.EqualFold(path.Ext(name), ".tsv") {
			comma = '\t'
		}
		return readCSV(name, src, comma), nil
	}
	return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("unknown document format %d", f),
		Hint: "name the format text, markdown, html or csv"}
}

// separator returns the field separator an export uses: of a comma, a tab
// and a semicolon (an export where the comma is the decimal mark), the one
// the most of its first lines print, and of those the one printed most; a
// preamble's prose ("Statement of income, in thousands, EUR;") does not
// decide alone.
func separator(src string) rune {
	lines := strings.SplitN(src, "\n", 12)
	best, bestLines, bestCount := ',', -1, -1
	for _, sep := range []rune{',', '\t', ';'} {
		n, count := 0, 0
		for _, l := range lines {
			if c := strings.Count(l, string(sep)); c > 0 {
				n, count = n+1, count+c
			}
		}
		if n > bestLines || n == bestLines && count > bestCount {
			best, bestLines, bestCount = sep, n, count
		}
	}
	return best
}

// MustParse is Parse for tests and package-level documents: it panics on
// error.
func MustParse(name, src string, f Format) *Document {
	d, err := Parse(name, src, f)
	if err != nil {
		panic(err)
	}
	return d
}
