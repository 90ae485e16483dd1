package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/stretchr/testify/require"
)

func TestKeygen(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "auditor")
	out := reckon(t, "", "keygen", "-out", prefix)
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Empty(t, out.stdout, "keygen writes files, not JSON")

	info, err := os.Stat(prefix + ".key")
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the private key is readable by its owner only")
	info, err = os.Stat(prefix + ".pub")
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm()&0o700, "the public key is readable by its owner")
	require.Zero(t, info.Mode().Perm()&0o111, "no key file is executable")

	priv, err := dsse.ParsePrivateKey([]byte(readFile(t, prefix+".key")))
	require.NoError(t, err, "the private key is PKCS#8 PEM")
	pub, err := dsse.ParsePublicKey([]byte(readFile(t, prefix+".pub")))
	require.NoError(t, err, "the public key is PKIX PEM")
	require.Equal(t, priv.Public(), pub, "the files hold the two halves of one key")
	require.Contains(t, out.stderr, "key id "+dsse.KeyID(pub)+"\n")
}

func TestKeygenRefusesToOverwrite(t *testing.T) {
	for _, existing := range []string{".key", ".pub"} {
		t.Run(existing, func(t *testing.T) {
			prefix := filepath.Join(t.TempDir(), "k")
			require.NoError(t, os.WriteFile(prefix+existing, []byte("precious\n"), 0o600))
			out := reckon(t, "", "keygen", "-out", prefix)
			require.Equal(t, exitRefused, out.code)
			require.Contains(t, out.stderr, prefix+existing+" already exists; refusing to overwrite it")
			require.Equal(t, "precious\n", readFile(t, prefix+existing), "the existing file is untouched")
			entries, err := os.ReadDir(filepath.Dir(prefix))
			require.NoError(t, err)
			require.Len(t, entries, 1, "nothing else was written")
		})
	}
}

func TestKeygenMissingDirectory(t *testing.T) {
	out := reckon(t, "", "keygen", "-out", filepath.Join(t.TempDir(), "no", "such", "dir", "k"))
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stderr, "reckon keygen: ")
}
