package receipt

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateV1 = flag.Bool("update", false, "rewrite testdata/v1 receipts (only when adding new ones)")

// v1Key is the key that signed testdata/v1: its seed is the bytes 42, 43, ….
func v1Key() (Signer, *KeyRing) {
	s, pub := testSigner(42)
	ring, _ := NewKeyRing(pub)
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
	files, err := filepath.Glob(filepath.Join("testdata", "v1", "*.receipt"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 5)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".receipt"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			env, err := DecodeEnvelope(data)
			require.NoError(t, err)
			rep := Verify(env, ring, Policy{})
			require.True(t, rep.OK, "%s no longer verifies: %+v", file, rep.Reasons)
		})
	}
}
