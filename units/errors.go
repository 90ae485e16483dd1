package units

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// The error codes. They are part of the JSON contract: a code, once
// published, keeps its meaning, and callers may branch on it.
// Each code is described once, in package fault.
const (
	// Printed numbers.
	CodeBadNumber          = fault.BadNumber
	CodeBadGrouping        = fault.BadGrouping
	CodeEuropeanSeparators = fault.EuropeanSeparators
	CodeScaleConflict      = fault.ScaleConflict
	CodeSymbolMismatch     = fault.SymbolMismatch

	// Scales and units.
	CodeUnknownScale    = fault.UnknownScale
	CodeUnknownUnit     = fault.UnknownUnit
	CodeAmbiguousSymbol = fault.AmbiguousSymbol

	// Dimensions, found before anything is evaluated.
	CodeUnknownInput          = fault.UnknownInput
	CodeCurrencyMismatch      = fault.CurrencyMismatch
	CodeUnitMismatch          = fault.UnitMismatch
	CodeDimensionlessMismatch = fault.DimensionlessMismatch
	CodeUnsupportedDimension  = fault.UnsupportedDimension
	CodeOutputUnitMismatch    = fault.OutputUnitMismatch
	CodeDoublePercent         = fault.DoublePercent
	CodeLiteralBesidePercent  = fault.LiteralBesidePercent

	// Presentation and periods.
	CodeBadRounding    = fault.BadRounding
	CodeBadPlaces      = fault.BadPlaces
	CodeBadGroupingOpt = fault.BadGroupingOption
	CodePeriodMismatch = fault.PeriodMismatch
)

// Error is the one error type the package returns: reckon's one error type,
// [fault.Error]. Every error has a stable Code, a lower-case Msg, and a
// Hint a model can act on; Span and Field say where the problem is when
// that is known. Field is relative to what the function was given:
// "display", "unit" or "scale" of an input (callers prefix "inputs[2]."),
// an input name, or "output.unit" and the like.
type Error = fault.Error

// errorf builds an *Error without position; at and in add one.
func errorf(code, hint, format string, args ...any) *Error {
	return &Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
