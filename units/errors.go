package units

import (
	"fmt"

	"github.com/reckonhq/reckon/expr"
)

// The error codes. They are part of the JSON contract: a code, once
// published, keeps its meaning, and callers may branch on it.
const (
	// Printed numbers.
	CodeBadNumber          = "bad_number"          // not a number as printed: empty, a dash, n/a, an exponent, stray text
	CodeBadGrouping        = "bad_grouping"        // digit groups that are neither Western (1,234,567) nor Indian (12,34,567)
	CodeEuropeanSeparators = "european_separators" // a decimal comma or dot grouping such as 1.234,5
	CodeScaleConflict      = "scale_conflict"      // a scale word printed in the number disagrees with the scale field
	CodeSymbolMismatch     = "symbol_mismatch"     // a printed symbol, code or % sign disagrees with the unit field

	// Scales and units.
	CodeUnknownScale    = "unknown_scale"    // a scale word not in the table
	CodeUnknownUnit     = "unknown_unit"     // a unit that is neither a keyword nor an ISO 4217 code
	CodeAmbiguousSymbol = "ambiguous_symbol" // a currency symbol shared by several currencies, such as $

	// Dimensions, found before anything is evaluated.
	CodeUnknownInput          = "unknown_input"          // a formula name with no unit to infer from
	CodeCurrencyMismatch      = "currency_mismatch"      // two currencies added, subtracted or compared
	CodeUnitMismatch          = "unit_mismatch"          // two different dimensions added, subtracted or compared
	CodeDimensionlessMismatch = "dimensionless_mismatch" // two inputs of different dimensionless units added or subtracted
	CodeUnsupportedDimension  = "unsupported_dimension"  // a product or quotient reckon does not model, such as USD×USD
	CodeOutputUnitMismatch    = "output_unit_mismatch"   // the requested output unit contradicts the inferred one
	CodeDoublePercent         = "double_percent"         // a formula that multiplies by 100 and also asks for percent
	CodeLiteralBesidePercent  = "literal_beside_percent" // a literal other than 0 or 1 added to, subtracted from or compared with a percent, pp or bp value

	// Presentation and periods.
	CodeBadRounding    = "bad_rounding"        // an unknown rounding mode
	CodeBadPlaces      = "bad_places"          // negative places, or more than the arithmetic can hold
	CodeBadGroupingOpt = "bad_grouping_option" // an unknown digit-grouping style
	CodePeriodMismatch = "period_mismatch"     // inputs from different periods when one period is required
)

// Error is the one error type the package returns. Every error has a stable
// Code, a lower-case Msg, and a Hint a model can act on; Span and Field say
// where the problem is when that is known.
type Error struct {
	Code string    // stable snake_case code, one of the Code constants
	Msg  string    // what went wrong, lower-case, no final period
	Hint string    // one sentence on how to fix the request
	Span expr.Span // the sub-expression involved; empty (Len 0) when none
	// Field names the request field at fault, relative to what the
	// function was given: "display", "unit" or "scale" of an input (callers
	// prefix "inputs[2]."), an input name, or "output.unit" and the like.
	Field string
}

// Error formats e as "field: start:end: msg", leaving out the parts that are
// unknown.
func (e *Error) Error() string {
	s := e.Msg
	if e.Span.Len() > 0 {
		s = e.Span.String() + ": " + s
	}
	if e.Field != "" {
		s = e.Field + ": " + s
	}
	return s
}

// errorf builds an *Error without position; at and in add one.
func errorf(code, hint, format string, args ...any) *Error {
	return &Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// at sets the span of e and returns it.
func (e *Error) at(s expr.Span) *Error { e.Span = s; return e }

// in sets the field of e and returns it.
func (e *Error) in(field string) *Error { e.Field = field; return e }
