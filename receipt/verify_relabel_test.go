package receipt_test

import (
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// Verification with the sources grounds every input again, period
// included: a receipt whose FY2020 figure was relabelled FY2021 after
// grounding is refused by Open as Calculate refuses it, though its quote,
// span and scope are as recorded.
func TestOpenRefusesAnInputRelabelledAfterGrounding(t *testing.T) {
	doc := "Revenue (in millions of USD)\n\n| | FY2021 | FY2020 |\n|---|---|---|\n| Revenue | 1,000 | 900 |\n"
	src, err := quote.NewSources(map[string]string{"r.md": doc})
	require.NoError(t, err)
	req := func(period string) *receipt.Request {
		return &receipt.Request{ID: "p", Formula: "rev", Sources: src,
			Inputs: []receipt.Input{{Name: "rev", Display: "900", Unit: "USD", Scale: "million", Period: period,
				Provenance: "text", Source: "r.md", Quote: "Revenue | 1,000 | 900", Label: "Revenue", Support: "r.md"}}}
	}
	_, err = receipt.Calculate(req("FY2021"))
	require.Equal(t, fault.PeriodMismatch, receipt.Describe(err).Code)
	r, err := receipt.Calculate(req("FY2020"))
	require.NoError(t, err)
	r.Inputs[0].Period = "FY2021"
	r.Periods = []string{"FY2021"}
	env, err := receipt.Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	rep := &receipt.Report{}
	_, err = receipt.Open(env, receipt.VerifyOptions{Sources: src, Report: rep,
		Policy: receipt.Policy{AllowUnsigned: true, Periods: []string{"FY2021"}, RequireGrounding: true}})
	require.Error(t, err)
	require.Equal(t, fault.PeriodMismatch, rep.Reasons[0].Code, "%v", rep.Reasons)

	honest, err := receipt.Calculate(req("FY2020"))
	require.NoError(t, err)
	env, err = receipt.Seal(honest, dsse.Unsigned())
	require.NoError(t, err)
	_, err = receipt.Open(env, receipt.VerifyOptions{Sources: src, Policy: receipt.Policy{AllowUnsigned: true, RequireGrounding: true}})
	require.NoError(t, err, "the honest receipt verifies against its document")
}
