package finance_test

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/stretchr/testify/require"
)

// TestProject pins projections computed independently with Python's
// decimal module under the same rules.
func TestProject(t *testing.T) {
	t.Run("saving $500 a month at 7% a year", func(t *testing.T) {
		out, err := run(t, finance.Project{}, "rate_convention=effective contribution_frequency=monthly",
			"balance $100,000 USD", "contribution $500 USD", "return 7% percent", "years 10 years")
		require.NoError(t, err)
		require.Equal(t, "282241.00", rounded(t, out.Value, 2))
		require.Equal(t, "113190.15", rounded(t, mustDecimal(t, stepOf(t, out, "year[1].balance")), 2))
		require.Equal(t, "282241.00", rounded(t, mustDecimal(t, stepOf(t, out, "year[10].balance")), 2))
		require.Equal(t, "6000", stepOf(t, out, "contribution_annual"))
		require.Equal(t, "500", stepOf(t, out, "contribution_monthly"))
		require.True(t, out.Inexact, "(1.07)^(1/12) is a fractional power")
	})
	t.Run("the same given annually", func(t *testing.T) {
		out, err := run(t, finance.Project{}, "rate_convention=effective contribution_frequency=annually",
			"balance $100,000 USD", "contribution $6,000 USD", "return 7% percent", "years 10 number")
		require.NoError(t, err)
		require.Equal(t, "282241.00", rounded(t, out.Value, 2))
		require.Equal(t, "500", stepOf(t, out, "contribution_monthly"))
	})
	t.Run("withdrawing $5,000 a month runs out", func(t *testing.T) {
		out, err := run(t, finance.Project{}, "rate_convention=effective contribution_frequency=monthly",
			"balance $1,000,000 USD", "withdrawal $5,000 USD", "return 5% percent", "years 40 number")
		require.NoError(t, err)
		require.Equal(t, "60000", stepOf(t, out, "withdrawal_annual"))
		negative, err := run(t, finance.Project{}, "rate_convention=effective contribution_frequency=monthly",
			"balance $1,000,000 USD", "contribution -$5,000 USD", "return 5% percent", "years 40 number")
		require.NoError(t, err)
		require.Equal(t, out.Value, negative.Value, "a withdrawal is a negative contribution")
		require.True(t, out.Value.IsZero())
		require.Equal(t, "415", stepOf(t, out, "runs_out_month"))
		require.Equal(t, "35", stepOf(t, out, "runs_out_year"))
		require.Equal(t, "0.4074123783648301605419602672107164", stepOf(t, out, "monthly_rate"))
		for _, s := range out.Steps {
			require.NotEqual(t, "year[35].balance", s.Name, "no year end after it runs out")
		}
	})
	t.Run("exact at a nominal rate", func(t *testing.T) {
		out, err := run(t, finance.Project{}, "rate_convention=nominal contribution_frequency=monthly",
			"balance 1000 USD", "contribution 0 USD", "return 12% percent", "years 1 number")
		require.NoError(t, err)
		require.False(t, out.Inexact)
		require.Equal(t, "1126.825030131969720661201", out.Value.Text('f'))
	})
}

func TestProjectRefusals(t *testing.T) {
	base := []string{"balance 1000 USD", "contribution 10 USD", "return 7% percent", "years 10 number"}
	for _, tc := range []struct {
		name, params string
		inputs       []string
		code, field  string
	}{
		{"no frequency", "rate_convention=effective", base, fault.BadParam, "params.contribution_frequency"},
		{"weekly", "rate_convention=effective contribution_frequency=weekly", base, fault.BadParam, "params.contribution_frequency"},
		{"no convention", "contribution_frequency=monthly", base, fault.MissingRateConvention, "params.rate_convention"},
		{"periodic", "rate_convention=periodic contribution_frequency=monthly", base, fault.BadParam, "params.rate_convention"},
		{"part years", "rate_convention=effective contribution_frequency=monthly",
			[]string{"balance 1000 USD", "contribution 10 USD", "return 7% percent", "years 2.5 number"}, fault.BadPeriod, "inputs[3].display"},
		{"too many years", "rate_convention=effective contribution_frequency=monthly",
			[]string{"balance 1000 USD", "contribution 10 USD", "return 7% percent", "years 101 number"}, fault.BadPeriod, "inputs[3].display"},
		{"7 meaning 7%", "rate_convention=effective contribution_frequency=monthly",
			[]string{"balance 1000 USD", "contribution 10 USD", "return 7 number", "years 10 number"}, fault.RateOutOfRange, "inputs[2].display"},
		{"both flows", "rate_convention=effective contribution_frequency=monthly",
			append(base, "withdrawal 5 USD"), fault.UnexpectedInput, "inputs[4].name"},
		{"a negative withdrawal", "rate_convention=effective contribution_frequency=monthly",
			[]string{"balance 1000 USD", "withdrawal -10 USD", "return 7% percent", "years 10 number"}, fault.BadInputUnit, "inputs[1].display"},
		{"two currencies", "rate_convention=effective contribution_frequency=monthly",
			[]string{"balance 1000 USD", "contribution 10 EUR", "return 7% percent", "years 10 number"}, fault.CurrencyMismatch, "inputs[1].unit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, finance.Project{}, tc.params, tc.inputs...)
			var ue *fault.Error
			require.ErrorAs(t, err, &ue)
			require.Equal(t, tc.code, ue.Code, "%v", err)
			require.Equal(t, tc.field, ue.Field, "%v", err)
		})
	}
}
