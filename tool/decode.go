package tool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/receipt"
)

// MaxArgsSize bounds the arguments of verify_receipt and verify_quotes. A
// receipt envelope is at most [receipt.MaxEnvelopeSize]; four times that
// leaves room for a large batch of quotes while bounding what one call can
// make the decoder allocate. calculate keeps [receipt.MaxRequestSize].
const MaxArgsSize = 4 << 20

// hintNumbers is the hint for a JSON number where a string belongs: the
// mistake that, left alone, rounds a decimal through float64.
const hintNumbers = `numbers are strings: pass every value exactly as printed, in quotes, such as "1,234.5"`

// decodeArgs decodes args into v strictly: no unknown fields, no trailing
// data, no JSON number where a string belongs. fields names the expected
// fields for the hint. A failure is an error with code bad_request.
func decodeArgs(args json.RawMessage, v any, fields string) *receipt.ErrorInfo {
	bad := func(field, msg, hint string) *receipt.ErrorInfo {
		return &receipt.ErrorInfo{Code: CodeBadRequest, Message: msg, Hint: hint, Field: field}
	}
	hint := "send one JSON object with the fields " + fields
	switch trimmed := bytes.TrimSpace(args); {
	case len(trimmed) == 0 || string(trimmed) == "null":
		return bad("", "the arguments are missing", hint)
	case len(args) > MaxArgsSize:
		return bad("", fmt.Sprintf("the arguments are %d bytes, over the limit of %d", len(args), MaxArgsSize),
			"split the work into several calls")
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
			return bad("", "unexpected data after the arguments", "send one JSON object")
		}
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Value == "number" {
			return bad(te.Field, fmt.Sprintf("field %s is a JSON number", te.Field), hintNumbers)
		}
		return bad(te.Field, fmt.Sprintf("field %s is a JSON %s", te.Field, te.Value),
			fmt.Sprintf("field %s must be a %s", te.Field, jsonType(te.Type.Kind().String())))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return bad(strings.Trim(f, `"`), "unknown field "+f, "remove it; "+hint)
	}
	return bad("", "the arguments are not valid JSON: "+strings.TrimPrefix(err.Error(), "json: "), hint)
}

// jsonType names a Go kind the way a JSON Schema would.
func jsonType(kind string) string {
	switch kind {
	case "slice", "array":
		return "list"
	case "struct", "map", "ptr":
		return "object"
	case "bool":
		return "boolean"
	case "int", "int64", "int32":
		return "integer"
	}
	return kind
}
