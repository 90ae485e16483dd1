package receipt

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// groundByHand names source on every input of r and fills a grounding on
// each read from a document, as an application
// that grounded its inputs itself would, and returns r.
func groundByHand(r *Receipt, source, text string) *Receipt {
	for i := range r.Inputs {
		r.Inputs[i].Source = source
		if p := r.Inputs[i].Provenance; p != ProvenanceText && p != ProvenancePageImage {
			continue
		}
		r.Inputs[i].Grounding = &Grounding{Source: source, Digest: quote.Digest(text), Span: [2]int{0, len(text)}, Tier: "exact"}
	}
	return r
}

// TestGroundingRecord pins the data contract of a grounded input: the
// fields after quote, omitted when empty, so that a v1 receipt encodes as
// it always did, and a receipt with any grounding is of a v2 type.
func TestGroundingRecord(t *testing.T) {
	r, err := Calculate(loadRequest(t, "costco"))
	require.NoError(t, err)
	require.Equal(t, TypeV1, r.Type)
	v1, err := r.Encode()
	require.NoError(t, err)
	require.NotContains(t, string(v1), `"source"`)
	require.NotContains(t, string(v1), `"grounding"`)

	groundByHand(r, "10-K", "the text")
	requireSameEncoding(t, r)
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	payload, err := env.DecodedPayload()
	require.NoError(t, err)
	require.Contains(t, string(payload), `"type":"reckon.receipt/v2"`, "Seal records the v2 type a grounded receipt calls for")
	require.Contains(t, string(payload), `"quote":"Current portion of long-term debt 799","source":"10-K","grounding":{"source":"10-K","digest":"`+quote.Digest("the text")+`","span":[0,8],"tier":"exact"}}`)
	require.Equal(t, TypeV1, r.Type, "Seal does not change its argument")

	got, err := decodeReceipt(payload)
	require.NoError(t, err)
	require.Equal(t, "10-K", got.Inputs[0].Grounding.Source)
	require.True(t, got.Inputs[0].Grounded())

	fast, ok := scanRecorded(payload)
	require.True(t, ok, "the fast reader reads grounded inputs")
	var slow recorded
	require.NoError(t, json.Unmarshal(payload, &slow))
	require.Equal(t, slow, fast)
}

// TestVerifyAcceptsRecordedGrounding: without the sources, verification
// takes a grounding as recorded (it cannot find the quote again) and still
// redoes the arithmetic.
func TestVerifyAcceptsRecordedGrounding(t *testing.T) {
	for _, name := range []string{"costco", "lakh"} {
		r, err := Calculate(loadRequest(t, name))
		require.NoError(t, err)
		env, err := Seal(groundByHand(r, "doc", "x"), dsse.Unsigned())
		require.NoError(t, err)
		rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
		require.True(t, rep.OK, "%s: %+v", name, rep.Reasons)
	}
	for _, name := range operationSeeds {
		r, err := Calculate(loadOperation(t, name))
		require.NoError(t, err)
		env, err := Seal(groundByHand(r, "doc", "x"), dsse.Unsigned())
		require.NoError(t, err)
		payload, _ := env.DecodedPayload()
		require.Contains(t, string(payload), TypeOperationV2)
		rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
		require.True(t, rep.OK, "%s: %+v", name, rep.Reasons)
	}
}

// TestGroundingShapeRefused: groundings no calculation writes are refused
// as bad receipts, and a type that does not fit the fields is too.
func TestGroundingShapeRefused(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(r *Receipt)
		reason string
	}{
		{"source differs", func(r *Receipt) { r.Inputs[0].Grounding.Source = "other" }, "the grounding must name its input's source"},
		{"no source", func(r *Receipt) { r.Inputs[0].Source, r.Inputs[0].Grounding.Source = "", "" }, "a grounding names a source"},
		{"digest not sha256", func(r *Receipt) { r.Inputs[0].Grounding.Digest = "md5:00" }, ""},
		{"digest upper case", func(r *Receipt) { r.Inputs[0].Grounding.Digest = strings.ToUpper(quote.Digest("x")) }, "one spelling"},
		{"empty span", func(r *Receipt) { r.Inputs[0].Grounding.Span = [2]int{3, 3} }, ""},
		{"negative span", func(r *Receipt) { r.Inputs[0].Grounding.Span = [2]int{-1, 3} }, ""},
		{"unknown tier", func(r *Receipt) { r.Inputs[0].Grounding.Tier = "fuzzy" }, ""},
		{"tier none", func(r *Receipt) { r.Inputs[0].Grounding.Tier = "" }, "an unfound quote grounds nothing"},
		{"user provenance", func(r *Receipt) { r.Inputs[0].Provenance = ProvenanceUser }, "a user's number is not read from a document"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(loadRequest(t, "costco"))
			require.NoError(t, err)
			groundByHand(r, "doc", "x")
			tc.edit(r)
			env, err := Seal(r, dsse.Unsigned())
			require.NoError(t, err)
			rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
			require.False(t, rep.OK, tc.reason)
			require.Contains(t, codes(rep), fault.BadReceipt, "%+v", rep.Reasons)
		})
	}
	t.Run("v2 type without grounding", func(t *testing.T) {
		r, err := Calculate(loadRequest(t, "costco"))
		require.NoError(t, err)
		r.Type = TypeV2
		env, err := Seal(r, dsse.Unsigned())
		require.NoError(t, err)
		rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
		require.False(t, rep.OK)
	})
}

func codes(rep *Report) []string {
	out := make([]string, len(rep.Reasons))
	for i, r := range rep.Reasons {
		out[i] = r.Code
	}
	return out
}

// TestSealNamesTheSource: an application that grounds an input itself and
// leaves its Source empty seals a receipt that verifies, named after its
// grounding's source.
func TestSealNamesTheSource(t *testing.T) {
	r, err := Calculate(loadRequest(t, "costco"))
	require.NoError(t, err)
	r.Inputs[0].Grounding = &Grounding{Source: "10-K", Digest: quote.Digest("x"), Span: [2]int{0, 1}, Tier: "exact"}
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	require.Empty(t, r.Inputs[0].Source, "Seal does not change its argument")
	got, err := Inspect(env)
	require.NoError(t, err)
	require.Equal(t, "10-K", got.Inputs[0].Source)
	require.Equal(t, TypeV2, got.Type)
	rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.Equal(t, GroundingNotChecked, rep.Grounding)
}
