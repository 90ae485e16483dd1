package finance_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// household is the payoff plans' worked case: a card at 22.99% APR, a card
// at 15% and a car loan at 6%, with $700 a month for all three. The values
// were computed independently, by a Python simulation of the same rules over
// decimal.Decimal.
var household = []string{
	"debts[0].balance $5,000 USD", "debts[0].apr 22.99% percent", "debts[0].min_payment $150 USD",
	"debts[1].balance $1,200 USD", "debts[1].apr 15% percent", "debts[1].min_payment $50 USD",
	"debts[2].balance $8,000 USD", "debts[2].apr 6% percent", "debts[2].min_payment $250 USD",
	"budget $700 USD",
}

func TestPayoff(t *testing.T) {
	out, err := run(t, finance.Payoff{}, "rate_convention=nominal", household...)
	require.NoError(t, err)
	require.Equal(t, "23", out.Value.Text('f'))
	require.Equal(t, units.Months, out.Unit)
	for name, want := range map[string]string{
		"avalanche.months": "23", "avalanche.total_interest": "1547.97", "avalanche.total_paid": "15747.97",
		"avalanche.order": "debts[0], debts[1], debts[2]", "avalanche.debts[0].paid_off_month": "15",
		"avalanche.debts[1].paid_off_month": "16", "avalanche.debts[2].paid_off_month": "23",
		"snowball.months": "23", "snowball.total_interest": "1638.65", "snowball.total_paid": "15838.65",
		"snowball.order": "debts[1], debts[0], debts[2]", "snowball.debts[1].paid_off_month": "5",
		"snowball.debts[0].paid_off_month": "17",
		"interest_saved":                   "90.68", "months_saved": "0", "debts[0].monthly_rate": "1.915833333333333333333333333333333",
	} {
		require.Equal(t, want, stepOf(t, out, name), name)
	}
}

func TestPayoffRefusals(t *testing.T) {
	with := func(replace map[int]string, extra ...string) []string {
		out := append([]string{}, household...)
		for i, s := range replace {
			out[i] = s
		}
		return append(out, extra...)
	}
	for _, tc := range []struct {
		name, params string
		inputs       []string
		code, field  string
	}{
		{"budget below the minimums", "rate_convention=nominal", with(map[int]string{9: "budget $449.99 USD"}), fault.NoSolution, "inputs[9].display"},
		{"a plan that never ends", "rate_convention=nominal",
			[]string{"debts[0].balance 100000 USD", "debts[0].apr 30% percent", "debts[0].min_payment 10 USD", "budget 2000 USD"}, fault.NoSolution, "inputs[3].display"},
		{"no convention", "", household, fault.MissingRateConvention, "params.rate_convention"},
		{"quarterly", "rate_convention=nominal periods_per_year=4", household, fault.BadParam, "params.periods_per_year"},
		{"a gap in the list", "rate_convention=nominal", with(map[int]string{3: "debts[3].balance $1,200 USD"}), fault.MissingInput, "inputs"},
		{"a missing field", "rate_convention=nominal", with(map[int]string{5: "budget2 $50 USD"}), fault.MissingInput, "inputs"},
		{"an unknown field", "rate_convention=nominal", with(nil, "debts[0].fee $5 USD"), fault.UnexpectedInput, "inputs[10].name"},
		{"an index past the limit", "rate_convention=nominal", with(nil, "debts[50].balance $5 USD"), fault.UnexpectedInput, "inputs[10].name"},
		{"a padded index", "rate_convention=nominal", with(nil, "debts[01].balance $5 USD"), fault.UnexpectedInput, "inputs[10].name"},
		{"two currencies", "rate_convention=nominal", with(map[int]string{3: "debts[1].balance €1,200 EUR"}), fault.CurrencyMismatch, "inputs[3].unit"},
		{"fractions of a cent", "rate_convention=nominal", with(map[int]string{0: "debts[0].balance 5000.005 USD"}), fault.BadInputUnit, "inputs[0].display"},
		{"a negative balance", "rate_convention=nominal", with(map[int]string{0: "debts[0].balance -5000 USD"}), fault.BadInputUnit, "inputs[0].display"},
		{"a zero minimum", "rate_convention=nominal", with(map[int]string{2: "debts[0].min_payment 0 USD"}), fault.BadInputUnit, "inputs[2].display"},
		{"an APR of 22.99 as a number", "rate_convention=nominal", with(map[int]string{1: "debts[0].apr 22.99 number"}), fault.RateOutOfRange, "inputs[1].display"},
		{"no debts", "rate_convention=nominal", []string{"budget 5 USD"}, fault.MissingInput, "inputs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, finance.Payoff{}, tc.params, tc.inputs...)
			var ue *fault.Error
			require.ErrorAs(t, err, &ue)
			require.Equal(t, tc.code, ue.Code, "%v", err)
			require.Equal(t, tc.field, ue.Field, "%v", err)
			require.NotEmpty(t, ue.Hint)
		})
	}
}

// TestAvalancheNeverPaysMore is the property the avalanche plan exists for:
// over random households, it never pays more interest than snowball.
func TestAvalancheNeverPaysMore(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2026))
	ran := 0
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(6)
		var inputs []string
		mins := 0
		for i := 0; i < n; i++ {
			balance := 100 + rng.IntN(2000000)            // cents
			apr := rng.IntN(3000)                         // hundredths of a percent
			minimum := 100 + rng.IntN(max(balance/20, 1)) // cents
			mins += minimum
			inputs = append(inputs,
				fmt.Sprintf("debts[%d].balance %s USD", i, cents(balance)),
				fmt.Sprintf("debts[%d].apr %d.%02d%% percent", i, apr/100, apr%100),
				fmt.Sprintf("debts[%d].min_payment %s USD", i, cents(minimum)))
		}
		inputs = append(inputs, "budget "+cents(mins+rng.IntN(200000))+" USD")
		out, err := run(t, finance.Payoff{}, "rate_convention=nominal", inputs...)
		if err != nil {
			continue // a plan that never ends is refused for both
		}
		ran++
		a := mustDecimal(t, stepOf(t, out, "avalanche.total_interest"))
		s := mustDecimal(t, stepOf(t, out, "snowball.total_interest"))
		require.LessOrEqual(t, a.Cmp(s), 0, "avalanche %s > snowball %s for %v", a, s, inputs)
		saved := mustDecimal(t, stepOf(t, out, "interest_saved"))
		var diff apd.Decimal
		_, _ = apd.BaseContext.Sub(&diff, s, a)
		require.Zero(t, diff.Cmp(saved))
	}
	require.Greater(t, ran, 200, "most random households have a plan")
}

func cents(c int) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }
