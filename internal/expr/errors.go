package expr

import (
	"fmt"
	"strconv"

	"github.com/reckonhq/reckon/fault"
)

// Code is a stable, snake_case name for a kind of error: a plain string, as
// the Code of every reckon error is. Codes never change meaning; programs
// and models branch on them.
type Code = string

// Error is the error every function in this package returns: reckon's one
// error type, [fault.Error]. Use [errors.As] to get at its fields; Src
// holds the formula, so Error() prints "line:col: message" and
// [fault.Error.Format] shows the formula with carets under the span.
type Error = fault.Error

// Exceeded says which limit an input went past.
type Exceeded = fault.Exceeded

func errAt(code Code, src string, start, end int, msg, hint string) *Error {
	return &Error{Code: code, Span: Span{Start: start, End: end}, Msg: msg, Hint: hint, Src: src}
}

func limitAt(src string, start, end int, limit string, maxv, got int) *Error {
	e := errAt(fault.LimitExceeded, src, start, end,
		fmt.Sprintf("%s %d exceeds the limit of %d", limit, got, maxv),
		"simplify the formula or split it into several calculations")
	e.Exceeded = &Exceeded{Limit: limit, Max: maxv, Got: got}
	return e
}

func quote(s string) string { return strconv.Quote(s) }

func quoteRune(r rune) string { return fmt.Sprintf("%U %s", r, strconv.QuoteRune(r)) }
