package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// TestClaimsCopilot is the copilot story: the search page showed 30 cards of
// 84 matching documents.
func TestClaimsCopilot(t *testing.T) {
	const facts = `"facts": [{"label": "documents matching", "value": "84", "unit": "count:documents", "scale": ""}]`
	out := reckon(t, `{"text": "Jane Doe authored 27 documents.", `+facts+`}`, "claims")
	require.Equal(t, exitRefused, out.code)
	rep := stdoutJSON[claim.Report](t, out)
	require.False(t, rep.OK)
	m := rep.Mentions[0]
	require.Equal(t, "27 documents", m.Text)
	require.False(t, m.Backed)
	require.NotNil(t, m.Nearest)
	require.Equal(t, "84", *m.Nearest)

	out = reckon(t, `{"text": "Jane Doe authored 84 documents.", `+facts+`}`, "claims")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.True(t, stdoutJSON[claim.Report](t, out).OK)
}

// TestClaimsWithReceipt backs prose with a signed lakh receipt, and refuses
// the old unit mistake.
func TestClaimsWithReceipt(t *testing.T) {
	key := newKey(t)
	envJSON := sealGrounded(t, "lakh", key)
	answer := func(text string) string {
		return `{"text": ` + quoteJSON(text) + `, "receipts": [` + string(envJSON) + `], "facts": []}`
	}
	out := reckon(t, answer("Income less shareholders' funds was ₹836.73 crore (8.37 billion rupees)."), "claims", "-pub", key+".pub")
	require.Equal(t, exitOK, out.code, out.stdout)

	out = reckon(t, answer("Income less shareholders' funds was ₹83,672.77."), "claims", "-pub", key+".pub")
	require.Equal(t, exitRefused, out.code, "the lakh figure printed as rupees is not backed")

	out = reckon(t, answer("Income less shareholders' funds was ₹836.73 crore."), "claims")
	require.Equal(t, exitRefused, out.code, "without the signer's key the receipt backs nothing")

	out = reckon(t, `{"text": 3}`, "claims")
	require.Equal(t, exitRefused, out.code)
	require.Equal(t, "bad_request", stdoutJSON[claim.Report](t, out).Error.Code)
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestClaimsReceiptCannotOutvoteAFact: a model that has a receipt signed
// for its own count still cannot contradict the application's count.
func TestClaimsReceiptCannotOutvoteAFact(t *testing.T) {
	key := newKey(t)
	mint := `{"id": "mint", "formula": "n", "inputs": [{"name": "n", "display": "27", "unit": "count:documents",
		"provenance": "system_of_record"}], "output": {}}`
	calc := reckon(t, mint, "calc", "-key", key+".key")
	require.Equal(t, exitOK, calc.code, calc.stderr)
	envJSON, err := json.Marshal(decodeResponse(t, calc.stdout).Receipt)
	require.NoError(t, err)
	req := `{"text": "Jane Doe authored 27 documents.", "receipts": [` + string(envJSON) + `],
		"facts": [{"label": "documents matching", "value": "84", "unit": "count:documents", "scale": ""}]}`
	out := reckon(t, req, "claims", "-pub", key+".pub")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Equal(t, "contradicts_fact", stdoutJSON[claim.Report](t, out).Mentions[0].Reason)
}

// TestClaimsFactFlags: the application's facts come from -fact and
// -facts, read by the one reader of facts; a bad one is a usage error.
func TestClaimsFactFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "facts.json")
	require.NoError(t, os.WriteFile(file, []byte(`[{"label": "revenue", "value": "8.37", "unit": "USD", "scale": "billion"}]`), 0o644))
	cases := []struct {
		name string
		text string
		args []string
		want int
	}{
		{"fact backs", "Jane authored 84 documents.", []string{"-fact", "documents matching=84 count"}, exitOK},
		{"fact refuses", "Jane authored 27 documents.", []string{"-fact", "documents matching=84 count"}, exitRefused},
		{"scale word in the value", "Revenue was $8.37 billion.", []string{"-fact", "revenue=8.37 billion USD"}, exitOK},
		{"facts file", "Revenue was $8.37 billion.", []string{"-facts", file}, exitOK},
		{"no unit", "", []string{"-fact", "documents=84"}, exitUsage},
		{"bad value", "", []string{"-fact", "documents=eighty count"}, exitUsage},
		{"bad unit", "", []string{"-fact", "documents=84 parsecs"}, exitUsage},
		{"bad file", "", []string{"-facts", file + ".missing"}, exitUsage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reckon(t, `{"text": `+quoteJSON(c.text)+`, "receipts": [], "facts": []}`, append([]string{"claims"}, c.args...)...)
			require.Equal(t, c.want, out.code, "%s%s", out.stdout, out.stderr)
		})
	}
}

// TestClaimsConfigurationHint: a receipt refused because no key is trusted
// (no -pub) tells the developer to configure one, not the model to
// recompute, which could never help.
func TestClaimsConfigurationHint(t *testing.T) {
	key := newKey(t)
	envJSON := sealGrounded(t, "lakh", key)
	in := `{"text": "It was ₹836.73 crore.", "receipts": [` + string(envJSON) + `], "facts": []}`
	out := reckon(t, in, "claims")
	require.Equal(t, exitRefused, out.code)
	rep := stdoutJSON[claim.Report](t, out)
	require.Equal(t, fault.ReceiptRefused, rep.Refusals[0].Code)
	require.Contains(t, rep.Refusals[0].Hint, "configuration")
	require.NotContains(t, rep.Refusals[0].Hint, "recompute the result")
	out = reckon(t, in, "claims", "-pub", key+".pub")
	require.Equal(t, exitOK, out.code, out.stdout)
}

// sealGrounded calculates the seed request name, records the grounding of
// every input read from a document as Calculate does when its source is
// registered (the source "filing", whose bytes are taken to be the
// quote), and signs it with the key at prefix: the envelope's JSON.
func sealGrounded(t *testing.T, name, prefix string) []byte {
	t.Helper()
	req, err := receipt.DecodeRequest([]byte(seed(t, name)))
	require.NoError(t, err)
	r, err := receipt.Calculate(req)
	require.NoError(t, err)
	for k := range r.Inputs {
		in := &r.Inputs[k]
		if in.Provenance == receipt.ProvenanceText {
			sum := sha256.Sum256([]byte(in.Quote))
			in.Source = "filing"
			in.Grounding = &receipt.Grounding{Source: "filing", Digest: "sha256:" + hex.EncodeToString(sum[:]),
				Span: [2]int{0, len(in.Quote)}, Tier: "exact"}
		}
	}
	signer, err := loadSigner(prefix + ".key")
	require.NoError(t, err)
	env, err := receipt.Seal(r, signer)
	require.NoError(t, err)
	b, err := json.Marshal(env)
	require.NoError(t, err)
	return b
}

// TestClaimsUngroundedReceipt: a receipt whose inputs were not found in a
// registered source backs nothing, and says whose fix that is; -accept
// text vouches for such inputs by name.
func TestClaimsUngroundedReceipt(t *testing.T) {
	key := newKey(t)
	calc := reckon(t, seed(t, "lakh"), "calc", "-key", key+".key")
	require.Equal(t, exitOK, calc.code, calc.stderr)
	envJSON, err := json.Marshal(decodeResponse(t, calc.stdout).Receipt)
	require.NoError(t, err)
	in := `{"text": "It was ₹836.73 crore.", "receipts": [` + string(envJSON) + `], "facts": []}`
	out := reckon(t, in, "claims", "-pub", key+".pub")
	require.Equal(t, exitRefused, out.code, out.stdout)
	rep := stdoutJSON[claim.Report](t, out)
	require.Equal(t, fault.UngroundedReceipt, rep.Refusals[0].Code)
	require.Contains(t, rep.Refusals[0].Hint, "configuration problem for its developer")
	out = reckon(t, in, "claims", "-pub", key+".pub", "-accept", "text")
	require.Equal(t, exitOK, out.code, out.stdout)
	out = reckon(t, in, "claims", "-pub", key+".pub", "-accept", "scan")
	require.Equal(t, exitUsage, out.code, out.stderr)
}

// TestClaimsGroundedByCalc: a receipt `reckon calc -source` grounds in
// the filing backs the figure it computes; the same calculation without
// the source backs nothing.
func TestClaimsGroundedByCalc(t *testing.T) {
	key := newKey(t)
	for _, tc := range []struct {
		name string
		args []string
		want int
	}{
		{"grounded", []string{"-source", "10-K=" + costco10K}, exitOK},
		{"no source registered", nil, exitRefused},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calc := reckon(t, groundedSeed(t, "costco", "10-K"), append([]string{"calc", "-key", key + ".key"}, tc.args...)...)
			require.Equal(t, exitOK, calc.code, calc.stderr)
			envJSON, err := json.Marshal(decodeResponse(t, calc.stdout).Receipt)
			require.NoError(t, err)
			in := `{"text": "Costco's debt-to-EBITDA ratio was 1.344×.", "receipts": [` + string(envJSON) + `], "facts": []}`
			out := reckon(t, in, "claims", "-pub", key+".pub")
			require.Equal(t, tc.want, out.code, out.stdout)
		})
	}
}

// TestClaimsSourceRechecks: with -source, a receipt backs prose only when
// its quotes are found again in the application's copy of the document.
func TestClaimsSourceRechecks(t *testing.T) {
	key := newKey(t)
	calc := reckon(t, groundedSeed(t, "costco", "10-K"), "calc", "-key", key+".key", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, calc.code, calc.stderr)
	envJSON, err := json.Marshal(decodeResponse(t, calc.stdout).Receipt)
	require.NoError(t, err)
	in := `{"text": "Costco's debt-to-EBITDA ratio was 1.344×.", "receipts": [` + string(envJSON) + `], "facts": []}`
	data, err := os.ReadFile(costco10K)
	require.NoError(t, err)
	edited := filepath.Join(t.TempDir(), "10-K.md")
	require.NoError(t, os.WriteFile(edited, []byte(strings.Replace(string(data), "6,692", "6,962", 1)), 0o600))
	for _, tc := range []struct {
		name, file string
		want       int
		code       string
	}{
		{"the same document", costco10K, exitOK, ""},
		{"an edited copy", edited, exitRefused, fault.SourceMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, in, "claims", "-pub", key+".pub", "-source", "10-K="+tc.file)
			require.Equal(t, tc.want, out.code, out.stdout)
			rep := stdoutJSON[claim.Report](t, out)
			require.Equal(t, "checked", rep.Receipts[0].Grounding)
			if tc.code != "" {
				require.Equal(t, tc.code, rep.Receipts[0].Reasons[0].Code)
			}
		})
	}
}

// TestClaimsSign: the sign counts unless -sign=false.
func TestClaimsSign(t *testing.T) {
	in := `{"text": "Revenue grew 3%.", "receipts": [], "facts": [{"label": "growth", "value": "-3", "unit": "percent", "scale": ""}]}`
	out := reckon(t, in, "claims")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Equal(t, fault.NotBacked, stdoutJSON[claim.Report](t, out).Mentions[0].Reason)
	out = reckon(t, strings.Replace(in, "grew", "fell", 1), "claims", "-sign=false")
	require.Equal(t, exitOK, out.code, out.stdout)
}

// TestClaimsLiteral: -literal widens the literals a receipt may carry.
func TestClaimsLiteral(t *testing.T) {
	key := newKey(t)
	daily := `{"id": "daily", "formula": "y / 365", "inputs": [{"name": "y", "display": "3,650", "unit": "USD",
		"provenance": "system_of_record"}], "output": {}}`
	calc := reckon(t, daily, "calc", "-key", key+".key")
	require.Equal(t, exitOK, calc.code, calc.stderr)
	envJSON, err := json.Marshal(decodeResponse(t, calc.stdout).Receipt)
	require.NoError(t, err)
	in := `{"text": "That is $10 a day.", "receipts": [` + string(envJSON) + `], "facts": []}`
	// The application vouches for its own yearly fee.
	out := reckon(t, in, "claims", "-pub", key+".pub", "-accept", "system_of_record")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Equal(t, fault.LiteralNotAllowed, stdoutJSON[claim.Report](t, out).Refusals[0].Code)
	out = reckon(t, in, "claims", "-pub", key+".pub", "-accept", "system_of_record", "-literal", "365")
	require.Equal(t, exitOK, out.code, out.stdout)
	out = reckon(t, in, "claims", "-literal", "1.234,5")
	require.Equal(t, exitUsage, out.code, out.stderr)
}
