package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// outcome is what one run of the command left behind.
type outcome struct {
	code           int
	stdout, stderr string
}

// stdoutJSON decodes the command's stdout as a T.
func stdoutJSON[T any](t testing.TB, out outcome) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(out.stdout), &v), out.stdout)
	return v
}

// reckon runs the command with args and stdin, as a shell would.
func reckon(t testing.TB, stdin string, args ...string) outcome {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return outcome{code, stdout.String(), stderr.String()}
}

// readFile returns a file's contents as a string.
func readFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	require.NoError(t, err, "read %s", name)
	return string(data)
}

// seeds names the library's seed requests, which the batch tests send.
var seeds = []string{"costco", "lakh", "tweets", "shortfall", "gap"}

// seed returns one of the library's seed requests, by name.
func seed(t testing.TB, name string) string {
	t.Helper()
	return readFile(t, filepath.Join("..", "..", "receipt", "testdata", "requests", name+".json"))
}

// oneLine compacts a JSON object onto one line for a -jsonl batch.
func oneLine(t testing.TB, js string) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, []byte(js)))
	return b.String() + "\n"
}

// newKey runs keygen into a fresh directory and returns the prefix.
func newKey(t testing.TB) string {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "signer")
	out := reckon(t, "", "keygen", "-out", prefix)
	require.Equal(t, exitOK, out.code, "keygen: %s", out.stderr)
	return prefix
}

// decodeResponse decodes the one response line calc printed.
func decodeResponse(t testing.TB, line string) receipt.Response {
	t.Helper()
	require.True(t, strings.HasSuffix(line, "\n"), "output ends in a newline")
	var resp receipt.Response
	require.NoError(t, json.Unmarshal([]byte(line), &resp), "decode response %q", line)
	return resp
}

// decodeReport decodes the one report line verify printed.
func decodeReport(t testing.TB, line string) receipt.Report {
	t.Helper()
	require.True(t, strings.HasSuffix(line, "\n"), "output ends in a newline")
	var rep receipt.Report
	require.NoError(t, json.Unmarshal([]byte(line), &rep), "decode report %q", line)
	return rep
}

// codes returns the reason codes of a report.
func codes(rep receipt.Report) []string {
	out := []string{}
	for _, r := range rep.Reasons {
		out = append(out, r.Code)
	}
	return out
}

func TestUsage(t *testing.T) {
	key := newKey(t)
	tests := []struct {
		name   string
		args   []string
		stderr string // a part of what stderr must say
	}{
		{name: "no arguments", args: nil, stderr: "usage: reckon <command>"},
		{name: "unknown command", args: []string{"reckonify"}, stderr: `unknown command "reckonify"`},
		{name: "calc bad flag", args: []string{"calc", "-sign"}, stderr: "flag provided but not defined: -sign"},
		{name: "calc two files", args: []string{"calc", "a.json", "b.json"}, stderr: `one input file at most, not "a.json" and "b.json"`},
		{name: "calc missing file", args: []string{"calc", "request.json"}, stderr: "open request.json: no such file"},
		{name: "calc missing key file", args: []string{"calc", "-key", key + ".missing"}, stderr: "no such file"},
		{name: "calc public key as -key", args: []string{"calc", "-key", key + ".pub"}, stderr: "invalid value"},
		{name: "verify bad flag", args: []string{"verify", "-trust", "x"}, stderr: "flag provided but not defined: -trust"},
		{name: "verify private key as -pub", args: []string{"verify", "-pub", key + ".key"}, stderr: "invalid value"},
		{name: "verify same -pub twice", args: []string{"verify", "-pub", key + ".pub", "-pub", key + ".pub"}, stderr: "-pub:"},
		{name: "verify missing policy", args: []string{"verify", "-policy", "testdata/policies/missing.json"}, stderr: "no such file"},
		{name: "verify unknown policy field", args: []string{"verify", "-policy", "testdata/policies/unknown-field.json"}, stderr: "deny_everything"},
		{name: "keygen without -out", args: []string{"keygen"}, stderr: "-out is required"},
		{name: "demo positional", args: []string{"demo", "costco"}, stderr: `unexpected argument "costco"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, seed(t, "costco"), tc.args...)
			require.Equal(t, exitUsage, out.code, "reckon %q", tc.args)
			require.Empty(t, out.stdout, "usage errors print no JSON")
			require.Contains(t, out.stderr, tc.stderr)
		})
	}
}

// A flag's bad value, a boolean's included, is one line naming the flag
// and the value: the full usage is for an unknown flag or a missing value.
func TestUsageBadValueIsOneLine(t *testing.T) {
	for _, args := range [][]string{{"verify", "-jsonl=maybe"}, {"render", "-format", "pdf"}} {
		out := reckon(t, "", args...)
		require.Equal(t, exitUsage, out.code, "reckon %q", args)
		require.Contains(t, out.stderr, "invalid")
		require.NotContains(t, out.stderr, "usage:", "reckon %q", args)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(out.stderr), "\n")+1, "one line: %q", out.stderr)
	}
}
