package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// costco10K is the excerpt of Costco's 10-K that the costco seed request
// quotes.
var costco10K = filepath.Join("..", "..", "receipt", "testdata", "sources", "costco-10k.md")

// groundedSeed returns a seed request whose every input names source.
func groundedSeed(t testing.TB, name, source string) string {
	t.Helper()
	var req map[string]any
	require.NoError(t, json.Unmarshal([]byte(seed(t, name)), &req))
	for _, in := range req["inputs"].([]any) {
		in.(map[string]any)["source"] = source
	}
	b, err := json.Marshal(req)
	require.NoError(t, err)
	return string(b)
}

// payloadOf returns the receipt payload of a calc response.
func payloadOf(t testing.TB, response string) string {
	t.Helper()
	var resp struct {
		Receipt dsse.Envelope `json:"receipt"`
	}
	require.NoError(t, json.Unmarshal([]byte(response), &resp))
	b, err := base64.StdEncoding.DecodeString(resp.Receipt.Payload)
	require.NoError(t, err)
	return string(b)
}

func TestCalcSource(t *testing.T) {
	out := reckon(t, groundedSeed(t, "costco", "10-K"), "calc", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, out.code, out.stderr)
	p := payloadOf(t, out.stdout)
	require.Contains(t, p, `"type":"reckon.receipt/v2"`)
	require.Contains(t, p, `"grounding":{"source":"10-K","digest":"`+quote.Digest(readFile(t, costco10K))+`","span":[`)

	tests := []struct {
		name, in string
		args     []string
		code     string
	}{
		{"no source named", seed(t, "costco"), []string{"-source", "10-K=" + costco10K}, fault.UnknownSource},
		{"source not registered", groundedSeed(t, "costco", "10-Q"), []string{"-source", "10-K=" + costco10K}, fault.UnknownSource},
		{"quote not in source", groundedSeed(t, "costco", "press"), []string{"-source", "10-K=" + costco10K, "-source", "press=testdata/sources/press-release.txt"}, fault.QuoteNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, tc.in, append([]string{"calc"}, tc.args...)...)
			require.Equal(t, exitRefused, out.code)
			require.Equal(t, tc.code, decodeResponse(t, out.stdout).Error.Code, out.stdout)
		})
	}

	out = reckon(t, groundedSeed(t, "costco", "10-K"), "calc")
	require.Equal(t, exitOK, out.code, "without -source, a source name is recorded, not checked: %s", out.stderr)
	require.NotContains(t, payloadOf(t, out.stdout), `"grounding"`)

	out = reckon(t, "", "calc", "-source", "10-K")
	require.Equal(t, exitUsage, out.code, "-source takes NAME=FILE")
}

func TestVerifySource(t *testing.T) {
	key := newKey(t)
	dir := t.TempDir()
	doc := readFile(t, costco10K)
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	original := file("10k.md", doc)
	calc := reckon(t, groundedSeed(t, "costco", "10-K"), "calc", "-key", key+".key", "-source", "10-K="+original)
	require.Equal(t, exitOK, calc.code, calc.stderr)

	tests := []struct {
		name      string
		doc       string // the document given to verify as 10-K; "" gives none
		exit      int
		grounding string
		code      string
	}{
		{"the document", doc, exitOK, receipt.GroundingChecked, ""},
		{"no document", "", exitOK, receipt.GroundingNotChecked, ""},
		{"a byte changed", strings.Replace(doc, "6,708", "6,780", 1), exitRefused, receipt.GroundingChecked, fault.SourceMismatch},
		{"text added", doc + "\nRestated.\n", exitRefused, receipt.GroundingChecked, fault.SourceMismatch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"verify", "-pub", key + ".pub"}
			if tc.doc != "" {
				args = append(args, "-source", "10-K="+file(tc.name+".md", tc.doc))
			}
			out := reckon(t, calc.stdout, args...)
			require.Equal(t, tc.exit, out.code, out.stdout+out.stderr)
			rep := stdoutJSON[receipt.Report](t, out)
			require.Equal(t, tc.grounding, rep.Grounding)
			if tc.code != "" {
				require.Equal(t, tc.code, rep.Reasons[0].Code)
				require.Contains(t, out.stderr, "refused: "+tc.code)
			}
		})
	}

	out := reckon(t, calc.stdout, "verify", "-pub", key+".pub", "-source", "other="+original)
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stdout, `"code":"unknown_source"`, "the document the receipt names was not given")

	out = reckon(t, calc.stdout, "verify", "-pub", key+".pub", "-source", "10-K=/no/such/file")
	require.Equal(t, exitUsage, out.code)
}

func TestInspectShowsGrounding(t *testing.T) {
	calc := reckon(t, groundedSeed(t, "costco", "10-K"), "calc", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, calc.code, calc.stderr)
	out := reckon(t, calc.stdout, "inspect")
	require.Equal(t, exitOK, out.code, out.stderr)
	doc := readFile(t, costco10K)
	start := strings.Index(doc, "Operating income 6,708")
	require.Contains(t, out.stdout, fmt.Sprintf(`"Operating income 6,708" in 10-K at bytes %d–%d (exact; %s)`,
		start, start+len("Operating income 6,708"), quote.Digest(doc)))

	calc = reckon(t, groundedSeed(t, "costco", "10-K"), "calc")
	out = reckon(t, calc.stdout, "inspect")
	require.Contains(t, out.stdout, `"Operating income 6,708" from 10-K, not grounded`)
}
