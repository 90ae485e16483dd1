package receipt

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// Request is one calculation, as a model fills it in: a formula over named
// inputs, each transcribed exactly as printed, and how to present the result.
// Its JSON form is the request of reckon's JSON contract.
type Request struct {
	ID             string          `json:"id"`             // echoed in the response
	Formula        string          `json:"formula"`        // an expression in the expr language
	Inputs         []Input         `json:"inputs"`         // one per name the formula uses
	Output         units.Output    `json:"output"`         // omitted fields are inferred
	Interpretation *Interpretation `json:"interpretation"` // nil means source_defined
	// SamePeriod requires every input to carry the same period label.
	SamePeriod bool `json:"same_period,omitempty"`
	// Operation names a named operation, such as "pmt", in place of a
	// formula, which is then ""; see [Operations]. "" for a formula.
	Operation string `json:"operation,omitempty"`
	// Params are a named operation's settings, as strings, such as
	// {"rate_convention": "nominal", "periods_per_year": "12"}. An empty
	// value is the same as an absent param.
	Params map[string]string `json:"params,omitempty"`
	// Today is the application's date, YYYY-MM-DD, for operations that
	// resolve relative dates. It is never read from a request's JSON: the
	// application injects it, and the receipt records it.
	Today string `json:"-"`
	// Sources are the documents the application registered, each indexed
	// once. It is never read from a request's JSON. When it holds any,
	// every input of provenance text must name one in Source and its
	// quote must be found there, and the receipt records where (see
	// [Grounding]). Nil means no sources: inputs keep their Source as
	// given, ungrounded.
	Sources *quote.Sources `json:"-"`
}

// Input is one number as the source prints it, with where it came from.
type Input struct {
	Name       string `json:"name"`             // the name the formula uses
	Display    string `json:"display"`          // the number exactly as printed: "1,09,638.91", "(799)"
	Unit       string `json:"unit"`             // an ISO 4217 code, number, ratio, percent, pp, bp, count[:noun], days, months, years
	Scale      string `json:"scale"`            // thousand, lakh, lacs, crore, million, bn, …; "" for ones
	Period     string `json:"period"`           // FY2021, year ended 31 March 2003, …
	Label      string `json:"label"`            // the line item as the source names it
	Support    string `json:"support"`          // the citation: document and page, URL, row id
	Provenance string `json:"provenance"`       // text, page_image, system_of_record or user
	Quote      string `json:"quote"`            // the passage the number was read from, verbatim; "" if none
	Source     string `json:"source,omitempty"` // the registered source document the quote is from; "" if none
}

// Interpretation says whether the formula is the source's own definition of
// the metric or one chosen for a metric the source never defines.
type Interpretation struct {
	Kind string `json:"kind"` // source_defined or interpreted
	Note string `json:"note"` // required for interpreted: the definition used and why
}

// The interpretation kinds.
const (
	SourceDefined = "source_defined" // the source defines the metric this way
	Interpreted   = "interpreted"    // reckon's caller chose the definition
)

// The provenance kinds: where a transcribed number was read.
const (
	ProvenanceText           = "text"             // the document's text layer
	ProvenancePageImage      = "page_image"       // a rendered page or scan, read visually
	ProvenanceSystemOfRecord = "system_of_record" // a database or API of record
	ProvenanceUser           = "user"             // the person asking
)

var provenances = []string{ProvenanceText, ProvenancePageImage, ProvenanceSystemOfRecord, ProvenanceUser}

// MaxRequestSize bounds a request's JSON. A request over a few hundred
// inputs with quotes fits in well under 1 MiB.
const MaxRequestSize = 1 << 20

// DecodeRequest reads one request strictly, with [strictjson.Decode]:
// unknown fields, trailing data, a key given twice or in two cases at any
// depth (a repeated "params" would otherwise take its last value), JSON
// numbers where strings belong, and anything over [MaxRequestSize] are
// refused with a [*fault.Error] of code bad_request whose Field is a path such
// as "inputs[0].display".
func DecodeRequest(data []byte) (*Request, error) {
	if len(data) > MaxRequestSize {
		return nil, &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("request is %d bytes, over the limit of %d", len(data), MaxRequestSize),
			Hint: "split the work into several requests"}
	}
	if req, ok := decodeRequestFast(data); ok {
		return req, nil
	}
	var req Request
	if err := strictjson.Decode(data, &req); err != nil {
		return nil, badJSON(err, fault.BadRequest, "send one JSON object with the fields id, formula, inputs, output and interpretation")
	}
	return &req, nil
}

// badJSON maps a refusal of [strictjson.Decode] into a [*fault.Error] of code,
// as every reader at the boundary does: the field path in one format
// ("inputs[0].display") in Field, which fault.Error prints before the message,
// and the one hint for a JSON number where a string belongs.
func badJSON(err error, code, hint string) *fault.Error {
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return &fault.Error{Code: code, Msg: err.Error(), Hint: hint}
	}
	return &fault.Error{Code: code, Field: se.Field, Msg: se.Msg, Hint: se.Hint(hint)}
}
