package reckon_test

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestReceiptAloneRegistersNoOperation: a program that imports receipt
// (which reads printed dates through package dates) has no named
// operation registered; it refuses days_between as it refuses pmt.
func TestReceiptAloneRegistersNoOperation(t *testing.T) {
	dir, err := os.MkdirTemp(".", "_ops")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	prog := `package main

import (
	"fmt"

	"github.com/reckonhq/reckon/operation"
	_ "github.com/reckonhq/reckon/receipt"
)

func main() { fmt.Print(len(operation.Names())) }
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(prog), 0o644))
	out, err := exec.Command("go", "run", "./"+dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Equal(t, "0", string(out))
}
