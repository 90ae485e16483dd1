package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/reckonhq/reckon/internal/strictjson"
)

// maxDepth bounds how deeply a message may nest arrays and objects. An MCP
// message nests five or six levels (the envelope, params, the tool's
// arguments, a list of inputs, one input); 64 leaves room for any honest
// client while keeping the decoder's recursion small. A deeper message is
// refused before anything decodes it.
const maxDepth = 64

// methodCancelled is the notification by which a client cancels one of its
// calls; its requestId names the call by the id the client gave it.
const methodCancelled = "notifications/cancelled"

// batchVersion is the only protocol revision whose clients may send a
// JSON-RPC batch: 2025-03-26 added batching and 2025-06-18 removed it, and
// the initialize request itself may never be part of one.
const batchVersion = "2025-03-26"

// A refusal is an error answer the transport writes itself, for a message
// that never reaches the server: JSON that does not parse, a message that is
// not a valid JSON-RPC request, one over a limit.
type refusal struct {
	id   json.RawMessage // the id as sent when it is a valid one, else null
	code int64
	msg  string
}

// nullID is the id of an answer to a message whose id is missing or
// unusable, as JSON-RPC prescribes.
var nullID = json.RawMessage("null")

// maxReason bounds the reason in a refusal, which may quote a key the
// client sent: the answer to a bad line should not be as long as the line.
const maxReason = 200

// refuse returns a refusal of an invalid request; id may be nil.
func refuse(id json.RawMessage, format string, args ...any) refusal {
	if id == nil {
		id = nullID
	}
	msg := fmt.Sprintf(format, args...)
	if len(msg) > maxReason {
		msg = strings.ToValidUTF8(msg[:maxReason], "") + "…"
	}
	return refusal{id: id, code: jsonrpc.CodeInvalidRequest, msg: "invalid request: " + msg}
}

// An incoming message passed the transport's checks and goes to the server.
type incoming struct {
	id     json.RawMessage // a call's id exactly as sent; nil for a notification
	method string
	params json.RawMessage
	// resp is set, instead of the fields above, for the client's answer to
	// a request the server sent.
	resp jsonrpc.Message
}

// A frame is what one line of input holds once checked: the messages to
// pass on and the refusals to write. In a batch, the refusals are answered
// together with the calls, in one array.
type frame struct {
	batch    bool
	msgs     []incoming
	refusals []refusal
}

// calls counts the calls among the frame's messages.
func (f *frame) calls() int {
	n := 0
	for _, m := range f.msgs {
		if m.id != nil {
			n++
		}
	}
	return n
}

// parseFrame checks one line of input, cheapest check first: nesting is
// counted before anything decodes the line, validity is checked before the
// envelope is read. batchOK says whether the negotiated protocol revision
// allows a batch, and maxCalls bounds the calls one batch may hold.
func parseFrame(line []byte, batchOK bool, maxCalls int) frame {
	if line = bytes.TrimSpace(line); len(line) == 0 {
		return frame{} // a blank line says nothing and earns nothing
	}
	if deeperThan(line, maxDepth) {
		return frame{refusals: []refusal{refuse(nil, "the message nests deeper than %d levels", maxDepth)}}
	}
	if !json.Valid(line) {
		return frame{refusals: []refusal{{id: nullID, code: jsonrpc.CodeParseError, msg: "parse error: the line is not valid JSON"}}}
	}
	if line[0] != '[' {
		in, ref := parseMessage(line)
		if ref != nil {
			return frame{refusals: []refusal{*ref}}
		}
		return frame{msgs: []incoming{in}}
	}
	if !batchOK {
		return frame{refusals: []refusal{refuse(nil, "a batch is answered only under protocol version %s, after initialize", batchVersion)}}
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(line, &elems); err != nil || len(elems) == 0 {
		return frame{refusals: []refusal{refuse(nil, "a batch holds at least one message")}}
	}
	f := frame{batch: true}
	for _, e := range elems {
		in, ref := parseMessage(e)
		if ref != nil {
			f.refusals = append(f.refusals, *ref)
			continue
		}
		f.msgs = append(f.msgs, in)
	}
	if n := f.calls(); n > maxCalls {
		return frame{refusals: []refusal{refuse(nil, "the batch holds %d calls, over the limit of %d", n, maxCalls)}}
	}
	return f
}

// deeperThan reports whether b nests arrays and objects more than max
// levels deep, counting brackets outside strings. It decodes nothing, so it
// costs one pass over the bytes whatever they hold.
func deeperThan(b []byte, max int) bool {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			switch c {
			case '\\':
				i++ // the escaped byte cannot end the string
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			if depth++; depth > max {
				return true
			}
		case ']', '}':
			depth--
		}
	}
	return false
}

// envelope holds the members of one JSON-RPC message as sent.
type envelope struct {
	jsonrpc, id, method, params, result, error json.RawMessage
}

// readEnvelope splits one valid JSON value into the members JSON-RPC
// defines, keeping each value's bytes exactly as sent; other members are
// ignored. It fails when raw is not an object, repeats a member or spells
// one in another case ("ID"), which would leave the id or the method
// ambiguous.
func readEnvelope(raw []byte) (envelope, error) {
	f, err := strictjson.Fields(raw, "jsonrpc", "id", "method", "params", "result", "error")
	if err != nil {
		return envelope{}, err
	}
	return envelope{jsonrpc: f["jsonrpc"], id: f["id"], method: f["method"], params: f["params"],
		result: f["result"], error: f["error"]}, nil
}

// parseMessage checks one JSON-RPC message, already known to be valid JSON
// nested no deeper than 64, and returns it or the refusal it earns.
// A refusal echoes the id when the id itself is valid, so that the client
// can tell which of its calls failed.
func parseMessage(raw []byte) (incoming, *refusal) {
	fail := func(id json.RawMessage, format string, args ...any) (incoming, *refusal) {
		r := refuse(id, format, args...)
		return incoming{}, &r
	}
	e, err := readEnvelope(raw)
	if err != nil {
		return fail(nil, "%v", err)
	}
	id := e.id
	switch {
	case id == nil:
	case string(id) == "null":
		// JSON-RPC allows a null id but discourages it; MCP forbids it, since
		// an answer to it could not be told from an answer to a bad message.
		return fail(nil, `"id" must be a string or a number, not null`)
	case id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9'):
		return fail(nil, `"id" must be a string or a number`)
	}
	if version, ok := jsonString(e.jsonrpc); !ok || version != "2.0" {
		return fail(id, `"jsonrpc" must be "2.0"`)
	}
	if e.method == nil {
		return response(raw, e)
	}
	method, ok := jsonString(e.method)
	if !ok {
		return fail(id, `"method" must be a string`)
	}
	params := e.params
	switch {
	case params == nil || string(params) == "null":
		params = nil
	case params[0] != '{' && params[0] != '[':
		return fail(id, `"params" must be an object or an array`)
	}
	return incoming{id: id, method: method, params: params}, nil
}

// response checks a message without a method: the client's answer to a
// request the server sent, which must carry an id and exactly one of
// result and error.
func response(raw []byte, e envelope) (incoming, *refusal) {
	if e.id == nil || (e.result == nil) == (e.error == nil) {
		r := refuse(e.id, `a message needs a "method", or an "id" and one of "result" and "error"`)
		return incoming{}, &r
	}
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		r := refuse(e.id, "%v", err)
		return incoming{}, &r
	}
	return incoming{resp: msg}, nil
}

// jsonString decodes raw as a JSON string and reports whether it is one.
func jsonString(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
