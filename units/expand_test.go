package units

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"

	"github.com/stretchr/testify/require"
)

func TestExpand(t *testing.T) {
	// a and b are in lakhs, c is in ones, d is negative, p is a percent.
	amounts := map[string]Amount{}
	for name, in := range map[string]input{
		"a": {"a", "1.5", "INR", "lakh"}, "b": {"b", "2", "INR", "lakh"},
		"c": {"c", "300", "INR", ""}, "d": {"d", "(4)", "INR", ""}, "e": {"e", "(4)", "INR", "crore"},
		"p": {"p", "15%", "percent", ""}, "n": {"n", "3", "number", ""},
	} {
		s, err := numeral.ParseScale(in.scale)
		require.NoError(t, err)
		a, err := ParseAmount(in.display, mustUnit(t, in.unit), s)
		require.NoError(t, err)
		amounts[name] = a
	}
	amountOf := func(name string) (Amount, bool) { a, ok := amounts[name]; return a, ok }
	inr := Target{Unit: mustUnit(t, "INR"), Places: -1}
	inrLakh := Target{Unit: mustUnit(t, "INR"), Scale: numeral.Lakh, Places: -1}
	ratio := Target{Unit: Ratio, Places: -1}
	tests := []struct {
		formula string
		out     Target
		want    string
		reason  string
	}{
		{"a - b", inr, "(1.5 × 100000) − (2 × 100000)", ""},
		{"a - b", inrLakh, "1.5 − 2", "the result keeps the inputs' unit and scale"},
		{"a / b", ratio, "1.5 / 2", "a same-unit ratio cancels"},
		{"a / b", inr, "1.5 / 2", "degree 0 cancels whatever the output"},
		{"a * a / b", inrLakh, "1.5 × 1.5 / 2", ""},
		{"a + c", inr, "(1.5 × 100000) + 300", "a factor of 1 is never printed"},
		{"c - d", inr, "300 − (−4)", "a negative value is parenthesised"},
		{"c - e", inr, "300 − (−4 × 10000000)", ""},
		{"c * (1 - p)", inr, "300 × (1 − (15 × 0.01))", ""},
		{"a - (b - a)", inrLakh, "1.5 − (2 − 1.5)", "right operands of equal precedence keep parentheses"},
		{"(a - b) - a", inrLakh, "1.5 − 2 − 1.5", ""},
		{"a / (b * a)", ratio, "(1.5 × 100000) / ((2 × 100000) × (1.5 × 100000))", "degree -1 in lakhs does not cancel to 1"},
		{"-(a + b)", inrLakh, "−(1.5 + 2)", ""},
		{"-a * n", inr, "−(1.5 × 100000) × 3", ""},
		{"max(a, b) + abs(c)", inr, "max((1.5 × 100000), (2 × 100000)) + abs(300)", ""},
		{"a + 1", inrLakh, "(1.5 × 100000) + 1", "a literal breaks homogeneity"},
	}
	for _, tc := range tests {
		t.Run(tc.formula, func(t *testing.T) {
			got, err := Expand(parse(t, tc.formula), amountOf, tc.out)
			require.NoError(t, err)
			require.Equal(t, tc.want, got, "Expand(%q) (%s)", tc.formula, tc.reason)
			parse(t, got) // the expansion is a formula again
		})
	}
	_, err := Expand(parse(t, "a + zz"), amountOf, inr)
	require.Equal(t, fault.UnknownInput, codeOf(t, err))
}

// TestExpandAtTheNodeLimit: the expansion of a formula at the node limit
// could not be parsed again, since a name expands to up to four nodes. The
// decision: an expansion parses within ExpandedLimits, not the formula's.
func TestExpandAtTheNodeLimit(t *testing.T) {
	src := strings.Repeat("0*", 127) + "income"
	f, err := expr.Parse(src)
	require.NoError(t, err, "the formula is at the default node limit")
	s, _ := numeral.ParseScale("lakh")
	a, err := ParseAmount("(1,09,638.91)", mustUnit(t, "INR"), s)
	require.NoError(t, err)
	amountOf := func(string) (Amount, bool) { return a, true }
	d, err := Infer(f.Root, func(string) (Unit, bool) { return a.Unit, true })
	require.NoError(t, err)
	target, err := Resolve(Output{}, d)
	require.NoError(t, err)
	out, err := Expand(f.Root, amountOf, target)
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(out, "× (−109638.91 × 100000)"), out)
	_, err = expr.Parse(out)
	require.Error(t, err, "past the default node limit")
	_, err = expr.ParseLimits(out, ExpandedLimits(expr.Limits{}))
	require.NoError(t, err)
	require.NoError(t, ExpandedLimits(expr.Limits{}).Validate())
	require.NoError(t, ExpandedLimits(expr.Limits{MaxNodes: expr.CapMaxNodes, MaxBytes: expr.CapMaxBytes, MaxDepth: expr.CapMaxDepth}).Validate(),
		"held to the hard caps")
}
