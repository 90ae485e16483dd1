package receipt

import (
	"bytes"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"

	"github.com/reckonhq/reckon/internal/jsonscan"
	"github.com/reckonhq/reckon/internal/strictjson"
)

// MaxResponseSize bounds one input of [OpenResponse]. A calc response
// repeats the result and the expanded expression beside its envelope,
// which holds them too, so a response is at most about twice the largest
// envelope.
const MaxResponseSize = 2 * dsse.MaxEnvelopeSize

// ReportError is the error of [Open] and [OpenResponse] when the input is
// refused. Report holds every reason; errors.As on the error reaches it.
type ReportError struct {
	Report *Report
}

// fault.Error summarises the report: the first reason and how many more there
// are. errors.As reaches the whole report through the ReportError, and
// the first reason's code through [ReportError.Unwrap].
func (e *ReportError) Error() string {
	if e == nil || e.Report == nil || len(e.Report.Reasons) == 0 {
		return "receipt: not verified"
	}
	r := e.Report.Reasons[0]
	msg := "receipt: " + r.Code + ": "
	if r.Field != "" && !strings.Contains(r.Message, r.Field) {
		msg += r.Field + ": "
	}
	msg += r.Message
	if n := len(e.Report.Reasons) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return msg
}

// Unwrap returns the first reason as a [*fault.Error] with its code, message,
// field and hint, so that errors.As with the error type every refusal
// uses reaches a code here too; nil when the report gives no reason.
func (e *ReportError) Unwrap() error {
	if e == nil || e.Report == nil || len(e.Report.Reasons) == 0 {
		return nil
	}
	r := e.Report.Reasons[0]
	return &fault.Error{Code: r.Code, Msg: r.Message, Hint: r.Hint, Field: r.Field}
}

// OpenResponse verifies data, a DSSE envelope or a whole calc response
// holding one in its "receipt" field, and returns the receipt only when it
// is accepted: the envelope is verified as [Open] verifies it (with
// opts.Sources, its groundings are looked up again); a response must also
// agree with its receipt, for a reader may take the result from the
// response rather than from the receipt: its id, ok, result and expanded
// must be the ones the receipt records, and it may carry no error and no
// field the contract does not have ([fault.ResponseMismatch]). Otherwise it
// returns nil and a [*ReportError] holding every reason; opts.Report, when
// not nil, receives the report either way.
func OpenResponse(data []byte, opts VerifyOptions) (*Receipt, error) {
	out := opts.Report
	opts.Report = nil
	rep, env := verifyResponse(data, opts)
	if out != nil {
		*out = rep.clone()
	}
	if !rep.OK {
		return nil, &ReportError{Report: rep}
	}
	// The report accepted these payload bytes: their signatures passed
	// (or the policy allows none) and they re-executed to the same receipt.
	payload, err := env.DecodedPayload()
	if err == nil {
		var r *Receipt
		if r, err = decodeReceipt(payload); err == nil {
			return r, nil
		}
	}
	rep = refusedReport(err)
	if out != nil {
		*out = rep.clone()
	}
	return nil, &ReportError{Report: rep}
}

// verifyResponse verifies data as [OpenResponse] does and returns the
// report with the envelope it verified (nil when the input was refused
// before one was decoded). The envelope is verified as [Open] verifies it,
// sources included, so that a response is held to everything its receipt
// is.
func verifyResponse(data []byte, opts VerifyOptions) (*Report, *dsse.Envelope) {
	if len(data) > MaxResponseSize {
		return refusedReport(errResponseTooLarge()), nil
	}
	env, response, err := unwrapResponse(data)
	if err != nil {
		return refusedReport(err), nil
	}
	_, rep := verify(env, opts)
	if response != nil {
		rep.Reasons = append(rep.Reasons, responseShape(response)...)
		rep.Reasons = append(rep.Reasons, responseAgrees(response, rep)...)
		rep.Reasons = append(rep.Reasons, responseNames(response, env)...)
		rep.OK = len(rep.Reasons) == 0
	}
	return rep, env
}

// refusedReport is the report on an input that could not be verified at
// all.
func refusedReport(err error) *Report {
	return &Report{SignedBy: []string{}, Reasons: []Reason{reasonOf(err)}}
}

// ResponseEnvelope returns the envelope in data, a DSSE envelope or a
// whole calc response, decoded strictly but not verified: it is what
// [OpenResponse] verifies and what `reckon inspect` shows. Errors are
// [*fault.Error] values of code bad_envelope or envelope_too_large.
func ResponseEnvelope(data []byte) (*dsse.Envelope, error) {
	if len(data) > MaxResponseSize {
		return nil, errResponseTooLarge()
	}
	env, _, err := unwrapResponse(data)
	return env, err
}

// errResponseTooLarge is the refusal of an input over [MaxResponseSize].
func errResponseTooLarge() error {
	return &fault.Error{Code: fault.EnvelopeTooLarge,
		Msg:  fmt.Sprintf("input is over the limit of %d bytes", MaxResponseSize),
		Hint: "send receipts one at a time, as reckon wrote them"}
}

// unwrapResponse finds the envelope in a verify input: an object with a
// receipt field is a calc response, and the envelope is that field; an
// object with a payloadType field is the envelope itself. The envelope is
// decoded strictly by [dsse.Decode]. For a response, it also returns
// the response's fields, undecoded. A map, unlike a struct, matches field
// names exactly, so "Receipt" is not taken for "receipt".
func unwrapResponse(data []byte) (env *dsse.Envelope, response map[string]json.RawMessage, err error) {
	fields, ok := scanResponse(data)
	if ok {
		env, err := dsse.Decode(fields["receipt"])
		return env, fields, err
	}
	if bytes.HasPrefix(data, []byte(`{"payloadType":`)) {
		// An envelope, most likely, as a batch of receipts holds one a
		// line: decoding it strictly first spares splitting it into fields.
		// An object the strict decoder takes for an envelope has no other
		// fields, so the path below would decode it the same way; anything
		// else takes that path, and gets its refusal from there.
		if env, err := dsse.Decode(data); err == nil {
			return env, nil, nil
		}
	}
	fields, err = strictjson.Fields(data, responseFields...)
	if err != nil {
		return nil, nil, badResponse("input is not a JSON object with distinct fields: " + err.Error())
	}
	if raw, ok := fields["receipt"]; ok {
		env, err := dsse.Decode(raw)
		return env, fields, err
	}
	if _, ok := fields["payloadType"]; ok {
		env, err := dsse.Decode(data)
		return env, nil, err
	}
	if _, ok := fields["error"]; ok {
		return nil, nil, badResponse("input is a refused calc response, which holds no receipt")
	}
	return nil, nil, badResponse("input is neither a DSSE envelope nor a calc response with a receipt")
}

// responseFields are the fields a calc response may have: those of
// [Response], and the receipt_id a calculate tool answer adds.
var responseFields = []string{"id", "ok", "result", "expanded", "receipt", "error", "receipt_id"}

// scanResponse splits a calc response laid out exactly as calc writes an
// accepted one into its fields, without decoding it: the fields are the
// same bytes json.Unmarshal would give, and each is decoded where it is
// used (the receipt strictly). Any other layout reports false, for the
// strict decoder. Most inputs an auditor verifies are such responses, and
// the scan saves decoding each one twice.
func scanResponse(data []byte) (map[string]json.RawMessage, bool) {
	s := jsonscan.New(data)
	s.Lit(`{"id":`)
	id := s.Skip()
	s.Lit(`,"ok":true,"result":`)
	result := s.Skip()
	s.Lit(`,"expanded":`)
	expanded := s.Skip()
	s.Lit(`,"receipt":`)
	rec := s.Skip()
	s.Lit(`}`)
	if !s.Done() || !json.Valid(result) || !json.Valid(id) || !json.Valid(expanded) {
		return nil, false
	}
	return map[string]json.RawMessage{"id": id, "ok": json.RawMessage("true"), "result": result,
		"expanded": expanded, "receipt": rec}, true
}

func badResponse(msg string) error {
	return &fault.Error{Code: fault.BadEnvelope, Msg: msg,
		Hint: "send a DSSE envelope, or the whole response of reckon calc, one JSON object"}
}

// hintResponseChanged is the hint of every response_mismatch about a value.
const hintResponseChanged = "the response was changed after it was written; take values from the receipt, or obtain the original"

// responseAgrees compares what a calc response says beside its receipt
// (its id, ok, result and expansion) with what the receipt records, once
// the receipt has been decoded. The receipt is what is signed and
// re-executed; a response that disagrees with it was altered.
func responseAgrees(response map[string]json.RawMessage, rep *Report) []Reason {
	if rep.Result == nil {
		return nil // the receipt was not decoded, and rep says why
	}
	var out []Reason
	check := func(field string, recorded any) {
		said := "absent"
		if raw, ok := response[field]; ok {
			said = canonicalJSON(raw)
			if strictjson.CheckKeys(raw) != nil {
				said = "ambiguous, with a key given twice: " + string(raw)
			}
		}
		if want := canonicalJSON(recorded); said != want {
			out = append(out, Reason{Code: fault.ResponseMismatch, Field: field, Recorded: want,
				Message: fmt.Sprintf("the response's %s is %s but its receipt records %s", field, said, want),
				Hint:    hintResponseChanged})
		}
	}
	check("id", rep.ID)
	check("ok", true)
	check("result", rep.Result)
	check("expanded", rep.Expanded)
	return out
}

// responseNames refuses a response whose receipt_id, when it has one, is
// not the id of the receipt it carries: a reader who passes the id on
// would back its claims with another receipt than the one verified.
func responseNames(response map[string]json.RawMessage, env *dsse.Envelope) []Reason {
	raw, ok := response["receipt_id"]
	if !ok || env == nil {
		return nil
	}
	if said, want := canonicalJSON(raw), canonicalJSON(EnvelopeID(env)); said != want {
		return []Reason{{Code: fault.ResponseMismatch, Field: "receipt_id", Recorded: want,
			Message: fmt.Sprintf("the response's receipt_id is %s but its receipt's id is %s", said, want),
			Hint:    hintResponseChanged}}
	}
	return nil
}

// EnvelopeID returns the id of a receipt envelope: "r_" and the first 80
// bits of the SHA-256 of its JSON encoding, in lower-case base32. It is
// the receipt_id a calculate tool answers with, derived from the content,
// so the same receipt has the same id everywhere.
func EnvelopeID(env *dsse.Envelope) string {
	b, _ := json.Marshal(env) // plain strings: never fails
	sum := sha256.Sum256(b)
	return "r_" + idEncoding.EncodeToString(sum[:10])
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// responseShape refuses a calc response with a receipt that also carries
// an error, or a field the contract does not have: calc writes neither, so
// either was added after it wrote the response, and a reader could act on
// the refusal or the extra field rather than on the signed result. Fields
// are reported in name order, so that one input gets one report.
func responseShape(response map[string]json.RawMessage) []Reason {
	var out []Reason
	for _, k := range slices.Sorted(maps.Keys(response)) {
		switch {
		case k == "error":
			out = append(out, Reason{Code: fault.ResponseMismatch, Field: k,
				Message: "the response carries an error next to its receipt, which calc never writes",
				Hint:    hintResponseChanged})
		case !slices.Contains(responseFields, k):
			out = append(out, Reason{Code: fault.ResponseMismatch, Field: k,
				Message: fmt.Sprintf("the response has a field %q, which a calc response does not have", k),
				Hint:    "the response was changed after it was written; send it as reckon calc wrote it"})
		}
	}
	return out
}

// canonicalJSON is v's JSON with object keys sorted, no white space and
// no HTML escaping, for comparing values and quoting them: a
// json.RawMessage from a response and a struct from a receipt compare
// equal when they hold the same values.
func canonicalJSON(v any) string {
	raw, ok := v.(json.RawMessage)
	if !ok {
		// The final newline stays: it ends a top-level number or literal
		// for the decoder, which would otherwise read on to EOF and grow
		// its buffer.
		raw = jsonLine(v)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers as written
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return string(raw)
	}
	return strings.TrimSuffix(string(jsonLine(tree)), "\n")
}

// jsonLine encodes v as the CLI prints JSON: compact, no HTML escaping,
// ending in a newline. v is a decoded tree or a plain struct of strings
// and booleans, which always encode; an error leaves the line empty, which
// compares unequal to any value.
func jsonLine(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil
	}
	return b.Bytes()
}
