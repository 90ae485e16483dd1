package units

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// testUnits are the inputs the inference tests draw on.
var testUnits = map[string]string{
	"income": "INR", "funds": "INR", "debt": "USD", "ebitda": "USD", "capex": "USD",
	"eur_sales": "EUR", "shares": "count:shares", "users": "count:users",
	"tweets": "count:tweets", "retweets": "count:tweets", "items": "count",
	"tax_rate": "percent", "forecast": "percent", "actual": "percent", "gap": "pp",
	"spread": "bp", "multiple": "ratio", "n": "number", "k": "number",
	"eps": "USD/count:shares", "tenure": "years", "notice": "months", "lag": "days",
}

// infer runs Infer over a formula with testUnits.
func infer(t testing.TB, formula string) (Dim, error) {
	t.Helper()
	return Infer(parse(t, formula), func(name string) (Unit, bool) {
		s, ok := testUnits[name]
		if !ok {
			return Unit{}, false
		}
		return mustUnit(t, s), true
	})
}

func TestInfer(t *testing.T) {
	tests := []struct {
		formula string
		want    string // the inferred unit, or an error code
		span    string // for an error, the source text its span covers
		reason  string
	}{
		{"income - funds", "INR", "", "the lakh case"},
		{"(debt + capex) / ebitda", "ratio", "", "a same-currency ratio is dimensionless"},
		{"tweets + retweets", "count:tweets", "", ""},
		{"abs((forecast - actual) / forecast)", "ratio", "", ""},
		{"forecast - actual", "pp", "", "the difference of two percents is percentage points"},
		{"1 - tax_rate", "percent", "", "a literal combines with any dimensionless unit"},
		{"income * (1 - tax_rate)", "INR", "", ""},
		{"income * tax_rate", "INR", "", ""},
		{"2 + 3", "number", "", "literals alone are a number"},
		{"n * k", "number", "", ""},
		{"multiple * n", "ratio", "", "a plain number defers to the other unit"},
		{"tax_rate / forecast", "ratio", "", ""},
		{"debt / shares", "USD/count:shares", "", "one unit per another"},
		{"eps * shares", "USD", "", "per-share times shares cancels"},
		{"eps / eps", "ratio", "", ""},
		{"tenure + notice", "months", "", "years and months meet in months"},
		{"tenure / notice", "ratio", "", ""},
		{"tweets / lag", "count:tweets/days", "", ""},
		{"max(debt, capex, ebitda)", "USD", "", ""},
		{"mean(forecast, actual, 0)", "percent", "", ""},
		{"mean(forecast, actual, 5)", fault.LiteralBesidePercent, "mean(forecast, actual, 5)", "5 beside percents is 500%"},
		{"-income", "INR", "", ""},
		{"debt / ebitda + tax_rate", "percent", "", "a derived ratio defers to an input's unit"},
		{"(debt / ebitda) * 100", "ratio", "", ""},

		{"debt + eur_sales", fault.CurrencyMismatch, "debt + eur_sales", ""},
		{"income - (debt + eur_sales)", fault.CurrencyMismatch, "debt + eur_sales", "the span is where the clash first happens"},
		{"min(debt, eur_sales)", fault.CurrencyMismatch, "min(debt, eur_sales)", ""},
		{"debt + tweets", fault.UnitMismatch, "debt + tweets", ""},
		{"tweets + users", fault.UnitMismatch, "tweets + users", "counts of different nouns do not add"},
		{"tweets + items", fault.UnitMismatch, "tweets + items", ""},
		{"debt + 1", fault.UnitMismatch, "debt + 1", "a literal has no currency"},
		{"tenure + lag", fault.UnitMismatch, "tenure + lag", "days do not convert to months"},
		{"n + tax_rate", fault.DimensionlessMismatch, "n + tax_rate", "one of them was probably transcribed wrongly"},
		{"gap - forecast", fault.DimensionlessMismatch, "gap - forecast", ""},
		{"spread + gap", fault.DimensionlessMismatch, "spread + gap", ""},
		{"debt * ebitda", fault.UnsupportedDimension, "debt * ebitda", ""},
		{"debt / eur_sales", fault.UnsupportedDimension, "debt / eur_sales", "no exchange rate is inferred"},
		{"1 / debt", fault.UnsupportedDimension, "1 / debt", ""},
		{"debt / shares / lag", fault.UnsupportedDimension, "debt / shares / lag", ""},
		{"tweets * users", fault.UnsupportedDimension, "tweets * users", ""},
		{"nobody + 1", fault.UnknownInput, "nobody", ""},
	}
	for _, tc := range tests {
		t.Run(tc.formula, func(t *testing.T) {
			d, err := infer(t, tc.formula)
			if tc.span == "" {
				require.NoError(t, err, "Infer(%q) (%s)", tc.formula, tc.reason)
				require.Equal(t, tc.want, d.String(), "Infer(%q) (%s)", tc.formula, tc.reason)
				return
			}
			var e *fault.Error
			require.ErrorAs(t, err, &e, "Infer(%q) (%s)", tc.formula, tc.reason)
			require.Equal(t, tc.want, e.Code, "Infer(%q): %v", tc.formula, err)
			require.Equal(t, tc.span, tc.formula[e.Span.Start:e.Span.End], "Infer(%q): span of %v", tc.formula, err)
			require.NotEmpty(t, e.Hint)
		})
	}
}

func TestCheckOutput(t *testing.T) {
	tests := []struct {
		formula, output string
		want            string // "" or an error code
		reason          string
	}{
		{"(debt + capex) / ebitda", "ratio", "", ""},
		{"(debt + capex) / ebitda", "percent", "", "the dimensionless family converts"},
		{"forecast - actual", "pp", "", ""},
		{"forecast - actual", "bp", "", ""},
		{"forecast - actual", "number", "", ""},
		{"tenure + notice", "years", "", "months and years convert"},
		{"income - funds", "INR", "", ""},
		{"income - funds", "USD", fault.OutputUnitMismatch, "no exchange is inferred"},
		{"income - funds", "percent", fault.OutputUnitMismatch, ""},
		{"debt / ebitda", "USD", fault.OutputUnitMismatch, ""},
		{"tweets + retweets", "count", fault.OutputUnitMismatch, "a count of tweets is not a bare count"},
		{"lag * 2", "months", fault.OutputUnitMismatch, ""},
		{"debt / shares", "USD/count:shares", "", ""},
		{"debt / shares", "USD", fault.OutputUnitMismatch, ""},
		{"(forecast - actual) / forecast * 100", "percent", fault.DoublePercent, ""},
		{"100 * (debt / ebitda)", "percent", fault.DoublePercent, ""},
		{"(debt / ebitda) / 0.01", "pp", fault.DoublePercent, ""},
		{"(debt / ebitda) * 100", "ratio", "", "× 100 is fine when the output is not percent"},
	}
	for _, tc := range tests {
		t.Run(tc.formula+" as "+tc.output, func(t *testing.T) {
			d, err := infer(t, tc.formula)
			require.NoError(t, err)
			err = CheckOutput(d, mustUnit(t, tc.output))
			if tc.want == "" {
				require.NoError(t, err, "(%s)", tc.reason)
				return
			}
			require.Equal(t, tc.want, codeOf(t, err), "CheckOutput: %v (%s)", err, tc.reason)
			require.Equal(t, "output.unit", fieldOf(t, func() error { return err }))
		})
	}
}

func TestDoublePercentSpan(t *testing.T) {
	f := "(forecast - actual) / forecast * 100"
	d, err := infer(t, f)
	require.NoError(t, err)
	var e *fault.Error
	require.ErrorAs(t, CheckOutput(d, Percent), &e)
	require.Contains(t, f[e.Span.Start:e.Span.End], "/ forecast * 100", "the span is the multiplication by 100")
	require.Contains(t, e.Hint, "remove the × 100")
}
