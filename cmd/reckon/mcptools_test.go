package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// listTools runs `reckon mcp` with args and returns the names it lists.
func listTools(t *testing.T, args ...string) []string {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run(append([]string{"mcp"}, args...), serverIn, serverOut, &stderr)
		serverOut.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	res, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	require.NoError(t, cs.Close())
	clientOut.Close()
	require.Equal(t, exitOK, <-done, stderr.String())
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

func TestMCPTools(t *testing.T) {
	require.ElementsMatch(t, []string{"calculate", "verify_receipt", "check_claims"}, listTools(t),
		"by default, the tools the flags make useful: with no -key, a key made for the run signs and is trusted")
	require.ElementsMatch(t, []string{"calculate", "check_claims"}, listTools(t, "-unsigned"), "-unsigned signs and trusts nothing")
	require.ElementsMatch(t, []string{"calculate"}, listTools(t, "-tools", "calculate"))
	require.ElementsMatch(t, []string{"calculate", "verify_receipt", "verify_quotes", "score_verdicts", "check_claims", "render_source"}, listTools(t, "-tools", "all"))
	require.ElementsMatch(t, []string{"calculate", "verify_receipt", "verify_quotes", "score_verdicts", "check_claims", "render_source"}, listTools(t, "-source", "filing="+filing),
		"a source makes the quote checks and render_source useful")
	out := reckon(t, "", "mcp", "-tools", "calculate,sum")
	require.Equal(t, exitUsage, out.code)
	require.Contains(t, out.stderr, `"sum" is not a tool`)
}
