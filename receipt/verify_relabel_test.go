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

// A date before a year's column names that year's opening balance only:
// "2023-09-30" is the beginning balance printed under "2024", never the
// year's flow printed beside it.
func TestADateBeforeAYearColumnIsItsOpeningBalance(t *testing.T) {
	doc := "Shareholders' equity (in millions)\n\n| | 2024 | 2023 |\n|---|---|---|\n| Beginning balances | 74,100 | 50,672 |\n| Net income | 93,736 | 96,995 |\n"
	src, err := quote.NewSources(map[string]string{"e.md": doc})
	require.NoError(t, err)
	calc := func(display, period, q string) error {
		_, err := receipt.Calculate(&receipt.Request{ID: "o", Formula: "v", Sources: src,
			Inputs: []receipt.Input{{Name: "v", Display: display, Unit: "USD", Scale: "million", Period: period,
				Provenance: "text", Source: "e.md", Quote: q}}})
		return err
	}
	require.NoError(t, calc("74,100", "2023-09-30", "Beginning balances | 74,100"), "the balance that opens 2024")
	err = calc("93,736", "2023-09-30", "Net income | 93,736")
	require.Error(t, err, "2024's net income is no figure of 2023-09-30")
	require.Equal(t, fault.PeriodMismatch, receipt.Describe(err).Code)
}
