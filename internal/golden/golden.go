// Package golden compares test output with files under testdata, rewritten
// by running the tests with -update.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// Equal checks that got equals the contents of file; with -update it writes
// got to file first.
func Equal(t testing.TB, file, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run the tests with -update to create %s", file)
	require.Equal(t, string(want), got, "output differs from %s; rerun with -update and review the diff", file)
}
