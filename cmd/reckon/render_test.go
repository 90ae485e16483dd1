package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// filing is an excerpt of a 10-K as HTML. It starts with a <meta> tag, so
// that only its extension says it is HTML: registered under a name without
// one (-source filing=…), it is still read as HTML.
const filing = "../../tool/testdata/sources/filing.htm"

// rendering returns what render prints for src read as f: the document's
// rendering and one newline.
func rendering(t testing.TB, src string, f document.Format) string {
	t.Helper()
	d, err := document.Parse("", src, f)
	require.NoError(t, err)
	return d.Text() + "\n"
}

func TestRender(t *testing.T) {
	html := readFile(t, filing)
	text := readFile(t, "testdata/sources/annual-report.txt")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		want   string
		reason string
	}{
		{name: "html by extension", args: []string{filing}, want: rendering(t, html, document.HTML),
			reason: "the extension names the format"},
		{name: "-format text", args: []string{"-format", "text", filing}, want: html + "\n",
			reason: "-format outranks the extension: the file is shown as it is"},
		{name: "stdin as html", args: []string{"-format", "html"}, stdin: html, want: rendering(t, html, document.HTML)},
		{name: "stdin sniffed", args: []string{"-"}, stdin: "<table><tr><td>Net sales</td><td>$</td><td>5,007</td></tr></table>",
			want: "Net sales | $ | 5,007\n", reason: "without a name, a text that starts with markup is HTML"},
		{name: "plain text", args: []string{"testdata/sources/annual-report.txt"}, want: text + "\n",
			reason: "plain text renders as itself; the final newline is render's own"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, tc.stdin, append([]string{"render"}, tc.args...)...)
			require.Equal(t, exitOK, out.code, out.stderr)
			require.Equal(t, tc.want, out.stdout, "reckon render %q: %s", tc.args, tc.reason)
			require.Empty(t, out.stderr)
		})
	}
}

// TestRenderHTMLTable pins the rendering of the filing's table: a row a
// line, its non-empty cells joined by " | ", the markup gone.
func TestRenderHTMLTable(t *testing.T) {
	out := reckon(t, "", "render", filing)
	require.Equal(t, exitOK, out.code, out.stderr)
	lines := strings.Split(out.stdout, "\n")
	require.Contains(t, lines, "Net sales | $ | 5,007")
	require.Contains(t, lines, "Membership fees | 3,877")
	require.Contains(t, lines, "Net income attributable to Costco was $5,007 million.")
	require.NotContains(t, out.stdout, "<")
	require.NotContains(t, out.stdout, "Form 10-K excerpt", "the title is not visible text")
}

func TestRenderRefusals(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"missing file", []string{"testdata/sources/none.htm"}, exitUsage, "open testdata/sources/none.htm: no such file"},
		{"a directory", []string{"testdata"}, exitRefused, "testdata: is a directory"},
		{"bad format", []string{"-format", "pdf", filing}, exitUsage, `invalid value "pdf" for flag -format`},
		{"two files", []string{filing, filing}, exitUsage, "one input file at most"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, "", append([]string{"render"}, tc.args...)...)
			require.Equal(t, tc.code, out.code, "reckon render %q", tc.args)
			require.Empty(t, out.stdout)
			require.Contains(t, out.stderr, tc.stderr)
		})
	}
	out := reckon(t, "", "render", "testdata/sources/none.htm")
	require.Equal(t, 1, strings.Count(out.stderr, "\n"), "a missing file is one line: %q", out.stderr)
	out = reckon(t, "", "render", "-h")
	require.Equal(t, exitOK, out.code)
	require.Contains(t, out.stderr, "usage: reckon render [-format text|markdown|html|csv] [FILE]")
}

// TestSourceFormatFromFile: -source NAME=FILE reads FILE in the format its
// extension gives, whatever NAME is, so an .htm filing grounds against its
// rendering, the text render prints, and quote checks look in the same.
func TestSourceFormatFromFile(t *testing.T) {
	const q = "Net sales | $ | 5,007"
	html := readFile(t, filing)
	shown := strings.TrimSuffix(reckon(t, "", "render", filing).stdout, "\n")
	start := strings.Index(shown, q)
	require.Positive(t, start)

	req := `{"id": "sales", "formula": "net_sales", "inputs": [{"name": "net_sales", "display": "5,007",
	 "unit": "USD", "scale": "million", "period": "FY2021", "label": "Net sales", "support": "", "provenance": "text",
	 "source": "filing", "quote": "` + q + `"}], "output": {"unit": "USD", "scale": "million"},
	 "interpretation": {"kind": "source_defined", "note": ""}}`
	out := reckon(t, req, "calc", "-source", "filing="+filing)
	require.Equal(t, exitOK, out.code, out.stdout+out.stderr)
	p := payloadOf(t, out.stdout)
	require.Contains(t, p, `"grounding":{"source":"filing","digest":"`+quote.Digest(html)+`"`,
		"the digest is of the file's bytes; the quote was found in its rendering")

	out = reckon(t, `{"quotes": [{"id": "q1", "source": "filing", "text": "`+q+`"}]}`, "quote", "-source", "filing="+filing)
	require.Equal(t, exitOK, out.code, out.stdout+out.stderr)
	var rep struct {
		Results []struct {
			Start, End, Line int
			Matched          string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out.stdout), &rep))
	require.Equal(t, start, rep.Results[0].Start, "quote's offsets count in the rendering")
	require.Equal(t, start+len(q), rep.Results[0].End)
	require.Equal(t, q, rep.Results[0].Matched)
	require.Equal(t, 4, rep.Results[0].Line)
}

// TestMCPRenderSource: over MCP, render_source hands the model the
// rendering of a -source document, the text render prints and grounding
// reads, with the digest a receipt records; a name not registered is
// refused with the names that are.
func TestMCPRenderSource(t *testing.T) {
	var stderr strings.Builder
	cs, done := stdioSession(t, []string{"mcp", "-source", "filing=" + filing, "-source", "annual-report=testdata/sources/annual-report.txt"}, &stderr)
	isErr, got := callJSON(t, cs, "render_source", `{"source": "filing"}`)
	require.False(t, isErr, "%v", got)
	require.Equal(t, map[string]any{"ok": true, "source": "filing", "format": "html",
		"text":   strings.TrimSuffix(reckon(t, "", "render", filing).stdout, "\n"),
		"digest": quote.Digest(readFile(t, filing))}, got)

	isErr, got = callJSON(t, cs, "render_source", `{"source": "10-K"}`)
	require.True(t, isErr)
	require.Equal(t, map[string]any{"code": "unknown_source", "field": "source", "message": `source "10-K" is not registered`,
		"hint": "name one of the registered sources in source: annual-report, filing"}, got["error"])
	require.Equal(t, exitOK, done(), stderr.String())
}
