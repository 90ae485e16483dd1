package units

import (
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/expr"
	"github.com/stretchr/testify/require"
)

// FuzzParseAmount checks that ParseAmount never panics, and that whatever it
// accepts formats back to the same value: as a plain decimal, and as the
// display string Present would print, in both groupings. Its seeds are the
// lines of testdata/amounts.txt.
func FuzzParseAmount(f *testing.F) {
	for _, tc := range readCases(f, "amounts.txt") {
		c := parseAmountCase(f, tc.in)
		f.Add(c.display, c.unit, c.scale)
	}
	f.Fuzz(func(t *testing.T, display, unit, scale string) {
		u, err := ParseUnit(unit)
		if err != nil {
			return
		}
		s, err := ParseScale(scale)
		if err != nil {
			return
		}
		a, err := ParseAmount(display, u, s)
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e, "ParseAmount(%q) returns *Error", display)
			require.NotEmpty(t, e.Hint, "ParseAmount(%q): %v", display, err)
			return
		}
		again := func(display string) {
			b, err := ParseAmount(display, u, a.Scale)
			require.NoError(t, err, "ParseAmount(%q) of a formatted %q", display, a.Display)
			require.Zero(t, a.Printed.Cmp(&b.Printed), "printed of %q and %q", a.Display, display)
			require.Zero(t, a.Value.Cmp(&b.Value), "value of %q and %q", a.Display, display)
		}
		again(expr.Plain(&a.Printed))
		if _, compound := u.Per(); !compound {
			for _, indian := range []bool{false, true} {
				again(Target{Unit: u, Scale: a.Scale, Indian: indian}.display(expr.Plain(&a.Printed)))
			}
		}
	})
}

// FuzzInferExpand checks that Infer never panics on a parsed formula, and
// that whatever Expand prints parses again. Each name gets an amount chosen
// by its length, so that one formula meets several units and scales.
func FuzzInferExpand(f *testing.F) {
	for _, s := range []string{
		"income - funds", "(a + bb + ccc) / (dd + e)", "abs((f - a) / f)", "1 - rate",
		"-a * (bb - -ccc) / max(a, 2, dddd)", "mean(a, bb) * 100", "a / bb / ccc",
		// At the node limit: the expansion adds nodes, (799 × 1000000).
		strings.Repeat("0*", 127) + "A",
		strings.Repeat("0*", 127) + "aaaaaa", // (−109638.91 × 100000): four nodes for one
		"mean(" + strings.Repeat("a,", 63) + "a)",
	} {
		f.Add(s)
	}
	pool := []input{
		{"", "(109,638.91)", "INR", "lakh"}, {"", "799", "USD", "million"}, {"", "6.7%", "percent", ""},
		{"", "24", "count:tweets", ""}, {"", "3", "years", ""}, {"", "5", "number", ""},
	}
	var amounts []Amount
	for _, in := range pool {
		s, _ := ParseScale(in.scale)
		a, err := ParseAmount(in.display, mustUnit(f, in.unit), s)
		require.NoError(f, err)
		amounts = append(amounts, a)
	}
	amountOf := func(name string) (Amount, bool) { return amounts[len(name)%len(amounts)], true }
	f.Fuzz(func(t *testing.T, src string) {
		formula, err := expr.Parse(src)
		if err != nil {
			return
		}
		d, err := Infer(formula.Root, func(name string) (Unit, bool) { a, _ := amountOf(name); return a.Unit, true })
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
			require.NotEmpty(t, e.Hint)
			return
		}
		target, err := Resolve(Output{}, d)
		var e *Error
		if errors.As(err, &e) && e.Code == CodeDoublePercent {
			// A dimensionless result multiplied by 100 must say what it
			// is; asked for as a plain number, it presents.
			target, err = Resolve(Output{Unit: "number"}, d)
		}
		require.NoError(t, err, "the inferred unit presents itself")
		s, err := Expand(formula.Root, amountOf, target)
		require.NoError(t, err)
		// The expansion is longer than the formula: it parses within the
		// limits raised by the expansion's factor, not within the defaults.
		_, err = expr.ParseLimits(s, ExpandedLimits(expr.Limits{}))
		require.NoError(t, err, "expr.ParseLimits(Expand(%q), ExpandedLimits) = %q", src, s)
	})
}
