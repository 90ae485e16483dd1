package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/tool"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestMCPTrace runs `reckon mcp -trace FILE`, makes one calculate call, and
// reads the span written to FILE: named for the tool, with its outcome,
// and without any value of the request.
func TestMCPTrace(t *testing.T) {
	traceFile := filepath.Join(t.TempDir(), "spans.json")
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"mcp", "-trace", traceFile}, serverIn, serverOut, &stderr)
		serverOut.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	args := seed(t, "costco")
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "calculate", Arguments: json.RawMessage(args)})
	require.NoError(t, err)
	require.False(t, res.IsError)
	require.NoError(t, cs.Close())
	clientOut.Close()
	require.Equal(t, exitOK, <-done, stderr.String())

	spans, err := os.ReadFile(traceFile)
	require.NoError(t, err)
	var span struct {
		Name       string
		Attributes []struct {
			Key   string
			Value struct{ Value any }
		}
	}
	require.NoError(t, json.NewDecoder(strings.NewReader(string(spans))).Decode(&span), string(spans))
	require.Equal(t, "reckon.calculate", span.Name)
	got := map[string]any{}
	for _, a := range span.Attributes {
		got[a.Key] = a.Value.Value
	}
	require.Equal(t, "ok", got["reckon.outcome"])
	require.EqualValues(t, 5, got["reckon.inputs"])
	for _, value := range []string{"6,692", "Current portion", "operating_income"} {
		require.NotContains(t, string(spans), value, "a request value in the trace")
	}
}

// TestREADMEShowsTrace keeps the README's span of one calculate equal to
// what the tool records for the Costco request, signed.
func TestREADMEShowsTrace(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	key := newKey(t)
	signer, err := loadSigner(key + ".key")
	require.NoError(t, err)
	calc := tool.All(tool.Options{Signer: signer, TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))})[0]
	_, err = calc.Call(context.Background(), json.RawMessage(seed(t, "costco")))
	require.NoError(t, err)
	var b strings.Builder
	for _, kv := range rec.Ended()[0].Attributes() {
		v := kv.Value.Emit()
		switch kv.Key {
		case "reckon.receipt.key_ids":
			v = "[ed25519:…]" // a fresh key each run
		case "reckon.args.bytes", "reckon.answer.bytes":
			v = "…" // sizes change with every field a receipt gains
		}
		fmt.Fprintf(&b, "%s = %s\n", kv.Key, v)
	}
	readme, err := os.ReadFile("../../docs/cli.md")
	require.NoError(t, err)
	require.True(t, strings.Contains(string(readme), "```\n"+b.String()+"```"), "the README shows this span:\n%s", b.String())
}

// TestCLITrace checks -trace on calc, verify and claims: one span a
// request or receipt, named for the command, with its outcome, and no
// value of the input.
func TestCLITrace(t *testing.T) {
	dir := t.TempDir()
	key := newKey(t)
	spansOf := func(file string) []map[string]any {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		var out []map[string]any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		for dec.More() {
			var span map[string]any
			require.NoError(t, dec.Decode(&span))
			out = append(out, span)
		}
		return out
	}
	calcTrace := filepath.Join(dir, "calc.json")
	batch := oneLine(t, seed(t, "costco")) + oneLine(t, seed(t, "lakh")) + "not json\n"
	calc := reckon(t, batch, "calc", "-key", key+".key", "-trace", calcTrace, "-jsonl")
	require.Equal(t, exitRefused, calc.code)
	spans := spansOf(calcTrace)
	require.Len(t, spans, 3, "one span a line")
	for _, s := range spans {
		require.Equal(t, "reckon.calc", s["Name"])
	}
	text, err := os.ReadFile(calcTrace)
	require.NoError(t, err)
	for _, value := range []string{"6,692", "1,09,638.91", "Current portion", "not json", "income - shareholders_funds"} {
		require.NotContains(t, string(text), value)
	}
	require.Contains(t, string(text), `"refused"`)
	require.Contains(t, string(text), `"bad_request"`)

	response := reckon(t, seed(t, "costco"), "calc", "-key", key+".key").stdout
	verifyTrace := filepath.Join(dir, "verify.json")
	v := reckon(t, response, "verify", "-pub", key+".pub", "-trace", verifyTrace)
	require.Equal(t, exitOK, v.code, v.stderr)
	require.Len(t, spansOf(verifyTrace), 1)
	require.Equal(t, "reckon.verify", spansOf(verifyTrace)[0]["Name"])

	claimsTrace := filepath.Join(dir, "claims.json")
	c := reckon(t, `{"text": "Jane Doe authored 27 documents.", "receipts": []}`, "claims", "-trace", claimsTrace)
	require.Equal(t, exitRefused, c.code)
	text, err = os.ReadFile(claimsTrace)
	require.NoError(t, err)
	require.Contains(t, string(text), `"reckon.claims"`)
	require.NotContains(t, string(text), "Jane Doe")

	require.Equal(t, exitOK, reckon(t, seed(t, "costco"), "calc").code, "without -trace, nothing is written and nothing changes")
}
