package dates

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/units"
)

// The error codes. Every error the package returns is a [*units.Error], the
// module's one error type, with one of these codes. They are part of the
// JSON contract: a code, once published, keeps its meaning.
const (
	// Printed dates.
	CodeBadDate           = "bad_date"            // not a date in any printed form the reader knows
	CodeAmbiguousDate     = "ambiguous_date"      // a numeric date such as 03/04/2023 with no date_order
	CodeImpossibleDate    = "impossible_date"     // a day or month that does not exist: 31 February, 29 February 2023, month 13
	CodePeriodNotDate     = "period_not_date"     // a period label (FY2024, Q3 2024, H1 2024, March 2003, 2024) where a date belongs
	CodeMissingYear       = "missing_year"        // a day and month with no year, such as 31 March
	CodeTwoDigitYear      = "two_digit_year"      // a two-digit year (31-Mar-03) with no century param
	CodeWeekdayMismatch   = "weekday_mismatch"    // a printed weekday that the date does not fall on
	CodeOrdinalMismatch   = "ordinal_mismatch"    // an ordinal suffix that does not go with its day: 1nd, 3st, 11st
	CodeDateOrderMismatch = "date_order_mismatch" // a numeric date whose digits cannot be in the date_order given
	CodeDateOutOfRange    = "date_out_of_range"   // a date, or a date reached by counting, outside 0001-01-01 to 9999-12-31

	// Params and inputs of the operations.
	CodeBadDateOrder    = "bad_date_order"     // date_order is not DMY, MDY or YMD
	CodeBadCentury      = "bad_century"        // century is not a multiple of 100 from 100 to 9900
	CodeBadDayCount     = "bad_day_count"      // day_count names no convention the package knows
	CodeNoYearBasis     = "no_year_basis"      // a year fraction asked of the actual convention, which has no year
	CodeMissingParam    = "missing_param"      // a param the operation needs is absent or empty
	CodeBadParam        = "bad_param"          // a param value the operation cannot use, such as inclusive with 30/360
	CodeUnknownParam    = "unknown_param"      // a param the operation does not take (a typo would otherwise be ignored)
	CodeMissingInput    = "missing_input"      // an input the operation needs is absent
	CodeUnusedInput     = "unused_input"       // an input the operation does not take
	CodeBadInputUnit    = "bad_input_unit"     // a date input whose unit is not date, or that has a scale
	CodeMissingToday    = "today_not_injected" // date_range, or a days_between input "today", with no injected today
	CodeBadToday        = "bad_today"          // the injected today is not a YYYY-MM-DD date
	CodeUnknownPhrase   = "unknown_phrase"     // a relative phrase outside the grammar
	CodeAmbiguousPhrase = "ambiguous_phrase"   // a phrase English reads two ways, such as "the last month"
	CodeEmptyRange      = "empty_range"        // a range that would end before it starts, such as since a date after today
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
