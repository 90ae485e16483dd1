package tool

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/reckonhq/reckon/internal/indexcount"
	"github.com/stretchr/testify/require"
)

// TestSourcesIndexedOncePerToolSet pins grounding at scale: a tool set
// indexes each registered source once, on first use, and every tool that
// looks quotes up (calculate's grounding, verify_receipt re-grounding,
// check_claims, verify_quotes, score_verdicts) shares that index, however
// many calls, concurrent or not, the tool set answers. Indexing a 10 MB
// filing costs tens of milliseconds: a second index per call would cost
// more than the whole calculation.
func TestSourcesIndexedOncePerToolSet(t *testing.T) {
	opts := testOptions(t)
	require.NotEmpty(t, opts.Sources)
	before := indexcount.Builds()
	tools := All(opts)
	require.Equal(t, before, indexcount.Builds(), "building the tool list indexes nothing")

	var calls [][2]string // tool name, arguments
	for _, tl := range tools {
		files, err := filepath.Glob(filepath.Join("testdata", tl.Name, "*.in.json"))
		require.NoError(t, err)
		require.NotEmpty(t, files, tl.Name)
		for _, file := range files {
			b, err := os.ReadFile(file)
			require.NoError(t, err)
			calls = append(calls, [2]string{tl.Name, string(b)})
		}
	}
	// The calculate answer's receipt, verified by verify_receipt as a model
	// would pass it.
	calc := call(t, tools, nameCalculate, costcoArgs(t))
	require.Equal(t, true, calc["ok"], "%v", calc)
	rc, err := json.Marshal(map[string]any{"receipt": calc["receipt"]})
	require.NoError(t, err)
	calls = append(calls, [2]string{nameVerifyReceipt, string(rc)})

	for range 2 {
		for _, c := range calls {
			call(t, tools, c[0], c[1])
		}
	}
	var wg sync.WaitGroup
	for _, c := range calls {
		wg.Go(func() { _, _ = Dispatch(t.Context(), tools, c[0], json.RawMessage(c[1])) })
	}
	wg.Wait()
	require.Equal(t, int64(len(opts.Sources)), indexcount.Builds()-before,
		"each of the %d sources indexed once for %d calls", len(opts.Sources), 3*len(calls)+1)

	// Another tool set is another registration: its own index, once.
	before = indexcount.Builds()
	other := All(opts)
	for _, c := range calls {
		call(t, other, c[0], c[1])
	}
	require.Equal(t, int64(len(opts.Sources)), indexcount.Builds()-before)
}
