package tool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestToolsReadArgumentsStrictly: every tool reads its arguments with the
// one strict decoder, so a key given twice (encoding/json took the last),
// a key in another case (taken for the field) and data after the object
// are refused alike: code bad_request, the field named as a path.
func TestToolsReadArgumentsStrictly(t *testing.T) {
	tests := []struct {
		name, tool, in, field string
	}{
		{name: "calculate: params twice", tool: "calculate", field: "params",
			in: `{"operation":"pmt","params":{"when":"end"},"params":{"when":"begin"}}`},
		{name: "calculate: a key twice in an input", tool: "calculate", field: "inputs[0].display",
			in: `{"formula":"a","inputs":[{"name":"a","display":"1","display":"2","unit":"number"}]}`},
		{name: "verify_quotes: quotes twice", tool: "verify_quotes", field: "quotes",
			in: `{"quotes":[],"quotes":[{"id":"q","source":"s","text":"t"}]}`},
		{name: "verify_quotes: text in another case", tool: "verify_quotes", field: "quotes[0].Text",
			in: `{"quotes":[{"id":"q","source":"s","Text":"t"}]}`},
		{name: "score_verdicts: blocks twice", tool: "score_verdicts", field: "blocks",
			in: `{"blocks":"a","blocks":"b"}`},
		{name: "check_claims: text in two cases", tool: "check_claims", field: "Text",
			in: `{"text":"a","Text":"b"}`},
		{name: "verify_receipt: data after the object", tool: "verify_receipt", field: "",
			in: `{"receipt_id":"r1"} {}`},
	}
	tools := All(Options{Tools: Names(), Sources: map[string]string{"s": "t"}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Dispatch(context.Background(), tools, tt.tool, json.RawMessage(tt.in))
			require.NoError(t, err)
			// Each tool answers in its own shape (an error, errors, reasons);
			// the code is one, and the path is in "field" where the shape has
			// one, or leads the message where it has not.
			require.Contains(t, string(out), `"code":"bad_request"`)
			if tt.field == "" {
				require.Contains(t, string(out), `"message":"unexpected data after the value"`)
				return
			}
			path, err := json.Marshal(tt.field)
			require.NoError(t, err)
			lead, err := json.Marshal(tt.field + ": ")
			require.NoError(t, err)
			inField := strings.Contains(string(out), `"field":`+string(path))
			inMessage := strings.Contains(string(out), `"message":`+string(lead[:len(lead)-1]))
			require.True(t, inField != inMessage, "the path once, in field or in the message: %s", out)
		})
	}
}
