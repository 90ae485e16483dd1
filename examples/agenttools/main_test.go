package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	require.NoError(t, w.Close())
	var out bytes.Buffer
	_, err = io.Copy(&out, r)
	require.NoError(t, err)
	require.Equal(t, "calculate\nverify_receipt\nverify_quotes\nscore_verdicts\ncheck_claims\nreleased: false refused: true\n", out.String())
}

// TestREADMEShowsThisFile keeps the README's agent-builder tour equal to
// this program.
func TestREADMEShowsThisFile(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	require.Contains(t, string(readme), "```go\n"+strings.TrimSpace(string(src))+"\n```")
}
