package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
	"github.com/stretchr/testify/require"
)

// evaluator is a stand-in for expr.Eval in the end-to-end tests: an
// expr.Algebra over canonical input values.
type evaluator struct {
	ctx    *apd.Context
	values map[string]*apd.Decimal
}

func (e evaluator) Number(n *expr.Number) (*apd.Decimal, error) {
	d, _, err := e.ctx.SetString(new(apd.Decimal), n.Text)
	return d, err
}

func (e evaluator) Ident(n *expr.Ident) (*apd.Decimal, error) { return e.values[n.Name], nil }

func (e evaluator) Unary(n *expr.Unary, x *apd.Decimal) (*apd.Decimal, error) {
	d := new(apd.Decimal)
	if n.Op == expr.Neg {
		_, err := e.ctx.Neg(d, x)
		return d, err
	}
	return d.Set(x), nil
}

func (e evaluator) Binary(n *expr.Binary, x, y *apd.Decimal) (*apd.Decimal, error) {
	d := new(apd.Decimal)
	var err error
	switch n.Op {
	case expr.Add:
		_, err = e.ctx.Add(d, x, y)
	case expr.Sub:
		_, err = e.ctx.Sub(d, x, y)
	case expr.Mul:
		_, err = e.ctx.Mul(d, x, y)
	case expr.Div:
		_, err = e.ctx.Quo(d, x, y)
	}
	return d, err
}

func (e evaluator) Call(n *expr.Call, args []*apd.Decimal) (*apd.Decimal, error) {
	d := new(apd.Decimal).Set(args[0])
	var err error
	for _, a := range args[1:] {
		switch n.Func {
		case expr.Min:
			if a.Cmp(d) < 0 {
				d.Set(a)
			}
		case expr.Max:
			if a.Cmp(d) > 0 {
				d.Set(a)
			}
		case expr.Mean:
			_, err = e.ctx.Add(d, d, a)
		}
	}
	switch n.Func {
	case expr.Abs:
		_, err = e.ctx.Abs(d, d)
	case expr.Mean:
		_, err = e.ctx.Quo(d, d, apd.New(int64(len(args)), 0))
	}
	return d, err
}

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
		s, err := ParseScale(in.scale)
		require.NoError(t, err)
		a, err := ParseAmount(in.display, mustUnit(t, in.unit), s)
		require.NoError(t, err, "ParseAmount(%q)", in.display)
		amounts[in.name], values[in.name] = a, &a.Value
		c.conv = append(c.conv, a.Conversion(in.name))
	}
	root := parse(t, formula)
	d, err := Infer(root, func(name string) (Unit, bool) { a, ok := amounts[name]; return a.Unit, ok })
	require.NoError(t, err, "Infer(%q)", formula)
	exact, err := expr.Fold[*apd.Decimal](root, evaluator{expr.NewContext(), values})
	require.NoError(t, err)
	target, err := Resolve(out, d)
	require.NoError(t, err, "Resolve(%+v)", out)
	c.result, err = target.Present(exact)
	require.NoError(t, err)
	c.expanded, err = Expand(root, func(name string) (Amount, bool) { a, ok := amounts[name]; return a, ok }, target)
	require.NoError(t, err)
	// The expansion is a formula again, and its value is either the
	// canonical result or the presented exact value.
	again, err := expr.Fold[*apd.Decimal](parse(t, c.expanded), evaluator{expr.NewContext(), nil})
	require.NoError(t, err, "evaluating %q", c.expanded)
	again.Reduce(again)
	reduced := new(apd.Decimal)
	reduced.Reduce(exact)
	require.Contains(t, []string{plain(reduced), c.result.Exact}, plain(again), "value of %q", c.expanded)
	return c
}
