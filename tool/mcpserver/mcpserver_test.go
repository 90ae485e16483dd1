package mcpserver

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
	"github.com/stretchr/testify/require"
)

// serveEnv makes the test binary an MCP server on stdio (see TestMain), so
// the subprocess test needs no separate build.
const serveEnv = "RECKON_MCPSERVER_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		opts, err := testOptions()
		if err == nil {
			err = Serve(context.Background(), os.Stdin, os.Stdout, opts)
		}
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testOptions are those of the tool package's tests: the same fixed signing
// key and sources, so that its golden answers hold here too.
func testOptions() (Options, error) {
	priv := testsign.Named("reckon tool tests")
	ring, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	if err != nil {
		return Options{}, err
	}
	files, err := filepath.Glob("../testdata/sources/*.txt")
	if err != nil {
		return Options{}, err
	}
	sources := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return Options{}, err
		}
		sources[strings.TrimSuffix(filepath.Base(f), ".txt")] = string(b)
	}
	return Options{Tools: tool.Options{Signer: testsign.Signer(priv), Trusted: ring, Sources: sources}}, nil
}

// connect starts a server in process and returns a client session to it.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	opts, err := testOptions()
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := New(opts).Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool with raw JSON arguments and returns the result and the
// structured answer re-encoded.
func call(t *testing.T, cs *mcp.ClientSession, name, args string) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	require.NoError(t, err, "call %s", name)
	require.Len(t, res.Content, 1)
	text, ok := res.Content[0].(*mcp.TextContent)
	require.True(t, ok, "content is text")
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.JSONEq(t, text.Text, string(structured), "the text copy equals the structured content")
	return res, text.Text
}

func TestListTools(t *testing.T) {
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	opts, err := testOptions()
	require.NoError(t, err)
	want := map[string]tool.Tool{}
	for _, tl := range tool.All(opts.Tools) {
		want[tl.Name] = tl
	}
	require.Len(t, res.Tools, len(want))
	for _, got := range res.Tools { // the SDK lists tools by name
		w, ok := want[got.Name]
		require.True(t, ok, "unexpected tool %s", got.Name)
		require.Equal(t, w.Description, got.Description)
		in, err := json.Marshal(got.InputSchema)
		require.NoError(t, err)
		require.JSONEq(t, string(w.InputSchema), string(in), "%s input schema as the client sees it", got.Name)
		out, err := json.Marshal(got.OutputSchema)
		require.NoError(t, err)
		require.JSONEq(t, string(w.OutputSchema), string(out), "%s output schema as the client sees it", got.Name)
		require.True(t, got.Annotations.ReadOnlyHint, got.Name)
	}
}

// TestCallEveryCase replays the tool package's golden pairs through MCP:
// the structured answer must be the golden answer, and isError must be set
// exactly for refusals. The cases run in one MCP session, in the order of
// their paths, so calculate/costco has kept the receipt whose id the by_id
// cases of check_claims and verify_receipt name.
func TestCallEveryCase(t *testing.T) {
	cs := connect(t)
	files, err := filepath.Glob("../testdata/*/*.in.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, in := range files {
		name := strings.TrimSuffix(filepath.Base(in), ".in.json")
		toolName := filepath.Base(filepath.Dir(in))
		t.Run(toolName+"/"+name, func(t *testing.T) {
			args, err := os.ReadFile(in)
			require.NoError(t, err)
			if len(strings.TrimSpace(string(args))) == 0 {
				t.Skip("an empty argument list is not expressible as a JSON-RPC call")
			}
			want, err := os.ReadFile(strings.TrimSuffix(in, ".in.json") + ".out.json")
			require.NoError(t, err)
			res, got := call(t, cs, toolName, string(args))
			require.JSONEq(t, string(want), got)
			require.Equal(t, tool.Refused(json.RawMessage(got)), res.IsError, "isError")
		})
	}
}

// TestDecimalsReachReckonUnchanged proves that the argument bytes are not
// decoded on the way: a decimal beyond float64's precision keeps every
// digit, and the same decimal sent as a JSON number is refused, not rounded
// to 12345678901234567000.
func TestDecimalsReachReckonUnchanged(t *testing.T) {
	cs := connect(t)
	request := func(display string) string {
		return `{"id": "big", "formula": "a * 1",
		 "inputs": [{"name": "a", "display": ` + display + `, "unit": "USD", "scale": "", "period": "",
		   "label": "", "support": "", "provenance": "user", "quote": ""}],
		 "output": {"unit": "", "scale": "", "places": null, "rounding": "", "grouping": ""},
		 "interpretation": {"kind": "source_defined", "note": ""}}`
	}

	res, got := call(t, cs, "calculate", request(`"12345678901234567890.123"`))
	require.False(t, res.IsError, got)
	var resp receipt.Response
	require.NoError(t, json.Unmarshal([]byte(got), &resp))
	require.Equal(t, "12345678901234567890.123", resp.Result.Value)
	require.Equal(t, "12345678901234567890.123 × 1", resp.Expanded)

	res, got = call(t, cs, "calculate", request(`12345678901234567890.123`))
	require.True(t, res.IsError, got)
	require.NotContains(t, got, "12345678901234567000")
	resp = receipt.Response{}
	require.NoError(t, json.Unmarshal([]byte(got), &resp))
	require.Equal(t, "bad_request", resp.Error.Code)
	require.Equal(t, "inputs[0].display", resp.Error.Field)
	require.Contains(t, resp.Error.Hint, "numbers are strings")
}

func TestUnknownToolIsAProtocolError(t *testing.T) {
	cs := connect(t)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "add", Arguments: map[string]any{}})
	require.Error(t, err)
}

func TestServeEndsWithItsInput(t *testing.T) {
	var out strings.Builder
	err := Serve(context.Background(), strings.NewReader(""), &out, Options{})
	require.NoError(t, err)
	require.Empty(t, out.String())
}

// TestSubprocess runs the server as a separate process over stdio, as an MCP
// client configured with a command would.
func TestSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)

	tools, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	require.Len(t, tools.Tools, len(tool.Names()), "the test options make every tool useful")

	args, err := os.ReadFile("../testdata/calculate/costco.in.json")
	require.NoError(t, err)
	res, got := call(t, cs, "calculate", string(args))
	require.False(t, res.IsError, got)
	require.Contains(t, got, `"value":"1.344"`)

	require.NoError(t, cs.Close())
	require.Empty(t, stderr.String(), "nothing is logged by default")
}
