package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// TestHelp checks that asking for help is not an error: -h, -help and
// --help exit 0 for the root and for every command, and the root's usage
// goes to stdout.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}} {
		out := reckon(t, "", args...)
		require.Equal(t, exitOK, out.code, "reckon %q", args)
		require.Contains(t, out.stdout, "commands:", "reckon %q", args)
		require.Contains(t, out.stdout, "exit codes:")
	}
	for _, c := range commands {
		for _, flag := range []string{"-h", "-help", "--help"} {
			out := reckon(t, "", c.name, flag)
			require.Equal(t, exitOK, out.code, "reckon %s %s: %s", c.name, flag, out.stderr)
			require.Contains(t, out.stderr, "usage: reckon "+c.name, "reckon %s %s", c.name, flag)
		}
	}
}

// TestHelpDocumentsInputs checks that quote and claims show the shape of
// the JSON they read.
func TestHelpDocumentsInputs(t *testing.T) {
	require.Contains(t, reckon(t, "", "quote", "-h").stderr, `{"quotes": [{"id": "q1", "source": "annual-report", "text":`)
	claims := reckon(t, "", "claims", "-h").stderr
	require.Contains(t, claims, `{"text": "the answer's prose"`)
	require.Contains(t, claims, `"facts": [{"label": "documents matching", "value": "84"`)
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		out := reckon(t, "", args...)
		require.Equal(t, exitOK, out.code, "reckon %q", args)
		require.True(t, strings.HasPrefix(out.stdout, "reckon "), out.stdout)
		require.Contains(t, out.stdout, "module github.com/reckonhq/reckon\n")
		require.Contains(t, out.stdout, "verifies "+receipt.TypeV1)
	}
	require.Equal(t, exitUsage, reckon(t, "", "version", "extra").code)
}

// TestFileArgument checks that every command that reads stdin reads a
// file argument the same way.
func TestFileArgument(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
		return p
	}
	request := write("costco.json", seed(t, "costco"))
	fromStdin := reckon(t, seed(t, "costco"), "calc")
	fromFile := reckon(t, "", "calc", request)
	require.Equal(t, exitOK, fromFile.code, fromFile.stderr)
	require.Equal(t, fromStdin.stdout, fromFile.stdout)
	require.Equal(t, fromStdin.stdout, reckon(t, seed(t, "costco"), "calc", "-").stdout, `"-" is stdin`)

	key := newKey(t)
	response := write("response.json", reckon(t, seed(t, "costco"), "calc", "-key", key+".key").stdout)
	verified := reckon(t, "", "verify", "-pub", key+".pub", response)
	require.Equal(t, exitOK, verified.code, verified.stderr)

	batch := write("batch.jsonl", oneLine(t, seed(t, "costco"))+oneLine(t, seed(t, "lakh")))
	require.Equal(t, exitOK, reckon(t, "", "calc", "-jsonl", batch).code)

	quotes := write("quotes.json", `{"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"}]}`)
	q := reckon(t, "", "quote", "-source", "annual-report=testdata/sources/annual-report.txt", quotes)
	require.Equal(t, exitOK, q.code, q.stderr+q.stdout)

	claims := write("claims.json", `{"text": "No numbers here.", "receipts": []}`)
	c := reckon(t, "", "claims", claims)
	require.Equal(t, exitOK, c.code, c.stderr+c.stdout)

	inspected := reckon(t, "", "inspect", response)
	require.Equal(t, exitOK, inspected.code, inspected.stderr)
}

func TestInspect(t *testing.T) {
	key := newKey(t)
	response := reckon(t, seed(t, "lakh"), "calc", "-key", key+".key").stdout
	out := reckon(t, response, "inspect")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.True(t, strings.HasPrefix(out.stdout, "NOT VERIFIED:"), "inspect says it did not verify:\n%s", out.stdout)
	for _, want := range []string{
		"formula         income - shareholders_funds",
		"expanded        (109638.91 × 100000) − (25966.14 × 100000)",
		"income              1,09,638.91  INR   lakh",
		`"Income 1,09,638.91"`,
		"result     ₹8,367,277,000",
		"(key ids as claimed, not checked)",
	} {
		require.Contains(t, out.stdout, want)
	}
	bad := reckon(t, `{"payloadType": "x"}`, "inspect")
	require.Equal(t, exitRefused, bad.code)
	require.Empty(t, bad.stdout)
	require.Equal(t, exitRefused, reckon(t, "not json", "inspect").code)
}

// TestBatchLineNumbers checks that every non-blank line gets one answer,
// and that a refused line's answer carries its line number, blank lines
// counted, and its id when it can be read.
func TestBatchLineNumbers(t *testing.T) {
	in := oneLine(t, seed(t, "costco")) + "\n" + `{"id": "half", "formula": "a"}` + "\n" + "not json\n" + oneLine(t, seed(t, "lakh"))
	out := reckon(t, in, "calc", "-jsonl")
	require.Equal(t, exitRefused, out.code)
	lines := strings.Split(strings.TrimSuffix(out.stdout, "\n"), "\n")
	require.Len(t, lines, 4, "one answer per non-blank line")
	require.NotContains(t, lines[0], `"line"`, "accepted answers are matched by order")
	require.True(t, strings.HasPrefix(lines[1], `{"line":3,"id":"half","ok":false`), lines[1])
	require.True(t, strings.HasPrefix(lines[2], `{"line":4,"id":"","ok":false`), lines[2])
	require.Contains(t, lines[3], `"id":"income-less-funds-2003","ok":true`)

	v := reckon(t, "{}\n", "verify", "-jsonl")
	require.True(t, strings.HasPrefix(v.stdout, `{"line":1,`), v.stdout)
}

// TestRefusalNamesItsRequest: a refused request's answer carries the id
// the request's own "id" gives, read up to the first fault (see the
// calculate tool's TestRecoverID), so that a line cut short after its id is
// still matched to its request.
func TestRefusalNamesItsRequest(t *testing.T) {
	out := reckon(t, `{"id": "q7", "formula": "a + b", "inputs": [{"name`+"\n", "calc", "-jsonl")
	require.True(t, strings.HasPrefix(out.stdout, `{"line":1,"id":"q7","ok":false`), out.stdout)
	out = reckon(t, `{"id": "a", "formula": "x", "id": "b"}`, "calc")
	require.True(t, strings.HasPrefix(out.stdout, `{"id":"","ok":false`), "two ids name no request: %s", out.stdout)
}

// TestBatchBlankLines: only lines of JSON's white space are blank; a line
// holding anything else, even a character that prints as nothing, gets one
// answer with its line number, so that no answer is matched to the wrong
// line.
func TestBatchBlankLines(t *testing.T) {
	in := " \t\n\r\n\v\n\u00a0\n\f\n\u2028\n\u200b\n\x00\n \n"
	for _, cmd := range []string{"calc", "verify"} {
		out := reckon(t, in, cmd, "-jsonl")
		require.Equal(t, exitRefused, out.code, cmd)
		lines := strings.Split(strings.TrimSuffix(out.stdout, "\n"), "\n")
		require.Len(t, lines, 6, "%s: one answer for each line that is not JSON white space: %s", cmd, out.stdout)
		for i, line := range lines {
			require.True(t, strings.HasPrefix(line, fmt.Sprintf(`{"line":%d,`, i+3)), "%s: %s", cmd, line)
		}
	}
}
