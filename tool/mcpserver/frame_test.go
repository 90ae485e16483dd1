package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/require"
)

// TestParseFrame pins what the transport makes of one line: the messages
// it passes on, with ids exactly as sent, or the refusal each bad line
// earns.
func TestParseFrame(t *testing.T) {
	tests := []struct {
		name, in string
		batchOK  bool
		ids      []string // the ids of the messages passed on; "" for a notification
		refused  []string // the ids of the refusals, then their codes below
		codes    []int64
		reason   string
	}{
		{name: "a call", in: `{"jsonrpc":"2.0","id":1,"method":"ping"}`, ids: []string{"1"}},
		{name: "a fractional id", in: `{"jsonrpc":"2.0","id":2.7,"method":"ping"}`, ids: []string{"2.7"},
			reason: "an id is kept as sent, never rounded to an integer"},
		{name: "an id past 2^53", in: `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, ids: []string{"9007199254740993"}},
		{name: "an id past 2^64", in: `{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}`, ids: []string{"18446744073709551616"}},
		{name: "a string id with escapes", in: `{"jsonrpc":"2.0","id":"a\u003cb","method":"ping"}`, ids: []string{`"a\u003cb"`}},
		{name: "a notification", in: `{"jsonrpc":"2.0","method":"notifications/initialized"}`, ids: []string{""}},
		{name: "members in any order, spaces around", in: " \t{\"method\":\"ping\", \"id\" : 7 ,\"jsonrpc\":\"2.0\"}\r\n", ids: []string{"7"}},
		{name: "null params", in: `{"jsonrpc":"2.0","id":1,"method":"ping","params":null}`, ids: []string{"1"}},
		{name: "an unknown member", in: `{"jsonrpc":"2.0","id":1,"method":"ping","extra":[1],"Extra":2}`, ids: []string{"1"},
			reason: "JSON-RPC defines the members it reads; others are ignored"},
		{name: "a blank line", in: " \r\n", reason: "nothing to answer"},

		{name: "not JSON", in: `nope`, refused: []string{"null"}, codes: []int64{-32700}},
		{name: "trailing data", in: `{"jsonrpc":"2.0","id":1,"method":"ping"}x`, refused: []string{"null"}, codes: []int64{-32700}},
		{name: "invalid UTF-8 is read as JSON reads it", in: "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}", ids: []string{"\"\xff\""}},
		{name: "a boolean id", in: `{"jsonrpc":"2.0","id":false,"method":"ping"}`, refused: []string{"null"}, codes: []int64{-32600}},
		{name: "a null id", in: `{"jsonrpc":"2.0","id":null,"method":"ping"}`, refused: []string{"null"}, codes: []int64{-32600}},
		{name: "no jsonrpc", in: `{"id":"x","method":"ping"}`, refused: []string{`"x"`}, codes: []int64{-32600}},
		{name: "jsonrpc as a number", in: `{"jsonrpc":2.0,"id":"x","method":"ping"}`, refused: []string{`"x"`}, codes: []int64{-32600}},
		{name: "a case variant of id", in: `{"jsonrpc":"2.0","ID":3,"method":"ping"}`, refused: []string{"null"}, codes: []int64{-32600},
			reason: `"ID" is neither taken for the id nor ignored, which would make the call a notification`},
		{name: "a long key repeated", in: `{"jsonrpc":"2.0","` + strings.Repeat("k", 5000) + `":1,"` + strings.Repeat("k", 5000) + `":2}`,
			refused: []string{"null"}, codes: []int64{-32600}, reason: "the reason quoting the key is cut short"},
		{name: "a repeated method", in: `{"jsonrpc":"2.0","id":3,"method":"ping","method":"tools/list"}`, refused: []string{"null"}, codes: []int64{-32600}},
		{name: "a response with both result and error", in: `{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"x"}}`,
			refused: []string{"3"}, codes: []int64{-32600}},
		{name: "an array", in: `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, refused: []string{"null"}, codes: []int64{-32600},
			reason: "no batch outside 2025-03-26"},
		{name: "too deep", in: `{"jsonrpc":"2.0","id":1,"method":"ping","params":` + strings.Repeat(`{"a":`, 64) + `1` + strings.Repeat(`}`, 64) + `}`,
			refused: []string{"null"}, codes: []int64{-32600}},
		{name: "brackets in strings do not nest", in: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":"` + strings.Repeat(`[{\"`, 100) + `"}}`,
			ids: []string{"1"}},

		{name: "a batch", batchOK: true, in: `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"},{"id":2},3]`,
			ids: []string{"1", ""}, refused: []string{"2", "null"}, codes: []int64{-32600, -32600}},
		{name: "an empty batch", batchOK: true, in: `[]`, refused: []string{"null"}, codes: []int64{-32600}},
		{name: "a batch over the calls in flight", batchOK: true,
			in:      `[` + strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","id":1,"method":"ping"},`, 5), ",") + `]`,
			refused: []string{"null"}, codes: []int64{-32600}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := parseFrame([]byte(tt.in), tt.batchOK, 4)
			var ids []string
			for _, m := range f.msgs {
				ids = append(ids, string(m.id))
			}
			require.Equal(t, tt.ids, ids, tt.reason)
			var refused []string
			var codes []int64
			for _, r := range f.refusals {
				refused, codes = append(refused, string(r.id)), append(codes, r.code)
			}
			require.Equal(t, tt.refused, refused, tt.reason)
			require.Equal(t, tt.codes, codes, tt.reason)
			for _, r := range f.refusals {
				require.LessOrEqual(t, len(r.msg), len("invalid request: ")+maxReason+len("…"), "a short reason")
			}
		})
	}
}

// TestSpliceResult holds the spliced answer to the encoder it stands in
// for.
func TestSpliceResult(t *testing.T) {
	for _, id := range []string{`1`, `2.7`, `18446744073709551616`, `"a<b>&c"`, `"\u2028"`, "\"\u2028\"", `null`} {
		for _, result := range []string{`{}`, `{"content":[{"type":"text","text":"{\"a\":\"<b>\"}"}]}`, `null`, `[1,"x"]`} {
			want := encodeWire(wireMessage{ID: json.RawMessage(id), Result: json.RawMessage(result)})
			require.Equal(t, string(want), string(spliceResult(json.RawMessage(id), json.RawMessage(result))))
		}
	}
}

// TestCodeFor pins the codes given to the server's errors without one.
func TestCodeFor(t *testing.T) {
	tests := []struct {
		name, method string
		initialized  bool
		want         int64
	}{
		{"a call before initialize", "tools/call", false, jsonrpc.CodeInvalidRequest},
		{"an unreadable initialize", "initialize", false, jsonrpc.CodeInvalidParams},
		{"a second initialize", "initialize", true, jsonrpc.CodeInvalidRequest},
		{"a failure after initialize", "tools/call", true, jsonrpc.CodeInternalError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, codeFor(tt.method, tt.initialized))
		})
	}
}

// TestEncodeResponseKeepsCodes pins that an error with a code keeps it,
// wrapped or not, and that one without a code gets one.
func TestEncodeResponseKeepsCodes(t *testing.T) {
	wrapped := &jsonrpc.Response{Error: errors.Join(errors.New("context"), &jsonrpc.Error{Code: -32602, Message: "bad params"})}
	direct := &jsonrpc.Response{Error: &jsonrpc.Error{Code: -32042, Message: "x", Data: json.RawMessage(`{"a":1}`)}}
	plain := &jsonrpc.Response{Error: errors.New("method \"tools/list\" is invalid during session initialization")}
	require.Contains(t, string(encodeResponse(json.RawMessage(`1`), wrapped, "tools/call", true)), `"code":-32602`)
	require.Contains(t, string(encodeResponse(json.RawMessage(`1`), direct, "tools/call", true)), `{"code":-32042,"message":"x","data":{"a":1}}`)
	require.Contains(t, string(encodeResponse(json.RawMessage(`1`), plain, "tools/list", false)), `"code":-32600`)
}

// TestServeAnswersAtEndOfInput pins that a call read just before the input
// ends is answered: before, `initialize` and a `tools/call` piped in with
// the input then closed printed nothing.
func TestServeAnswersAtEndOfInput(t *testing.T) {
	args := strings.Join(strings.Fields(`{"id":"x","formula":"a * 2","inputs":[{"name":"a","display":"1.5","unit":"number",
	 "scale":"","period":"","label":"","support":"","provenance":"user","quote":""}],
	 "output":{"unit":"","scale":"","places":null,"rounding":"","grouping":""},
	 "interpretation":{"kind":"source_defined","note":""}}`), "")
	in := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"calculate","arguments":` + args + `}}`
	var out bytes.Buffer
	require.NoError(t, Serve(context.Background(), strings.NewReader(in), &out, Options{}))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2, out.String())
	require.Contains(t, lines[1], `"id":2,"result":`)
	require.Contains(t, lines[1], `\"value\":\"3\"`)
}

// TestReadLine pins the framing: a line longer than the limit is dropped
// whole and flagged, and the next line reads as usual.
func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", 200)
	br := bufio.NewReaderSize(strings.NewReader(long+"\nok\r\nlast"), 16) // smaller than a line
	line, over, err := readLine(br, 100)
	require.NoError(t, err)
	require.True(t, over)
	require.Nil(t, line)
	line, over, err = readLine(br, 100)
	require.NoError(t, err)
	require.False(t, over)
	require.Equal(t, "ok\r\n", string(line))
	line, over, err = readLine(br, 100)
	require.ErrorIs(t, err, io.EOF)
	require.False(t, over)
	require.Equal(t, "last", string(line), "a last line without a line break is still a line")
}

// FuzzParseFrame checks parseFrame on any line: it never panics, every
// refusal echoes a valid id or null, every message it passes on is a
// single message's id exactly as sent, and the nesting pre-scan agrees
// with the decoder.
func FuzzParseFrame(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":2.7,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"a\"b","method":"x","params":{"a":[1,{"b":"]"}]}}`, `[{"jsonrpc":"2.0","id":1,"method":"ping"},1]`,
		`{"jsonrpc":"2.0","id":true}`, `{"id":{},"id":[]}`, `nope`, `[[[[`, `"\"[["`, `{"jsonrpc":"2.0","id":3,"result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2.7}}`, "",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, line []byte, batchOK bool) {
		fr := parseFrame(line, batchOK, 8)
		for _, r := range fr.refusals {
			require.True(t, json.Valid(r.id), "refusal id %q", r.id)
			require.Contains(t, []int64{jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest}, r.code)
		}
		trimmed := bytes.TrimSpace(line)
		valid := json.Valid(trimmed)
		if valid {
			require.Equal(t, depth(trimmed) > maxDepth, deeperThan(trimmed, maxDepth), "pre-scan of %q", trimmed)
		}
		if len(fr.msgs) > 0 {
			require.True(t, valid, "a message passed on from invalid JSON %q", line)
		}
		if fr.batch || len(fr.msgs) != 1 || fr.msgs[0].resp != nil {
			return
		}
		var members map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(trimmed, &members))
		require.Equal(t, string(members["id"]), string(fr.msgs[0].id), "the id exactly as sent")
	})
}

// depth returns the nesting depth of a valid JSON value, by the decoder.
func depth(b []byte) int {
	dec := json.NewDecoder(bytes.NewReader(b))
	d, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return deepest
		}
		if err != nil {
			return 10001 // the decoder refuses nesting past 10,000, as deep as JSON gets here
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			d++
			deepest = max(deepest, d)
		case json.Delim(']'), json.Delim('}'):
			d--
		}
	}
}
