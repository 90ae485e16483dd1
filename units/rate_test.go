package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// TestExchangeRates checks conversion with an explicit rate input: the
// direction is a dimension, checked before anything is evaluated, and no
// rate is ever inferred.
func TestExchangeRates(t *testing.T) {
	inputs := map[string]string{"usd": "USD", "eur": "EUR", "inr": "INR", "eur_per_usd": "EUR/USD",
		"usd_per_eur": "USD per EUR", "gbp_per_usd": "GBP/USD", "usd_per_gbp": "USD/GBP", "shares": "count:shares"}
	for _, tc := range []struct {
		formula, want, reason string
	}{
		{"usd * eur_per_usd", "EUR", "USD × EUR/USD is EUR"},
		{"eur_per_usd * usd", "EUR", "in either order"},
		{"eur / eur_per_usd", "USD", "dividing converts back"},
		{"eur * usd_per_eur + usd", "USD", "converted amounts add"},
		{"usd * eur_per_usd / shares", "EUR/count:shares", "a converted price per share"},
		{"eur * eur_per_usd", fault.UnsupportedDimension, "the wrong direction is EUR²/USD"},
		{"usd / eur_per_usd", fault.UnsupportedDimension, "the wrong direction is USD²/EUR"},
		{"usd * gbp_per_usd + eur", fault.CurrencyMismatch, "GBP and EUR do not add"},
		{"usd + eur_per_usd", fault.CurrencyMismatch, "an amount and a rate do not add; the hint shows how to convert"},
		{"inr * eur_per_usd", fault.UnsupportedDimension, "a rate for another currency"},
		{"usd / eur", fault.UnsupportedDimension, "no rate is computed from two amounts either"},
		{"eur_per_usd", "EUR/USD", "a rate on its own keeps its unit"},
		{"(eur_per_usd + eur_per_usd) / 2", "EUR/USD", "rates of one pair average"},
		{"eur_per_usd * usd_per_gbp", "EUR/GBP", "a cross rate"},
		{"1 / eur_per_usd", "USD/EUR", "the inverse rate"},
	} {
		t.Run(tc.formula, func(t *testing.T) {
			f, err := expr.Parse(tc.formula)
			require.NoError(t, err)
			d, err := Infer(f.Root, func(name string) (Unit, bool) { return mustUnit(t, inputs[name]), true })
			if err != nil {
				var e *fault.Error
				require.ErrorAs(t, err, &e)
				require.Equal(t, tc.want, e.Code, "%s: %v", tc.reason, err)
				require.NotEmpty(t, e.Hint)
				return
			}
			require.Equal(t, tc.want, d.String(), tc.reason)
		})
	}
}

func TestWrongDirectionHint(t *testing.T) {
	f, err := expr.Parse("eur * eur_per_usd")
	require.NoError(t, err)
	_, err = Infer(f.Root, func(name string) (Unit, bool) {
		return mustUnit(t, map[string]string{"eur": "EUR", "eur_per_usd": "EUR/USD"}[name]), true
	})
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "a rate in EUR/USD is EUR per one USD: multiply an amount in USD by it to get EUR, or divide an amount in EUR by it to get USD", e.Hint)
}

// TestConvertedAmountPresents checks the whole path of one conversion: $100
// at 0.92 euros per dollar is €92, and the output unit follows.
func TestConvertedAmountPresents(t *testing.T) {
	usd, err := ParseAmount("$100", mustUnit(t, "USD"), numeral.Ones)
	require.NoError(t, err)
	rate, err := ParseAmount("€0.92", mustUnit(t, "EUR per USD"), numeral.Ones)
	require.NoError(t, err)
	var v apd.Decimal
	_, err = expr.NewContext().Mul(&v, &usd.Value, &rate.Value)
	require.NoError(t, err)
	p, err := Present(&v, Dim{Unit: mustUnit(t, "EUR")}, Output{})
	require.NoError(t, err)
	require.Equal(t, "€92", p.Display)
	_, err = ParseAmount("$0.92", mustUnit(t, "EUR/USD"), numeral.Ones)
	require.Error(t, err, "a dollar sign on a rate in euros per dollar")
}

func TestMarketPair(t *testing.T) {
	for _, tc := range []struct {
		unit, text, pair string
		found            bool
	}{
		{"EUR/USD", "EUR/USD 1.0850", "EUR/USD", true},
		{"eur / usd", "The EUR / USD rate closed at 1.0850", "EUR/USD", true},
		{"EUR/USD", "1 USD = 0.92 EUR", "EUR/USD", false},
		// Written with per, the unit means the same as EUR/USD, and the
		// market pair in the quote means the opposite: copied as it is,
		// 1.0850 "euros per dollar" converts $100 to €108.50, not €92.17.
		{"EUR per USD", "EUR/USD 1.0850", "EUR/USD", true},
		{"USD per EUR", "EUR/USD 1.0850", "USD/EUR", false},
		{"USD/EUR", "EUR/USD 1.0850", "USD/EUR", false},
		// The pair glued, as FX feeds print it.
		{"EUR/USD", "EURUSD 1.0850", "EUR/USD", true},
		{"EUR per USD", "EURUSD=X 1.0850", "EUR/USD", true},
		{"USD per EUR", "EURUSD 1.0850", "USD/EUR", false},
		{"EUR/USD", "NEURUSDT 1.0850", "EUR/USD", false},
		{"USD/count:shares", "USD/count:shares", "", false},
	} {
		pair, found := MarketPair(tc.unit, tc.text)
		require.Equal(t, tc.pair, pair, "%q in %q", tc.unit, tc.text)
		require.Equal(t, tc.found, found, "%q in %q", tc.unit, tc.text)
	}
}

// FuzzExchangeRates infers and expands arbitrary formulas over amounts in
// two currencies and exchange rates between them: nothing panics, a
// refusal has a hint, and an accepted formula presents and expands.
func FuzzExchangeRates(f *testing.F) {
	for _, s := range []string{"a * bb", "ccc / bb", "a * bb + ccc", "bb * dddd", "1 / bb", "(bb + bb) / 2", "a / ccc"} {
		f.Add(s)
	}
	var pool []Amount
	for _, in := range [][2]string{{"$100", "USD"}, {"0.92", "EUR/USD"}, {"€92", "EUR"}, {"1.27", "USD per GBP"}} {
		a, err := ParseAmount(in[0], mustUnit(f, in[1]), numeral.Ones)
		require.NoError(f, err)
		pool = append(pool, a)
	}
	amountOf := func(name string) (Amount, bool) { return pool[len(name)%len(pool)], true }
	f.Fuzz(func(t *testing.T, src string) {
		formula, err := expr.Parse(src)
		if err != nil {
			return
		}
		d, err := Infer(formula.Root, func(name string) (Unit, bool) { a, ok := amountOf(name); return a.Unit, ok })
		if err != nil {
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.NotEmpty(t, e.Hint)
			return
		}
		target, err := Resolve(Output{Unit: "number"}, d)
		if err != nil {
			target, err = Resolve(Output{}, d)
		}
		if err != nil {
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			return
		}
		s, err := Expand(formula.Root, amountOf, target)
		require.NoError(t, err)
		_, err = expr.Parse(s)
		require.NoError(t, err, "expr.Parse(Expand(%q)) = %q", src, s)
	})
}
