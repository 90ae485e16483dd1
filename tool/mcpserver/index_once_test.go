package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/indexcount"
	"github.com/stretchr/testify/require"
)

// TestSourcesIndexedOncePerSession: an MCP session indexes each registered
// source once, however many tool calls it answers: the tools the server
// offers share one index, built on the first call that needs it.
func TestSourcesIndexedOncePerSession(t *testing.T) {
	opts, err := testOptions()
	require.NoError(t, err)
	require.NotEmpty(t, opts.Tools.Sources)
	before := indexcount.Builds()
	cs := connect(t)
	files, err := filepath.Glob("../testdata/*/*.in.json")
	require.NoError(t, err)
	calls := 0
	for range 2 {
		for _, in := range files {
			args, err := os.ReadFile(in)
			require.NoError(t, err)
			if len(strings.TrimSpace(string(args))) == 0 {
				continue // not expressible as a JSON-RPC call
			}
			call(t, cs, filepath.Base(filepath.Dir(in)), string(args))
			calls++
		}
	}
	require.Equal(t, int64(len(opts.Tools.Sources)), indexcount.Builds()-before,
		"each of the %d sources indexed once for %d calls", len(opts.Tools.Sources), calls)
}
