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

// Error codes. Lexical and syntactic codes come from [Parse]; the rest from
// evaluation. Each code is described once, in package fault.
const (
	CodeEmpty               = fault.Empty
	CodeSyntax              = fault.Syntax
	CodeTrailingInput       = fault.TrailingInput
	CodeUnbalancedParens    = fault.UnbalancedParens
	CodeUnknownFunction     = fault.UnknownFunction
	CodeArity               = fault.Arity
	CodeReservedName        = fault.ReservedName
	CodeAttribute           = fault.Attribute
	CodeIndexing            = fault.Indexing
	CodeKeywordArgument     = fault.KeywordArgument
	CodeUnsupportedOperator = fault.UnsupportedOperator
	CodeExponentLiteral     = fault.ExponentLiteral
	CodeHexLiteral          = fault.HexLiteral
	CodeDigitSeparator      = fault.DigitSeparator
	CodeLeadingZero         = fault.LeadingZero
	CodeBadNumber           = fault.BadNumber
	CodePercentSign         = fault.PercentSign
	CodeStringLiteral       = fault.StringLiteral
	CodeNonASCIIDigit       = fault.NonASCIIDigit
	CodeControlCharacter    = fault.ControlCharacter
	CodeInvalidUTF8         = fault.InvalidUTF8
	CodeNonFinite           = fault.NonFinite
	CodeUnexpectedCharacter = fault.UnexpectedCharacter
	CodeLimitExceeded       = fault.LimitExceeded
	CodeUnboundName         = fault.UnboundName
	CodeDivisionByZero      = fault.DivisionByZero
	CodeArithmetic          = fault.Arithmetic
	CodeInternal            = fault.Internal
	CodeInvalidLimits       = fault.InvalidLimits
)

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
	e := errAt(CodeLimitExceeded, src, start, end,
		fmt.Sprintf("%s %d exceeds the limit of %d", limit, got, maxv),
		"simplify the formula or split it into several calculations")
	e.Exceeded = &Exceeded{Limit: limit, Max: maxv, Got: got}
	return e
}

func quote(s string) string { return strconv.Quote(s) }

func quoteRune(r rune) string { return fmt.Sprintf("%U %s", r, strconv.QuoteRune(r)) }
