package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestOperationQuoteMeansTheDisplay checks that a named operation's inputs
// are checked against their quotes for meaning, as a formula's are: the
// same digits with another sign, scale or percent back nothing.
func TestOperationQuoteMeansTheDisplay(t *testing.T) {
	mortgage := func(rateQuote, pvQuote string, nperQuote ...string) *Request {
		nq := ""
		if len(nperQuote) > 0 {
			nq = nperQuote[0]
		}
		return &Request{ID: "m", Operation: "pmt",
			Params: map[string]string{"rate_convention": "nominal", "periods_per_year": "12"},
			Inputs: []Input{
				{Name: "rate", Display: "6%", Unit: "percent", Provenance: ProvenanceText, Quote: rateQuote},
				{Name: "nper", Display: "360", Unit: "number", Provenance: ProvenanceText, Quote: nq},
				{Name: "pv", Display: "300,000", Unit: "USD", Provenance: ProvenanceText, Quote: pvQuote},
			}}
	}
	_, err := Calculate(mortgage("Interest rate 6% APR", "Loan amount $300,000"))
	require.NoError(t, err)
	// A table may print the % in its header ("Rate (%) 6"), so a bare
	// number backs a percent; a percent never backs a plain number.
	for _, tc := range []struct{ name, rate, pv, nper, field string }{
		{"a minus in the quote", "Interest rate –6% APR", "Loan amount $300,000", "", "inputs[0].quote"},
		{"a percent, not a number", "Interest rate 6% APR", "Loan amount $300,000", "Term 360%", "inputs[1].quote"},
		{"another scale", "Interest rate 6% APR", "Loan amount $300,000 thousand", "", "inputs[2].quote"},
		{"accounting negative", "Interest rate 6% APR", "Loan amount ($300,000)", "", "inputs[2].quote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Calculate(mortgage(tc.rate, tc.pv, tc.nper))
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, fault.QuoteMismatch, e.Code)
			require.Equal(t, tc.field, e.Field)
		})
	}
}
