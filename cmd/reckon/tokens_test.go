package main

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMCPHTTPTokens: `reckon mcp -http -tokens FILE` answers 401 to a
// request without a listed bearer token, and serves one with it.
func TestMCPHTTPTokens(t *testing.T) {
	key := newKey(t)
	tokens := filepath.Join(t.TempDir(), "tokens")
	require.NoError(t, os.WriteFile(tokens, []byte("# the clients\nclient-token-0123456789\n"), 0o600))
	url, stderr, stop := serveHTTP(t, []string{"mcp", "-key", key + ".key", "-http", "127.0.0.1:0", "-tokens", tokens},
		regexp.MustCompile(`on (http://127\.0\.0\.1:[0-9]+) \(.*bearer tokens required, 1 known\)`))
	init := func(token string) int {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	require.Equal(t, http.StatusUnauthorized, init(""))
	require.Equal(t, http.StatusUnauthorized, init("client-token-012345678"))
	require.Equal(t, http.StatusOK, init("client-token-0123456789"))
	require.Equal(t, exitOK, stop(), stderr.String())

	short := filepath.Join(t.TempDir(), "short")
	require.NoError(t, os.WriteFile(short, []byte("abc\n"), 0o600))
	out := reckon(t, "", "mcp", "-http", "127.0.0.1:0", "-tokens", short)
	require.Equal(t, exitUsage, out.code)
	require.Contains(t, out.stderr, "at least 16")
	out = reckon(t, "", "mcp", "-tokens", tokens)
	require.Equal(t, exitUsage, out.code, "-tokens is for -http")
}
