package units

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

func TestParseUnit(t *testing.T) {
	tests := []struct {
		in, want string // want is the canonical spelling or an error code
		reason   string
	}{
		{"USD", "USD", ""},
		{" usd ", "USD", "codes ignore case and spaces"},
		{"INR", "INR", ""},
		{"₹", "INR", "₹ names one currency"},
		{"€", "EUR", ""},
		{"£", "GBP", ""},
		{"$", fault.AmbiguousSymbol, "$ is the sign of many dollars and pesos"},
		{"¥", fault.AmbiguousSymbol, "¥ is yen or yuan"},
		{"Rs", fault.AmbiguousSymbol, "rupees of four countries"},
		{"ABC", fault.UnknownUnit, "not on the ISO 4217 list"},
		{"XXX", fault.UnknownUnit, "XXX is the code for no currency"},
		{"", fault.UnknownUnit, ""},
		{"dollars", fault.UnknownUnit, "words for currencies are not guessed"},
		{"number", "number", ""},
		{"Ratio", "ratio", ""},
		{"percent", "percent", ""},
		{"%", "percent", ""},
		{"pp", "pp", ""},
		{"bps", "bp", ""},
		{"count", "count", ""},
		{"count:tweets", "count:tweets", ""},
		{"count: Tweets ", "count:tweets", "nouns are lower-cased"},
		{"count:", fault.UnknownUnit, "a count noun may not be empty"},
		{"count:<b>", fault.UnknownUnit, "nouns are plain words"},
		{"count:00000000", fault.UnknownUnit, "nouns start with a letter"},
		{"count:retail stores", fault.UnknownUnit, "nouns are one word"},
		{"count:retail-stores", "count:retail-stores", ""},
		{"day", "days", ""},
		{"months", "months", ""},
		{"years", "years", ""},
		{"USD/count:shares", "USD/count:shares", "one unit per another"},
		{"USD per count:shares", "USD/count:shares", ""},
		{"count:tweets/days", "count:tweets/days", ""},
		{"USD/INR", "USD/INR", "an exchange rate: dollars per rupee"},
		{"eur per usd", "EUR/USD", "an exchange rate: euros per dollar"},
		{"USD/USD", fault.UnsupportedDimension, "a currency per itself is a ratio"},
		{"USD/percent", fault.UnsupportedDimension, "nothing per a dimensionless unit"},
		{"percent/days", fault.UnsupportedDimension, ""},
		{"months/years", fault.UnsupportedDimension, "a unit per itself is a ratio"},
		{"USD/$", fault.AmbiguousSymbol, ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			u, err := ParseUnit(tc.in)
			if err != nil {
				require.Equal(t, tc.want, codeOf(t, err), "ParseUnit(%q): %v (%s)", tc.in, err, tc.reason)
				return
			}
			require.Equal(t, tc.want, u.String(), "ParseUnit(%q) (%s)", tc.in, tc.reason)
			again, err := ParseUnit(u.String())
			require.NoError(t, err, "ParseUnit(%q) of a canonical spelling", u.String())
			require.Equal(t, u, again, "canonical spellings round-trip")
		})
	}
}

func TestUnitAccessors(t *testing.T) {
	u := mustUnit(t, "USD/count:shares")
	require.Equal(t, "USD", u.Currency())
	require.Equal(t, KindCurrency, u.Kind())
	per, ok := u.Per()
	require.True(t, ok)
	require.Equal(t, "shares", per.Noun())
	require.False(t, u.Dimensionless())
	require.True(t, BasisPoints.Dimensionless())
	require.True(t, Unit{}.IsZero())
	c, err := CountOf("Tweets")
	require.NoError(t, err)
	require.Equal(t, mustUnit(t, "count:tweets"), c)
	inr, err := CurrencyUnit("inr")
	require.NoError(t, err)
	require.Equal(t, "INR", inr.String())
	_, err = CurrencyUnit("RUPEES")
	require.Equal(t, fault.UnknownUnit, codeOf(t, err))
	require.Equal(t, "invalid", Kind(0).String())
}
