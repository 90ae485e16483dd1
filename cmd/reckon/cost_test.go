package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

const costRates = `{"rates": [
 {"provider": "anthropic", "model": "claude-sonnet-4-5", "currency": "USD", "per": "1000000",
  "input": "3", "output": "15", "cache_read": "0.30", "cache_write": "3.75"},
 {"provider": "openai", "model": "gpt-4.1", "currency": "USD", "per": "1000000",
  "input": "2", "output": "8", "cache_read": "0.50", "cache_write": ""}
]}`

const costUsage = `{"provider": "anthropic", "model": "claude-sonnet-4-5", "input_tokens": 1200, "output_tokens": 340}
{"provider": "openai", "model": "gpt-4.1", "input_tokens": 5000, "output_tokens": 1000, "cache_read_tokens": 2000}
`

func TestCost(t *testing.T) {
	dir := t.TempDir()
	rates := filepath.Join(dir, "rates.json")
	require.NoError(t, os.WriteFile(rates, []byte(costRates), 0o600))
	usage := filepath.Join(dir, "usage.jsonl")
	require.NoError(t, os.WriteFile(usage, []byte(costUsage), 0o600))

	type answer struct {
		OK    bool `json:"ok"`
		Total struct {
			Value    *string `json:"value"`
			Currency string  `json:"currency"`
			Known    bool    `json:"known"`
		} `json:"total"`
		Unpriced []struct{ Model, Code string } `json:"unpriced"`
		Error    *struct{ Code, Field string }  `json:"error"`
	}
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		total  string // "" for null
		reason string
	}{
		{name: "known, from a file", args: []string{"cost", "-rates", rates, usage}, code: exitOK, total: "0.0277"},
		{name: "known, from stdin", args: []string{"cost", "-rates", rates}, stdin: costUsage, code: exitOK, total: "0.0277"},
		{name: "one unpriced model", args: []string{"cost", "-rates", rates},
			stdin: costUsage + `{"provider": "acme", "model": "mystery-1", "input_tokens": 10, "output_tokens": 10}` + "\n",
			code:  exitRefused, reason: "no_rate"},
		{name: "bad usage line", args: []string{"cost", "-rates", rates}, stdin: `{"provider":"a","model":"b","input_tokens":"10","output_tokens":1}`,
			code: exitRefused, reason: "bad_usage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errb)
			require.Equal(t, tc.code, code, "stderr: %s", errb.String())
			var a answer
			require.NoError(t, json.Unmarshal(out.Bytes(), &a), out.String())
			require.Equal(t, tc.code == exitOK, a.OK)
			if tc.total != "" {
				require.NotNil(t, a.Total.Value)
				require.Equal(t, tc.total, *a.Total.Value)
				require.Equal(t, "USD", a.Total.Currency)
				return
			}
			require.Nil(t, a.Total.Value, "an unknown total has no value: %s", out.String())
			require.False(t, a.Total.Known)
			if a.Error != nil {
				require.Equal(t, tc.reason, a.Error.Code)
			} else {
				require.Equal(t, tc.reason, a.Unpriced[0].Code)
			}
		})
	}
}

func TestCostUsage(t *testing.T) {
	for _, args := range [][]string{{"cost"}, {"cost", "-rates", "/nonexistent/rates.json"}, {"cost", "-rates", "x", "a", "b"}} {
		var out, errb bytes.Buffer
		require.Equal(t, exitUsage, run(args, strings.NewReader(""), &out, &errb), "%v", args)
		require.Empty(t, out.String())
	}
}

// TestREADMEShowsCost keeps the README's cost answer equal to what
// `reckon cost` prints for the files in testdata/cost, as jq shows the
// fields it selects.
func TestREADMEShowsCost(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"cost", "-rates", "testdata/cost/rates.json", "testdata/cost/usage.jsonl"}, strings.NewReader(""), &out, &errb)
	require.Equal(t, exitRefused, code)
	var all map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(out.Bytes(), &all))
	// jq keeps the order of {ok, total, unpriced, reasons}; so does this.
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, k := range []string{"ok", "total", "unpriced", "reasons"} {
		var v bytes.Buffer
		require.NoError(t, json.Indent(&v, all[k], "  ", "  "))
		fmt.Fprintf(&b, "  %q: %s", k, v.String())
		if i < 3 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	readme, err := os.ReadFile("../../docs/operations.md")
	require.NoError(t, err)
	require.True(t, strings.Contains(string(readme), "jq '{ok, total, unpriced, reasons}'\n"+b.String()+"```"), "the README shows this answer:\n%s", b.String())
	require.Contains(t, out.String(), `"cost":{"value":"0.0087","currency":"USD","known":true}`)
	require.Contains(t, out.String(), `"cost":{"value":"0.019","currency":"USD","known":true}`)
}

// TestCostRatesReadIsBounded: a rates "file" that never ends (a pipe, a
// device) is read to the size limit and refused, not read into memory
// without end.
func TestCostRatesReadIsBounded(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "rates.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	const total = 64 << 20
	written := make(chan int, 1)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			written <- -1
			return
		}
		defer f.Close()
		chunk := bytes.Repeat([]byte(" "), 64<<10)
		n := 0
		for n < total {
			k, err := f.Write(chunk)
			n += k
			if err != nil {
				break // the reader stopped reading
			}
		}
		written <- n
	}()
	var out, errb bytes.Buffer
	require.Equal(t, exitUsage, run([]string{"cost", "-rates", fifo}, strings.NewReader(""), &out, &errb))
	require.Contains(t, errb.String(), "over the limit")
	n := <-written
	require.Less(t, n, total, "the rates were read past the limit")
}
