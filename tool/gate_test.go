package tool

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
)

// mintArgs are calculate arguments whose one input, 27, is of provenance
// user: the model's own number unless the user's question states it.
const mintArgs = `{"id": "mint", "formula": "n", "operation": "", "params": {}, "inputs": [{"name": "n", "display": "27",
	"unit": "count", "scale": "", "period": "", "label": "", "support": "", "provenance": "user", "quote": "", "source": ""}],
	"output": {"unit": "", "scale": "", "places": null, "rounding": "", "grouping": ""},
	"interpretation": {"kind": "source_defined", "note": ""}, "same_period": false}`

// TestCheckClaimsQuestionFromTheModel: a question the model passes to
// check_claims grounds no input of provenance user, so a model cannot
// launder 27 by asking about it; the application's question does.
func TestCheckClaimsQuestionFromTheModel(t *testing.T) {
	ask := func(opts Options, question string) map[string]any {
		tools := All(opts)
		calc := call(t, tools, NameCalculate, mintArgs)
		require.Equal(t, true, calc["ok"], "%v", calc)
		args := `{"text": "Jane authored 27 documents.", "question": "` + question + `", "receipt_ids": ["` +
			calc["receipt_id"].(string) + `"], "receipts": []}`
		return call(t, tools, NameCheckClaims, args)
	}
	signer := mustSigner(testKey())
	ans := ask(Options{Signer: signer}, "Did Jane author 27 documents?")
	require.Equal(t, false, ans["ok"])
	require.Equal(t, []string{claim.ReasonUngroundedReceipt}, refusalCodes(ans))

	ans = ask(Options{Signer: signer, Claim: claim.Options{Question: "Did Jane author 27 documents?"}}, "")
	require.Equal(t, true, ans["ok"], "%v", ans)
}

// TestCheckClaimsSignOption: the sign counts unless tool.Options.Claim
// says the prose carries it in words.
func TestCheckClaimsSignOption(t *testing.T) {
	facts := []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}}
	args := `{"text": "Revenue fell 3%.", "question": "", "receipt_ids": [], "receipts": []}`
	ans := call(t, All(Options{Facts: facts}), NameCheckClaims, args)
	require.Equal(t, []string{claim.ReasonNotBacked}, refusalCodes(ans))
	ans = call(t, All(Options{Facts: facts, Claim: claim.Options{SignInWords: true}}), NameCheckClaims, args)
	require.Equal(t, true, ans["ok"], "%v", ans)
}
