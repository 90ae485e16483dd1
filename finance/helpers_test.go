package finance_test

import (
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// in is one input as a test writes it: "name display unit", as in
// "pv $300,000 USD"; the display may hold spaces, the name and unit not.
func in(t testing.TB, spec string) operation.Input {
	t.Helper()
	name, rest, _ := strings.Cut(spec, " ")
	i := strings.LastIndex(rest, " ")
	display, unit := rest[:i], rest[i+1:]
	if unit == "date" {
		return operation.Input{Name: name, Display: display, Unit: unit}
	}
	u, err := units.ParseUnit(unit)
	require.NoError(t, err, spec)
	a, err := units.ParseAmount(display, u, numeral.Ones)
	require.NoError(t, err, spec)
	return operation.Input{Name: name, Display: display, Unit: unit, Amount: &a}
}

// params reads "k=v k=v".
func params(s string) map[string]string {
	m := map[string]string{}
	for _, kv := range strings.Fields(s) {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// run runs op over params and inputs written as in and params read them.
func run(t testing.TB, op operation.Op, ps string, inputs ...string) (operation.Outcome, error) {
	t.Helper()
	args := operation.Args{Params: params(ps)}
	for _, s := range inputs {
		args.Inputs = append(args.Inputs, in(t, s))
	}
	return op.Run(args)
}

// rounded rounds v half-even to places.
func rounded(t testing.TB, v *apd.Decimal, places int) string {
	t.Helper()
	var d apd.Decimal
	ctx := apd.BaseContext.WithPrecision(60)
	_, err := ctx.Quantize(&d, v, int32(-places))
	require.NoError(t, err)
	return d.Text('f')
}

// placesOf counts the digits after the point of a published value.
func placesOf(s string) int {
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// stepOf returns the value of the step named name.
func stepOf(t testing.TB, out operation.Outcome, name string) string {
	t.Helper()
	for _, s := range out.Steps {
		if s.Name == name {
			return s.Value
		}
	}
	require.Failf(t, "no step", "no step %q in %+v", name, out.Steps)
	return ""
}

func mustDecimal(t testing.TB, s string) *apd.Decimal {
	t.Helper()
	d, _, err := apd.NewFromString(s)
	require.NoError(t, err, s)
	return d
}

// sum adds two decimal strings exactly.
func sum(t testing.TB, a, b string) string {
	t.Helper()
	var d apd.Decimal
	_, err := apd.BaseContext.WithPrecision(100).Add(&d, mustDecimal(t, a), mustDecimal(t, b))
	require.NoError(t, err)
	return d.Text('f')
}
