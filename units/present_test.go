package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// dec parses a decimal for the tests.
func dec(t testing.TB, s string) *apd.Decimal {
	t.Helper()
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), s)
	require.NoError(t, err)
	return d
}

func TestPresent(t *testing.T) {
	tests := []struct {
		name     string
		exact    string // canonical
		inferred string // the inferred unit
		out      Output
		value    string
		display  string
		reason   string
	}{
		{"usd", "8367277000", "USD", Output{}, "8367277000", "$8,367,277,000", ""},
		{"usd millions", "8367277000", "USD", Output{Scale: "mn"}, "8367.277", "$8,367.277 million", "scale applied once"},
		{"eur", "-1234.5", "EUR", Output{Places: places(2)}, "-1234.50", "-€1,234.50", ""},
		{"gbp", "0.5", "GBP", Output{}, "0.5", "£0.5", ""},
		{"chf", "1234.5", "CHF", Output{Places: places(2)}, "1234.50", "1,234.50 CHF", "other codes follow the number"},
		{"jpy", "1234567", "JPY", Output{}, "1234567", "1,234,567 JPY", "¥ is ambiguous, so JPY is spelt out"},
		{"inr indian", "123456789", "INR", Output{Grouping: "indian"}, "123456789", "₹12,34,56,789", ""},
		{"inr crore", "123456789", "INR", Output{Scale: "crore", Places: places(2)}, "12.35", "₹12.35 crore", ""},
		{"ratio", "1.3437", "ratio", Output{Places: places(3)}, "1.344", "1.344×", ""},
		{"percent", "0.358208955", "ratio", Output{Unit: "percent", Places: places(3)}, "35.821", "35.821%", ""},
		{"pp", "0.024", "percent", Output{Unit: "pp"}, "2.4", "2.4 pp", ""},
		{"bp", "0.0025", "percent", Output{Unit: "bp"}, "25", "25 bp", ""},
		{"number", "1234.5", "number", Output{}, "1234.5", "1,234.5", ""},
		{"count", "41", "count", Output{}, "41", "41", "a bare count has no noun"},
		{"tweets", "41", "count:tweets", Output{}, "41", "41 tweets", ""},
		{"one tweet", "1", "count:tweets", Output{}, "1", "1 tweet", ""},
		{"companies", "1", "count:companies", Output{}, "1", "1 company", ""},
		{"days", "3", "days", Output{}, "3", "3 days", ""},
		{"years from months", "18", "months", Output{Unit: "years"}, "1.5", "1.5 years", ""},
		{"per share", "2.5", "USD/count:shares", Output{}, "2.5", "$2.5 per share", ""},
		{"per day", "2.5", "count:tweets/days", Output{}, "2.5", "2.5 tweets per day", ""},
		{"negative zero", "-0", "USD", Output{}, "0", "$0", "-0 prints as 0"},
		{"rounds to zero", "-0.0001", "USD", Output{Places: places(2)}, "0.00", "$0.00", ""},
		{"no exponent", "1E+10", "number", Output{}, "10000000000", "10,000,000,000", ""},
		{"tiny", "1E-20", "number", Output{}, "0.00000000000000000001", "0.00000000000000000001", ""},
		{"trailing zeros", "1.500", "number", Output{}, "1.5", "1.5", "Exact drops trailing zeros"},
		{"places pads", "1.5", "number", Output{Places: places(3)}, "1.500", "1.500", ""},
		{"zero places", "2.5", "number", Output{Places: places(0)}, "2", "2", "half_even"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Present(dec(t, tc.exact), Dim{Unit: mustUnit(t, tc.inferred)}, tc.out)
			require.NoError(t, err, "(%s)", tc.reason)
			require.Equal(t, tc.value, p.Value, "value (%s)", tc.reason)
			require.Equal(t, tc.display, p.Display, "display (%s)", tc.reason)
		})
	}
}

func TestPresentRounding(t *testing.T) {
	tests := []struct {
		mode             string
		up, down, halfup string // 2.345, -2.345 and 2.355 to two places
	}{
		{"", "2.34", "-2.34", "2.36"},
		{"half_even", "2.34", "-2.34", "2.36"},
		{"half_up", "2.35", "-2.35", "2.36"},
		{"down", "2.34", "-2.34", "2.35"},
		{"up", "2.35", "-2.35", "2.36"},
		{"floor", "2.34", "-2.35", "2.35"},
		{"ceiling", "2.35", "-2.34", "2.36"},
		{"HALF_UP", "2.35", "-2.35", "2.36"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			out := Output{Rounding: tc.mode, Places: places(2)}
			for in, want := range map[string]string{"2.345": tc.up, "-2.345": tc.down, "2.355": tc.halfup} {
				p, err := Present(dec(t, in), Dim{Unit: Number}, out)
				require.NoError(t, err)
				require.Equal(t, want, p.Value, "%s rounded %s", in, tc.mode)
				require.Equal(t, in, p.Exact, "Exact is not rounded")
			}
		})
	}
}

func TestPresentRecord(t *testing.T) {
	p, err := Present(dec(t, "7"), Dim{Unit: Months}, Output{Unit: "years", Scale: "", Places: places(4)})
	require.NoError(t, err)
	require.Equal(t, Presented{
		Exact: "0.5833333333333333333333333333333333…", Value: "0.5833", Unit: "years", Scale: "",
		Rounding: "half_even", Places: places(4), Display: "0.5833 years", Inexact: true,
	}, p, "months to years may round, and says so")

	p, err = Present(dec(t, "7"), Dim{Unit: Number}, Output{Rounding: "up"})
	require.NoError(t, err)
	require.Equal(t, "", p.Rounding, "no places, no rounding recorded")
	require.Nil(t, p.Places)
	require.False(t, p.Inexact)
}

func TestPresentErrors(t *testing.T) {
	tests := []struct {
		name     string
		exact    string
		inferred string
		out      Output
		code     string
		field    string
	}{
		{"rounding", "1", "number", Output{Rounding: "bankers", Places: places(2)}, fault.BadRounding, "output.rounding"},
		{"negative places", "1", "number", Output{Places: places(-1)}, fault.BadPlaces, "output.places"},
		{"too many places", "1", "number", Output{Places: places(35)}, fault.BadPlaces, "output.places"},
		{"places beyond precision", "1E+30", "number", Output{Places: places(10)}, fault.BadPlaces, "output.places"},
		{"scale", "1", "USD", Output{Scale: "zillion"}, fault.UnknownScale, "output.scale"},
		{"unit", "1", "USD", Output{Unit: "dollars"}, fault.UnknownUnit, "output.unit"},
		{"mismatch", "1", "USD", Output{Unit: "INR"}, fault.OutputUnitMismatch, "output.unit"},
		{"grouping", "1", "USD", Output{Grouping: "chinese"}, fault.BadGroupingOption, "output.grouping"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Present(dec(t, tc.exact), Dim{Unit: mustUnit(t, tc.inferred)}, tc.out)
			require.Equal(t, tc.code, codeOf(t, err), "%v", err)
			require.Equal(t, tc.field, fieldOf(t, func() error { return err }))
		})
	}
}

func TestPeriods(t *testing.T) {
	got, err := Periods(map[string]string{"a": "FY2021", "b": " FY2021", "c": "", "d": "FY2020"}, false)
	require.NoError(t, err)
	require.Equal(t, []string{"FY2020", "FY2021"}, got, "sorted, deduplicated, empty labels left out")

	got, err = Periods(map[string]string{"income": "year ended 31 March 2003", "funds": "year  ended 31 March 2003"}, true)
	require.NoError(t, err)
	require.Equal(t, []string{"year ended 31 March 2003"}, got)

	_, err = Periods(map[string]string{"revenue": "FY2021", "debt": "FY2020", "rate": ""}, true)
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.PeriodMismatch, e.Code)
	require.Equal(t, `debt is for "FY2020" but revenue is for "FY2021"`, e.Msg, "the error names both")
	require.NotEmpty(t, e.Hint)
}
