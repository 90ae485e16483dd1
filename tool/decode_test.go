package tool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/reckonhq/reckon/internal/strictjson"
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

// TestRecoverID pins which id a refused request's answer carries: the
// object's own "id", read up to the first fault, so that a line cut short
// after its id is still matched to its request.
func TestRecoverID(t *testing.T) {
	tests := []struct {
		name, in, want, reason string
	}{
		{"whole", `{"id": "q1", "formula": 3}`, "q1", "a type error elsewhere"},
		{"cut short", `{"id": "q7", "formula": "a + b", "inputs": [{"name`, "q7", "a line cut mid-way still names its request"},
		{"broken after", `{"id":"b", bad`, "b", ""},
		{"after nested values", `{"inputs": [{"id": "inner"}, [1, {"x": []}]], "output": {}, "id": "outer", "x": `, "outer",
			"an id inside a nested value is not the request's"},
		{"nested only", `{"inputs": [{"id": "inner"}]}`, "", ""},
		{"given twice", `{"id": "a", "formula": "x", "id": "b"}`, "", "two ids name no request"},
		{"twice alike", `{"id": "a", "id": "a"}`, "a", ""},
		{"not a string", `{"id": 7}`, "", ""},
		{"invalid UTF-8", "{\"id\": \"a\xffb\"}", "", "encoding/json reads it as a\ufffdb, which is not the request's id"},
		{"invalid UTF-8 elsewhere", "{\"x\": \"\xff\", \"id\": \"a\"}", "a", ""},
		{"escaped", `{"id": "caf\u00e9"}`, "café", ""},
		{"two objects", `{"id": "a"} {"id": "b"}`, "", "two requests are not one: neither is named"},
		{"trailing space", "{\"id\": \"a\"}\n ", "a", ""},
		{"another case", `{"ID": "a"}`, "", "only the key the contract names"},
		{"not an object", `["id", "a"]`, "", ""},
		{"not json", `not json`, "", ""},
		{"empty", ``, "", ""},
		{"deep", strings.Repeat("[", 20000), "", "no recursion: deep input is read flat and refused"},
		{"deep value", `{"id": "d", "x": ` + strings.Repeat("[", 20000), "d", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, recoverID([]byte(tc.in)), tc.reason)
		})
	}
	calc, _ := Lookup(Options{}, nameCalculate)
	out, err := calc.Call(context.Background(), json.RawMessage(`{"id": "q7", "formula": "a + b", "inputs": [{"name`))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(out), `{"id":"q7","ok":false`), "calculate names the request it refused: %s", out)
}

// FuzzRecoverID holds recoverID to encoding/json on valid objects whose
// keys are distinct: it reads the same top-level id.
func FuzzRecoverID(f *testing.F) {
	for _, s := range []string{`{"id": "a"}`, `{"x": [{"id": "b"}], "id": "c"}`, `{"id": "q7", "formula":`, `{"id":"\u00e9"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := recoverID(data)
		var m map[string]any
		if !utf8.Valid(data) || json.Unmarshal(data, &m) != nil || strictjson.CheckKeys(data) != nil {
			return
		}
		want, _ := m["id"].(string)
		require.Equal(t, want, got, "%q", data)
	})
}

// TestReceiptText pins which arguments verify_receipt reads on its fast
// path: exactly {"receipt":"…"}, with the escapes encoding/json writes;
// everything else goes to the strict decoder.
func TestReceiptText(t *testing.T) {
	tests := []struct {
		name, in, want string
		fast           bool
	}{
		{name: "plain", in: `{"receipt":"{}"}`, want: `{}`, fast: true},
		{name: "escapes", in: `{"receipt":"{\"a\":\"\\\/\b\f\n\r\t\u003c\u2028\u00e9\"}"}`,
			want: "{\"a\":\"\\/\b\f\n\r\t<\u2028é\"}", fast: true},
		{name: "empty", in: `{"receipt":""}`, want: ``, fast: true},
		{name: "white space", in: `{"receipt": "{}"}`},
		{name: "another field", in: `{"receipt":"{}","policy":null}`},
		{name: "a quote ends it early", in: `{"receipt":"a","receipt":"b"}`},
		{name: "escaped closing quote", in: `{"receipt":"a\"}`},
		{name: "a surrogate", in: `{"receipt":"\ud83d\ude00"}`},
		{name: "a control byte", in: "{\"receipt\":\"a\nb\"}"},
		{name: "not UTF-8", in: "{\"receipt\":\"a\xffb\"}"},
		{name: "a short escape", in: `{"receipt":"\u12"}`},
		{name: "an unknown escape", in: `{"receipt":"\x41"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, fast := receiptText([]byte(tc.in))
			require.Equal(t, tc.fast, fast, "receiptText(%q)", tc.in)
			if fast {
				require.Equal(t, tc.want, string(got))
			}
		})
	}
}

// FuzzReceiptText holds the fast path of verify_receipt's arguments to the
// strict decoder: whatever receiptText reads, the strict decoder reads to
// the same text, with no other argument set.
func FuzzReceiptText(f *testing.F) {
	for _, s := range []string{`{"receipt":"{}"}`, `{"receipt":"\u00e9\n\"x\""}`, `{"receipt":"a\"}`, `{"receipt":"\ud800"}`, `{"receipt":""}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		got, fast := receiptText(args)
		if !fast {
			return
		}
		var a verifyArgs
		require.Nil(t, decodeArgs(args, &a, "receipt"), "the strict decoder refuses %q", args)
		require.Empty(t, a.ReceiptID)
		require.Nil(t, a.Policy)
		var want string
		require.NoError(t, json.Unmarshal(a.Receipt, &want))
		require.Equal(t, want, string(got), "%q", args)
	})
}
