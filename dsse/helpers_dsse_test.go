package dsse_test

import (
	"crypto/ed25519"
	"os"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/internal/testsign"
)

// sigTestRing builds a key ring from the keys with the given seed bytes.
func sigTestRing(t testing.TB, seeds ...byte) *dsse.KeyRing {
	t.Helper()
	var pubs []ed25519.PublicKey
	for _, b := range seeds {
		pubs = append(pubs, testsign.Public(b))
	}
	ring, err := dsse.NewKeyRing(pubs...)
	require.NoError(t, err)
	return ring
}

// requireSigCode asserts that err is a *fault.Error with code.
func requireSigCode(t testing.TB, err error, code string) {
	t.Helper()
	var se *fault.Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, code, se.Code, "error: %v", err)
	require.NotEmpty(t, se.Msg)
}

func readTestdata(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, parts...)...))
	require.NoError(t, err)
	return b
}
