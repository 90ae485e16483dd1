package cost

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// in reads one op input as receipt does.
func in(t *testing.T, name, display, unit string) operation.Input {
	t.Helper()
	u, err := units.ParseUnit(unit)
	require.NoError(t, err)
	a, err := units.ParseAmount(display, u, numeral.Ones)
	require.NoError(t, err)
	return operation.Input{Name: name, Display: display, Unit: unit, Amount: &a}
}

func TestOp(t *testing.T) {
	out, err := Op.Run(operation.Args{Inputs: []operation.Input{
		in(t, "items[0].tokens", "2,000", "count:tokens"), in(t, "items[0].price", "3", "USD"), in(t, "items[0].per", "1000000", "number"),
		in(t, "items[1].tokens", "400", "count:tokens"), in(t, "items[1].price", "15", "USD"), in(t, "items[1].per", "1000000", "number"),
	}})
	require.NoError(t, err)
	require.Equal(t, "0.012", expr.Format(out.Value))
	require.Equal(t, "USD", out.Unit.String())
	require.False(t, out.Inexact)
	require.Equal(t, []operation.Step{{Name: "items[0].cost", Value: "0.006", Unit: "USD"}, {Name: "items[1].cost", Value: "0.006", Unit: "USD"}}, out.Steps)
	require.Equal(t, "cost", Op.Name())
}

func TestOpRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inputs func(t *testing.T) []operation.Input
		code   string
	}{
		{name: "no items", code: fault.BadItem, inputs: func(*testing.T) []operation.Input { return nil }},
		{name: "foreign input", code: fault.BadItem, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "discount", "5", "USD")}
		}},
		{name: "gap in items", code: fault.BadItem, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[1].tokens", "5", "count:tokens"), in(t, "items[1].price", "5", "USD"), in(t, "items[1].per", "1000", "number")}
		}},
		{name: "missing per", code: fault.BadItem, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[0].tokens", "5", "count:tokens"), in(t, "items[0].price", "5", "USD")}
		}},
		{name: "two currencies", code: fault.MixedCurrency, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[0].tokens", "5", "count:tokens"), in(t, "items[0].price", "5", "USD"), in(t, "items[0].per", "1000", "number"),
				in(t, "items[1].tokens", "5", "count:tokens"), in(t, "items[1].price", "5", "EUR"), in(t, "items[1].per", "1000", "number")}
		}},
		{name: "fractional tokens", code: fault.BadNumber, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[0].tokens", "5.5", "count:tokens"), in(t, "items[0].price", "5", "USD"), in(t, "items[0].per", "1000", "number")}
		}},
		{name: "per not a power of ten", code: fault.BadNumber, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[0].tokens", "5", "count:tokens"), in(t, "items[0].price", "5", "USD"), in(t, "items[0].per", "1024", "number")}
		}},
		{name: "price not money", code: fault.UnitMismatch, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[0].tokens", "5", "count:tokens"), in(t, "items[0].price", "5", "percent"), in(t, "items[0].per", "1000", "number")}
		}},
		{name: "index too large", code: fault.BadItem, inputs: func(t *testing.T) []operation.Input {
			return []operation.Input{in(t, "items[99999].tokens", "5", "count:tokens")}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Op.Run(operation.Args{Inputs: tc.inputs(t)})
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, tc.code, e.Code, "%v", err)
			require.NotEmpty(t, e.Hint)
		})
	}
}
