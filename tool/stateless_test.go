package tool

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

// TestStatelessAnswersTheResponse: a stateless calculate answers exactly
// the bytes of the JSON contract's response, as receipt.Respond gives it
// and encoding/json writes it with HTML escaping off, for every seed
// request: no receipt_id, no backs_prose, and < > & as written.
func TestStatelessAnswersTheResponse(t *testing.T) {
	signer := testsign.Signer(testKey())
	calc, _ := Lookup(Options{Signer: signer, Stateless: true}, nameCalculate)
	files, err := filepath.Glob("../receipt/testdata/requests/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	inputs := []string{`{"id": "R&D <2024>", "formula": "a", "inputs": [{"name": "a", "display": "1", "unit": "number", "provenance": "user"}]}`}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		req, err := receipt.DecodeRequest([]byte(in))
		require.NoError(t, err)
		want := receipt.Respond(req, signer).AppendJSON(nil)
		out, refused, err := calc.Answer(context.Background(), json.RawMessage(in))
		require.NoError(t, err)
		require.False(t, refused, "%s", out)
		require.Equal(t, string(want), string(out), "calculate(%s)", in)
	}
	out, refused, err := calc.Answer(context.Background(), json.RawMessage(`{"id": "x", "formula": "1 +"}`))
	require.NoError(t, err)
	require.True(t, refused)
	require.True(t, strings.HasPrefix(string(out), `{"id":"x","ok":false,"error":{`), "a refusal is a response too: %s", out)
}

// TestStatelessKeepsNothing: a stateless tool set keeps no receipt and
// records no call, in the session it is given or in one of its own, so a
// batch longer than a session's limits is answered whole, and an id means
// nothing to it.
func TestStatelessKeepsNothing(t *testing.T) {
	given := session.New(session.Options{Limits: session.Limits{Receipts: 1}})
	tools := All(Options{Stateless: true, Session: given, Tools: Names()})
	for i := range 3 {
		out, refused, err := tools[0].Answer(context.Background(), json.RawMessage(costcoArgs(t)))
		require.NoError(t, err)
		require.False(t, refused, "call %d, past the given session's limit: %s", i, out)
		require.NotContains(t, string(out), "receipt_id")
	}
	claims, _ := Lookup(Options{Stateless: true}, nameCheckClaims)
	for i := range 10000 + 1 {
		out, refused, err := claims.Answer(context.Background(), json.RawMessage(`{"text": "No numbers here.", "receipts": []}`))
		require.NoError(t, err)
		require.False(t, refused, "draft %d, past a session's ledger: %s", i, out)
	}
	ans := call(t, tools, nameVerifyReceipt, `{"receipt_id": "r_gkxcgjshbf2ktusz", "receipt": null, "policy": null}`)
	require.Equal(t, "unknown_receipt_id", ans["reasons"].([]any)[0].(map[string]any)["code"])
	require.Zero(t, given.Len())
	require.Empty(t, given.Entries())
}

// TestTodayNote: with a stand-in today, Today is read only by a
// calculation that needs a date, and its receipt says where the date came
// from; the model is not told the stand-in as if it were the user's date.
func TestTodayNote(t *testing.T) {
	today := &fakeToday{date: "2026-11-30"}
	opts := Options{Today: today.today, TodayNote: "the system clock's date", Stateless: true}
	calc, _ := Lookup(opts, nameCalculate)
	require.NotContains(t, calc.Description, "2026-11-30")
	require.Zero(t, today.calls, "describing the tool reads no date")
	out, err := calc.Call(context.Background(), json.RawMessage(costcoArgs(t)))
	require.NoError(t, err)
	require.False(t, Refused(out), "%s", out)
	require.Zero(t, today.calls, "a formula needs no date")

	tests := []struct {
		name, interpretation, want string
	}{
		{"none", ``, `"interpretation":{"kind":"interpreted","note":"today 2026-11-30 is the system clock's date"}`},
		{"its own note", `, "interpretation": {"kind": "interpreted", "note": "mine"}`,
			`"interpretation":{"kind":"interpreted","note":"mine; today 2026-11-30 is the system clock's date"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := `{"id": "filter", "operation": "date_range", "params": {"phrase": "the last 10 days"}, "inputs": []` + tc.interpretation + `}`
			out, err := calc.Call(context.Background(), json.RawMessage(args))
			require.NoError(t, err)
			var resp receipt.Response
			require.NoError(t, json.Unmarshal(out, &resp))
			require.True(t, resp.OK, "%s", out)
			require.Equal(t, "2026-11-21/2026-11-30", resp.Result.Value)
			payload, err := base64.StdEncoding.DecodeString(resp.Receipt.Payload)
			require.NoError(t, err)
			require.Contains(t, string(payload), tc.want)
		})
	}
}
