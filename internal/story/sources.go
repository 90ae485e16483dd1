package story

import (
	"embed"
	"fmt"
	"strings"
)

// documents are the stories' source documents: short excerpts laid out as
// the filing, report or page prints them (columns, headings, the scale
// line), holding every quote the stories' inputs use, verbatim. The figures
// are the stories' own.
//
//go:embed testdata/sources/*.txt
var documents embed.FS

// Document returns the text of the story source document name, as an
// application would register it: "costco-10k-fy2021", "loan-estimate", ….
func Document(name string) (string, error) {
	if strings.ContainsAny(name, `/\.`) {
		return "", fmt.Errorf("story: no source document %q", name)
	}
	b, err := documents.ReadFile("testdata/sources/" + name + ".txt")
	if err != nil {
		return "", fmt.Errorf("story: no source document %q", name)
	}
	return string(b), nil
}

// mustDocument is Document for the documents the package embeds itself.
func mustDocument(name string) string {
	text, err := Document(name)
	if err != nil {
		panic(err)
	}
	return text
}
