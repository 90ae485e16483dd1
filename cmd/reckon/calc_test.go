package main

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

func TestCalcSeeds(t *testing.T) {
	tests := []struct {
		name, id, value, display string
	}{
		{"costco", "costco-fy21-debt-ebitda", "1.344", "1.344×"},
		{"lakh", "income-less-funds-2003", "8367277000", "₹8,367,277,000"},
		{"tweets", "airline-tweets", "41", "41 tweets"},
		{"shortfall", "india-growth-shortfall", "35.821", "35.821%"},
		{"gap", "india-growth-gap", "2.4", "2.4 pp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, seed(t, tc.name), "calc")
			require.Equal(t, exitOK, out.code, out.stderr)
			require.Equal(t, 1, strings.Count(out.stdout, "\n"), "one object, one line")
			resp := decodeResponse(t, out.stdout)
			require.Equal(t, tc.id, resp.ID)
			require.True(t, resp.OK)
			require.Equal(t, tc.value, resp.Result.Value)
			require.Equal(t, tc.display, resp.Result.Display)
			require.NotEmpty(t, resp.Expanded)
			require.NotNil(t, resp.Receipt.Signatures, "an unsigned receipt has an empty list of signatures")
			require.Empty(t, resp.Receipt.Signatures)
		})
	}
}

func TestCalcCostcoJSON(t *testing.T) {
	out := reckon(t, seed(t, "costco"), "calc")
	require.Equal(t, exitOK, out.code)
	require.Contains(t, out.stdout, `"value":"1.344"`, "numbers cross the boundary as strings")
	require.Contains(t, out.stdout, `"signatures":[]`)
}

func TestCalcUnsignedNotice(t *testing.T) {
	out := reckon(t, seed(t, "costco"), "calc")
	require.Equal(t, 1, strings.Count(out.stderr, "receipts are unsigned"), "stderr says so once: %q", out.stderr)

	out = reckon(t, oneLine(t, seed(t, "costco"))+oneLine(t, seed(t, "gap")), "calc", "-jsonl")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Equal(t, 1, strings.Count(out.stderr, "receipts are unsigned"), "once for a whole batch: %q", out.stderr)
}

func TestCalcSigned(t *testing.T) {
	key := newKey(t)
	out := reckon(t, seed(t, "costco"), "calc", "-key", key+".key")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Empty(t, out.stderr, "a signed calculation has nothing to say")
	resp := decodeResponse(t, out.stdout)
	require.Len(t, resp.Receipt.Signatures, 1)
	pub, err := dsse.ParsePublicKey([]byte(readFile(t, key+".pub")))
	require.NoError(t, err)
	require.Equal(t, dsse.KeyID(pub), resp.Receipt.Signatures[0].KeyID)
	payload, err := base64.StdEncoding.DecodeString(resp.Receipt.Payload)
	require.NoError(t, err)
	require.Contains(t, string(payload), `"value":"1.344"`)
}

func TestCalcRefusals(t *testing.T) {
	tests := []struct {
		name, in        string
		id, code, field string
		reason          string
	}{
		{name: "unknown function", in: readFile(t, "testdata/requests/avg.json"),
			id: "avg-refused", code: "unknown_function", field: "formula"},
		{name: "number where a string belongs", in: readFile(t, "testdata/requests/number-display.json"),
			id: "number-display", code: fault.BadRequest, field: "inputs[0].display",
			reason: "the id is recovered although the request is refused before it is read"},
		{name: "params given twice", in: `{"id": "twice", "operation": "pmt", "params": {"when": "end"}, "params": {"when": "begin"}}`,
			id: "twice", code: fault.BadRequest, field: "params",
			reason: "encoding/json took the last params; a reader that takes the first would compute another payment"},
		{name: "empty input", in: "", code: fault.BadRequest},
		{name: "not JSON", in: "costco debt / ebitda", code: fault.BadRequest},
		{name: "two requests", in: seed(t, "costco") + seed(t, "gap"), code: fault.BadRequest,
			reason: "without -jsonl, stdin holds one request; two are not one JSON object, so no id is recovered"},
		{name: "over the size limit", in: `{"id": "big", "formula": "` + strings.Repeat("a", receipt.MaxRequestSize) + `"}`,
			code: fault.BadRequest, reason: "only the first 1 MiB is read, so the id is not recovered"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, tc.in, "calc")
			require.Equal(t, exitRefused, out.code, tc.reason)
			resp := decodeResponse(t, out.stdout)
			require.False(t, resp.OK)
			require.Equal(t, tc.id, resp.ID, tc.reason)
			require.Equal(t, tc.code, resp.Error.Code, resp.Error.Message)
			require.Equal(t, tc.field, resp.Error.Field)
			require.NotEmpty(t, resp.Error.Hint)
			require.Nil(t, resp.Receipt, "a refusal has no receipt")
			require.Contains(t, out.stderr, "reckon calc: refused: "+tc.code)
		})
	}
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errClosed }

var errClosed = errorString("write |1: file already closed")

type errorString string

func (e errorString) Error() string { return string(e) }

func TestCalcWriteFailure(t *testing.T) {
	var stderr strings.Builder
	code := run([]string{"calc"}, strings.NewReader(seed(t, "costco")), failingWriter{}, &stderr)
	require.Equal(t, exitRefused, code)
	require.Contains(t, stderr.String(), "file already closed")
}
