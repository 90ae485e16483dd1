package dates

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestDaysBetweenDuplicateInput: an input given twice is refused, not read
// from the first and the second ignored.
func TestDaysBetweenDuplicateInput(t *testing.T) {
	_, err := DaysBetween{}.Run(operation.Args{Inputs: []operation.Input{
		dateIn("start", "31 March 2003"), dateIn("end", "30 September 2003"), dateIn("start", "1 January 2003"),
	}})
	requireCode(t, fault.UnusedInput, err, "duplicate start")
	_, err = DateRange{}.Run(operation.Args{Today: "2026-11-30", Params: map[string]string{"phrase": "today"},
		Inputs: []operation.Input{dateIn("start", "31 March 2003")}})
	requireCode(t, fault.UnusedInput, err, "an input to date_range")
}

// TestFindYearFirstGluedToAWord: the year of "31-Mar-2003-01-04" is not the
// start of a date 2003-01-04; a date glued by a hyphen to the word before it
// is a piece of a longer code, as one glued to a number is.
func TestFindYearFirstGluedToAWord(t *testing.T) {
	for _, text := range []string{"31-Mar-2003-01-04", "ref Mar-2003-01-04", "batch-2003-01-04"} {
		require.Empty(t, found(Find(text, Options{})), "Find(%q)", text)
	}
	require.Equal(t, []string{"2003-01-04=2003-01-04"}, found(Find("due - 2003-01-04", Options{})))
	require.Equal(t, []string{"2003-01-04=2003-01-04"}, found(Find("due: 2003-01-04", Options{})))
}

// TestFindStartWithoutYearInARange: "31 March" has no year, but joined to a
// complete date by a range word it is the range's start, which the year of
// the end does not give (31 December to 31 March 2003 began in 2002). It is
// a mention that says its year is missing, so that a gate refuses the
// range instead of checking its end alone.
func TestFindStartWithoutYearInARange(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"from 31 March to 30 April 2003", []string{"31 March=error missing_year", "30 April 2003=2003-04-30"}},
		{"the quarter 1 January–31 March 2003", []string{"1 January=error missing_year", "31 March 2003=2003-03-31"}},
		{"March 1 through April 30, 2003", []string{"March 1=error missing_year", "April 30, 2003=2003-04-30"}},
		{"on 31 March they met, and on 2 April 2003 again", []string{"2 April 2003=2003-04-02"}},
		{"between 1 March and 31 March 2003", []string{"1 March=error missing_year", "31 March 2003=2003-03-31"}},
		{"on 1 March and 31 March 2003", []string{"31 March 2003=2003-03-31"}},
	} {
		require.Equal(t, tc.want, found(Find(tc.in, Options{})), "Find(%q)", tc.in)
	}
}

// TestFindDayIsNotATwoDigitYear: with a century, "1 January – 31 March
// 2003" is not 1 January 2031: a two-digit year followed by a month or a
// four-digit year is the day of the next date.
func TestFindDayIsNotATwoDigitYear(t *testing.T) {
	o := Options{Century: 2000}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"the quarter 1 January–31 March 2003", []string{"1 January=error missing_year", "31 March 2003=2003-03-31"}},
		{"1 Jan - 31 Mar 2003", []string{"1 Jan=error missing_year", "31 Mar 2003=2003-03-31"}},
		{"March 1 - 31 2003", nil},
		{"on 31-Mar-03 we", []string{"31-Mar-03=2003-03-31"}},
		{"on 31-Mar-03 2 items", []string{"31-Mar-03=2003-03-31"}},
		{"31-Mar-03 1,234.56", []string{"31-Mar-03=2003-03-31"}},
	} {
		require.Equal(t, tc.want, found(Find(tc.in, o)), "Find(%q)", tc.in)
	}
}
