package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// An input's quote backs its display only when the number printed there
// reads to the same value; each of these was once accepted with a quote
// that contradicts the input, and the receipt certified the wrong number.
func TestQuoteMustMeanTheDisplay(t *testing.T) {
	for _, tc := range []struct {
		name, request        string
		display, unit, scale string
		quote                string
		ok                   bool
		reason               string
	}{
		{"sign flipped", "gap", "4.3%", "percent", "", "Operating margin was –4.3% in FY2021", false,
			"an en dash is the usual minus of a typeset PDF"},
		{"exact transcription", "gap", "–4.3%", "percent", "", "Operating margin was –4.3% in FY2021", true, ""},
		{"hyphen minus", "gap", "-4.3%", "percent", "", "Operating margin was –4.3% in FY2021", true, ""},
		{"accounting negative with Rs", "costco", "799", "INR", "million", "Net cash used (Rs 799)", false,
			"the accounting check once knew 5 currency signs"},
		{"scale of the quote", "costco", "799", "USD", "million", "a charge of $799 billion", false, ""},
		{"scale of the quote glued", "costco", "799", "USD", "million", "a charge of $799bn", false, ""},
		{"scale agrees", "costco", "799", "USD", "million", "a charge of $799 million", true, ""},
		{"scale as value", "costco", "799,000", "USD", "thousand", "a charge of $799 million", true,
			"799,000 thousand is 799 million"},
		{"percent in the quote", "costco", "12.5", "number", "", "a margin of 12.5% in FY2021", false, ""},
		{"space-grouped thousands", "costco", "5", "EUR", "", "a fee of 5 500 EUR", false, ""},
		{"trailing minus", "costco", "799", "USD", "", "balance 799- at year end", false, ""},
		{"exponent", "costco", "5", "number", "", "about 5e3 units", false, ""},
		{"superscript", "costco", "5", "number", "", "an area of 5² units", false, ""},
		{"fraction", "costco", "5", "number", "", "a stake of 5/8 of the company", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := loadRequest(t, tc.request)
			in := &req.Inputs[0]
			in.Display, in.Unit, in.Scale, in.Quote = tc.display, tc.unit, tc.scale, tc.quote
			for i := range req.Inputs[1:] {
				other := &req.Inputs[i+1]
				other.Unit, other.Scale, other.Quote = tc.unit, tc.scale, ""
				if tc.unit == "percent" {
					other.Display = "6.7%"
				} else {
					other.Display = "1"
				}
			}
			req.Output.Unit = ""
			_, err := Calculate(req)
			if tc.ok {
				require.NoError(t, err, "%q backs %q %s", tc.quote, tc.display, tc.scale)
				return
			}
			require.Error(t, err, "%q must not back %q %s (%s)", tc.quote, tc.display, tc.scale, tc.reason)
			require.Equal(t, fault.QuoteMismatch, Describe(err).Code, "%v", err)
			require.Equal(t, "inputs[0].quote", Describe(err).Field)
		})
	}
}
