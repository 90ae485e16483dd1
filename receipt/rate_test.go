package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestConversionWithAnExchangeRate is the finance issue's dead end, fixed:
// an amount in dollars times a cited rate in euros per dollar is in euros,
// and the output unit follows; the market pair notation is refused, since
// copied as it is it converts the wrong way.
func TestConversionWithAnExchangeRate(t *testing.T) {
	request := func(unit, quote, formula string) *Request {
		return &Request{ID: "fx", Formula: formula, Inputs: []Input{
			{Name: "price", Display: "$100", Unit: "USD", Provenance: ProvenanceText, Quote: "priced at $100"},
			{Name: "rate", Display: "0.92", Unit: unit, Provenance: ProvenanceSystemOfRecord, Quote: quote},
		}}
	}
	for _, tc := range []struct {
		name, unit, quote, formula, display, code string
	}{
		{"euros per dollar", "EUR/USD", "1 USD = 0.92 EUR", "price * rate", "€92", ""},
		{"written with per", "EUR per USD", "", "price * rate", "€92", ""},
		{"dividing by dollars per euro", "USD per EUR", "", "price / rate", "€108.6956521739130434782608695652174", ""},
		{"the wrong direction", "USD/EUR", "", "price * rate", "", "unsupported_dimension"},
		{"a plain number keeps the currency", "number", "", "price * rate", "$92", ""},
		{"the market pair", "EUR/USD", "EUR/USD 0.92", "price * rate", "", fault.AmbiguousExchangeRate},
		{"the market pair, the unit written with per", "EUR per USD", "EUR/USD 0.92", "price * rate", "", fault.AmbiguousExchangeRate},
		{"the market pair glued", "EUR/USD", "EURUSD 0.92", "price * rate", "", fault.AmbiguousExchangeRate},
		{"the market pair read as it means", "USD per EUR", "EUR/USD 0.92", "price / rate", "€108.6956521739130434782608695652174", ""},
		{"no rate is inferred", "", "", "price", "$100", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := request(tc.unit, tc.quote, tc.formula)
			if tc.unit == "" {
				req.Inputs = req.Inputs[:1]
				r, err := Calculate(req)
				require.NoError(t, err)
				req.Output.Unit = "EUR"
				_, err = Calculate(req)
				require.Equal(t, "output_unit_mismatch", Describe(err).Code, "an amount in USD is never presented in EUR")
				require.Equal(t, tc.display, r.Result.Display)
				return
			}
			r, err := Calculate(req)
			if tc.code != "" {
				require.Equal(t, tc.code, Describe(err).Code, "%v", err)
				require.NotEmpty(t, Describe(err).Hint)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.display, r.Result.Display)
		})
	}
}
