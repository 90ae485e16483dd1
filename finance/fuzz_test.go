package finance_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/numeral"
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
	a, err := units.ParseAmount(display, u, numeral.Ones)
	if err != nil {
		return operation.Input{}, false
	}
	return operation.Input{Name: name, Display: display, Unit: unit, Amount: &a}, true
}

// FuzzTVM runs the time-value-of-money operations on arbitrary inputs and
// params. Nothing may panic; a refusal is a *fault.Error with a code, a
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
			var ue *fault.Error
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

// allOps are every finance operation, by index.
var allOps = append(ops, finance.Loan{}, finance.CAGR{}, finance.Growth{}, finance.Payoff{}, finance.Project{})

// FuzzOperations decodes arbitrary inputs, one "name display unit" a line,
// and params, "key=value" separated by spaces, for every operation,
// including list names such as debts[0].balance. Nothing may panic; a
// refusal is a *fault.Error with a code and a hint; an answer is the same on
// a second run and says it is inexact exactly when it records a method.
func FuzzOperations(f *testing.F) {
	f.Add(uint8(7), "principal $300,000 USD\nrate 6% percent\nterm 30 years", "rate_convention=nominal periods_per_year=12")
	f.Add(uint8(8), "start 100 USD\nend 121 USD\nyears 2 years", "")
	f.Add(uint8(9), "amount 1000 USD\nrate 3% percent\nperiods 10 number", "rate_convention=periodic direction=discount")
	f.Add(uint8(10), "debts[0].balance 5000 USD\ndebts[0].apr 22.99% percent\ndebts[0].min_payment 150 USD\n"+
		"debts[1].balance 1200 USD\ndebts[1].apr 15% percent\ndebts[1].min_payment 50 USD\nbudget 700 USD", "rate_convention=nominal")
	f.Add(uint8(10), "debts[2].balance 1 USD\ndebts[0].apr 1% percent\nbudget 1 USD", "rate_convention=effective periods_per_year=12")
	f.Add(uint8(11), "balance 1000000 USD\nwithdrawal 5000 USD\nreturn 5% percent\nyears 40 years", "rate_convention=effective contribution_frequency=monthly")
	f.Add(uint8(0), "rate 6% percent\nnper 360 number\npv 300000 USD\npv 1 USD", "rate_convention=nominal periods_per_year=12")
	f.Fuzz(func(t *testing.T, which uint8, inputs, params string) {
		if len(inputs) > 4096 || len(params) > 512 {
			return
		}
		op := allOps[int(which)%len(allOps)]
		var args operation.Args
		seen := map[string]bool{}
		for _, line := range strings.Split(inputs, "\n") {
			f := strings.Fields(line)
			if len(f) < 3 || seen[f[0]] {
				continue // the receipt package refuses duplicate names first
			}
			if in, ok := fuzzInput(f[0], strings.Join(f[1:len(f)-1], " "), f[len(f)-1]); ok {
				seen[f[0]] = true
				args.Inputs = append(args.Inputs, in)
			}
		}
		args.Params = map[string]string{}
		for _, kv := range strings.Fields(params) {
			k, v, _ := strings.Cut(kv, "=")
			args.Params[k] = v
		}
		out, err := op.Run(args)
		again, err2 := op.Run(args)
		if err != nil {
			var ue *fault.Error
			require.True(t, errors.As(err, &ue), "%T %v", err, err)
			require.NotEmpty(t, ue.Code)
			require.NotEmpty(t, ue.Hint)
			require.Equal(t, err, err2)
			return
		}
		require.NoError(t, err2)
		require.Equal(t, out.Value.String(), again.Value.String(), "deterministic")
		require.Equal(t, out.Steps, again.Steps)
		require.Equal(t, out.Inexact, out.Method != "")
	})
}
