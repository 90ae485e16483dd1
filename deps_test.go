package reckon_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCalcPullsInNoOperation holds that the short path, and package
// receipt under it, link none of the named operations, the judgement
// scoring, the gate or the tools: a program that computes formulas pays
// for formulas. A program that wants the operations imports
// operation/standard.
func TestCalcPullsInNoOperation(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".", "./receipt").Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"finance", "cost", "scoring", "claim", "tool", "operation/standard"} {
		require.NotContains(t, deps, "github.com/reckonhq/reckon/"+pkg)
	}
}
