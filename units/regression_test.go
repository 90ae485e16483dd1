package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// These cases were each once answered with a wrong number and no error.

func TestDecimalCommaAfterZeroIsRefused(t *testing.T) {
	eur, err := ParseUnit("EUR")
	require.NoError(t, err)
	for _, display := range []string{"0,125", "-0,500", "(0,250)", "00,125", "€0,125"} {
		_, err := ParseAmount(display, eur, numeral.Ones)
		var e *fault.Error
		require.ErrorAs(t, err, &e, "ParseAmount(%q)", display)
		require.Equal(t, fault.EuropeanSeparators, e.Code, "ParseAmount(%q): a group of zeros is a decimal comma", display)
	}
	a, err := ParseAmount("10,125", eur, numeral.Ones)
	require.NoError(t, err)
	require.Equal(t, "10125", a.Value.String())
}

func TestHundredIsCaughtWhereverItStands(t *testing.T) {
	usd, err := ParseUnit("USD")
	require.NoError(t, err)
	unitOf := func(string) (Unit, bool) { return usd, true }
	for _, src := range []string{"a / b * 100", "100 * a / b", "a * 100 / b", "(100 * a) / b", "a / b / 0.01"} {
		f := expr.MustParse(src)
		d, err := Infer(f.Root, unitOf)
		require.NoError(t, err, src)
		for _, out := range []Output{{Unit: "percent"}, {Unit: "pp"}, {}} {
			_, err := Resolve(out, d)
			var e *fault.Error
			require.ErrorAs(t, err, &e, "%s with output %+v", src, out)
			require.Equal(t, fault.DoublePercent, e.Code, "%s with output %+v", src, out)
			require.NotZero(t, e.Span.Len(), "the error points at the × 100")
		}
		_, err = Resolve(Output{Unit: "number"}, d)
		require.NoError(t, err, "%s: asking for a plain number is explicit", src)
	}
	// A currency times 100 that stays a currency is no percentage.
	f := expr.MustParse("a * 100")
	d, err := Infer(f.Root, unitOf)
	require.NoError(t, err)
	_, err = Resolve(Output{}, d)
	require.NoError(t, err)
}

func TestYearsThatCannotConvertExactlyAreRefused(t *testing.T) {
	_, err := ParseAmount("1.234567890123456789012345678901237", Years, numeral.Ones)
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadNumber, e.Code)

	a, err := ParseAmount("2.5", Years, numeral.Ones)
	require.NoError(t, err)
	require.Equal(t, "30.0", a.Value.String())
}

func TestPresentFlagsAnInexactConversion(t *testing.T) {
	perMonth, err := ParseUnit("USD/months")
	require.NoError(t, err)
	exact, _, err := apd.NewFromString("123456789012345678901234567.8901237")
	require.NoError(t, err)
	p, err := Present(exact, Dim{Unit: perMonth}, Output{Unit: "USD/years"})
	require.NoError(t, err)
	require.True(t, p.Inexact, "×12 to a per-year figure rounds at 34 digits, and says so")
}

func TestCountNounsThatReadAsScalesAreRefused(t *testing.T) {
	for _, u := range []string{"count:b", "count:B", "count:k", "count:m", "count:lakhs", "count:crores", "count:bs"} {
		_, err := ParseUnit(u)
		var e *fault.Error
		require.ErrorAs(t, err, &e, u)
		require.Equal(t, fault.UnknownUnit, e.Code, u)
	}
	for _, u := range []string{"count:units", "count:tweets", "count:documents", "count:ms-degrees"} {
		_, err := ParseUnit(u)
		require.NoError(t, err, u)
	}
}

func TestPeriodsCollapseWhiteSpace(t *testing.T) {
	got, err := Periods(map[string]string{"a": "year ended  31 March\t2003", "b": " year ended 31 March 2003 ", "c": "FY2021"}, false)
	require.NoError(t, err)
	require.Equal(t, []string{"FY2021", "year ended 31 March 2003"}, got)
}

// TestSamePeriodRefusesBlank: a blank period satisfied same_period: true,
// so an input of any year could join a same-year calculation unchecked.
func TestSamePeriodRefusesBlank(t *testing.T) {
	tests := []struct {
		name    string
		in      map[string]string
		blank   string // the input the error names
		reasons string
	}{
		{"one blank", map[string]string{"revenue": "FY2021", "debt": ""}, "debt", "the issue's case"},
		{"spaces only", map[string]string{"revenue": "FY2021", "debt": "  "}, "debt", "white space is blank"},
		{"all blank", map[string]string{"a": "", "b": ""}, "a", "no input shows its period"},
		{"single blank", map[string]string{"a": ""}, "a", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Periods(tc.in, true)
			var e *fault.Error
			require.ErrorAs(t, err, &e, "(%s)", tc.reasons)
			require.Equal(t, fault.PeriodMismatch, e.Code)
			require.Equal(t, tc.blank, e.Field)
			require.Contains(t, e.Hint, "give every input its period")
			_, err = Periods(tc.in, false)
			require.NoError(t, err, "without same_period a blank period is fine")
		})
	}
}
