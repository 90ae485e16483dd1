package expr

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Code is a stable, snake_case name for a kind of error. Codes never change
// meaning; programs and models branch on them.
type Code string

// Error codes. Lexical and syntactic codes come from [Parse]; the rest from
// evaluation.
const (
	CodeEmpty               Code = "empty"                // the formula has no tokens
	CodeSyntax              Code = "syntax"               // tokens in an order the grammar does not allow
	CodeTrailingInput       Code = "trailing_input"       // a complete formula followed by more tokens
	CodeUnbalancedParens    Code = "unbalanced_parens"    // a "(" without ")" or the reverse
	CodeUnknownFunction     Code = "unknown_function"     // a call of anything but abs, min, max, mean
	CodeArity               Code = "arity"                // a call with the wrong number of arguments
	CodeReservedName        Code = "reserved_name"        // a function name used as an input name
	CodeAttribute           Code = "attribute"            // a.b
	CodeIndexing            Code = "indexing"             // a[0]
	CodeKeywordArgument     Code = "keyword_argument"     // min(a=1)
	CodeUnsupportedOperator Code = "unsupported_operator" // **, ^, =, <, …
	CodeExponentLiteral     Code = "exponent_literal"     // 1e5
	CodeHexLiteral          Code = "hex_literal"          // 0x1F, 0o17, 0b101
	CodeDigitSeparator      Code = "digit_separator"      // 1_000
	CodeLeadingZero         Code = "leading_zero"         // 007, and the 000 of max(1,000)
	CodeBadNumber           Code = "bad_number"           // .5, 5., 1.2.3, 2x
	CodePercentSign         Code = "percent_sign"         // 12%
	CodeStringLiteral       Code = "string_literal"       // "a", 'a'
	CodeNonASCIIDigit       Code = "non_ascii_digit"      // ٣, ３
	CodeControlCharacter    Code = "control_character"    // NUL, ESC, bidi overrides, …
	CodeInvalidUTF8         Code = "invalid_utf8"         // bytes that are not UTF-8
	CodeNonFinite           Code = "non_finite"           // inf, nan
	CodeUnexpectedCharacter Code = "unexpected_character" // anything else outside the alphabet
	CodeLimitExceeded       Code = "limit_exceeded"       // a [Limits] value was exceeded
	CodeUnboundName         Code = "unbound_name"         // evaluation found no value for a name
	CodeDivisionByZero      Code = "division_by_zero"     // x / 0
	CodeArithmetic          Code = "arithmetic"           // apd refused an operation (overflow, underflow)
	CodeInternal            Code = "internal"             // a bug in reckon; please report it
	CodeInvalidLimits       Code = "invalid_limits"       // a Limits value outside its range
)

// Error is the error every function in this package returns. Use [errors.As]
// to get at its fields.
type Error struct {
	Code Code   // what went wrong, stable
	Span Span   // the bytes of the formula involved; zero when none
	Msg  string // one line, lower-case, no final period
	Hint string // what to change, written for the model that wrote the formula
	Src  string // the formula, for [Error.Format]; may be empty

	// Exceeded is set when Code is CodeLimitExceeded.
	Exceeded *Exceeded
}

// Exceeded says which limit an input went past.
type Exceeded struct {
	Limit string // the limit's name, as in "nesting depth"
	Max   int    // its value
	Got   int    // what the input had, or a lower bound when counting stopped early
}

// Error returns "line:col: message", the column counted in bytes from 1.
func (e *Error) Error() string {
	if e.Src == "" && e.Span == (Span{}) {
		return e.Msg
	}
	line, col := lineCol(e.Src, e.Span.Start)
	return fmt.Sprintf("%d:%d: %s", line, col, e.Msg)
}

// Format returns the error with the offending line of the formula, a row of
// carets under the span, and the hint:
//
//	1:1: unknown function "avg"
//	  | avg(a, b)
//	  | ^^^
//	hint: use mean(…) for an arithmetic mean
func (e *Error) Format() string {
	var b strings.Builder
	b.WriteString(e.Error())
	if e.Src != "" && e.Span.Start <= len(e.Src) {
		ls := strings.LastIndexByte(e.Src[:e.Span.Start], '\n') + 1
		le := strings.IndexByte(e.Src[ls:], '\n')
		if le < 0 {
			le = len(e.Src)
		} else {
			le += ls
		}
		end := min(max(e.Span.End, e.Span.Start+1), le+1)
		pad := utf8.RuneCountInString(e.Src[ls:e.Span.Start])
		width := max(1, utf8.RuneCountInString(e.Src[e.Span.Start:min(end, le)]))
		fmt.Fprintf(&b, "\n  | %s\n  | %s%s", e.Src[ls:le], strings.Repeat(" ", pad), strings.Repeat("^", width))
	}
	if e.Hint != "" {
		b.WriteString("\nhint: " + e.Hint)
	}
	return b.String()
}

func lineCol(src string, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	line = 1 + strings.Count(src[:off], "\n")
	return line, off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
}

func errAt(code Code, src string, start, end int, msg, hint string) *Error {
	return &Error{Code: code, Span: Span{start, end}, Msg: msg, Hint: hint, Src: src}
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
