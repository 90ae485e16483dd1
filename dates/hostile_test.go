package dates

import (
	"testing"

	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestDaysBetweenDuplicateInput: an input given twice is refused, not read
// from the first and the second ignored.
func TestDaysBetweenDuplicateInput(t *testing.T) {
	_, err := DaysBetween{}.Run(operation.Args{Inputs: []operation.Input{
		dateIn("start", "31 March 2003"), dateIn("end", "30 September 2003"), dateIn("start", "1 January 2003"),
	}})
	requireCode(t, CodeUnusedInput, err, "duplicate start")
	_, err = DateRange{}.Run(operation.Args{Today: "2026-11-30", Params: map[string]string{"phrase": "today"},
		Inputs: []operation.Input{dateIn("start", "31 March 2003")}})
	requireCode(t, CodeUnusedInput, err, "an input to date_range")
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
