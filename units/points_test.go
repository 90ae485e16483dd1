package units

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestPercentPoints pins every rule of "Percent and percentage points" in
// the package doc: the label of sums and differences of percent and pp
// values, and literals beside percent, pp and bp values.
func TestPercentPoints(t *testing.T) {
	tests := []struct {
		name, formula string
		want          string // the inferred unit, or an error code
		reason        string
	}{
		// Differences of levels are percentage points.
		{"difference", "forecast - actual", "pp", "m2021 − m2020 rose 2 percentage points, not 2%"},
		{"difference of sums", "(forecast + actual) - (tax_rate + forecast)", "pp", "the change of a combined rate"},
		{"negated sum", "forecast + -actual", "pp", "a − b written with a sign"},
		{"halved difference", "(forecast - actual) / 2", "pp", "a literal factor keeps a difference a difference"},
		{"difference times number", "(forecast - actual) * n", "pp", ""},
		{"abs difference", "abs(forecast - actual)", "pp", ""},
		{"max difference or nothing", "max(forecast - actual, 0)", "pp", ""},
		{"mean of differences", "mean(forecast - actual, tax_rate - actual)", "pp", ""},
		// Levels stay percent.
		{"sum", "forecast + actual", "percent", "federal 21% + state 5% is a 26% rate"},
		{"three-way difference", "forecast - actual - tax_rate", "percent", "gross margin − SG&A − R&D is a margin, a level"},
		{"difference of a sum", "forecast - (actual + tax_rate)", "percent", "the same three-way difference grouped"},
		{"rate plus points", "forecast + gap", "percent", "a rate moved by a change is a rate"},
		{"points plus rate", "gap + forecast", "percent", ""},
		{"rate minus points", "forecast - gap", "percent", ""},
		{"one minus rate", "1 - tax_rate", "percent", "1 is 100%: the after-tax share"},
		{"rate minus one", "forecast - 1", "percent", ""},
		{"rate plus zero", "forecast + 0", "percent", ""},
		{"mean", "mean(forecast, actual)", "percent", ""},
		{"min", "min(forecast, actual)", "percent", ""},
		{"scaled rate", "2 * forecast", "percent", ""},
		{"zero times rate", "0 * forecast", "percent", "multiplying by 0 makes no difference of levels"},
		{"ratio plus rate", "debt / ebitda + tax_rate", "percent", ""},
		// Changes stay pp.
		{"points plus points", "gap + gap", "pp", ""},
		{"points minus points", "gap - gap", "pp", ""},
		{"difference plus points", "forecast - actual + gap", "pp", ""},
		// Refused mixtures.
		{"points minus rate", "gap - forecast", fault.DimensionlessMismatch, "a change minus a level: operands swapped"},
		{"min of rate and points", "min(forecast, gap)", fault.DimensionlessMismatch, "a level compared with a change"},
		{"max of rate and difference", "max(forecast, forecast - actual)", fault.DimensionlessMismatch, ""},
		{"bp and pp", "spread + gap", fault.DimensionlessMismatch, ""},
		// Literals beside percent, pp and bp.
		{"bp plus 25", "spread + 25", fault.LiteralBesidePercent, "today 250,025 bp"},
		{"rate plus 2", "forecast + 2", fault.LiteralBesidePercent, "today 205%"},
		{"2 minus rate", "2 - forecast", fault.LiteralBesidePercent, ""},
		{"100 minus rate", "100 - forecast", fault.LiteralBesidePercent, "100 − 6.7% was 9,993.3%"},
		{"points plus fraction", "gap + 0.5", fault.LiteralBesidePercent, ""},
		{"literal sum", "forecast + (3 - 1)", fault.LiteralBesidePercent, "the value of the literals counts, 2"},
		{"scaled rate plus 5", "forecast * 100 + 5", fault.LiteralBesidePercent, ""},
		{"max with 5", "max(spread, 5)", fault.LiteralBesidePercent, ""},
		{"mean with 5", "mean(forecast, actual, 5)", fault.LiteralBesidePercent, ""},
		{"literal one computed", "forecast + (2 - 1)", "percent", "the literals make 1"},
		{"bp plus one", "1 + spread", fault.LiteralBesidePercent, "1 is 10,000 bp, not 1 bp: spread_bp − 1 gave −9,975 bp"},
		{"points plus one", "gap + 1", fault.LiteralBesidePercent, "1 is 100 pp, not 1 pp"},
		{"one minus points", "1 - gap", fault.LiteralBesidePercent, ""},
		{"difference minus one", "forecast - actual - 1", fault.LiteralBesidePercent, "a difference of levels is pp"},
		{"max of difference and one", "max(forecast - actual, 1)", fault.LiteralBesidePercent, ""},
		{"points plus zero", "gap + 0", "pp", ""},
		{"bp min zero", "min(spread, 0)", "bp", ""},
		{"ratio plus 2", "multiple + 2", "ratio", "a ratio is not a fraction of a hundred"},
		{"number plus 2", "n + 2", "number", ""},
		{"rate times 2", "forecast * 2", "percent", "only + − min max mean refuse"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := infer(t, tc.formula)
			if len(tc.want) > 0 && (tc.want == fault.LiteralBesidePercent || tc.want == fault.DimensionlessMismatch) {
				var e *fault.Error
				require.ErrorAs(t, err, &e, "Infer(%q) (%s)", tc.formula, tc.reason)
				require.Equal(t, tc.want, e.Code, "Infer(%q): %v", tc.formula, err)
				require.NotEmpty(t, e.Hint)
				require.Positive(t, e.Span.Len(), "Infer(%q): the error has a span", tc.formula)
				return
			}
			require.NoError(t, err, "Infer(%q) (%s)", tc.formula, tc.reason)
			require.Equal(t, tc.want, d.String(), "Infer(%q) (%s)", tc.formula, tc.reason)
		})
	}
}

// TestLiteralBesidePercentHint checks that the refusal tells a model how to
// give the literal instead.
func TestLiteralBesidePercentHint(t *testing.T) {
	_, err := infer(t, "spread + 25")
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Contains(t, e.Hint, "give it as an input with its unit")
	require.Contains(t, e.Msg, "25")
}
