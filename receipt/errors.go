package receipt

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// ErrorInfo is an error as the JSON contract carries it: the same shape from
// the Go API, the CLI and every tool.
type ErrorInfo struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Span    *[2]int `json:"span,omitempty"`  // byte offsets [start, end) into the formula, when known
	Hint    string  `json:"hint"`            // one line a model can act on
	Field   string  `json:"field,omitempty"` // the request field at fault, when known
	Line    int     `json:"line,omitempty"`  // the 1-based line of a multi-line input (usage records), when known
	// Fix is the change the hint names, as data, when the refusal knows
	// one exactly: a field and the value to give it.
	Fix []fault.Fix `json:"fix,omitempty"`
}

// Describe converts any error from reckon's packages into an [ErrorInfo]:
// every one is a [*fault.Error], so it copies the fields. An error it does
// not know becomes code "internal"; a nil error gives nil.
func Describe(err error) *ErrorInfo {
	if err == nil {
		return nil
	}
	var e *fault.Error
	if !errors.As(err, &e) || e == nil {
		return &ErrorInfo{Code: fault.Internal, Message: err.Error(), Hint: "this is a bug in reckon; please report it with the request"}
	}
	info := &ErrorInfo{Code: e.Code, Message: e.Msg, Hint: e.Hint, Field: e.Field, Line: e.Line, Fix: e.Fix}
	if e.HasSpan() {
		info.Span = &[2]int{e.Span.Start, e.Span.End}
	}
	return info
}

// inFormula marks an error of the formula's parse or evaluation (package
// expr) as one in the request's "formula" field, with the formula for its
// line:col and span: the JSON contract has always given both for them.
func inFormula(err error, src string) error {
	var e *fault.Error
	if !errors.As(err, &e) || e == nil {
		return err
	}
	c := *e
	if c.Src == "" {
		c.Src = src
	}
	if c.Field == "" {
		c.Field = "formula"
	}
	return &c
}

// spanInFormula gives an error of unit inference or presentation whose
// span points into the formula the formula itself, for its line:col. Its
// field, if any, is its own: such an error has never named one it lacks.
func spanInFormula(err error, src string) error {
	var e *fault.Error
	if !errors.As(err, &e) || e == nil || e.Src != "" || e.Span.Len() == 0 {
		return err
	}
	c := *e
	c.Src = src
	return &c
}

func missing(field, hint string) *fault.Error {
	return &fault.Error{Code: fault.MissingField, Msg: field + " is empty", Hint: hint, Field: field}
}

func fieldErr(code, field, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// clip shortens s for a message.
func clip(s string) string { return clipTo(s, 40) }
