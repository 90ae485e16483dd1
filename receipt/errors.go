package receipt

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/expr"
	"github.com/reckonhq/reckon/units"
)

// Codes of the calculation pipeline's own refusals. Parse, unit and
// presentation errors keep the codes of [expr] and [units].
const (
	CodeBadRequest        = "bad_request"        // not a request: bad JSON, unknown field, a number where a string belongs
	CodeMissingField      = "missing_field"      // a required field is empty
	CodeDuplicateInput    = "duplicate_input"    // two inputs share a name
	CodeUnknownName       = "unknown_name"       // the formula uses a name no input has
	CodeUnusedInput       = "unused_input"       // an input the formula never uses
	CodeBadProvenance     = "bad_provenance"     // provenance is not text, page_image, system_of_record or user
	CodeBadInterpretation = "bad_interpretation" // an unknown kind, or interpreted without a note
	CodeQuoteMismatch     = "quote_mismatch"     // the printed value does not appear in the input's quote
	CodeTooManyInputs     = "too_many_inputs"    // more inputs than any formula can use
)

// Error is a refusal by the calculation pipeline itself.
type Error struct {
	Code  string     // stable snake_case code
	Msg   string     // lower-case, no final period
	Hint  string     // what to change
	Field string     // the request field at fault, as in "inputs[2].name"; "" if none
	Span  *expr.Span // the bytes of the formula involved, if any
}

// Error returns "field: message".
func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Msg
	}
	return e.Msg
}

// ErrorInfo is an error as the JSON contract carries it: the same shape from
// the Go API, the CLI and every tool.
type ErrorInfo struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Span    *[2]int `json:"span,omitempty"`  // byte offsets [start, end) into the formula, when known
	Hint    string  `json:"hint"`            // one line a model can act on
	Field   string  `json:"field,omitempty"` // the request field at fault, when known
}

// Describe converts any error from reckon's packages into an [ErrorInfo].
// An error it does not know becomes code "internal".
func Describe(err error) *ErrorInfo {
	var (
		ee  *expr.Error
		ue  *units.Error
		re  *Error
		se  *SignatureError
		rep *Report
	)
	switch {
	case errors.As(err, &re):
		info := &ErrorInfo{Code: re.Code, Message: re.Msg, Hint: re.Hint, Field: re.Field}
		if re.Span != nil {
			info.Span = &[2]int{re.Span.Start, re.Span.End}
		}
		return info
	case errors.As(err, &ee):
		return &ErrorInfo{Code: string(ee.Code), Message: ee.Msg, Hint: ee.Hint, Field: "formula",
			Span: &[2]int{ee.Span.Start, ee.Span.End}}
	case errors.As(err, &ue):
		info := &ErrorInfo{Code: ue.Code, Message: ue.Msg, Hint: ue.Hint, Field: ue.Field}
		if ue.Span.Len() > 0 {
			info.Span = &[2]int{ue.Span.Start, ue.Span.End}
		}
		return info
	case errors.As(err, &se):
		return &ErrorInfo{Code: se.Code, Message: se.Msg, Hint: se.Hint}
	case errors.As(err, &rep) && len(rep.Reasons) > 0:
		// A refusal by Open: its first reason stands for the report.
		r := rep.Reasons[0]
		return &ErrorInfo{Code: r.Code, Message: r.Message, Hint: r.Hint, Field: r.Field}
	}
	return &ErrorInfo{Code: "internal", Message: err.Error(), Hint: "this is a bug in reckon; please report it with the request"}
}

func missing(field, hint string) *Error {
	return &Error{Code: CodeMissingField, Msg: field + " is empty", Hint: hint, Field: field}
}

func fieldErr(code, field, hint, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
