package claim_test

import (
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// A model, under a policy that allows unsigned receipts and with no
// sources registered, writes a grounding of its own into a receipt: it
// backs nothing, for nothing vouches for it. The same receipt grounded
// honestly and checked against the registered source backs its number.
func TestAnUnsignedReceiptsGroundingBacksNothingUnchecked(t *testing.T) {
	req := &receipt.Request{ID: "f", Formula: "rev",
		Inputs: []receipt.Input{{Name: "rev", Display: "999", Unit: "USD", Scale: "million", Provenance: "text",
			Quote: "Revenue was $999 million", Label: "Revenue", Support: "10-K"}}}
	r, err := receipt.Calculate(req)
	require.NoError(t, err)
	r.Inputs[0].Grounding = &receipt.Grounding{Source: "10-K", Digest: "sha256:" + "00000000000000000000000000000000000000000000000000000000000000ab",
		Span: [2]int{0, 10}, Tier: "exact"}
	forged, err := receipt.Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	rep := claim.Check(claim.Request{Text: "Revenue was $999 million.", Receipts: []*dsse.Envelope{forged}}, nil,
		receipt.Policy{AllowUnsigned: true}, claim.Options{})
	require.False(t, rep.OK)
	require.Equal(t, fault.UngroundedReceipt, rep.Refusals[0].Code, "%+v", rep.Refusals)

	src, err := quote.NewSources(map[string]string{"10-K": "Revenue was $999 million in fiscal 2024."})
	require.NoError(t, err)
	req.Sources = src
	req.Inputs[0].Source = "10-K"
	honest, err := receipt.Calculate(req)
	require.NoError(t, err)
	env, err := receipt.Seal(honest, dsse.Unsigned())
	require.NoError(t, err)
	rep = claim.Check(claim.Request{Text: "Revenue was $999 million.", Receipts: []*dsse.Envelope{env}}, nil,
		receipt.Policy{AllowUnsigned: true}, claim.Options{Sources: src})
	require.True(t, rep.OK, "a grounding the registered source checks backs its number: %+v", rep.Refusals)
	rep = claim.Check(claim.Request{Text: "Revenue was $999 million.", Receipts: []*dsse.Envelope{forged}}, nil,
		receipt.Policy{AllowUnsigned: true}, claim.Options{Sources: src})
	require.False(t, rep.OK, "and the forged one fails against it")
}
