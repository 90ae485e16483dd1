package tool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/receipt"
)

// MaxArgsSize bounds the arguments of verify_receipt and verify_quotes. A
// receipt envelope is at most [dsse.MaxEnvelopeSize]; four times that
// leaves room for a large batch of quotes while bounding what one call can
// make the decoder allocate. calculate keeps [receipt.MaxRequestSize].
const MaxArgsSize = 4 << 20

// decodeArgs decodes args into v with [strictjson.Decode]: no unknown
// fields, no trailing data, no key given twice or in two cases, no JSON
// number where a string belongs; a field is named as "inputs[0].display". fields names the expected
// fields for the hint. A failure is an error with code bad_request.
func decodeArgs(args json.RawMessage, v any, fields string) *receipt.ErrorInfo {
	bad := func(field, msg, hint string) *receipt.ErrorInfo {
		return &receipt.ErrorInfo{Code: fault.BadRequest, Message: msg, Hint: hint, Field: field}
	}
	hint := "send one JSON object with the fields " + fields
	if trimmed := bytes.TrimSpace(args); len(trimmed) == 0 || string(trimmed) == "null" {
		return bad("", "the arguments are missing", hint)
	}
	if e := argsTooLarge(args); e != nil {
		return e
	}
	if err := strictjson.Decode(args, v); err != nil {
		var se *strictjson.Error
		if !errors.As(err, &se) {
			return bad("", err.Error(), hint)
		}
		return bad(se.Field, se.Msg, se.Hint(hint))
	}
	return nil
}

// plainASCII marks the bytes a JSON string holds as themselves: ASCII, but
// not a control byte, a quote or a backslash.
var plainASCII = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// argsTooLarge refuses arguments over [MaxArgsSize], before any reader
// allocates for them.
func argsTooLarge(args []byte) *receipt.ErrorInfo {
	if len(args) <= MaxArgsSize {
		return nil
	}
	return &receipt.ErrorInfo{Code: fault.BadRequest, Hint: "split the work into several calls",
		Message: fmt.Sprintf("the arguments are %d bytes, over the limit of %d", len(args), MaxArgsSize)}
}

// recoverID returns the string "id" of a JSON object that could not be
// decoded strictly, so that the refusal still names its request; "" if the
// input has none. It reads the object's tokens up to the first fault, so
// that a line cut short or broken after its id (`{"id": "q7", "formula":`)
// still names it: an answer matched to its request by id is the point of
// carrying one. Only the object's own "id" key counts, spelt exactly so;
// an id given twice with two values names no request, for either could be
// the one meant, and neither does an id that is not valid UTF-8 or an
// input with more after the object.
func recoverID(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	id, found := "", false
	for {
		key, err := dec.Token()
		if err != nil {
			return id
		}
		if key == json.Delim('}') {
			if _, err := dec.Token(); err != io.EOF {
				return "" // more after the object: not one request, so none is named
			}
			return id
		}
		name, _ := key.(string)
		// The value is read one token at a time, so that a fault inside
		// it still leaves the id read before.
		start := dec.InputOffset()
		t, err := dec.Token()
		if err != nil {
			return id
		}
		switch v := t.(type) {
		case json.Delim:
			if !skipNested(dec) {
				return id
			}
		case string:
			if name != "id" {
				break
			}
			// encoding/json reads invalid UTF-8 as U+FFFD: an id so
			// changed is not the request's, and names none.
			if !utf8.Valid(data[start:dec.InputOffset()]) || found && v != id {
				return ""
			}
			id, found = v, true
		}
	}
}

// skipNested reads the tokens of an object or array whose opening
// delimiter was just read, and reports whether its end was reached.
func skipNested(dec *json.Decoder) bool {
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return true
}

// receiptText reads the arguments of verify_receipt when they are exactly
// {"receipt":"…"}, the form in which `reckon verify` passes each receipt
// it reads as text, and returns the text. The strict decoder reads a
// document inside a string in five passes, which cost a batch of receipts
// half as much again as verifying them; this reads it in one. It reports
// false for any other form, and for any string it does not read exactly as
// encoding/json does (a raw control byte, a surrogate escape, text that is
// not UTF-8), all of which the strict decoder reads or refuses instead.
// FuzzReceiptText holds it to the strict decoder.
func receiptText(args []byte) ([]byte, bool) {
	const prefix, suffix = `{"receipt":"`, `"}`
	if len(args) > MaxArgsSize || len(args) < len(prefix)+len(suffix) ||
		!bytes.HasPrefix(args, []byte(prefix)) || !bytes.HasSuffix(args, []byte(suffix)) {
		return nil, false
	}
	in := args[len(prefix) : len(args)-len(suffix)]
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); i++ {
		// Copy the run of plain ASCII up to the next byte that needs a look.
		j := i
		for j < len(in) && plainASCII[in[j]] {
			j++
		}
		out = append(out, in[i:j]...)
		if i = j; i == len(in) {
			break
		}
		if c := in[i]; c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false // not UTF-8
			}
			out = append(out, in[i:i+n]...)
			i += n - 1
			continue
		}
		if in[i] != '\\' || i+1 == len(in) {
			return nil, false // a quote ends the string early; a control byte is not JSON
		}
		i++
		switch c := in[i]; c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if i+5 > len(in) {
				return nil, false
			}
			r, err := strconv.ParseUint(string(in[i+1:i+5]), 16, 16)
			if err != nil || utf16.IsSurrogate(rune(r)) {
				return nil, false // a surrogate is the strict decoder's to judge
			}
			out = utf8.AppendRune(out, rune(r))
			i += 4
		default:
			return nil, false
		}
	}
	return out, true
}
