package tool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVerifyReceiptReadsText: a receipt given as a JSON string is read as
// the text of an envelope or of a whole calc response, as `reckon verify`
// passes what it read: the envelope's report is the one its object gets,
// a response is held to the receipt it carries, and a refusal before the
// payload was verified still names the receipt's id.
func TestVerifyReceiptReadsText(t *testing.T) {
	opts := testOptions(t)
	opts.Stateless = true
	calc, _ := Lookup(opts, nameCalculate)
	verify, _ := Lookup(opts, nameVerifyReceipt)
	response, err := calc.Call(context.Background(), json.RawMessage(costcoArgs(t)))
	require.NoError(t, err)
	var resp struct {
		Receipt json.RawMessage `json:"receipt"`
	}
	require.NoError(t, json.Unmarshal(response, &resp))
	asText := func(text string) string {
		b, err := json.Marshal(map[string]string{"receipt": text})
		require.NoError(t, err)
		return string(b)
	}
	run := func(args string) map[string]any {
		out, err := verify.Call(context.Background(), json.RawMessage(args))
		require.NoError(t, err)
		var v map[string]any
		require.NoError(t, json.Unmarshal(out, &v), "%s", out)
		return v
	}

	byObject := run(`{"receipt_id": "", "receipt": ` + string(resp.Receipt) + `, "policy": null}`)
	require.Equal(t, true, byObject["ok"], "%v", byObject)
	require.Equal(t, byObject, run(asText(string(resp.Receipt))), "an envelope as text is the envelope")
	require.Equal(t, byObject, run(asText(string(response))), "a whole response as text verifies")

	changed := strings.Replace(string(response), `"value":"1.344"`, `"value":"1.345"`, 1)
	rep := run(asText(changed))
	require.Equal(t, false, rep["ok"])
	require.Equal(t, "response_mismatch", rep["reasons"].([]any)[0].(map[string]any)["code"])

	var env map[string]any
	require.NoError(t, json.Unmarshal(resp.Receipt, &env))
	env["signatures"] = []any{}
	unsigned, err := json.Marshal(env)
	require.NoError(t, err)
	rep = run(asText(string(unsigned)))
	require.Equal(t, false, rep["ok"])
	require.Equal(t, "costco-fy21-debt-ebitda", rep["id"], "refused before verifying, the payload still names it")
}
