package quote

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

const annualReport = `ANNUAL REPORT 2023

Results of operations
In fiscal 2023 the company's revenue grew 9%.
Net income was $5,007 million, up from
$4,100 million a year earlier.
`

const pressRelease = "Press release: the board declared a dividend of $0.25 per share.\n"

func sources(t *testing.T) *Sources {
	t.Helper()
	return mustSources(map[string]string{"annual-report": annualReport, "press-release": pressRelease})
}

func TestCheckJSON(t *testing.T) {
	req, err := ParseRequest([]byte(`{"quotes": [
		{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"},
		{"id": "q2", "source": "annual-report", "text": "declared a dividend of $0.25 per share"},
		{"id": "q3", "source": "annual-report", "text": "Net income was $5,008 million, up from"},
		{"id": "q4", "source": "10-K", "text": "net income was $5,007 million"},
		{"id": "q5", "source": "annual-report", "text": "grew 9%"}]}`))
	require.NoError(t, err)
	got, err := json.Marshal(check(req, sources(t), Options{}))
	require.NoError(t, err)
	want := `{"ok":false,"results":[` +
		`{"id":"q1","found":true,"source":"annual-report","tier":"case","start":88,"end":117,"line":5,"column":1,"matched":"Net income was $5,007 million","reason":"","nearest":null},` +
		`{"id":"q2","found":false,"source":"annual-report","tier":"","start":0,"end":0,"line":0,"column":0,"matched":"","reason":"wrong_source","nearest":{"source":"press-release","start":25,"end":63,"line":1,"column":26,"tier":"exact","text":"declared a dividend of $0.25 per share","similarity":"1.00","differs":"found in source press-release, not in annual-report"}},` +
		`{"id":"q3","found":false,"source":"annual-report","tier":"","start":0,"end":0,"line":0,"column":0,"matched":"","reason":"not_found","nearest":{"source":"annual-report","start":88,"end":126,"line":5,"column":1,"text":"Net income was $5,007 million, up from","similarity":"0.81","differs":"source says $5,007 where the quote says $5,008"}},` +
		`{"id":"q4","found":false,"source":"10-K","tier":"","start":0,"end":0,"line":0,"column":0,"matched":"","reason":"unknown_source","nearest":null},` +
		`{"id":"q5","found":false,"source":"annual-report","tier":"","start":0,"end":0,"line":0,"column":0,"matched":"","reason":"too_short","nearest":null}]}`
	require.Equal(t, want, string(got))
	require.Equal(t, "Net income was $5,007 million", annualReport[88:117])
	require.Equal(t, "declared a dividend of $0.25 per share", pressRelease[25:63])
}

func TestCheckOK(t *testing.T) {
	rep := check(Request{Quotes: []Quote{
		{ID: "a", Source: "annual-report", Text: "the company’s revenue grew 9%"},
		{ID: "b", Source: "press-release", Text: "a dividend of $0.25 per share"},
	}}, sources(t), Options{})
	require.True(t, rep.OK, "%+v", rep)
	require.Equal(t, Typography, rep.Results[0].Tier)
}

func TestCheckRefused(t *testing.T) {
	cases := []struct {
		name string
		req  Request
		opts Options
		code string
	}{
		{"no quotes", Request{}, Options{}, fault.NoQuotes},
		{"too many", Request{Quotes: make([]Quote, 3)}, Options{MaxQuotes: 2}, fault.TooManyQuotes},
		{"duplicate id", Request{Quotes: []Quote{{ID: "x"}, {ID: "x"}}}, Options{}, fault.DuplicateID},
		{"bad option", Request{Quotes: []Quote{{ID: "x"}}}, Options{MaxGap: -5}, fault.InvalidOption},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := check(tc.req, sources(t), tc.opts)
			require.False(t, rep.OK)
			require.NotNil(t, rep.Error)
			require.Equal(t, tc.code, rep.Error.Code)
			b, err := json.Marshal(rep)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(string(b), `{"ok":false,"results":[],"error":{"code":"`+tc.code), string(b))
		})
	}
}

func TestParseRequest(t *testing.T) {
	tests := []struct{ name, in, msg string }{
		{name: "a number for a string", in: `{"quotes": [{"id": 1}]}`, msg: "quotes[0].id: is a JSON number"},
		{name: "an unknown field", in: `{"quote": []}`, msg: "quote: is not a known field"},
		{name: "data after the object", in: `{"quotes": []} {}`, msg: "unexpected data after the value"},
		{name: "not JSON", in: `[`, msg: "empty or cut short"},
		// encoding/json took the last "text": the quote checked would not
		// be the quote another reader of the request saw.
		{name: "a key twice", in: `{"quotes": [{"id": "q", "source": "s", "text": "a", "text": "b"}]}`, msg: "quotes[0].text: is given twice"},
		{name: "a key in another case", in: `{"quotes": [{"id": "q", "Source": "s"}]}`, msg: `quotes[0].Source: is not a known field; the field is "source"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRequest([]byte(tt.in))
			var qe *fault.Error
			require.ErrorAs(t, err, &qe)
			require.Equal(t, fault.BadRequest, qe.Code, "one code for one fault at every reader")
			require.Contains(t, qe.Msg, tt.msg)
		})
	}
	_, err := ParseRequest([]byte(`{"quotes": [{"id": 1}]}`))
	var qe *fault.Error
	require.ErrorAs(t, err, &qe)
	require.Contains(t, qe.Hint, "numbers are strings")
}

// mustSources registers each text as a plain-text document, so that its
// rendering is the text itself.
func mustSources(texts map[string]string) *Sources {
	var docs []*document.Document
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		d, err := document.Parse(name, texts[name], document.Text)
		if err != nil {
			panic(err)
		}
		docs = append(docs, d)
	}
	s, err := SourcesFrom(Options{}, docs...)
	if err != nil {
		panic(err)
	}
	return s
}
