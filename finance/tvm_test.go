package finance_test

import (
	"fmt"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// TestPublishedValues checks each operation against values published by
// others. Sources:
//
//   - numpy-financial's test suite (numpy_financial/tests/test_financial.py,
//     numpy-financial 1.0): the float cases and their Decimal twins, whose
//     28-digit values are compared to the places numpy-financial's own
//     Decimal arithmetic (28 significant digits) gets right;
//   - Microsoft's Excel help pages for PMT, FV, PV, NPER, RATE, IPMT and
//     PPMT, whose examples are printed to the cent (or to 7 decimals for
//     NPER). Excel writes a monthly rate as 8%/12, which is the nominal
//     convention with 12 periods a year.
func TestPublishedValues(t *testing.T) {
	monthly := "rate_convention=nominal periods_per_year=12"
	for _, tc := range []struct {
		name, source string
		op           operation.Op
		params       string
		inputs       []string
		want         string
		places       int // compared to; 0 means the places of want
	}{
		{"pmt", "numpy-financial test_pmt_decimal: pmt(0.08/12, 5*12, 15000)", finance.PMT{}, monthly,
			[]string{"rate 8% percent", "nper 60 number", "pv 15000 number"}, "-304.1459143262052370338701494", 20},
		{"pmt zero rate", "numpy-financial test_pmt: pmt(0, 5*12, 15000)", finance.PMT{}, "rate_convention=periodic",
			[]string{"rate 0 number", "nper 60 number", "pv 15000 number"}, "-250", 0},
		{"ppmt", "numpy-financial test_ppmt_decimal: ppmt(0.1/12, 1, 60, 55000)", finance.PPMT{}, monthly,
			[]string{"rate 10% percent", "per 1 number", "nper 60 number", "pv 55000 number"}, "-710.2541257864217612489830917", 20},
		{"ipmt", "numpy-financial test_ipmt_decimal: ipmt(0.1/12, 1, 24, 2000)", finance.IPMT{}, monthly,
			[]string{"rate 10% percent", "per 1 number", "nper 24 number", "pv 2000 number"}, "-16.66666666666666666666666667", 22},
		{"ipmt per 2", "numpy-financial test_ipmt: ipmt(0.1/12, 2, 24, 2000)", finance.IPMT{}, monthly,
			[]string{"rate 10% percent", "per 2 number", "nper 24 number", "pv 2000 number"}, "-16.04", 0},
		{"ipmt per 3", "numpy-financial test_ipmt: ipmt(0.1/12, 3, 24, 2000)", finance.IPMT{}, monthly,
			[]string{"rate 10% percent", "per 3 number", "nper 24 number", "pv 2000 number"}, "-15.40", 0},
		{"pv", "numpy-financial test_pv_decimal: pv(0.07, 20, 12000)", finance.PV{}, "rate_convention=periodic",
			[]string{"rate 0.07 number", "nper 20 number", "pmt 12000 number"}, "-127128.1709461939327295222005", 18},
		{"fv", "numpy-financial test_fv_decimal: fv(0.075, 20, -2000, 0, 0)", finance.FV{}, "rate_convention=periodic",
			[]string{"rate 0.075 number", "nper 20 number", "pmt -2000 number", "pv 0 number"}, "86609.36267304300040536731624", 18},
		{"nper", "numpy-financial test_nper: nper(0.075, -2000, 0, 100000)", finance.NPER{}, "rate_convention=periodic",
			[]string{"rate 7.5% percent", "pmt -2000 number", "pv 0 number", "fv 100000 number"}, "21.54", 0},
		{"nper zero rate", "numpy-financial test_nper2: nper(0, -2000, 0, 100000)", finance.NPER{}, "rate_convention=periodic",
			[]string{"rate 0 percent", "pmt -2000 number", "pv 0 number", "fv 100000 number"}, "50", 0},
		{"rate", "numpy-financial test_rate: rate(10, 0, -3500, 10000)", finance.Rate{}, "rate_convention=periodic",
			[]string{"nper 10 number", "pmt 0 number", "pv -3500 number", "fv 10000 number"}, "11.07", 0},

		{"excel pmt", "Excel PMT: PMT(8%/12, 10, 10000) = ($1,037.03)", finance.PMT{}, monthly,
			[]string{"rate 8% percent", "nper 10 number", "pv 10000 USD"}, "-1037.03", 0},
		{"excel pmt saving", "Excel PMT: PMT(6%/12, 18*12, 0, 50000) = ($129.08)", finance.PMT{}, monthly,
			[]string{"rate 6% percent", "nper 216 number", "pv 0 USD", "fv 50000 USD"}, "-129.08", 0},
		{"excel fv", "Excel FV: FV(6%/12, 10, -200, -500, 1) = $2,581.40", finance.FV{}, monthly + " when=begin",
			[]string{"rate 6% percent", "nper 10 number", "pmt -200 USD", "pv -500 USD"}, "2581.40", 0},
		{"excel fv 2", "Excel FV: FV(12%/12, 12, -1000) = $12,682.50", finance.FV{}, monthly,
			[]string{"rate 12% percent", "nper 12 number", "pmt -1000 USD"}, "12682.50", 0},
		{"excel fv 3", "Excel FV: FV(11%/12, 35, -2000, , 1) = $82,846.25", finance.FV{}, monthly + " when=begin",
			[]string{"rate 11% percent", "nper 35 number", "pmt -2000 USD"}, "82846.25", 0},
		{"excel pv", "Excel PV: PV(8%/12, 12*20, 500, , 0) = ($59,777.15)", finance.PV{}, monthly,
			[]string{"rate 8% percent", "nper 240 number", "pmt 500 USD"}, "-59777.15", 0},
		{"excel nper begin", "Excel NPER: NPER(12%/12, -100, -1000, 10000, 1) = 59.6738657", finance.NPER{}, monthly + " when=begin",
			[]string{"rate 12% percent", "pmt -100 USD", "pv -1000 USD", "fv 10000 USD"}, "59.6738657", 0},
		{"excel nper", "Excel NPER: NPER(12%/12, -100, -1000, 10000) = 60.0821229", finance.NPER{}, monthly,
			[]string{"rate 12% percent", "pmt -100 USD", "pv -1000 USD", "fv 10000 USD"}, "60.0821229", 0},
		{"excel nper negative", "Excel NPER: NPER(12%/12, -100, -1000) = -9.57859404", finance.NPER{}, monthly,
			[]string{"rate 12% percent", "pmt -100 USD", "pv -1000 USD"}, "-9.57859404", 0},
		{"excel rate", "Excel RATE: RATE(4*12, -200, 8000)*12 = 9.24%", finance.Rate{}, monthly,
			[]string{"nper 48 number", "pmt -200 USD", "pv 8000 USD"}, "9.24", 0},
		{"excel rate monthly", "Excel RATE: RATE(4*12, -200, 8000) = 1% (formatted to a whole percent)", finance.Rate{}, "rate_convention=periodic",
			[]string{"nper 48 number", "pmt -200 USD", "pv 8000 USD"}, "1", 0},
		{"excel ipmt", "Excel IPMT: IPMT(10%/12, 1, 3*12, 8000) = ($66.67)", finance.IPMT{}, monthly,
			[]string{"rate 10% percent", "per 1 number", "nper 36 number", "pv 8000 USD"}, "-66.67", 0},
		{"excel ipmt yearly", "Excel IPMT: IPMT(10%, 3, 3, 8000) = ($292.45)", finance.IPMT{}, "rate_convention=periodic",
			[]string{"rate 10% percent", "per 3 number", "nper 3 number", "pv 8000 USD"}, "-292.45", 0},
		{"excel ppmt", "Excel PPMT: PPMT(10%/12, 1, 2*12, 2000) = ($75.62)", finance.PPMT{}, monthly,
			[]string{"rate 10% percent", "per 1 number", "nper 24 number", "pv 2000 USD"}, "-75.62", 0},
		{"excel ppmt yearly", "Excel PPMT: PPMT(8%, 10, 10, 200000) = ($27,598.05)", finance.PPMT{}, "rate_convention=periodic",
			[]string{"rate 8% percent", "per 10 number", "nper 10 number", "pv 200000 USD"}, "-27598.05", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, tc.op, tc.params, tc.inputs...)
			require.NoError(t, err, tc.source)
			places := tc.places
			if places == 0 {
				places = placesOf(tc.want)
			}
			v := out.Value
			if out.Unit == units.Percent {
				v.Exponent += 2 // the result is a fraction; the published value is in percent
			}
			require.Equal(t, rounded(t, mustDecimal(t, tc.want), places), rounded(t, v, places), tc.source)
		})
	}
}

// TestTheMortgage pins the figure of the finance issue: $300,000 at 6% over
// 360 months is $1,798.65 a month as an APR (nominal, compounded monthly),
// and $1,768.11 if 6% is wrongly taken as an effective annual rate.
func TestTheMortgage(t *testing.T) {
	for _, tc := range []struct{ convention, want, periodic string }{
		{"nominal", "-1798.65", "0.5"},
		{"effective", "-1768.11", "0.4867550565343037541198945587505995"},
	} {
		out, err := run(t, finance.PMT{}, "periods_per_year=12 rate_convention="+tc.convention,
			"rate 6% percent", "nper 360 number", "pv $300,000 USD")
		require.NoError(t, err)
		require.Equal(t, tc.want, rounded(t, out.Value, 2), tc.convention)
		require.Equal(t, "USD", out.Unit.String())
		require.Equal(t, tc.periodic, stepOf(t, out, "periodic_rate"), tc.convention)
		require.True(t, out.Inexact)
	}
}

// TestExactWhereTheMathematicsIs checks that a result is marked exact only
// when every step was, and that the method is recorded otherwise.
func TestExactWhereTheMathematicsIs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		op      operation.Op
		params  string
		inputs  []string
		want    string
		inexact bool
		method  string
	}{
		{"zero rate closed form", finance.PMT{}, "rate_convention=periodic",
			[]string{"rate 0% percent", "nper 60 number", "pv 15000 USD"}, "-250", false, ""},
		{"terminating power and quotient", finance.FV{}, "rate_convention=periodic",
			[]string{"rate 10% percent", "nper 3 number", "pmt -100 USD"}, "331", false, ""},
		{"effective once a year is the rate itself", finance.FV{}, "rate_convention=effective periods_per_year=1",
			[]string{"rate 10% percent", "nper 2 number", "pmt 0 USD", "pv -100 USD"}, "121", false, ""},
		{"effective monthly is a fractional power", finance.FV{}, "rate_convention=effective periods_per_year=12",
			[]string{"rate 10% percent", "nper 12 number", "pmt 0 USD", "pv -100 USD"}, "110", true, "fractional powers"},
		{"nper is a logarithm", finance.NPER{}, "rate_convention=periodic",
			[]string{"rate 10% percent", "pmt -100 USD", "pv 0 USD", "fv 331 USD"}, "3", true, "natural logarithms"},
		{"rate is a solve", finance.Rate{}, "rate_convention=periodic",
			[]string{"nper 3 number", "pmt -100 USD", "fv 331 USD", "pv 0 USD"}, "0.1", true, "Newton's method"},
		{"rate with balanced flows is zero", finance.Rate{}, "rate_convention=periodic",
			[]string{"nper 3 number", "pmt -100 USD", "fv 300 USD", "pv 0 USD"}, "0", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, tc.op, tc.params, tc.inputs...)
			require.NoError(t, err)
			require.Equal(t, tc.inexact, out.Inexact)
			require.Contains(t, out.Method, tc.method)
			require.Equal(t, tc.inexact, out.Method != "")
			places := 20
			if !tc.inexact {
				require.Equal(t, tc.want, out.Value.Text('f'))
				return
			}
			require.Equal(t, rounded(t, mustDecimal(t, tc.want), places), rounded(t, out.Value, places))
		})
	}
}

// TestEdges covers payments at the beginning, the first and last period,
// negative balances and the identity pmt = ipmt + ppmt.
func TestEdges(t *testing.T) {
	monthly := "rate_convention=nominal periods_per_year=12"
	loan := []string{"rate 6% percent", "nper 12 number", "pv 1200 USD"}
	t.Run("begin: the first payment has no interest", func(t *testing.T) {
		out, err := run(t, finance.IPMT{}, monthly+" when=begin", append(loan, "per 1 number")...)
		require.NoError(t, err)
		require.True(t, out.Value.IsZero())
	})
	t.Run("per = nper pays the balance off", func(t *testing.T) {
		pmt, err := run(t, finance.PMT{}, monthly, loan...)
		require.NoError(t, err)
		last, err := run(t, finance.PPMT{}, monthly, append(loan, "per 12 number")...)
		require.NoError(t, err)
		// The balance before the last payment is the last principal part.
		require.Equal(t, rounded(t, last.Value, 20), "-"+rounded(t, mustDecimal(t, stepOf(t, last, "balance_before")), 20))
		// An inexact result keeps its guard digits; the step is it at 34.
		var at34 apd.Decimal
		_, err = expr.NewContext().Round(&at34, pmt.Value)
		require.NoError(t, err)
		require.Equal(t, stepOf(t, last, "payment"), at34.Text('f'))
	})
	for per := 1; per <= 12; per++ {
		t.Run(fmt.Sprintf("ipmt + ppmt = pmt at per %d", per), func(t *testing.T) {
			for _, when := range []string{"end", "begin"} {
				ip, err := run(t, finance.IPMT{}, monthly+" when="+when, append(loan, fmt.Sprintf("per %d number", per))...)
				require.NoError(t, err)
				// Each part is rounded to 34 digits; they add up to the payment
				// well beyond the cent.
				require.Equal(t, rounded(t, mustDecimal(t, stepOf(t, ip, "payment")), 28),
					rounded(t, mustDecimal(t, sum(t, stepOf(t, ip, "interest"), stepOf(t, ip, "principal"))), 28), when)
			}
		})
	}
	t.Run("a negative balance: a deposit earns", func(t *testing.T) {
		out, err := run(t, finance.FV{}, "rate_convention=periodic", "rate 1% percent", "nper 2 number", "pmt 0 USD", "pv -100 USD")
		require.NoError(t, err)
		require.Equal(t, "102.01", out.Value.Text('f'))
	})
	t.Run("a negative rate", func(t *testing.T) {
		out, err := run(t, finance.FV{}, "rate_convention=periodic", "rate -50% percent", "nper 2 number", "pmt 0 EUR", "pv -100 EUR")
		require.NoError(t, err)
		require.Equal(t, "25", out.Value.Text('f'))
		require.Equal(t, "EUR", out.Unit.String())
	})
	t.Run("a 100% rate is in range", func(t *testing.T) {
		out, err := run(t, finance.FV{}, "rate_convention=periodic", "rate 100% percent", "nper 3 number", "pmt 0 USD", "pv -1 USD")
		require.NoError(t, err)
		require.Equal(t, "8", out.Value.Text('f'))
	})
}

// TestRefusals checks every domain refusal and its field.
func TestRefusals(t *testing.T) {
	monthly := "rate_convention=nominal periods_per_year=12"
	loan := []string{"rate 6% percent", "nper 12 number", "pv 1200 USD"}
	for _, tc := range []struct {
		name, reason string
		op           operation.Op
		params       string
		inputs       []string
		code, field  string
	}{
		{"per 0", "payments are numbered from 1", finance.IPMT{}, monthly, append(loan, "per 0 number"), fault.BadPeriod, "inputs[3].display"},
		{"per past nper", "", finance.PPMT{}, monthly, append(loan, "per 13 number"), fault.BadPeriod, "inputs[3].display"},
		{"per not whole", "", finance.IPMT{}, monthly, append(loan, "per 1.5 number"), fault.BadPeriod, "inputs[3].display"},
		{"no per", "", finance.IPMT{}, monthly, loan, fault.MissingInput, "inputs"},
		{"7 meaning 7%", "the plain number 7 is 700%", finance.PMT{}, monthly,
			[]string{"rate 7 number", "nper 12 number", "pv 1200 USD"}, fault.RateOutOfRange, "inputs[0].display"},
		{"rate of -100%", "nothing is left to grow", finance.PMT{}, monthly,
			[]string{"rate -100% percent", "nper 12 number", "pv 1200 USD"}, fault.RateOutOfRange, "inputs[0].display"},
		{"rate in USD", "", finance.PMT{}, monthly,
			[]string{"rate 6 USD", "nper 12 number", "pv 1200 USD"}, fault.BadInputUnit, "inputs[0].unit"},
		{"rate as a date", "", finance.PMT{}, monthly,
			[]string{"rate 2026-01-01 date", "nper 12 number", "pv 1200 USD"}, fault.BadInputUnit, "inputs[0].unit"},
		{"nper in years", "periods are counted, not measured", finance.PMT{}, monthly,
			[]string{"rate 6% percent", "nper 30 years", "pv 1200 USD"}, fault.BadInputUnit, "inputs[1].unit"},
		{"nper 0", "", finance.PMT{}, monthly,
			[]string{"rate 6% percent", "nper 0 number", "pv 1200 USD"}, fault.BadPeriod, "inputs[1].display"},
		{"no convention", "never guessed", finance.PMT{}, "periods_per_year=12", loan, fault.MissingRateConvention, "params.rate_convention"},
		{"unknown convention", "", finance.PMT{}, "rate_convention=apr periods_per_year=12", loan, fault.BadParam, "params.rate_convention"},
		{"nominal without periods", "", finance.PMT{}, "rate_convention=nominal", loan, fault.BadParam, "params.periods_per_year"},
		{"periodic with periods", "", finance.PMT{}, "rate_convention=periodic periods_per_year=12", loan, fault.BadParam, "params.periods_per_year"},
		{"periods not whole", "", finance.PMT{}, "rate_convention=nominal periods_per_year=12.0", loan, fault.BadParam, "params.periods_per_year"},
		{"periods 0", "", finance.PMT{}, "rate_convention=nominal periods_per_year=0", loan, fault.BadParam, "params.periods_per_year"},
		{"bad when", "", finance.PMT{}, monthly + " when=start", loan, fault.BadParam, "params.when"},
		{"unknown param", "", finance.PMT{}, monthly + " guess=0.1", loan, fault.BadParam, "params.guess"},
		{"unknown input", "", finance.PMT{}, monthly, append(loan, "pmt 5 USD"), fault.UnexpectedInput, "inputs[3].name"},
		{"two currencies", "", finance.PMT{}, monthly, append(loan, "fv 5 EUR"), fault.CurrencyMismatch, "inputs[3].unit"},
		{"amount in percent", "", finance.PMT{}, monthly,
			[]string{"rate 6% percent", "nper 12 number", "pv 5% percent"}, fault.BadInputUnit, "inputs[2].unit"},
		{"nper never reached", "the payment does not cover the interest", finance.NPER{}, monthly,
			[]string{"rate 12% percent", "pmt -5 USD", "pv 1000 USD"}, fault.NoSolution, "inputs[1].display"},
		{"nper with no payment at rate 0", "", finance.NPER{}, "rate_convention=periodic",
			[]string{"rate 0 percent", "pmt 0 USD", "pv 1000 USD"}, fault.NoSolution, "inputs[1].display"},
		{"rate with one-signed flows", "numpy-financial test_rate_with_infeasible_solution: rate(12, 400, 10000, 5000) is nan",
			finance.Rate{}, "rate_convention=periodic",
			[]string{"nper 12 number", "pmt 400 USD", "pv 10000 USD", "fv 5000 USD"}, fault.NoSolution, "inputs[1].display"},
		{"too many periods", "", finance.PMT{}, monthly,
			[]string{"rate 6% percent", "nper 1000000 number", "pv 1 USD"}, fault.BadPeriod, "inputs[1].display"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, tc.op, tc.params, tc.inputs...)
			var ue *fault.Error
			require.ErrorAs(t, err, &ue, tc.reason)
			require.Equal(t, tc.code, ue.Code, "%v", err)
			require.Equal(t, tc.field, ue.Field, "%v", err)
			require.NotEmpty(t, ue.Hint)
		})
	}
}
