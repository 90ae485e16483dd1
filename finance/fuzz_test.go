package finance_test

import (
	"errors"
	"testing"

	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// ops are the operations the fuzz targets run, by index.
var ops = []operation.Op{finance.PMT{}, finance.IPMT{}, finance.PPMT{}, finance.FV{}, finance.PV{}, finance.NPER{}, finance.Rate{}}

// fuzzInput reads a display in a unit as the receipt package would, or
// returns false when the reader refuses it (the operation never sees it).
func fuzzInput(name, display, unit string) (operation.Input, bool) {
	if unit == "date" {
		return operation.Input{Name: name, Display: display, Unit: unit}, true
	}
	u, err := units.ParseUnit(unit)
	if err != nil {
		return operation.Input{}, false
	}
	a, err := units.ParseAmount(display, u, units.Ones)
	if err != nil {
		return operation.Input{}, false
	}
	return operation.Input{Name: name, Display: display, Unit: unit, Amount: &a}, true
}

// FuzzTVM runs the time-value-of-money operations on arbitrary inputs and
// params. Nothing may panic; a refusal is a *units.Error with a code, a
// field and a hint; an answer is finite and the same on a second run.
func FuzzTVM(f *testing.F) {
	f.Add(uint8(0), "6%", "percent", "360", "$300,000", "", "", "1", "nominal", "12", "end")
	f.Add(uint8(1), "10%", "percent", "36", "8,000", "", "", "1", "nominal", "12", "begin")
	f.Add(uint8(2), "8", "percent", "10", "200000", "0", "", "10", "periodic", "", "")
	f.Add(uint8(3), "0.005", "number", "10", "-500", "", "-200", "", "periodic", "", "begin")
	f.Add(uint8(4), "6%", "percent", "240", "", "0", "500", "", "effective", "12", "")
	f.Add(uint8(5), "12%", "percent", "", "-1000", "10000", "-100", "", "nominal", "12", "begin")
	f.Add(uint8(6), "", "percent", "48", "8000", "", "-200", "", "nominal", "12", "")
	f.Add(uint8(6), "", "percent", "12", "10000", "5000", "400", "", "periodic", "", "")
	f.Add(uint8(0), "7", "number", "0", "1e5", "", "", "0", "apr", "12.0", "start")
	f.Add(uint8(5), "-99.99%", "percent", "", "1", "-1", "0", "", "periodic", "", "")
	f.Fuzz(func(t *testing.T, which uint8, rate, rateUnit, nper, pv, fv, pmt, per, convention, m, when string) {
		op := ops[int(which)%len(ops)]
		var args operation.Args
		for _, in := range []struct{ name, display, unit string }{
			{"rate", rate, rateUnit}, {"nper", nper, "number"}, {"pv", pv, "USD"}, {"fv", fv, "USD"}, {"pmt", pmt, "USD"}, {"per", per, "number"},
		} {
			if in.display == "" {
				continue
			}
			if input, ok := fuzzInput(in.name, in.display, in.unit); ok {
				args.Inputs = append(args.Inputs, input)
			}
		}
		args.Params = map[string]string{"rate_convention": convention, "periods_per_year": m, "when": when}
		out, err := op.Run(args)
		again, err2 := op.Run(args)
		if err != nil {
			var ue *units.Error
			require.True(t, errors.As(err, &ue), "%T %v", err, err)
			require.NotEmpty(t, ue.Code)
			require.NotEmpty(t, ue.Hint)
			require.Equal(t, err, err2)
			return
		}
		require.NoError(t, err2)
		require.NotNil(t, out.Value)
		require.Equal(t, out.Value.String(), again.Value.String(), "deterministic")
		require.Equal(t, out.Steps, again.Steps)
		require.Equal(t, out.Inexact, out.Method != "")
	})
}
