package tool

import (
	"os"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// TestRenderSourceIsWhatToolsRead: an HTML source, registered by a name
// whose extension gives its format or as a parsed document, is one
// rendering for every tool: render_source hands it over, verify_quotes
// finds a quote copied from it at its offset there, and calculate grounds
// an input quoted from it, recording the digest render_source gives.
func TestRenderSourceIsWhatToolsRead(t *testing.T) {
	b, err := os.ReadFile("testdata/sources/filing.htm")
	require.NoError(t, err)
	html := string(b)
	want := document.MustParse("filing", html, document.HTML).Text()
	const q = "Net sales | $ | 5,007"
	require.Contains(t, strings.Split(want, "\n"), q)
	cases := []struct {
		name, source string
		opts         Options
	}{
		{"by extension", "filing.htm", Options{Sources: map[string]string{"filing.htm": html}}},
		{"parsed", "filing", Options{Documents: []*document.Document{document.MustParse("filing", html, document.HTML)}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tools := All(tc.opts)
			got := call(t, tools, nameRenderSource, `{"source": "`+tc.source+`"}`)
			require.Equal(t, map[string]any{"ok": true, "source": tc.source, "format": "html", "text": want,
				"digest": quote.Digest(html)}, got)

			rep := call(t, tools, nameVerifyQuotes, `{"quotes": [{"id": "q1", "source": "`+tc.source+`", "text": "`+q+`"}]}`)
			require.Equal(t, true, rep["ok"], "%v", rep)
			r := rep["results"].([]any)[0].(map[string]any)
			require.Equal(t, float64(strings.Index(want, q)), r["start"], "offsets count in the rendering")
			require.Equal(t, q, r["matched"])

			calc := call(t, tools, nameCalculate, `{"id": "sales", "formula": "net_sales",
			 "inputs": [{"name": "net_sales", "display": "5,007", "unit": "USD", "scale": "million", "period": "FY2021",
			  "label": "Net sales", "support": "", "provenance": "text", "source": "`+tc.source+`", "quote": "`+q+`"}],
			 "output": {"unit": "USD", "scale": "million", "places": null, "rounding": "", "grouping": ""},
			 "interpretation": {"kind": "source_defined", "note": ""}}`)
			require.Equal(t, true, calc["ok"], "%v", calc)
		})
	}
}

// TestRenderSourceRefusals: a name not registered, and sources that cannot
// be registered, are refused with a code and a hint.
func TestRenderSourceRefusals(t *testing.T) {
	got := call(t, All(Options{Tools: []string{nameRenderSource}}), nameRenderSource, `{"source": "10-K"}`)
	require.Equal(t, map[string]any{"ok": false, "source": "10-K", "error": map[string]any{"code": "unknown_source",
		"message": `source "10-K" is not registered`, "field": "source",
		"hint": "no source is registered: the application registers the documents, and you name one"}}, got)

	twice := Options{Sources: map[string]string{"a": "one"}, Documents: []*document.Document{document.MustParse("a", "two", document.Text)}}
	got = call(t, All(twice), nameRenderSource, `{"source": "a"}`)
	require.Equal(t, false, got["ok"])
	require.Equal(t, "bad_request", got["error"].(map[string]any)["code"], "a name registered twice is refused, never guessed between: %v", got)

	long := strings.Repeat("x", 200)
	got = call(t, All(Options{Sources: map[string]string{"a": "one"}}), nameRenderSource, `{"source": "`+long+`"}`)
	require.Equal(t, `source "`+long[:80]+`…" is not registered`, got["error"].(map[string]any)["message"], "a long name is clipped in the message")
}
