package tool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

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
	switch trimmed := bytes.TrimSpace(args); {
	case len(trimmed) == 0 || string(trimmed) == "null":
		return bad("", "the arguments are missing", hint)
	case len(args) > MaxArgsSize:
		return bad("", fmt.Sprintf("the arguments are %d bytes, over the limit of %d", len(args), MaxArgsSize),
			"split the work into several calls")
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
