package main

import (
	"testing"

	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

var quoteSources = []string{
	"-source", "annual-report=testdata/sources/annual-report.txt",
	"-source", "press-release=testdata/sources/press-release.txt",
}

func TestQuoteFound(t *testing.T) {
	in := `{"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million, up from $4,002 million"}]}`
	out := reckon(t, in, append([]string{"quote"}, quoteSources...)...)
	require.Equal(t, exitOK, out.code, out.stderr)
	rep := stdoutJSON[quote.Report](t, out)
	require.True(t, rep.OK)
	r := rep.Results[0]
	require.True(t, r.Found)
	require.Equal(t, "whitespace", r.Tier.String(), "the quote crosses a line break")
	require.Equal(t, 2, r.Line)
	require.Contains(t, out.stdout, `"matched":"net income was $5,007 million, up from\n$4,002 million"`)
}

func TestQuoteRefusals(t *testing.T) {
	in := `{"quotes": [
		{"id": "changed", "source": "annual-report", "text": "net income was $5,008 million, up from"},
		{"id": "misattributed", "source": "annual-report", "text": "revenue reached $195.9 billion for the fiscal year"},
		{"id": "unknown", "source": "10-K", "text": "net income was $5,007 million, up from"}]}`
	out := reckon(t, in, append([]string{"quote"}, quoteSources...)...)
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stderr, "3 of 3 quotes not found")
	rep := stdoutJSON[quote.Report](t, out)
	require.False(t, rep.OK)
	reasons := map[string]string{}
	for _, r := range rep.Results {
		require.False(t, r.Found, r.ID)
		reasons[r.ID] = string(r.Reason)
	}
	require.Equal(t, map[string]string{"changed": "not_found", "misattributed": "wrong_source", "unknown": "unknown_source"}, reasons)
	require.Contains(t, out.stdout, "5,007", "the nearest candidate shows what the source says")
}

func TestQuoteUsageAndBadInput(t *testing.T) {
	require.Equal(t, exitUsage, reckon(t, "{}", "quote").code, "no source")
	require.Equal(t, exitUsage, reckon(t, "{}", "quote", "-source", "x").code, "not NAME=FILE")
	require.Equal(t, exitUsage, reckon(t, "{}", "quote", "-source", "a=testdata/sources/none.txt").code, "missing file")
	require.Equal(t, exitUsage, reckon(t, "{}", "quote", "-source", "a=testdata/sources/annual-report.txt",
		"-source", "a=testdata/sources/press-release.txt").code, "duplicate name")
	out := reckon(t, `{"quotes": 3}`, append([]string{"quote"}, quoteSources...)...)
	require.Equal(t, exitRefused, out.code)
	// One fault, one code: the verify_quotes tool says bad_request for it.
	require.Equal(t, "bad_request", stdoutJSON[quote.Report](t, out).Error.Code)
	require.Equal(t, "quotes: is a JSON number, but an array belongs here", stdoutJSON[quote.Report](t, out).Error.Msg)
	out = reckon(t, `{"quotes": [], "quotes": [{"id": "q", "source": "a", "text": "x"}]}`, append([]string{"quote"}, quoteSources...)...)
	require.Equal(t, exitRefused, out.code)
	require.Equal(t, "bad_request", stdoutJSON[quote.Report](t, out).Error.Code)
	require.Equal(t, "quotes: is given twice", stdoutJSON[quote.Report](t, out).Error.Msg)
}
