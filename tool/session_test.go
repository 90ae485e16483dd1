package tool

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

// call runs the tool named name among tools and decodes its answer.
func call(t *testing.T, tools []Tool, name, args string) map[string]any {
	t.Helper()
	out, err := Dispatch(context.Background(), tools, name, json.RawMessage(args))
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal(out, &v), "%s", out)
	return v
}

// costcoArgs are the arguments of the Costco calculation.
func costcoArgs(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/calculate/costco.in.json")
	require.NoError(t, err)
	return string(b)
}

// claimsByID are check_claims arguments passing ids only.
func claimsByID(text string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"text": text, "question": "", "receipt_ids": append([]string{}, ids...), "receipts": []any{}})
	return string(b)
}

// refusalCodes lists the codes of a check_claims answer's refusals.
func refusalCodes(ans map[string]any) []string {
	var codes []string
	for _, r := range ans["refusals"].([]any) {
		codes = append(codes, r.(map[string]any)["code"].(string))
	}
	return codes
}

// TestSignerIsTrusted pins the defect of the issue: a tool set given only
// a signer refused every honest receipt it made ("receipt_refused", hint
// "recompute") because it did not trust its own key.
func TestSignerIsTrusted(t *testing.T) {
	tools := All(Options{Signer: testsign.Signer(testKey()), Sources: testSources(t)})
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	require.Contains(t, names, nameVerifyReceipt, "a signing tool set verifies what it signs")
	calc := call(t, tools, nameCalculate, costcoArgs(t))
	require.Equal(t, true, calc["ok"])
	id := calc["receipt_id"].(string)
	require.Regexp(t, `^r_[a-z2-7]{16}$`, id)

	released := call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.344×.", id))
	require.Equal(t, true, released["ok"], "%v", released)
	refused := call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.5×.", id))
	require.Equal(t, false, refused["ok"])
	require.Equal(t, []string{"not_backed"}, refusalCodes(refused))

	env, _ := json.Marshal(calc["receipt"])
	verified := call(t, tools, nameVerifyReceipt, `{"receipt_id": "", "receipt": `+string(env)+`, "policy": null}`)
	require.Equal(t, true, verified["ok"], "%v", verified)
}

// TestConfigurationRefusalSaysSo: a receipt refused because no key is
// trusted tells the developer, not the model, what to fix.
func TestConfigurationRefusalSaysSo(t *testing.T) {
	// A signer that does not tell its public key: nothing trusts it.
	tools := All(Options{Signer: opaqueSigner{testsign.Signer(testKey())}})
	calc := call(t, tools, nameCalculate, costcoArgs(t))
	require.Equal(t, true, calc["ok"])
	ans := call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.344×.", calc["receipt_id"].(string)))
	require.Equal(t, false, ans["ok"])
	r := ans["refusals"].([]any)[0].(map[string]any)
	require.Equal(t, "receipt_refused", r["code"])
	require.Contains(t, r["hint"], "configuration")
	require.NotContains(t, r["hint"], "recompute the result")
}

// opaqueSigner hides the Public method of the signer it wraps.
type opaqueSigner struct{ s dsse.Signer }

func (o opaqueSigner) KeyID() string                   { return o.s.KeyID() }
func (o opaqueSigner) Sign(msg []byte) ([]byte, error) { return o.s.Sign(msg) }

// TestReceiptIDsStayInTheirSession: an id from one session backs nothing
// in another, while the envelope itself is accepted everywhere.
func TestReceiptIDsStayInTheirSession(t *testing.T) {
	opts := Options{Signer: testsign.Signer(testKey()), Sources: testSources(t)}
	a, b := All(opts), All(opts)
	calc := call(t, a, nameCalculate, costcoArgs(t))
	id := calc["receipt_id"].(string)
	ans := call(t, b, nameCheckClaims, claimsByID("The ratio was 1.344×.", id))
	require.Equal(t, false, ans["ok"])
	require.Equal(t, []string{fault.UnknownReceiptID}, refusalCodes(ans))
	env, _ := json.Marshal(calc["receipt"])
	byEnvelope := fmt.Sprintf(`{"text": "The ratio was 1.344×.", "question": "", "receipt_ids": [], "receipts": [%s]}`, env)
	require.Equal(t, true, call(t, b, nameCheckClaims, byEnvelope)["ok"])
}

// TestSessionLedger: the session keeps every receipt made and every
// refusal, in order, and exports them as JSON lines.
func TestSessionLedger(t *testing.T) {
	s := session.New(session.Options{})
	tools := All(Options{Signer: testsign.Signer(testKey()), Session: s, Sources: testSources(t)})
	calc := call(t, tools, nameCalculate, costcoArgs(t))
	call(t, tools, nameCalculate, `{"id": "x", "formula": "a +", "inputs": []}`)
	call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.5×.", calc["receipt_id"].(string)))
	call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.344×.", calc["receipt_id"].(string)))
	entries := s.Entries()
	require.Len(t, entries, 4)
	want := []struct {
		tool string
		ok   bool
	}{{nameCalculate, true}, {nameCalculate, false}, {nameCheckClaims, false}, {nameCheckClaims, true}}
	for i, w := range want {
		require.Equal(t, i+1, entries[i].Seq)
		require.Equal(t, w.tool, entries[i].Tool, i)
		require.Equal(t, w.ok, entries[i].OK, i)
	}
	require.Equal(t, calc["receipt_id"], entries[0].ReceiptID)
	require.Equal(t, []string{"not_backed"}, entries[2].Codes)
	require.NotEmpty(t, entries[1].Codes)
	var buf bytes.Buffer
	require.NoError(t, s.WriteJSONL(&buf))
	require.Equal(t, 4, strings.Count(buf.String(), "\n"))
}

// TestSessionFullRefuses: over its limit a session refuses to keep a
// receipt, and calculate refuses rather than answer with an id it forgot.
func TestSessionFullRefuses(t *testing.T) {
	s := session.New(session.Options{Limits: session.Limits{Receipts: 1}})
	tools := All(Options{Session: s})
	require.Equal(t, true, call(t, tools, nameCalculate, costcoArgs(t))["ok"])
	other := strings.Replace(costcoArgs(t), `"display": "799"`, `"display": "800"`, 1)
	other = strings.Replace(other, "Current portion of long-term debt 799", "Current portion of long-term debt 800", 1)
	ans := call(t, tools, nameCalculate, other)
	require.Equal(t, false, ans["ok"], "%v", ans)
	require.Equal(t, fault.SessionFull, ans["error"].(map[string]any)["code"])
}

// TestSessionConcurrentCalls runs the tools of one session from many
// goroutines; run with -race.
func TestSessionConcurrentCalls(t *testing.T) {
	tools := All(Options{Signer: testsign.Signer(testKey()), Sources: testSources(t)})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			out, err := Dispatch(context.Background(), tools, nameCalculate, json.RawMessage(costcoArgs(t)))
			if err != nil || Refused(out) {
				t.Errorf("calculate: %v %s", err, out)
				return
			}
			var v struct {
				ID string `json:"receipt_id"`
			}
			_ = json.Unmarshal(out, &v)
			ans, _ := Dispatch(context.Background(), tools, nameCheckClaims, json.RawMessage(claimsByID("The ratio was 1.344×.", v.ID)))
			if Refused(ans) {
				t.Errorf("check_claims: %s", ans)
			}
		})
	}
	wg.Wait()
}

// TestGateKeepsEveryDraft: a draft the ledger cannot keep is not released.
func TestGateKeepsEveryDraft(t *testing.T) {
	s := session.New(session.Options{Limits: session.Limits{Entries: 1}})
	tools := All(Options{Signer: testsign.Signer(testKey()), Session: s, Sources: testSources(t)})
	calc := call(t, tools, nameCalculate, costcoArgs(t))
	require.Equal(t, true, calc["ok"])
	ans := call(t, tools, nameCheckClaims, claimsByID("The ratio was 1.344×.", calc["receipt_id"].(string)))
	require.Equal(t, false, ans["ok"])
	require.Equal(t, []string{fault.SessionFull}, refusalCodes(ans))
	require.Equal(t, 1, s.Dropped())
}

// calculate says when a receipt is known not to back prose: unsigned, or
// an input read from a document with no source registered; and says
// nothing when it may.
func TestCalculateSaysWhenItWillNotBackProse(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	unsigned := call(t, All(Options{Tools: []string{nameCalculate}}), nameCalculate, costcoArgs(t))
	require.Equal(t, false, unsigned["backs_prose"])
	require.Contains(t, unsigned["why"], "unsigned")

	signed := call(t, All(Options{Signer: testsign.Signer(priv), Tools: []string{nameCalculate}}), nameCalculate, costcoArgs(t))
	require.Equal(t, false, signed["backs_prose"])
	require.Contains(t, signed["why"], "no source is registered")

	user := call(t, All(Options{Signer: testsign.Signer(priv), Tools: []string{nameCalculate}}), nameCalculate,
		`{"id": "n", "formula": "a + b", "inputs": [{"name": "a", "display": "24", "unit": "count", "provenance": "user"},
		  {"name": "b", "display": "12", "unit": "count", "provenance": "user"}]}`)
	require.Equal(t, true, user["ok"])
	require.Equal(t, false, user["backs_prose"], "no question is given to check_claims: a user's numbers back nothing")
	require.Contains(t, user["why"], "user's")

	asked := All(Options{Signer: testsign.Signer(priv), Tools: []string{nameCalculate}, Claim: claim.Options{Question: "What is 24 and 12?"}})
	user = call(t, asked, nameCalculate, `{"id": "n", "formula": "a + b", "inputs": [{"name": "a", "display": "24", "unit": "count", "provenance": "user"},
		  {"name": "b", "display": "12", "unit": "count", "provenance": "user"}]}`)
	require.NotContains(t, user, "backs_prose", "with the application's question, a user's numbers may be backed")

	none := call(t, asked, nameCalculate, `{"id": "n", "formula": "2 + 2", "inputs": []}`)
	require.Equal(t, false, none["backs_prose"])
	require.Contains(t, none["why"], "no input")
}
