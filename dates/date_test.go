package dates

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestDateAgainstTime checks the civil arithmetic against the standard
// library's, which the package itself does not use, on every day of four
// centuries and the ends of the range: ordinal differences, the inverse,
// weekdays and the days of each month.
func TestDateAgainstTime(t *testing.T) {
	check := func(tt time.Time) {
		d, err := New(tt.Year(), int(tt.Month()), tt.Day())
		days := int(tt.Unix() / 86400) // Sub would overflow a Duration past 2262
		last := time.Date(tt.Year(), tt.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
		// Plain comparisons first: require's reflection over 150,000 days
		// would take seconds.
		if err != nil || d.String() != tt.Format(time.DateOnly) || d.ordinal() != days ||
			fromOrdinal(days) != d || d.weekday() != int(tt.Weekday()) || DaysIn(d.Year(), d.Month()) != last {
			require.NoError(t, err, "New(%s)", tt.Format(time.DateOnly))
			require.Equal(t, tt.Format(time.DateOnly), d.String())
			require.Equal(t, days, d.ordinal(), "ordinal of %s", d)
			require.Equal(t, d, fromOrdinal(days), "fromOrdinal(%d)", days)
			require.Equal(t, int(tt.Weekday()), d.weekday(), "weekday of %s", d)
			require.Equal(t, last, DaysIn(d.Year(), d.Month()), "days in the month of %s", d)
		}
	}
	for tt := time.Date(1899, 12, 1, 0, 0, 0, 0, time.UTC); tt.Year() < 2301; tt = tt.AddDate(0, 0, 1) {
		check(tt)
	}
	for tt := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC); tt.Year() < 3; tt = tt.AddDate(0, 0, 1) {
		check(tt)
	}
	for tt := time.Date(9998, 1, 1, 0, 0, 0, 0, time.UTC); tt.Year() < 10000; tt = tt.AddDate(0, 0, 1) {
		check(tt)
	}
}

func TestLeapYears(t *testing.T) {
	for _, tc := range []struct {
		year int
		leap bool
	}{{2024, true}, {2023, false}, {2000, true}, {1900, false}, {2100, false}, {2400, true}, {4, true}, {1, false}} {
		require.Equal(t, tc.leap, IsLeap(tc.year), "IsLeap(%d)", tc.year)
		_, err := New(tc.year, 2, 29)
		require.Equal(t, tc.leap, err == nil, "New(%d, 2, 29): %v", tc.year, err)
	}
}

func TestAddMonths(t *testing.T) {
	for _, tc := range []struct {
		name, from string
		n          int
		want       string
	}{
		{"clamped into a leap February", "2024-01-31", 1, "2024-02-29"},
		{"clamped into a common February", "2023-03-31", -1, "2023-02-28"},
		{"a year of months", "2024-02-29", 12, "2025-02-28"},
		{"across a year end", "2026-11-30", 2, "2027-01-30"},
		{"backwards across a year end", "2026-01-15", -3, "2025-10-15"},
		{"none", "2003-03-31", 0, "2003-03-31"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := mustISO(t, tc.from).AddMonths(tc.n)
			require.NoError(t, err)
			require.Equal(t, tc.want, d.String())
		})
	}
	for _, tc := range []struct {
		from string
		n    int
	}{{"9999-12-01", 1}, {"0001-01-31", -1}, {"2026-01-01", 1 << 40}, {"2026-01-01", -1 << 40}} {
		_, err := mustISO(t, tc.from).AddMonths(tc.n)
		requireCode(t, fault.DateOutOfRange, err, "AddMonths(%s, %d)", tc.from, tc.n)
	}
}

func TestAddDays(t *testing.T) {
	d, err := mustISO(t, "2024-02-28").AddDays(2)
	require.NoError(t, err)
	require.Equal(t, "2024-03-01", d.String())
	d, err = mustISO(t, "2026-11-30").AddDays(-9)
	require.NoError(t, err)
	require.Equal(t, "2026-11-21", d.String())
	for _, tc := range []struct {
		from string
		n    int
	}{{"9999-12-31", 1}, {"0001-01-01", -1}, {"2026-01-01", 1 << 62}, {"2026-01-01", -1 << 62}} {
		_, err := mustISO(t, tc.from).AddDays(tc.n)
		requireCode(t, fault.DateOutOfRange, err, "AddDays(%s, %d)", tc.from, tc.n)
	}
}

func TestParseISO(t *testing.T) {
	for _, in := range []string{"2026-11-30", "0001-01-01", "9999-12-31", "2024-02-29"} {
		d, err := ParseISO(in)
		require.NoError(t, err, "ParseISO(%q)", in)
		require.Equal(t, in, d.String())
	}
	for _, tc := range []struct{ in, code string }{
		{"2026-11-31", fault.ImpossibleDate}, {"2023-02-29", fault.ImpossibleDate}, {"0000-01-01", fault.DateOutOfRange},
		{"2026-1-30", fault.BadDate}, {"30 November 2026", fault.BadDate}, {"2026-11-30 ", fault.BadDate},
		{"+026-11-30", fault.BadDate}, {"", fault.BadDate}, {"2026/11/30", fault.BadDate},
	} {
		_, err := ParseISO(tc.in)
		requireCode(t, tc.code, err, "ParseISO(%q)", tc.in)
	}
}

func TestDateText(t *testing.T) {
	var d Date
	require.NoError(t, d.UnmarshalText([]byte("2003-03-31")))
	b, err := d.MarshalText()
	require.NoError(t, err)
	require.Equal(t, "2003-03-31", string(b))
	require.Error(t, d.UnmarshalText([]byte("31 March 2003")), "UnmarshalText reads ISO 8601 only")
	require.True(t, Date{}.IsZero())
	require.Equal(t, "0000-00-00", Date{}.String())
	require.Equal(t, 0, d.Compare(MustNew(2003, 3, 31)))
	require.True(t, d.Before(MustNew(2003, 4, 1)) && d.After(MustNew(2003, 3, 30)))
	require.Panics(t, func() { MustNew(2023, 2, 29) })
}

// requireCode requires err to be a *fault.Error with the code and a hint.
func requireCode(t testing.TB, code string, err error, format string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	var e *fault.Error
	require.True(t, errors.As(err, &e), "%s: want error %s, got %v", what, code, err)
	require.Equal(t, code, e.Code, "%s: %v", what, err)
	require.NotEmpty(t, e.Hint, "%s: hint", what)
}

// hintOf returns the hint of a *fault.Error, or "".
func hintOf(err error) string {
	var e *fault.Error
	if errors.As(err, &e) {
		return e.Hint
	}
	return ""
}
