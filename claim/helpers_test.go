package claim_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	_ "github.com/reckonhq/reckon/operation/standard" // receipts of named operations back prose

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
)

// testRing trusts the key of testsign.Key(b).
func testRing(t testing.TB, b byte) *dsse.KeyRing {
	t.Helper()
	ring, err := dsse.NewKeyRing(testsign.Public(b))
	require.NoError(t, err)
	return ring
}

// sealed calculates the request in receipt/testdata/requests/name.json and
// seals its receipt with testsign.Key(b).
func sealed(t testing.TB, name string, b byte) *dsse.Envelope {
	t.Helper()
	return sealedIn(t, "requests", name, b)
}

// sealedIn calculates the request in receipt/testdata/dir/name.json and
// seals its receipt with testsign.Key(b).
func sealedIn(t testing.TB, dir, name string, b byte) *dsse.Envelope {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "receipt", "testdata", dir, name+".json"))
	require.NoError(t, err)
	req, err := receipt.DecodeRequest(data)
	require.NoError(t, err)
	return groundedEnvelope(t, req, testsign.Signer(testsign.Key(b)))
}

// groundedEnvelope calculates req, records the grounding of its inputs
// read from a document (see groundAll) and seals it with signers.
func groundedEnvelope(t testing.TB, req *receipt.Request, signers ...dsse.Signer) *dsse.Envelope {
	t.Helper()
	r, err := receipt.Calculate(req)
	require.NoError(t, err, "Calculate(%s)", req.ID)
	env, err := receipt.Seal(groundAll(r), signers...)
	require.NoError(t, err)
	return env
}

// groundAll records a grounding for every input of r read from a document
// (provenance text or page_image), as Calculate does when the source is
// registered: the source "filing", whose bytes are taken to be the quote
// (or the display, when there is none).
// Verification without the sources accepts a recorded grounding.
func groundAll(r *receipt.Receipt) *receipt.Receipt {
	for k := range r.Inputs {
		in := &r.Inputs[k]
		if in.Provenance != receipt.ProvenanceText && in.Provenance != receipt.ProvenancePageImage {
			continue
		}
		text := in.Quote
		if text == "" {
			text = in.Display
		}
		sum := sha256.Sum256([]byte(text))
		in.Source = "filing"
		in.Grounding = &receipt.Grounding{Source: "filing", Digest: "sha256:" + hex.EncodeToString(sum[:]),
			Span: [2]int{0, len(text)}, Tier: "exact"}
	}
	return r
}

// tampered returns a copy of env whose payload has one byte changed inside
// the result's display, so that its signature no longer holds.
func tampered(t testing.TB, env *dsse.Envelope, from, to string) *dsse.Envelope {
	t.Helper()
	payload, err := base64.StdEncoding.DecodeString(env.Payload)
	require.NoError(t, err)
	s := string(payload)
	require.Contains(t, s, from)
	out := *env
	out.Payload = base64.StdEncoding.EncodeToString([]byte(replaceFirst(s, from, to)))
	return &out
}

func replaceFirst(s, from, to string) string {
	for i := 0; i+len(from) <= len(s); i++ {
		if s[i:i+len(from)] == from {
			return s[:i] + to + s[i+len(from):]
		}
	}
	return s
}

// verdicts maps each checked number's text to its reason, "" when backed.
func verdicts(rep claim.Report) map[string]string {
	out := map[string]string{}
	for _, m := range rep.Mentions {
		if m.Ignored {
			continue
		}
		out[m.Text] = m.Reason
	}
	return out
}

// mention returns the report of the number printed as text.
func mention(t testing.TB, rep claim.Report, text string) claim.MentionReport {
	t.Helper()
	for _, m := range rep.Mentions {
		if m.Text == text {
			return m
		}
	}
	require.Failf(t, "no mention", "%q not among %v", text, rep.Mentions)
	return claim.MentionReport{}
}
