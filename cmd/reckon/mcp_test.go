package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// TestMCP runs `reckon mcp` through run, on pipes, and talks to it with the
// SDK's client: the tools are listed, calculate signs with -key, and
// verify_quotes reads the -source documents.
func TestMCP(t *testing.T) {
	key := newKey(t)
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"mcp", "-key", key + ".key", "-pub", key + ".pub",
			"-source", "annual-report=testdata/sources/annual-report.txt"}, serverIn, serverOut, &stderr)
		serverOut.Close()
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	transport := &mcp.IOTransport{Reader: clientIn, Writer: clientOut}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, transport, nil)
	require.NoError(t, err)

	tools, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	require.ElementsMatch(t, []string{"calculate", "verify_receipt", "verify_quotes", "score_verdicts", "check_claims"}, names)

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "calculate", Arguments: json.RawMessage(seed(t, "costco"))})
	require.NoError(t, err)
	require.False(t, res.IsError)
	text := res.Content[0].(*mcp.TextContent).Text
	require.Contains(t, text, `"value":"1.344"`)
	require.Contains(t, text, `"keyid":"ed25519:`, "signed with -key")

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "verify_quotes", Arguments: json.RawMessage(
		`{"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,008 million"}]}`)})
	require.NoError(t, err)
	require.True(t, res.IsError, "a quote with a changed digit is refused")

	require.NoError(t, cs.Close())
	clientOut.Close()
	require.Equal(t, exitOK, <-done, stderr.String())
	require.Empty(t, stderr.String(), "nothing is logged without -v")
}
