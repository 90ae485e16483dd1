package tool

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
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
		calc := call(t, tools, nameCalculate, mintArgs)
		require.Equal(t, true, calc["ok"], "%v", calc)
		args := `{"text": "Jane authored 27 documents.", "question": "` + question + `", "receipt_ids": ["` +
			calc["receipt_id"].(string) + `"], "receipts": []}`
		return call(t, tools, nameCheckClaims, args)
	}
	signer := testsign.Signer(testKey())
	ans := ask(Options{Signer: signer}, "Did Jane author 27 documents?")
	require.Equal(t, false, ans["ok"])
	require.Equal(t, []string{fault.UngroundedReceipt}, refusalCodes(ans))

	ans = ask(Options{Signer: signer, Claim: claim.Options{Question: "Did Jane author 27 documents?"}}, "")
	require.Equal(t, true, ans["ok"], "%v", ans)
}

// TestCheckClaimsSignOption: the sign counts unless tool.Options.Claim
// says the prose carries it in words.
func TestCheckClaimsSignOption(t *testing.T) {
	facts := []claim.Fact{{Label: "growth", Value: "-3", Unit: "percent"}}
	args := `{"text": "Revenue fell 3%.", "question": "", "receipt_ids": [], "receipts": []}`
	ans := call(t, All(Options{Facts: facts}), nameCheckClaims, args)
	require.Equal(t, []string{fault.NotBacked}, refusalCodes(ans))
	ans = call(t, All(Options{Facts: facts, Claim: claim.Options{SignInWords: true}}), nameCheckClaims, args)
	require.Equal(t, true, ans["ok"], "%v", ans)
}

// TestCheckClaimsRechecksGroundings: with sources registered, check_claims
// finds every grounded input's quote again in the application's copy, so a
// receipt grounded in another version of the document backs nothing.
func TestCheckClaimsRechecksGroundings(t *testing.T) {
	signer := testsign.Signer(testKey())
	calcArgs := `{"id": "rev", "formula": "r", "operation": "", "params": {}, "inputs": [{"name": "r", "display": "27",
	"unit": "USD", "scale": "million", "period": "", "label": "", "support": "", "provenance": "text", "quote": "Revenue was $27 million this year", "source": "report"}],
	"output": {"unit": "", "scale": "", "places": null, "rounding": "", "grouping": ""},
	"interpretation": {"kind": "source_defined", "note": ""}, "same_period": false}`
	// The model's tool set holds a doctored copy of the report.
	doctored := All(Options{Signer: signer, Sources: map[string]string{"report": "Revenue was $27 million this year."}})
	calc := call(t, doctored, nameCalculate, calcArgs)
	require.Equal(t, true, calc["ok"], "%v", calc)
	env, err := json.Marshal(calc["receipt"])
	require.NoError(t, err)
	args := `{"text": "Revenue was $27 million.", "question": "", "receipt_ids": [], "receipts": [` + string(env) + `]}`

	app := All(Options{Signer: signer, Sources: map[string]string{"report": "Revenue was $84 million this year."}})
	ans := call(t, app, nameCheckClaims, args)
	require.Equal(t, false, ans["ok"], "the application's copy of the report says 84")
	require.Contains(t, refusalCodes(ans), fault.ReceiptRefused)
	rec := ans["receipts"].([]any)[0].(map[string]any)
	require.Equal(t, "checked", rec["grounding"])
	require.Equal(t, fault.SourceMismatch, rec["reasons"].([]any)[0].(map[string]any)["code"])

	other := All(Options{Signer: signer, Sources: map[string]string{"10-K": "Revenue was $27 million this year."}})
	ans = call(t, other, nameCheckClaims, args)
	require.Equal(t, false, ans["ok"], "a receipt grounded in a document the application did not register is not re-checked, so it backs nothing")

	same := All(Options{Signer: signer, Sources: map[string]string{"report": "Revenue was $27 million this year."}})
	ans = call(t, same, nameCheckClaims, args)
	require.Equal(t, true, ans["ok"], "%v", ans)
	require.Equal(t, "checked", ans["receipts"].([]any)[0].(map[string]any)["grounding"])
}
