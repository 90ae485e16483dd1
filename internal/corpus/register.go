package corpus

import (
	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
)

// Form is the form in which an application registers a filing.
type Form int

const (
	// AsText registers the filing's plain-text rendering, the .txt: what an
	// application that extracts text from HTML holds.
	AsText Form = iota
	// AsHTML registers the filing as published, the .htm: what an
	// application that keeps the HTML holds.
	AsHTML
)

// Forms are the forms [Run] registers every filing in, in report order.
var Forms = []Form{AsText, AsHTML}

// String names the form as the report does: "txt" or "htm".
func (f Form) String() string {
	if f == AsHTML {
		return "htm"
	}
	return "txt"
}

// register indexes one filing, in form f, once for all its facts.
func register(f Form, fl *Filing) (*quote.Sources, error) {
	if f == AsText {
		return quote.NewSources(map[string]string{fl.Name: fl.Text})
	}
	doc, err := document.Parse(fl.Name, fl.HTML, document.HTML)
	if err != nil {
		return nil, err
	}
	return quote.SourcesFrom(quote.Options{}, doc)
}
