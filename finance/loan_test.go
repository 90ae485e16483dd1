package finance_test

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestLoan pins the mortgage's amortization summary: the totals use the
// exact payment, as amortization calculators do, so total interest is
// $347,514.57 (with the payment rounded to $1,798.65 first it would be
// $347,514.00).
func TestLoan(t *testing.T) {
	for _, tc := range []struct {
		name, params string
		inputs       []string
		steps        map[string]string // to the cent
	}{
		{"30 years in years", "rate_convention=nominal periods_per_year=12",
			[]string{"principal $300,000 USD", "rate 6% percent", "term 30 years"},
			map[string]string{"payment": "1798.65", "payments": "360.00", "total_paid": "647514.57", "total_interest": "347514.57",
				"first_interest": "1500.00", "first_principal": "298.65", "last_interest": "8.95", "last_principal": "1789.70"}},
		{"360 months", "rate_convention=nominal periods_per_year=12",
			[]string{"principal 300000 USD", "rate 6% percent", "term 360 months"},
			map[string]string{"payment": "1798.65", "total_interest": "347514.57"}},
		{"effective", "rate_convention=effective periods_per_year=12",
			[]string{"principal 300000 USD", "rate 6% percent", "term 30 years"},
			map[string]string{"payment": "1768.11"}},
		{"quarterly", "rate_convention=nominal periods_per_year=4",
			[]string{"principal 10000 EUR", "rate 8% percent", "term 1 years"},
			map[string]string{"payments": "4.00", "payment": "2626.24"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, finance.Loan{}, tc.params, tc.inputs...)
			require.NoError(t, err)
			require.Equal(t, tc.steps["payment"], rounded(t, out.Value, 2))
			for name, want := range tc.steps {
				require.Equal(t, want, rounded(t, mustDecimal(t, stepOf(t, out, name)), 2), name)
			}
		})
	}
}

func TestLoanRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, params string
		inputs       []string
		code, field  string
	}{
		{"no convention", "periods_per_year=12", []string{"principal 1 USD", "rate 6% percent", "term 1 years"}, fault.MissingRateConvention, "params.rate_convention"},
		{"periodic", "rate_convention=periodic periods_per_year=12", []string{"principal 1 USD", "rate 6% percent", "term 1 years"}, fault.BadParam, "params.rate_convention"},
		{"no periods", "rate_convention=nominal", []string{"principal 1 USD", "rate 6% percent", "term 1 years"}, fault.BadParam, "params.periods_per_year"},
		{"term in number", "rate_convention=nominal periods_per_year=12", []string{"principal 1 USD", "rate 6% percent", "term 360 number"}, fault.BadInputUnit, "inputs[2].unit"},
		{"part payment", "rate_convention=nominal periods_per_year=12", []string{"principal 1 USD", "rate 6% percent", "term 1.5 months"}, fault.BadPeriod, "inputs[2].display"},
		{"negative principal", "rate_convention=nominal periods_per_year=12", []string{"principal -1 USD", "rate 6% percent", "term 1 years"}, fault.BadInputUnit, "inputs[0].display"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, finance.Loan{}, tc.params, tc.inputs...)
			var ue *fault.Error
			require.ErrorAs(t, err, &ue)
			require.Equal(t, tc.code, ue.Code, "%v", err)
			require.Equal(t, tc.field, ue.Field, "%v", err)
		})
	}
}

func TestCAGRAndGrowth(t *testing.T) {
	for _, tc := range []struct {
		name    string
		op      operation.Op
		params  string
		inputs  []string
		want    string
		places  int // 0: compared exactly
		inexact bool
	}{
		{"one year is exact", finance.CAGR{}, "", []string{"start 100 USD", "end 107 USD", "years 1 number"}, "0.07", 0, false},
		{"one year as 12 months", finance.CAGR{}, "", []string{"start 100 USD", "end 107 USD", "years 12 months"}, "0.07", 0, false},
		{"two years is a root", finance.CAGR{}, "", []string{"start 100 USD", "end 121 USD", "years 2 years"}, "0.1", 30, true},
		{"a fall", finance.CAGR{}, "", []string{"start 2,000 count", "end 1,000 count", "years 3 number"}, "-0.20629947401590026262414718036385", 30, true},
		{"to zero", finance.CAGR{}, "", []string{"start 5 number", "end 0 number", "years 3 number"}, "-1", 30, true},
		{"compound", finance.Growth{}, "rate_convention=periodic", []string{"amount 1000 USD", "rate 5% percent", "periods 10 number"}, "1628.89462677744140625", 0, false},
		{"inflation", finance.Growth{}, "rate_convention=periodic direction=discount", []string{"amount 1000 USD", "rate 3% percent", "periods 10 number"}, "744.0939148967251131186759158190", 28, true},
		{"monthly compounding of an APR", finance.Growth{}, "rate_convention=nominal periods_per_year=12", []string{"amount 1000 USD", "rate 6% percent", "periods 12 number"}, "1061.677811864499568789707617431640625", 30, true}, // 37 digits: rounded to 34
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, tc.op, tc.params, tc.inputs...)
			require.NoError(t, err)
			require.Equal(t, tc.inexact, out.Inexact)
			if tc.places == 0 {
				require.Equal(t, tc.want, out.Value.Text('f'))
				return
			}
			require.Equal(t, rounded(t, mustDecimal(t, tc.want), tc.places), rounded(t, out.Value, tc.places))
		})
	}
}

func TestCAGRAndGrowthRefusals(t *testing.T) {
	for _, tc := range []struct {
		name        string
		op          operation.Op
		params      string
		inputs      []string
		code, field string
	}{
		{"negative start", finance.CAGR{}, "", []string{"start -100 USD", "end 121 USD", "years 2 number"}, fault.NoSolution, "inputs[0].display"},
		{"two currencies", finance.CAGR{}, "", []string{"start 100 USD", "end 121 EUR", "years 2 number"}, fault.CurrencyMismatch, "inputs[1].unit"},
		{"count and currency", finance.CAGR{}, "", []string{"start 100 USD", "end 121 count", "years 2 number"}, fault.BadInputUnit, "inputs[1].unit"},
		{"years in percent", finance.CAGR{}, "", []string{"start 100 USD", "end 121 USD", "years 2% percent"}, fault.BadInputUnit, "inputs[2].unit"},
		{"zero years", finance.CAGR{}, "", []string{"start 100 USD", "end 121 USD", "years 0 number"}, fault.BadPeriod, "inputs[2].display"},
		{"a param", finance.CAGR{}, "rate_convention=periodic", []string{"start 100 USD", "end 121 USD", "years 2 number"}, fault.BadParam, "params.rate_convention"},
		{"growth without convention", finance.Growth{}, "", []string{"amount 1 USD", "rate 3% percent", "periods 10 number"}, fault.MissingRateConvention, "params.rate_convention"},
		{"bad direction", finance.Growth{}, "rate_convention=periodic direction=inverse", []string{"amount 1 USD", "rate 3% percent", "periods 10 number"}, fault.BadParam, "params.direction"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, tc.op, tc.params, tc.inputs...)
			var ue *fault.Error
			require.ErrorAs(t, err, &ue)
			require.Equal(t, tc.code, ue.Code, "%v", err)
			require.Equal(t, tc.field, ue.Field, "%v", err)
		})
	}
}
