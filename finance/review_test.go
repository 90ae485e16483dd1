package finance_test

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// TestTinyRateRefused: a nonzero rate so small that 1 + rate loses its
// digits at the working precision gave a payment of -600 on a loan of 1,000
// over one period (the right payment is -1,000.00…), and a payment wrong
// in its 26th digit at 1e-30 over 100,000 periods. Such a rate is refused;
// the hint says to give 0.
func TestTinyRateRefused(t *testing.T) {
	for _, tc := range []struct{ name, rate, nper string }{
		{"6e-50 over one period", "rate 0.00000000000000000000000000000000000000000000000006 number", "nper 1 number"},
		{"1e-30 over 100000 periods", "rate 0.000000000000000000000000000001 number", "nper 100000 number"},
		{"below 0.0000001%", "rate 0.00000000099% percent", "nper 12 number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, finance.PMT{}, "rate_convention=periodic", tc.rate, tc.nper, "pv 1000 number")
			requireCode(t, err, fault.RateOutOfRange, "inputs[0].display")
		})
	}
	t.Run("0.0000001% is computed, to the cent", func(t *testing.T) {
		out, err := run(t, finance.PMT{}, "rate_convention=periodic", "rate 0.0000001% percent", "nper 1 number", "pv 1000 number")
		require.NoError(t, err)
		require.Equal(t, "-1000.00000100", rounded(t, out.Value, 8))
	})
}

// TestRateOneAsNumberRefused: the plain number 1 is 100%, and is far more
// often a model's "1" meaning 1% than a rate of 100%. With unit number a
// rate must lie strictly inside −1..1; 100% is given as "100%".
func TestRateOneAsNumberRefused(t *testing.T) {
	_, err := run(t, finance.PMT{}, "rate_convention=nominal periods_per_year=12", "rate 1 number", "nper 360 number", "pv 1000 USD")
	requireCode(t, err, fault.RateOutOfRange, "inputs[0].display")
	out, err := run(t, finance.FV{}, "rate_convention=periodic", "rate 100% percent", "nper 1 number", "pmt 0 USD", "pv -1 USD")
	require.NoError(t, err)
	require.Equal(t, "2", out.Value.Text('f'))
}

// TestRateTwoSolutionsRefused: paying 100 now, receiving 230 in a period
// and paying 132 in two is solved by 10% and by 20% a period; Newton's
// method from 10% returned 10% and said nothing of the other. Flows whose
// sign changes twice have two rates or none, so rate refuses them.
func TestRateTwoSolutionsRefused(t *testing.T) {
	_, err := run(t, finance.Rate{}, "rate_convention=periodic", "nper 2 number", "pmt 230 number", "pv -100 number", "fv -362 number")
	requireCode(t, err, fault.NoSolution, "inputs[1].display")
	require.Contains(t, err.Error(), "more than one rate")
	t.Run("balanced flows that change sign twice", func(t *testing.T) {
		// -50, +100, -50: a double root at 0, returned before as 0 with no
		// word of the shape of the flows.
		_, err := run(t, finance.Rate{}, "rate_convention=periodic", "nper 2 number", "pmt 100 number", "pv -50 number", "fv -150 number")
		requireCode(t, err, fault.NoSolution, "inputs[1].display")
	})
	t.Run("begin: flows at 0 are pv + pmt", func(t *testing.T) {
		// pv 8000, pmt -200 at the beginning: +7800, -200, …: one change.
		// The rate, by bisection in Python's decimal at 60 digits:
		// 0.0080529819239060342466747164571767829738…
		out, err := run(t, finance.Rate{}, "rate_convention=periodic when=begin", "nper 48 number", "pmt -200 number", "pv 8000 number")
		require.NoError(t, err)
		require.Equal(t, "0.00805298192390603424667471645717678", rounded(t, out.Value, 35))
	})
}

// TestProjectNegativeBalanceRefused: a negative starting balance (a debt)
// was reported as running out in month 1 with a final balance of 0, though
// contributions of 1,000 a month turn -5,000 into about +19,000 in two
// years. A projection starts from what is saved; a debt is refused.
func TestProjectNegativeBalanceRefused(t *testing.T) {
	_, err := run(t, finance.Project{}, "rate_convention=effective contribution_frequency=monthly",
		"balance -5000 USD", "contribution 1000 USD", "return 5% percent", "years 2 number")
	requireCode(t, err, fault.BadInputUnit, "inputs[0].display")
}

// TestPayoffNoFalseNeverEnds: the plans were refused as never ending when
// the total owed did not fall in some month, though a high-rate debt paid
// down moves the interest to a cheaper one and the plan ends. Here the
// first month's interest (100 + 100) equals the budget, and the second
// month's is less. A plan is refused early only when no debt falls in a
// month, which no later month can undo.
func TestPayoffNoFalseNeverEnds(t *testing.T) {
	for _, balance := range []string{"1200", "1300"} {
		t.Run(balance, func(t *testing.T) {
			out, err := run(t, finance.Payoff{}, "rate_convention=nominal",
				"debts[0].balance "+balance+" USD", "debts[0].apr 100% percent", "debts[0].min_payment 199 USD",
				"debts[1].balance 10000 USD", "debts[1].apr 12% percent", "debts[1].min_payment 1 USD", "budget 200 USD")
			require.NoError(t, err)
			require.Greater(t, len(out.Value.Text('f')), 1)
			require.Equal(t, units.Months, out.Unit)
		})
	}
	t.Run("the payment below the interest is still refused", func(t *testing.T) {
		_, err := run(t, finance.Payoff{}, "rate_convention=nominal",
			"debts[0].balance 100000 USD", "debts[0].apr 30% percent", "debts[0].min_payment 10 USD", "budget 2000 USD")
		requireCode(t, err, fault.NoSolution, "inputs[3].display")
	})
}

func requireCode(t *testing.T, err error, code, field string) {
	t.Helper()
	require.Error(t, err)
	var ue *fault.Error
	require.ErrorAs(t, err, &ue)
	require.Equal(t, code, ue.Code, err.Error())
	require.Equal(t, field, ue.Field, err.Error())
	require.NotEmpty(t, ue.Hint)
}

// TestRateSolvedPrecisely: solving for a small rate cancels digits twice,
// in (1+r)^n − 1 and in pv·(1+r)^n + pmt·annuity ≈ −fv, and at 50 digits the
// rate of pv 1000, pmt −100 over 10 periods to fv −0.00002 was wrong from
// its 28th digit, though every digit of the 34 was presented. The rate
// solved by Newton's method in Python's decimal at 80 digits is
// 3.636363557024795984973603687184081945…e-9.
func TestRateSolvedPrecisely(t *testing.T) {
	out, err := run(t, finance.Rate{}, "rate_convention=periodic", "nper 10 number", "pmt -100 number", "pv 1000 number", "fv -0.00002 number")
	require.NoError(t, err)
	want := mustDecimal(t, "0.000000003636363557024795984973603687184081945528682699917741399647719702358594873208386649953645604896162383")
	require.Equal(t, rounded(t, want, 9+33), rounded(t, out.Value, 9+33), "34 significant digits")
	t.Run("a solved rate below 0.0000001% is refused", func(t *testing.T) {
		_, err := run(t, finance.Rate{}, "rate_convention=periodic", "nper 10 number", "pmt -100 number", "pv 1000 number", "fv -0.0000001 number")
		requireCode(t, err, fault.NoSolution, "inputs[1].display")
	})
}

// TestTVMCurrenciesNotMixed holds what the review found right: a present
// value in dollars and a future value in euros are refused, never
// converted or added.
func TestTVMCurrenciesNotMixed(t *testing.T) {
	_, err := run(t, finance.PMT{}, "rate_convention=periodic", "rate 1% percent", "nper 12 number", "pv 1000 USD", "fv 100 EUR")
	requireCode(t, err, fault.CurrencyMismatch, "inputs[3].unit")
}
