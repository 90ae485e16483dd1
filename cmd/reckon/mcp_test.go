package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/dsse"
	"github.com/stretchr/testify/require"
)

// TestMCP runs `reckon mcp` through run, on pipes, and talks to it with the
// SDK's client: the tools are listed, calculate grounds its inputs in the
// -source documents and signs with -key, and verify_quotes reads them.
func TestMCP(t *testing.T) {
	key := newKey(t)
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"mcp", "-key", key + ".key", "-pub", key + ".pub",
			"-source", "annual-report=testdata/sources/annual-report.txt", "-source", "10-K=" + costco10K}, serverIn, serverOut, &stderr)
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
	require.ElementsMatch(t, []string{"calculate", "verify_receipt", "verify_quotes", "score_verdicts", "check_claims", "render_source"}, names)

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "calculate", Arguments: json.RawMessage(groundedSeed(t, "costco", "10-K"))})
	require.NoError(t, err)
	require.False(t, res.IsError)
	text := res.Content[0].(*mcp.TextContent).Text
	require.Contains(t, text, `"value":"1.344"`)
	require.Contains(t, text, `"keyid":"ed25519:`, "signed with -key")
	require.Contains(t, payloadOf(t, text), `"grounding":{"source":"10-K","digest":"sha256:`, "grounded in the -source document")

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
		"reckon mcp: sources: 10-K, annual-report; facts: none; today: the system clock's date at each call\n"+
		"reckon mcp: tools calculate, verify_receipt, verify_quotes, score_verdicts, check_claims, render_source, on stdio\n", stderr.String())
}

// keyID returns the key id of the key pair at prefix.
func keyID(t *testing.T, prefix string) string {
	t.Helper()
	pub, err := dsse.ParsePublicKey([]byte(readFile(t, prefix+".pub")))
	require.NoError(t, err)
	return dsse.KeyID(pub)
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
// README configures it, with the filing registered as the source 10-K:
// calculate over inputs quoted from it, then check_claims by receipt_id,
// released for the backed number and refused for an unbacked one, and an
// application fact from -fact backing a count.
func receiptsByID(t *testing.T, cs *mcp.ClientSession, withFact bool) {
	t.Helper()
	// The inputs name the 10-K the server registers with -source (see
	// withSource), so that the receipt is grounded and backs prose.
	isErr, calc := callJSON(t, cs, "calculate", groundedSeed(t, "costco", "10-K"))
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

// withSource appends to the arguments of `reckon mcp` the Costco 10-K as
// the source "10-K", which the calculation of receiptsByID quotes.
func withSource(args ...string) []string {
	return append(append([]string{}, args...), "-source", "10-K="+costco10K)
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
	readme := readFile(t, "../../docs/agents.md")
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
		switch {
		case strings.HasSuffix(a, "/reckon.key"):
			require.True(t, filepath.IsAbs(a), "the README gives the key by its full path: %s", a)
			server.Args[i] = filepath.Join(dir, "reckon.key")
		case strings.HasPrefix(a, "10-K="):
			require.True(t, filepath.IsAbs(strings.TrimPrefix(a, "10-K=")), "the README gives the filing by its full path: %s", a)
			server.Args[i] = "10-K=" + tenK
		}
	}
	require.Contains(t, server.Args, "10-K="+tenK, "the README registers the filing the model reads")

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
	cs, done := stdioSession(t, withSource("mcp", "-key", key+".key", "-fact", "documents matching=84 count"), &stderr)
	receiptsByID(t, cs, true)
	require.Equal(t, exitOK, done(), stderr.String())
	require.Contains(t, stderr.String(), "facts: documents matching=84 count; today: ")
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

// serveHTTP runs `reckon` with args, an `mcp -http` command, until stop
// is called, and returns the address its startup log names: the log must
// match started, whose first group is the address. stop returns the exit
// code.
func serveHTTP(t *testing.T, args []string, started *regexp.Regexp) (url string, stderr *syncBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	old := mcpContext
	mcpContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { mcpContext = old })
	stderr = &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(args, strings.NewReader(""), io.Discard, stderr) }()
	require.Eventually(t, func() bool {
		if m := started.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		}
		return url != ""
	}, 10*time.Second, 10*time.Millisecond, "the startup log names the address: %s", stderr)
	return url, stderr, func() int {
		cancel()
		return <-done
	}
}

// TestMCPHTTP runs `reckon mcp -http` on a loopback ephemeral port and
// drives it with the SDK's streamable HTTP client.
func TestMCPHTTP(t *testing.T) {
	key := newKey(t)
	url, stderr, stop := serveHTTP(t, withSource("mcp", "-key", key+".key", "-fact", "documents matching=84 count", "-http", "127.0.0.1:0"),
		regexp.MustCompile(`on (http://127\.0\.0\.1:[0-9]+) \(streamable HTTP; a session per client, at most 100, closed after 30m0s idle; no authentication of its own: bind it to loopback, or give -tokens FILE\)`))
	cctx, ccancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer ccancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(cctx, &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	require.NoError(t, err)
	receiptsByID(t, cs, true)
	require.NoError(t, cs.Close())
	require.Equal(t, exitOK, stop(), stderr.String())
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

// mcpPipe is `reckon mcp` run through run on real pipes, as a client that
// starts it as a subprocess sees it.
type mcpPipe struct {
	in     *os.File      // the server's stdin, written by the test
	rawOut *os.File      // the server's stdout
	out    *bufio.Reader // rawOut, read by the test
	done   chan int      // the exit code, once run returns
	err    *strings.Builder
}

// startMCP starts `reckon mcp` with args on pipes. The pipes are closed
// when the test ends.
func startMCP(t *testing.T, args ...string) *mcpPipe {
	t.Helper()
	serverIn, clientIn, err := os.Pipe()
	require.NoError(t, err)
	clientOut, serverOut, err := os.Pipe()
	require.NoError(t, err)
	p := &mcpPipe{in: clientIn, rawOut: clientOut, out: bufio.NewReaderSize(clientOut, 1<<20),
		done: make(chan int, 1), err: &strings.Builder{}}
	go func() {
		p.done <- run(append([]string{"mcp"}, args...), serverIn, serverOut, p.err)
		serverOut.Close()
	}()
	t.Cleanup(func() {
		clientIn.Close()
		serverIn.Close()
		clientOut.Close()
	})
	return p
}

// pipeTimeout bounds each write and read of a test, so that a server that
// stopped reading or answering fails the test instead of hanging it.
const pipeTimeout = 20 * time.Second

// send writes lines to the server's stdin, each followed by a line break.
func (p *mcpPipe) send(t *testing.T, lines ...string) {
	t.Helper()
	require.NoError(t, p.in.SetWriteDeadline(time.Now().Add(pipeTimeout)))
	for _, l := range lines {
		_, err := p.in.WriteString(l + "\n")
		require.NoError(t, err)
	}
}

// reply is one answer as written, with the id's bytes kept as sent.
type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	line string
}

// read reads one answer line.
func (p *mcpPipe) read(t *testing.T) reply {
	t.Helper()
	require.NoError(t, p.rawOut.SetReadDeadline(time.Now().Add(pipeTimeout)))
	line, err := p.out.ReadString('\n')
	require.NoError(t, err, "an answer line")
	var r reply
	require.NoError(t, json.Unmarshal([]byte(line), &r), line)
	r.line = line
	return r
}

// initLine is an initialize request with id 0 for protocol version.
func initLine(version string) string {
	return `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version +
		`","capabilities":{},"clientInfo":{"name":"test","version":"v0"}}}`
}

// initialize runs the handshake under version.
func (p *mcpPipe) initialize(t *testing.T, version string) {
	t.Helper()
	p.send(t, initLine(version))
	r := p.read(t)
	require.Nil(t, r.Error, r.line)
	require.Contains(t, string(r.Result), `"protocolVersion":"`+version+`"`)
	p.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// closeAndWait closes the server's stdin and returns the answers left.
func (p *mcpPipe) closeAndWait(t *testing.T) []reply {
	t.Helper()
	require.NoError(t, p.in.Close())
	return p.answers(t)
}

// answers reads every answer until the server's stdout ends and returns
// them once the server has exited with exitOK.
func (p *mcpPipe) answers(t *testing.T) []reply {
	t.Helper()
	require.NoError(t, p.rawOut.SetReadDeadline(time.Now().Add(pipeTimeout)))
	var out []reply
	for {
		line, err := p.out.ReadString('\n')
		if err == io.EOF {
			require.Empty(t, line, "a partial last line")
			break
		}
		require.NoError(t, err)
		var r reply
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		r.line = line
		out = append(out, r)
	}
	select {
	case code := <-p.done:
		require.Equal(t, exitOK, code, p.err.String())
	case <-time.After(10 * time.Second):
		t.Fatal("reckon mcp did not exit after its input ended")
	}
	return out
}

// calcLine is a tools/call of calculate with the Costco seed, whose value
// is 1.344, under the given raw id.
func calcLine(t testing.TB, id string) string {
	t.Helper()
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"calculate","arguments":` +
		strings.TrimSpace(oneLine(t, seed(t, "costco"))) + `}}`
}

// TestMCPBadFramesInterleaved sends each bad frame a hostile client could
// send, each followed by a good call: every bad frame gets the JSON-RPC
// error it deserves, every good call its answer, and the server stays up.
// Before, the first bad frame made `reckon mcp` exit 1 with no answer.
func TestMCPBadFramesInterleaved(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	tests := []struct {
		name, in string
		code     int64
		id       string // the id the error echoes, as raw JSON
		reason   string
	}{
		{"not JSON", `nope`, -32700, "null", "parse error"},
		{"truncated JSON", `{"jsonrpc":"2.0","id":1,"method":"ping"`, -32700, "null", "parse error"},
		{"two values on a line", `{"jsonrpc":"2.0","id":1,"method":"ping"} {}`, -32700, "null", "parse error"},
		{"a batch under 2025-06-18", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null", "batch"},
		{"an empty batch", `[]`, -32600, "null", "batch"},
		{"a boolean id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, "null", `"id" must be`},
		{"an object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null", `"id" must be`},
		{"an array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, -32600, "null", `"id" must be`},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600, "null", `"id" must be`},
		{"no jsonrpc", `{"id":51,"method":"ping"}`, -32600, "51", `"jsonrpc" must be "2.0"`},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":"v1","method":"ping"}`, -32600, `"v1"`, `"jsonrpc" must be "2.0"`},
		{"a method that is a number", `{"jsonrpc":"2.0","id":53,"method":7}`, -32600, "53", `"method" must be a string`},
		{"params that are a string", `{"jsonrpc":"2.0","id":54,"method":"ping","params":"x"}`, -32600, "54", `"params"`},
		{"a repeated id", `{"jsonrpc":"2.0","id":55,"id":56,"method":"ping"}`, -32600, "null", "twice"},
		{"neither method nor result", `{"jsonrpc":"2.0","id":58}`, -32600, "58", `"method"`},
		{"a bare string", `"ping"`, -32600, "null", "JSON object"},
		{"a number", `42`, -32600, "null", "JSON object"},
		{"nesting past 10,000 in params", `{"jsonrpc":"2.0","id":57,"method":"ping","params":{"x":` + deep + `}}`, -32600, "null", "deeper than 64"},
		{"100,000 open brackets", strings.Repeat("[", 100000), -32600, "null", "deeper than 64"},
		{"a line over 8 MiB", `{"jsonrpc":"2.0","id":59,"method":"ping","params":{"x":"` + strings.Repeat("a", 9<<20) + `"}}`,
			-32600, "null", "over the limit"},
		{"an unknown method", `{"jsonrpc":"2.0","id":60,"method":"tools/nothing"}`, -32601, "60", "method not found"},
	}
	p := startMCP(t)
	p.initialize(t, "2025-06-18")
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.send(t, tt.in)
			r := p.read(t)
			require.NotNil(t, r.Error, r.line)
			require.Equal(t, tt.code, r.Error.Code, r.line)
			require.Equal(t, tt.id, string(r.ID), r.line)
			require.Contains(t, r.Error.Message, tt.reason)

			id := fmt.Sprintf(`"after %d"`, i)
			p.send(t, calcLine(t, id))
			r = p.read(t)
			require.Nil(t, r.Error, r.line)
			require.Equal(t, id, string(r.ID))
			require.Contains(t, string(r.Result), `\"value\":\"1.344\"`)
		})
	}
	require.Empty(t, p.closeAndWait(t))
	for _, line := range strings.Split(strings.TrimSuffix(p.err.String(), "\n"), "\n") {
		require.True(t, strings.HasPrefix(line, "reckon mcp: "), "without -v, only the startup lines: %q", line)
	}
	require.Equal(t, 3, strings.Count(p.err.String(), "\n"), "the three startup lines, and nothing about the bad frames")
}

// TestMCPEchoesIDs pins that ids come back byte for byte. Before, 2.7 came
// back as 2, 9007199254740993 as 9007199254740992 and 2^64 as a negative
// number: the SDK keeps ids as int64 through a float64.
func TestMCPEchoesIDs(t *testing.T) {
	ids := []string{`2.7`, `9007199254740993`, `18446744073709551616`, `-1`, `0`, `1e400`, `-0.0`,
		`"strings"`, `""`, `"a<b>&c"`, `"\u00e9t\u00e9"`, `"été"`, `"2.7"`}
	p := startMCP(t)
	p.initialize(t, "2025-06-18")
	for _, id := range ids {
		p.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`)
		r := p.read(t)
		require.Nil(t, r.Error, r.line)
		require.Equal(t, id, string(r.ID), "id %s echoed as sent", id)
		require.Contains(t, r.line, `"id":`+id+`,`, "the line holds the id's bytes")
	}
	require.Empty(t, p.closeAndWait(t))
}

// TestMCPCallBeforeInitialize pins the protocol's error for a call before
// initialize: invalid request (-32600) with the call's id. Before, the
// error went out with code 0. A ping is allowed before initialize.
func TestMCPCallBeforeInitialize(t *testing.T) {
	p := startMCP(t)
	p.send(t, `{"jsonrpc":"2.0","id":"early","method":"tools/list"}`)
	r := p.read(t)
	require.NotNil(t, r.Error, r.line)
	require.Equal(t, int64(-32600), r.Error.Code, r.line)
	require.Equal(t, `"early"`, string(r.ID))

	p.send(t, calcLine(t, `"early call"`))
	r = p.read(t)
	require.NotNil(t, r.Error, r.line)
	require.Equal(t, int64(-32600), r.Error.Code, r.line)

	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	r = p.read(t)
	require.Nil(t, r.Error, r.line)

	p.initialize(t, "2025-06-18")
	p.send(t, initLine("2025-06-18"))
	r = p.read(t)
	require.NotNil(t, r.Error, r.line)
	require.Equal(t, int64(-32600), r.Error.Code, "a second initialize: %s", r.line)
	require.Empty(t, p.closeAndWait(t))
}

// TestMCPBatches pins batching per protocol version: under 2025-03-26, the
// one revision with batching, a batch is answered in one array (calls
// answered, bad members refused, notifications silent); under every other
// version a batch is refused whole.
func TestMCPBatches(t *testing.T) {
	batch := `[{"jsonrpc":"2.0","id":"b1","method":"ping"},` + calcLine(t, `"b2"`) +
		`,{"id":"b3","method":"ping"},{"jsonrpc":"2.0","method":"notifications/whatever"},{"jsonrpc":"2.0","id":"b1","method":"ping"}]`
	t.Run("2025-03-26", func(t *testing.T) {
		p := startMCP(t)
		p.initialize(t, "2025-03-26")
		p.send(t, batch)
		line, err := p.out.ReadString('\n')
		require.NoError(t, err)
		var got []reply
		require.NoError(t, json.Unmarshal([]byte(line), &got), line)
		byID := map[string][]reply{}
		for _, r := range got {
			byID[string(r.ID)] = append(byID[string(r.ID)], r)
		}
		require.Len(t, got, 4, line)
		require.Len(t, byID[`"b1"`], 2, "one answer, one refusal of the id in flight: %s", line)
		require.Contains(t, string(byID[`"b2"`][0].Result), `\"value\":\"1.344\"`)
		require.Equal(t, int64(-32600), byID[`"b3"`][0].Error.Code, "no jsonrpc member")

		p.send(t, `[{"jsonrpc":"2.0","method":"notifications/whatever"}]`, `[1]`,
			`{"jsonrpc":"2.0","id":"after","method":"ping"}`)
		line, err = p.out.ReadString('\n')
		require.NoError(t, err)
		require.JSONEq(t, `[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: not a JSON object"}}]`, line,
			"a batch of notifications gets no answer; a batch of bad members an array of errors")
		require.Equal(t, `"after"`, string(p.read(t).ID))
		require.Empty(t, p.closeAndWait(t))
	})
	for _, version := range []string{"2024-11-05", "2025-06-18", "2025-11-25"} {
		t.Run(version, func(t *testing.T) {
			p := startMCP(t)
			p.initialize(t, version)
			p.send(t, batch)
			r := p.read(t)
			require.NotNil(t, r.Error, r.line)
			require.Equal(t, int64(-32600), r.Error.Code)
			require.Equal(t, "null", string(r.ID))
			require.Empty(t, p.closeAndWait(t))
		})
	}
}

// TestMCPAnswersEveryCallBeforeEOF pipes initialize and many calls and
// closes stdin at once, before reading anything: every call gets its
// answer before the server exits. Before, the answers in flight at the end
// of input were dropped, and a lone initialize plus tools/call printed
// nothing.
func TestMCPAnswersEveryCallBeforeEOF(t *testing.T) {
	for _, n := range []int{1, 300} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := startMCP(t)
			var input strings.Builder
			input.WriteString(initLine("2025-06-18") + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
			for i := range n {
				input.WriteString(calcLine(t, fmt.Sprint(i+1)) + "\n")
			}
			go func() { // the answers outgrow a pipe's buffer: write while the test reads
				_, _ = p.in.WriteString(input.String())
				p.in.Close()
			}()
			got := p.answers(t)
			require.Len(t, got, n+1)
			seen := map[string]bool{}
			for _, r := range got {
				require.Nil(t, r.Error, r.line)
				seen[string(r.ID)] = true
				if string(r.ID) != "0" {
					require.Contains(t, string(r.Result), `\"value\":\"1.344\"`)
				}
			}
			require.Len(t, seen, n+1, "every id answered once")
		})
	}
}

// TestMCPFloodHoldsMemory pipelines 12,000 calls (every second a
// calculate, the rest pings, to keep the test short) while reading the
// answers slowly: every 2,000 answers the reader stops until every
// goroutine of the server is blocked, and the live heap is measured there,
// where the server has read as far ahead as it will. The server stops
// reading when its calls in flight are at their bound, so its live heap
// stays small and every call is answered. Before, reading ran ahead of
// answering without bound (1.76 GB for 200,000 calculate calls in 24 s).
// The test runs in a synctest bubble on in-memory pipes, so that the
// server is seen to wait, on any machine, rather than given some time.
func TestMCPFloodHoldsMemory(t *testing.T) {
	const calls = 12000
	const bound = 24 << 20 // live heap growth allowed: 64 calls in flight hold a few MiB
	calc, ping := calcLine(t, "ID"), `{"jsonrpc":"2.0","id":ID,"method":"ping"}`
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		old := mcpContext
		mcpContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
		defer func() { mcpContext = old }()

		base := heap()
		serverIn, clientIn := io.Pipe()
		clientOut, serverOut := io.Pipe()
		var stderr strings.Builder
		done := make(chan int, 1)
		go func() {
			done <- run([]string{"mcp"}, serverIn, serverOut, &stderr)
			serverOut.Close()
		}()
		go func() {
			w := bufio.NewWriterSize(clientIn, 1<<16)
			w.WriteString(initLine("2025-06-18") + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
			for i := 1; i <= calls; i++ {
				line := ping
				if i%2 == 0 {
					line = calc
				}
				w.WriteString(strings.Replace(line, "ID", strconv.Itoa(i), 1) + "\n")
			}
			w.Flush()
			clientIn.Close()
		}()
		out := bufio.NewReaderSize(clientOut, 1<<20)
		var peak uint64
		pauses := 0
		seen := make([]bool, calls+1)
		for n := 0; ; n++ {
			if n%2000 == 1000 {
				synctest.Wait() // a slow reader: the server waits for it
				peak = max(peak, heap())
				pauses++
			}
			s, err := out.ReadString('\n')
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			var r reply
			require.NoError(t, json.Unmarshal([]byte(s), &r), s)
			i, err := strconv.Atoi(string(r.ID))
			require.NoError(t, err, s)
			require.False(t, seen[i], "id %d answered twice", i)
			seen[i] = true
			switch {
			case i > 0 && i%2 == 0:
				require.Contains(t, string(r.Result), `\"value\":\"1.344\"`, s)
			case i > 0:
				require.JSONEq(t, `{}`, string(r.Result), s)
			}
		}
		require.Equal(t, exitOK, <-done, stderr.String())
		require.Equal(t, calls/2000, pauses, "the reader paused while calls were left")
		growth := int64(peak) - int64(base)
		t.Logf("%d calls; live heap peak %.1f MiB over a base of %.1f MiB", calls, float64(growth)/(1<<20), float64(base)/(1<<20))
		require.Less(t, growth, int64(bound), "live heap growth during the flood")
		unanswered := 0
		for _, ok := range seen {
			if !ok {
				unanswered++
			}
		}
		require.Zero(t, unanswered, "calls left unanswered")
	})
}

// TestMCPExitsWhenTheReaderLeaves pins that a client that stops reading
// (its end of stdout closed) and then closes stdin does not leave the
// server waiting forever for answers it can no longer write.
func TestMCPExitsWhenTheReaderLeaves(t *testing.T) {
	p := startMCP(t)
	p.initialize(t, "2025-06-18")
	require.NoError(t, p.rawOut.Close())
	go func() {
		for i := range 200 {
			if _, err := p.in.WriteString(calcLine(t, strconv.Itoa(i+1)) + "\n"); err != nil {
				break
			}
		}
		p.in.Close()
	}()
	select {
	case code := <-p.done:
		require.Equal(t, exitRefused, code, "the broken output is reported: %s", p.err.String())
		require.Contains(t, p.err.String(), "broken pipe")
	case <-time.After(pipeTimeout):
		t.Fatal("reckon mcp did not exit after its reader left and its input ended")
	}
}

// The JSON contract's request runs as pasted, grounded in the filing the
// README names.
func TestREADMEJSONContractRequest(t *testing.T) {
	readme := readFile(t, "../../docs/contract.md")
	at := strings.Index(readme, "## The JSON contract")
	require.GreaterOrEqual(t, at, 0)
	req := regexp.MustCompile("(?s)```json\n(.*?)\n```").FindStringSubmatch(readme[at:])
	require.NotNil(t, req)
	require.Contains(t, readme, "`reckon calc -source 10-K=examples/grounded/10-k.txt < request.json`")
	out := reckon(t, req[1], "calc", "-source", "10-K=../../examples/grounded/10-k.txt")
	require.Equal(t, exitOK, out.code, out.stdout+out.stderr)
	require.Contains(t, out.stdout, `"value":"1.344"`)
	require.Contains(t, payloadOf(t, out.stdout), `"grounding":{"source":"10-K"`)
}
