package receipt

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

var updateV1 = flag.Bool("update", false, "rewrite testdata/v1 receipts (only when adding new ones)")

// v1Key is the key that signed testdata/v1: its seed is the bytes 42, 43, ….
func v1Key() (dsse.Signer, *dsse.KeyRing) {
	s, pub := testSigner(42)
	ring, _ := dsse.NewKeyRing(pub)
	return s, ring
}

// TestV1ReceiptsKeepVerifying is the compatibility test: receipts written by
// earlier releases must verify in every later one. Files are only ever added
// to testdata/v1, never rewritten.
func TestV1ReceiptsKeepVerifying(t *testing.T) {
	s, ring := v1Key()
	if *updateV1 {
		for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
			file := filepath.Join("testdata", "v1", name+".receipt")
			if _, err := os.Stat(file); err == nil {
				continue
			}
			_, env := signed(t, name, s)
			data, err := json.MarshalIndent(env, "", "  ")
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(file, append(data, '\n'), 0o644))
		}
	}
	eachReceipt(t, filepath.Join("testdata", "v1"), 5, func(t *testing.T, file string, env *dsse.Envelope) {
		rep := verifyReport(env, ring, Policy{})
		require.True(t, rep.OK, "%s no longer verifies: %+v", file, rep.Reasons)
	})
}

// eachReceipt decodes each receipt file of dir, of which there are at
// least min, and checks it with check, in a subtest named by the file.
func eachReceipt(t *testing.T, dir string, min int, check func(t *testing.T, file string, env *dsse.Envelope)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.receipt"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), min)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".receipt"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			env, err := dsse.Decode(data)
			require.NoError(t, err)
			check(t, file, env)
		})
	}
}

// TestV2ReceiptsKeepVerifying is the compatibility test of grounded
// receipts: testdata/v2 holds receipts of the v2 types, grounded in the
// documents of testdata/sources, that every later release must accept,
// with those documents and without them. Files are only ever added.
func TestV2ReceiptsKeepVerifying(t *testing.T) {
	s, ring := v1Key()
	dir := filepath.Join("testdata", "v2")
	estimate, err := quote.NewSources(map[string]string{"estimate": sourceText(t, "loan-estimate.txt")})
	require.NoError(t, err)
	if *updateV1 {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		mortgage := loadOperation(t, "mortgage")
		mortgage.Sources = estimate
		for i := range mortgage.Inputs {
			mortgage.Inputs[i].Source = "estimate"
		}
		for name, req := range map[string]*Request{"costco-grounded": groundedRequest(t), "mortgage-grounded": mortgage} {
			file := filepath.Join(dir, name+".receipt")
			if _, err := os.Stat(file); err == nil {
				continue
			}
			r, err := Calculate(req)
			require.NoError(t, err)
			data, err := json.MarshalIndent(resign(t, r, s), "", "  ")
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(file, append(data, '\n'), 0o644))
		}
	}
	src, err := quote.NewSources(map[string]string{"10-K": sourceText(t, "costco-10k.md"), "estimate": sourceText(t, "loan-estimate.txt")})
	require.NoError(t, err)
	eachReceipt(t, dir, 2, func(t *testing.T, file string, env *dsse.Envelope) {
		rep := verifyWith(env, VerifyOptions{Trusted: ring, Sources: src})
		require.True(t, rep.OK, "%s no longer verifies: %+v", file, rep.Reasons)
		require.Equal(t, GroundingChecked, rep.Grounding)
		rep = verifyReport(env, ring, Policy{})
		require.True(t, rep.OK, "%s no longer verifies without its sources: %+v", file, rep.Reasons)
		require.Equal(t, GroundingNotChecked, rep.Grounding)
	})
}
