package fault

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is the one error type of reckon: every refusal of every package is
// an *Error, so one [errors.As] target gives its code, field, span, message
// and hint, whichever package refused.
//
// The JSON encoding is the contract's error object: code, message, hint,
// and field, span and line when they are known.
type Error struct {
	Code string `json:"code"`           // stable snake_case code, one of the constants of this package
	Msg  string `json:"message"`        // what went wrong, one line, lower-case, no final period
	Hint string `json:"hint,omitempty"` // one line on what to change, written for the model that made the request

	// Field is the request field at fault, as a path from what the
	// function was given: "formula", "inputs[2].display", "output.unit",
	// "rubric.criteria[0].name". Empty when the fault is the whole input.
	Field string `json:"field,omitempty"`

	// Span is the half-open byte range of the text at fault: the formula
	// for a formula's errors (Src holds it), or the text Field names.
	// It is known when it is not empty or when Src is set, since an error
	// at the end of a formula, or in an empty one, has an empty span;
	// see [Error.HasSpan].
	Span Span `json:"span,omitzero"`

	// Line is the 1-based line of a multi-line input the fault is on
	// (the verdict blocks of package scoring), or 0. For a formula the
	// line is computed from Src and Span instead.
	Line int `json:"line,omitempty"`

	// Src is the formula the span points into, kept to print "line:col"
	// and the caret snippet of [Error.Format]; not encoded.
	// Fix is the exact change the hint names, as data, when the refusal
	// knows one: each a request field and the value to give it
	// ({"inputs[0].scale", "million"}). A program that follows it gets a
	// request the document means; a refusal that cannot name one leaves
	// it empty.
	Fix []Fix `json:"fix,omitempty"`

	Src string `json:"-"`

	// Exceeded is set when Code is [LimitExceeded]: which limit, its
	// value and what the input had. Not encoded; Msg says the same.
	Exceeded *Exceeded `json:"-"`
}

// Exceeded says which limit an input went past.
// A Fix is one change a refusal asks for: give Field the value Value.
type Fix struct {
	Field string `json:"field"` // a request field path, as Error.Field spells it: "inputs[0].unit"
	Value string `json:"value"` // the value to give it, as the request spells values
}

type Exceeded struct {
	Limit string // the limit's name, as in "nesting depth"
	Max   int    // its value
	Got   int    // what the input had, or a lower bound when counting stopped early
}

// Error formats e as "field: line:col: message", leaving out the parts that
// are unknown. The position is 1-based, the column counted in bytes, as
// go/scanner and participle print it; with a line and no column (a line of
// verdict blocks) it is "line: message".
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	if line, col := e.Position(); line > 0 {
		b.WriteString(strconv.Itoa(line))
		if col > 0 {
			b.WriteString(":" + strconv.Itoa(col))
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Position returns the 1-based line and column (in bytes) of the start of
// e's span in Src, or Line and 0 when e carries a line but no source, or
// 0, 0 when e has no position.
func (e *Error) Position() (line, col int) {
	if e == nil {
		return 0, 0
	}
	if e.Src == "" {
		return e.Line, 0
	}
	off := min(max(e.Span.Start, 0), len(e.Src))
	line = 1 + strings.Count(e.Src[:off], "\n")
	return line, off - (strings.LastIndexByte(e.Src[:off], '\n') + 1) + 1
}

// HasSpan reports whether e's Span is known: it is not empty, or e
// carries the formula it points into.
func (e *Error) HasSpan() bool { return e != nil && (e.Span.Len() > 0 || e.Src != "") }

// Format returns the error with the offending line of Src, a row of carets
// under the span, and the hint:
//
//	1:1: unknown function "avg"
//	  | avg(a, b)
//	  | ^^^
//	hint: use mean(…) for an arithmetic mean
func (e *Error) Format() string {
	if e == nil {
		return e.Error()
	}
	var b strings.Builder
	b.WriteString(e.Error())
	if src, start := e.Src, e.Span.Start; src != "" && start >= 0 && start <= len(src) {
		ls := strings.LastIndexByte(src[:start], '\n') + 1
		le := strings.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		end := min(max(e.Span.End, start+1), le+1)
		pad := utf8.RuneCountInString(src[ls:start])
		width := max(1, utf8.RuneCountInString(src[start:min(end, le)]))
		fmt.Fprintf(&b, "\n  | %s\n  | %s%s", src[ls:le], strings.Repeat(" ", pad), strings.Repeat("^", width))
	}
	if e.Hint != "" {
		b.WriteString("\nhint: " + e.Hint)
	}
	return b.String()
}

// At sets e's span and returns e, for building an error in one expression.
// A nil e stays nil.
func (e *Error) At(s Span) *Error {
	if e != nil {
		e.Span = s
	}
	return e
}

// In sets e's field and returns e, for building an error in one expression.
// A nil e stays nil.
func (e *Error) In(field string) *Error {
	if e != nil {
		e.Field = field
	}
	return e
}

// Under returns a copy of e whose Field is prefix joined to e's own field:
// Under("inputs[2]") of an error in "display" is in "inputs[2].display", and
// of an error with no field is in "inputs[2]". A function that passes part
// of its input to another package uses it to keep the one path format.
func (e *Error) Under(prefix string) *Error {
	if e == nil {
		return nil
	}
	c := *e
	switch {
	case prefix == "":
	case c.Field == "":
		c.Field = prefix
	case strings.HasPrefix(c.Field, "["):
		c.Field = prefix + c.Field
	default:
		c.Field = prefix + "." + c.Field
	}
	return &c
}
