package tool

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// The description budget, documented in the package doc and the README.
// Each tool a model is offered costs its context the tool's name,
// description and input schema on every turn, so the total is kept under a
// fixed budget: text added to one tool must be paid for by text taken from
// another, or the budget raised on purpose. Measured on 2026-11-30 with
// every tool and the default rubric (scoring.GrantFit), no sources: 22,357
// bytes offered and 16,744 bytes of answer schemas. The budgets leave about
// 7% of room. render_source (2026-12-01) took most of it: 23,877 and 17,875
// bytes, under 1% of room.
const (
	// offeredBudget bounds the bytes of names, descriptions and compact
	// input schemas: what a model is given to choose and call the tools.
	offeredBudget = 24_000
	// outputSchemaBudget bounds the bytes of the compact output schemas,
	// which MCP clients receive and some frameworks pass on.
	outputSchemaBudget = 18_500
)

// TestDescriptionBudget measures what a model is given for the full tool
// set, as an encoder sends it (encoding/json compacts a json.RawMessage, so
// the embedded schemas' indentation is not counted), and fails over budget.
func TestDescriptionBudget(t *testing.T) {
	tools := All(Options{Tools: Names()})
	require.Len(t, tools, len(Names()), "every tool is measured")
	compact := func(name string, schema json.RawMessage) int {
		var b bytes.Buffer
		require.NoError(t, json.Compact(&b, schema), "%s: schema is JSON", name)
		return b.Len()
	}
	var offered, outputs int
	for _, tl := range tools {
		in, out := compact(tl.Name, tl.InputSchema), compact(tl.Name, tl.OutputSchema)
		t.Logf("%-15s name %2d, description %5d, input schema %5d, output schema %5d",
			tl.Name, len(tl.Name), len(tl.Description), in, out)
		offered += len(tl.Name) + len(tl.Description) + in
		outputs += out
	}
	t.Logf("offered %d bytes (budget %d), output schemas %d bytes (budget %d)",
		offered, offeredBudget, outputs, outputSchemaBudget)
	require.LessOrEqual(t, offered, offeredBudget,
		"names, descriptions and input schemas grew past the budget: trim text elsewhere, or raise the budget on purpose (and its documentation)")
	require.LessOrEqual(t, outputs, outputSchemaBudget,
		"output schemas grew past the budget: trim them, or raise the budget on purpose (and its documentation)")
}
