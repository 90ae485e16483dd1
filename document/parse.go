package document

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
)

// Parse reads src, written in format f, into a Document named name. It
// fails for a text larger than [MaxBytes] or one that is not valid UTF-8
// where the format requires it; it never fails on a document's structure:
// what a reader cannot read as a table is read as paragraphs.
func Parse(name, src string, f Format) (*Document, error) {
	if len(src) > MaxBytes {
		return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("document %q is %d bytes, more than %d", clip(name), len(src), MaxBytes),
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
		// the separator the first line uses most: a comma, a tab, or a
		// semicolon (an export where the comma is the decimal mark)
		comma, l := ',', firstLine(src)
		switch {
		case strings.EqualFold(path.Ext(name), ".tsv") || strings.Count(l, "\t") > strings.Count(l, ","):
			comma = '\t'
		case strings.Count(l, ";") > strings.Count(l, ","):
			comma = ';'
		}
		return readCSV(name, src, comma), nil
	}
	return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("unknown document format %d", f),
		Hint: "name the format text, markdown, html or csv"}
}

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	if k := strings.IndexByte(s, '\n'); k >= 0 {
		return s[:k]
	}
	return s
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

var _ = utf8.RuneError
