package units

import (
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// TestEveryCode triggers each error code once, through the public API, and
// checks that each carries a hint.
func TestEveryCode(t *testing.T) {
	amount := func(display, unit, scale string) func() error {
		return func() error {
			s, err := numeral.ParseScale(scale)
			if err != nil {
				return err
			}
			u, err := ParseUnit(unit)
			if err != nil {
				return err
			}
			_, err = ParseAmount(display, u, s)
			return err
		}
	}
	inferred := func(formula string) func() error {
		return func() error { _, err := infer(t, formula); return err }
	}
	present := func(unit string, out Output) func() error {
		return func() error { _, err := Present(dec(t, "1"), Dim{Unit: mustUnit(t, unit)}, out); return err }
	}
	tests := map[string]func() error{
		fault.BadNumber:             amount("n/a", "USD", ""),
		fault.BadGrouping:           amount("1,23,4", "USD", ""),
		fault.EuropeanSeparators:    amount("1.234,5", "EUR", ""),
		fault.ScaleConflict:         amount("1.2 million", "USD", "thousand"),
		fault.SymbolMismatch:        amount("$5", "INR", ""),
		fault.UnknownScale:          amount("5", "USD", "gazillion"),
		fault.UnknownUnit:           amount("5", "dollars", ""),
		fault.AmbiguousSymbol:       amount("5", "$", ""),
		fault.UnknownInput:          inferred("missing * 2"),
		fault.CurrencyMismatch:      inferred("debt + eur_sales"),
		fault.UnitMismatch:          inferred("debt + tweets"),
		fault.DimensionlessMismatch: inferred("n - tax_rate"),
		fault.UnsupportedDimension:  inferred("debt * debt"),
		fault.OutputUnitMismatch:    present("USD", Output{Unit: "EUR"}),
		fault.DoublePercent: func() error {
			d, err := infer(t, "tax_rate * 100")
			require.NoError(t, err)
			return CheckOutput(d, Percent)
		},
		fault.BadRounding:       present("USD", Output{Rounding: "nearest"}),
		fault.BadPlaces:         present("USD", Output{Places: places(-2)}),
		fault.BadGroupingOption: present("USD", Output{Grouping: "lakh"}),
		fault.PeriodMismatch: func() error {
			_, err := Periods(map[string]string{"a": "FY2021", "b": "FY2022"}, true)
			return err
		},
	}
	for _, code := range allCodes {
		t.Run(code, func(t *testing.T) {
			f, ok := tests[code]
			require.True(t, ok, "no test triggers %s", code)
			err := f()
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, code, e.Code, "%v", err)
			require.NotEmpty(t, e.Hint, "%s has a hint", code)
			require.Equal(t, strings.ToLower(e.Msg[:1]), e.Msg[:1], "messages are lower-case")
			require.False(t, strings.HasSuffix(e.Msg, "."), "messages have no final period")
		})
	}
	require.Len(t, tests, len(allCodes))
}

// allCodes lists every code constant.
var allCodes = []string{
	fault.BadNumber, fault.BadGrouping, fault.EuropeanSeparators, fault.ScaleConflict,
	fault.SymbolMismatch, fault.UnknownScale, fault.UnknownUnit, fault.AmbiguousSymbol,
	fault.UnknownInput, fault.CurrencyMismatch, fault.UnitMismatch,
	fault.DimensionlessMismatch, fault.UnsupportedDimension, fault.OutputUnitMismatch,
	fault.DoublePercent, fault.BadRounding, fault.BadPlaces, fault.BadGroupingOption,
	fault.PeriodMismatch,
}

func TestErrorString(t *testing.T) {
	e := &fault.Error{Code: fault.CurrencyMismatch, Msg: "cannot add USD and INR", Span: expr.Span{Start: 3, End: 9}, Field: "inputs[1]"}
	require.Equal(t, "inputs[1]: cannot add USD and INR", e.Error(), "no source: the span is in the JSON, not the text")
	e.Src = "a + b\n+ c + d"
	require.Equal(t, "inputs[1]: 1:4: cannot add USD and INR", e.Error(), "with its formula the span prints as line:col")
	require.Equal(t, "cannot add USD and INR", (&fault.Error{Msg: "cannot add USD and INR"}).Error())
	var target *fault.Error
	require.True(t, errors.As(error(e), &target))
}
