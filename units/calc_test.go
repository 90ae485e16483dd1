package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// input is one input of an end-to-end test, as a request gives it.
type input struct {
	name, display, unit, scale string
}

// calculation is what the end-to-end tests check.
type calculation struct {
	result   Presented
	expanded string
	conv     []Conversion
}

// calc runs the units steps of a calculation the way the receipt layer
// does: parse amounts, infer, evaluate, resolve the output, present, expand.
func calc(t testing.TB, formula string, inputs []input, out Output) calculation {
	t.Helper()
	amounts := map[string]Amount{}
	values := map[string]*apd.Decimal{}
	var c calculation
	for _, in := range inputs {
		s, err := numeral.ParseScale(in.scale)
		require.NoError(t, err)
		a, err := ParseAmount(in.display, mustUnit(t, in.unit), s)
		require.NoError(t, err, "ParseAmount(%q)", in.display)
		amounts[in.name], values[in.name] = a, &a.Value
		c.conv = append(c.conv, a.Conversion(in.name))
	}
	f, err := expr.Parse(formula)
	require.NoError(t, err, "expr.Parse(%q)", formula)
	d, err := Infer(f.Root, func(name string) (Unit, bool) { a, ok := amounts[name]; return a.Unit, ok })
	require.NoError(t, err, "Infer(%q)", formula)
	res, err := f.Eval(expr.Vars(values))
	require.NoError(t, err)
	target, err := Resolve(out, d)
	require.NoError(t, err, "Resolve(%+v)", out)
	c.result, err = target.Present(&res.Value)
	require.NoError(t, err)
	c.expanded, err = Expand(f.Root, func(name string) (Amount, bool) { a, ok := amounts[name]; return a, ok }, target)
	require.NoError(t, err)
	// The expansion is a formula again, and its value is either the
	// canonical result or the presented exact value.
	g, err := expr.Parse(c.expanded)
	require.NoError(t, err, "expr.Parse(%q)", c.expanded)
	again, err := g.Eval(expr.Vars{})
	require.NoError(t, err, "evaluating %q", c.expanded)
	require.Contains(t, []string{res.String(), c.result.Exact}, again.String(), "value of %q", c.expanded)
	return c
}
