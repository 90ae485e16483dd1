package main

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/receipt"
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
	// Without -v, only the startup lines: what it signs with and trusts
	// (the -key and the -pub are one key, trusted once), what it holds.
	id := keyID(t, key)
	require.Equal(t, "reckon mcp: signs with "+id+"; trusts "+id+"\n"+
		"reckon mcp: sources: annual-report; facts: none\n"+
		"reckon mcp: tools calculate, verify_receipt, verify_quotes, score_verdicts, check_claims, on stdio\n", stderr.String())
}

// keyID returns the key id of the key pair at prefix.
func keyID(t *testing.T, prefix string) string {
	t.Helper()
	pub, err := receipt.ParsePublicKey([]byte(readFile(t, prefix+".pub")))
	require.NoError(t, err)
	return receipt.KeyID(pub)
}

// callJSON calls a tool and decodes its answer.
func callJSON(t *testing.T, cs *mcp.ClientSession, name, args string) (bool, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &v))
	return res.IsError, v
}

// byID returns check_claims arguments passing receipt ids only.
func byID(text string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"text": text, "question": "", "receipt_ids": ids, "receipts": []any{}})
	return string(b)
}

// receiptsByID runs the session an agent runs against `reckon mcp` as the
// README configures it: calculate, then check_claims by receipt_id,
// released for the backed number and refused for an unbacked one, and an
// application fact from -fact backing a count.
func receiptsByID(t *testing.T, cs *mcp.ClientSession, withFact bool) {
	t.Helper()
	isErr, calc := callJSON(t, cs, "calculate", seed(t, "costco"))
	require.False(t, isErr, "%v", calc)
	id, _ := calc["receipt_id"].(string)
	require.Regexp(t, `^r_[a-z2-7]{16}$`, id)

	isErr, rep := callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
	require.False(t, isErr, "released: %v", rep)
	require.Equal(t, true, rep["ok"])

	isErr, rep = callJSON(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.43×.", id))
	require.True(t, isErr)
	require.Equal(t, "not_backed", rep["refusals"].([]any)[0].(map[string]any)["code"])

	if !withFact {
		return
	}
	isErr, rep = callJSON(t, cs, "check_claims", byID("The ratio was 1.344×; the search found 84 documents.", id))
	require.False(t, isErr, "the -fact backs the count: %v", rep)
	isErr, rep = callJSON(t, cs, "check_claims", byID("The search found 27 documents.", id))
	require.True(t, isErr, "the -fact outranks the text: %v", rep)
}

// stdioSession runs `reckon mcp` with args on pipes and connects the SDK's
// client; done yields the exit code once the client has closed.
func stdioSession(t *testing.T, args []string, stderr io.Writer) (*mcp.ClientSession, func() int) {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(args, serverIn, serverOut, stderr)
		serverOut.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	return cs, func() int {
		require.NoError(t, cs.Close())
		clientOut.Close()
		return <-done
	}
}

// TestREADMEMCPConfiguration runs the server exactly as the README's MCP
// configuration starts it, with the one key its keygen line makes, and
// checks that the startup lines are those the README shows.
func TestREADMEMCPConfiguration(t *testing.T) {
	readme := readFile(t, "../../README.md")
	conf := regexp.MustCompile("(?s)```json\n(\\{\"mcpServers\".*?)\n```").FindStringSubmatch(readme)
	require.NotNil(t, conf, "the README shows an MCP configuration")
	var v struct {
		MCPServers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcpServers"`
	}
	require.NoError(t, json.Unmarshal([]byte(conf[1]), &v))
	server := v.MCPServers["reckon"]
	require.Equal(t, "reckon", server.Command)
	require.Contains(t, readme, "`reckon keygen -out reckon`")
	// The key where keygen wrote it, by its full path as the README says.
	dir := t.TempDir()
	require.Equal(t, exitOK, reckon(t, "", "keygen", "-out", filepath.Join(dir, "reckon")).code)
	for i, a := range server.Args {
		if a == "reckon.key" {
			server.Args[i] = filepath.Join(dir, a)
		}
	}

	var stderr strings.Builder
	cs, done := stdioSession(t, server.Args, &stderr)
	receiptsByID(t, cs, false)
	require.Equal(t, exitOK, done(), stderr.String())

	stderr.Reset()
	cs, done = stdioSession(t, append(server.Args, "-fact", "documents matching=84 count"), &stderr)
	receiptsByID(t, cs, true)
	require.Equal(t, exitOK, done(), stderr.String())
	shown := regexp.MustCompile(`ed25519:[A-Za-z0-9+/=_-]+`).ReplaceAllString(stderr.String(), "ed25519:…")
	require.Contains(t, readme, "```\n"+shown+"```", "the README shows the startup lines")
}

// TestMCPReceiptsByIDOverStdio pins the defect of a server that signs with
// a key it does not trust: with -key alone, every honest receipt was refused
// with the hint "recompute".
func TestMCPReceiptsByIDOverStdio(t *testing.T) {
	key := newKey(t)
	var stderr strings.Builder
	cs, done := stdioSession(t, []string{"mcp", "-key", key + ".key", "-fact", "documents matching=84 count"}, &stderr)
	receiptsByID(t, cs, true)
	require.Equal(t, exitOK, done(), stderr.String())
	require.Contains(t, stderr.String(), "facts: documents matching=84 count\n")
}

// syncBuffer is a buffer safe to write from the server and read from the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestMCPHTTP runs `reckon mcp -http` on a loopback ephemeral port and
// drives it with the SDK's streamable HTTP client.
func TestMCPHTTP(t *testing.T) {
	key := newKey(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	old := mcpContext
	mcpContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { mcpContext = old })
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"mcp", "-key", key + ".key", "-fact", "documents matching=84 count", "-http", "127.0.0.1:0"},
			strings.NewReader(""), io.Discard, &stderr)
	}()
	addr := regexp.MustCompile(`on (http://127\.0\.0\.1:[0-9]+) \(streamable HTTP; a session per client, at most 100, closed after 30m0s idle\)`)
	var url string
	require.Eventually(t, func() bool {
		m := addr.FindStringSubmatch(stderr.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "the startup log names the address")
	cctx, ccancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer ccancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(cctx, &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	require.NoError(t, err)
	receiptsByID(t, cs, true)
	require.NoError(t, cs.Close())
	cancel()
	require.Equal(t, exitOK, <-done, stderr.String())
}

func TestMCPHTTPBadFlags(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"bad address", []string{"-http", "127.0.0.1:notaport"}, "-http"},
		{"no sessions", []string{"-http", "127.0.0.1:0", "-sessions", "0"}, "-sessions"},
		{"no idle time", []string{"-http", "127.0.0.1:0", "-idle", "-1s"}, "-idle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reckon(t, "", append([]string{"mcp"}, c.args...)...)
			require.Equal(t, exitUsage, out.code)
			require.Contains(t, out.stderr, c.want)
		})
	}
}
