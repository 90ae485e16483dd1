package dates

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// TestDayCountVectors runs every case of testdata/daycount.txt.
func TestDayCountVectors(t *testing.T) {
	for _, v := range readVectors(t, "daycount.txt", 3) {
		t.Run(v.id, func(t *testing.T) {
			c, err := ParseDayCount(v.cols[0])
			require.NoError(t, err, "line %d", v.line)
			start, end := mustISO(t, v.cols[1]), mustISO(t, v.cols[2])
			want := strings.Fields(v.want)
			require.Equal(t, want[0], strconv.Itoa(c.Days(start, end)), "line %d: %s Days(%s, %s)", v.line, c, start, end)
			f, exact, err := c.YearFraction(start, end)
			if want[1] == "-" {
				var e *fault.Error
				require.True(t, errors.As(err, &e), "line %d: YearFraction of actual", v.line)
				require.Equal(t, fault.NoYearBasis, e.Code)
				return
			}
			require.NoError(t, err, "line %d", v.line)
			require.Equal(t, want[1], expr.Plain(f), "line %d: %s YearFraction(%s, %s)", v.line, c, start, end)
			require.Equal(t, len(want) == 3, !exact, "line %d: inexact", v.line)
		})
	}
}

// TestDayCountAntisymmetric checks that every convention counts a range
// backwards as the negative of forwards, over month ends, February ends and
// leap days.
func TestDayCountAntisymmetric(t *testing.T) {
	var ds []Date
	for _, y := range []int{2023, 2024} {
		for m := 1; m <= 12; m++ {
			for _, d := range []int{1, 15, 28, 29, 30, 31} {
				if v, err := New(y, m, d); err == nil {
					ds = append(ds, v)
				}
			}
		}
	}
	for c := Actual; c <= Actual360; c++ {
		for _, a := range ds {
			for _, b := range ds {
				require.Equal(t, -c.Days(a, b), c.Days(b, a), "%s between %s and %s", c, a, b)
			}
		}
	}
}

// TestParseDayCount checks the names and aliases, and the refusal.
func TestParseDayCount(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"actual", "actual"}, {"ACT", "actual"}, {"30/360", "30/360"}, {"30U/360", "30/360"},
		{"30e/360", "30E/360"}, {"Actual/365F", "actual/365F"}, {"act/365 fixed", "actual/365F"},
		{"act/360", "actual/360"}, {" actual/360 ", "actual/360"},
	} {
		c, err := ParseDayCount(tc.in)
		require.NoError(t, err, "ParseDayCount(%q)", tc.in)
		require.Equal(t, tc.want, c.String(), "ParseDayCount(%q)", tc.in)
		again, err := ParseDayCount(c.String())
		require.NoError(t, err)
		require.Equal(t, c, again, "the canonical name %q reads back", c)
	}
	for _, in := range []string{"", "actual/actual", "30/365", "bond basis", "actual/365"} {
		_, err := ParseDayCount(in)
		var e *fault.Error
		require.True(t, errors.As(err, &e), "ParseDayCount(%q)", in)
		require.Equal(t, fault.BadDayCount, e.Code, "ParseDayCount(%q)", in)
		require.Contains(t, e.Hint, "30E/360")
	}
}

func mustISO(t testing.TB, s string) Date {
	t.Helper()
	d, err := ParseISO(s)
	require.NoError(t, err, "ParseISO(%q)", s)
	return d
}
