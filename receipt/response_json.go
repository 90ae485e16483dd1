package receipt

import (
	"strconv"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
)

// AppendJSON appends r's JSON form to b and returns the extended slice: the
// bytes encoding/json writes for r with HTML escaping off, without
// reflection, so that a batch writes each response straight into its
// output buffer. It is deliberately not a MarshalJSON method: a type that
// embeds *Response to add fields, as the calculate tool's answer does,
// would otherwise lose them to the promoted method. TestResponseJSONMatches and FuzzResponseJSON hold it to
// encoding/json, which remains the definition.
func (r *Response) AppendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, r.ID)
	b = append(b, `,"ok":`...)
	b = strconv.AppendBool(b, r.OK)
	if r.Result != nil {
		b = append(b, `,"result":`...)
		b = appendResult(b, r.Result)
	}
	if r.Expanded != "" {
		b = append(b, `,"expanded":`...)
		b = appendString(b, r.Expanded)
	}
	if r.Receipt != nil {
		b = append(b, `,"receipt":`...)
		b = appendEnvelope(b, r.Receipt)
	}
	if r.Error != nil {
		b = append(b, `,"error":`...)
		b = appendErrorInfo(b, r.Error)
	}
	return append(b, '}')
}

func appendEnvelope(b []byte, e *dsse.Envelope) []byte {
	b = append(b, `{"payloadType":`...)
	b = appendString(b, e.PayloadType)
	b = append(b, `,"payload":`...)
	b = appendString(b, e.Payload)
	b = append(b, `,"signatures":`...)
	b = appendList(b, e.Signatures, func(b []byte, s dsse.Signature) []byte {
		b = append(b, `{"keyid":`...)
		b = appendString(b, s.KeyID)
		b = append(b, `,"sig":`...)
		b = appendString(b, s.Sig)
		return append(b, '}')
	})
	return append(b, '}')
}

func appendErrorInfo(b []byte, e *ErrorInfo) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, e.Code)
	b = append(b, `,"message":`...)
	b = appendString(b, e.Message)
	if e.Span != nil {
		b = append(b, `,"span":[`...)
		b = strconv.AppendInt(b, int64(e.Span[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.Span[1]), 10)
		b = append(b, ']')
	}
	b = append(b, `,"hint":`...)
	b = appendString(b, e.Hint)
	if e.Field != "" {
		b = append(b, `,"field":`...)
		b = appendString(b, e.Field)
	}
	if e.Line != 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
	}
	if len(e.Fix) > 0 {
		b = append(b, `,"fix":`...)
		b = appendList(b, e.Fix, func(b []byte, f fault.Fix) []byte {
			b = append(b, `{"field":`...)
			b = appendString(b, f.Field)
			b = append(b, `,"value":`...)
			b = appendString(b, f.Value)
			return append(b, '}')
		})
	}
	return append(b, '}')
}
