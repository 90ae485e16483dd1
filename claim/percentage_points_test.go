package claim_test

import (
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// TestDifferenceOfPercentsReleasesPoints: m2021 − m2020 over two percents
// was labelled "2%", so the gate released "rose 2%" and refused the correct
// "rose 2 percentage points". The receipt now says pp.
func TestDifferenceOfPercentsReleasesPoints(t *testing.T) {
	req := &receipt.Request{ID: "margin", Formula: "m2021 - m2020", Inputs: []receipt.Input{
		{Name: "m2021", Display: "35.8%", Unit: "percent", Provenance: "text"},
		{Name: "m2020", Display: "33.8%", Unit: "percent", Provenance: "text"}}}
	resp := receipt.Respond(req, dsse.Unsigned())
	require.True(t, resp.OK)
	require.Equal(t, "2 pp", resp.Result.Display)
	for _, tc := range []struct {
		text     string
		released bool
	}{
		{"The margin rose 2 percentage points.", true},
		{"The margin rose 2 pp.", true},
		{"The margin rose 2%.", false},
	} {
		d := claim.Gate(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{groundedEnvelope(t, req, testsign.Signer(testsign.Key(1)))}},
			testRing(t, 1), receipt.Policy{}, claim.Options{})
		require.Equal(t, tc.released, d.Released, "%q: %+v", tc.text, d.Refusals)
	}
}
