package dates

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/units"
)

// The error codes. Every error the package returns is a [*units.Error], the
// module's one error type, with one of these codes. They are part of the
// JSON contract: a code, once published, keeps its meaning.
// Each code is described once, in package fault.
const (
	// Printed dates.
	CodeBadDate           = fault.BadDate
	CodeAmbiguousDate     = fault.AmbiguousDate
	CodeImpossibleDate    = fault.ImpossibleDate
	CodePeriodNotDate     = fault.PeriodNotDate
	CodeMissingYear       = fault.MissingYear
	CodeTwoDigitYear      = fault.TwoDigitYear
	CodeWeekdayMismatch   = fault.WeekdayMismatch
	CodeOrdinalMismatch   = fault.OrdinalMismatch
	CodeDateOrderMismatch = fault.DateOrderMismatch
	CodeDateOutOfRange    = fault.DateOutOfRange

	// Params and inputs of the operations.
	CodeBadDateOrder    = fault.BadDateOrder
	CodeBadCentury      = fault.BadCentury
	CodeBadDayCount     = fault.BadDayCount
	CodeNoYearBasis     = fault.NoYearBasis
	CodeMissingParam    = fault.MissingParam
	CodeBadParam        = fault.BadParam
	CodeUnknownParam    = fault.UnknownParam
	CodeMissingInput    = fault.MissingInput
	CodeUnusedInput     = fault.UnusedInput
	CodeBadInputUnit    = fault.BadInputUnit
	CodeMissingToday    = fault.TodayNotInjected
	CodeBadToday        = fault.BadToday
	CodeUnknownPhrase   = fault.UnknownPhrase
	CodeAmbiguousPhrase = fault.AmbiguousPhrase
	CodeEmptyRange      = fault.EmptyRange
)

// errorf builds a *units.Error with a code, a hint and a message.
func errorf(code, hint, format string, args ...any) *units.Error {
	return &units.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// asUnits returns err as the *units.Error it is, or nil. Every error the
// package makes is one; anything else would be a programming error, and is
// kept as the message of a bad_date rather than lost.
func asUnits(err error) *units.Error {
	if err == nil {
		return nil
	}
	var e *units.Error
	if errors.As(err, &e) {
		return e
	}
	return errorf(CodeBadDate, "report this as a bug in reckon", "%v", err)
}

// in sets the field of e and returns it.
func in(e *units.Error, field string) *units.Error {
	e.Field = field
	return e
}
