package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/internal/jsonscan"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/receipt"
	"go.opentelemetry.io/otel/trace"
)

// maxVerifyInput bounds one verify input. A calc response repeats the
// result and the expanded expression beside its envelope, which holds them
// too, so a response is at most about twice the largest envelope.
const maxVerifyInput = 2 * receipt.MaxEnvelopeSize

// codeResponseMismatch is the reason code for a calc response whose result,
// expansion or id differs from what its receipt records.
const codeResponseMismatch = "response_mismatch"

// runVerify is `reckon verify [-pub FILE]… [-source NAME=FILE]… [-policy
// FILE] [-jsonl]`: a receipt on stdin, as a DSSE envelope or a whole calc
// response, and a report on stdout. It exits 0 only if the receipt is
// accepted, or with -jsonl if every line is. With -source, every grounded
// quote is found again in the document it names, which must be the very
// document the receipt records (its digest); the report's grounding says
// whether that was checked.
func runVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("verify", "[-pub FILE]… [-source NAME=FILE]… [-policy FILE] [-jsonl] [FILE]\n\nReads a DSSE envelope or a whole calc response (or, with -jsonl, one a line) from FILE or stdin.", stderr)
	var pubs pubFlag
	flags.Var(&pubs, "pub", "trust the ed25519 public key in `FILE` (PKIX PEM); repeat for several keys")
	var policy receipt.Policy
	flags.Func("policy", "apply the policy in `FILE` (JSON); the default requires one trusted signature",
		func(name string) (err error) {
			policy, err = loadPolicy(name)
			return err
		})
	var sources sourceFlag
	flags.Var(&sources, "source", "find grounded quotes again in the document in `NAME=FILE` (repeatable); without it, grounding is reported not_checked")
	jsonl := flags.Bool("jsonl", false, "read one receipt a line; write one report a line, in input order")
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every receipt to `FILE` as JSON (operational values only)")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	tracer, closeTrace, ok := traces.open("verify", stderr)
	if !ok {
		return exitUsage
	}
	defer closeTrace()
	ring, err := receipt.NewKeyRing(pubs.keys...)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: -pub: %v\n", err)
		return exitUsage
	}
	if ring.Len() == 0 {
		fmt.Fprintln(stderr, "reckon verify: no -pub given, so no signature can be trusted; only a policy with allow_unsigned can accept a receipt")
	}
	registered, err := sources.registered()
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: -source: %v\n", err)
		return exitUsage
	}
	v := &verifier{ring: ring, policy: policy, sources: registered, tracer: tracer}
	if *jsonl {
		st, err := batch(stdin, stdout, maxVerifyInput, v.answer)
		return batchExit(stderr, "verify", "receipts", st, err)
	}
	data, err := readCapped(stdin, maxVerifyInput)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: read receipt: %v\n", err)
		return exitRefused
	}
	var rep *receipt.Report
	line := traced(v.tracer, "verify", data, func() []byte {
		rep = v.report(data, len(data) > maxVerifyInput)
		return encodeLine(rep)
	})
	if _, err := stdout.Write(line); err != nil {
		fmt.Fprintf(stderr, "reckon verify: %v\n", err)
		return exitRefused
	}
	if !rep.OK {
		r := rep.Reasons[0]
		more := ""
		if n := len(rep.Reasons) - 1; n > 0 {
			more = fmt.Sprintf(" (and %d more)", n)
		}
		fmt.Fprintf(stderr, "reckon verify: refused: %s: %s%s\n", r.Code, r.Message, more)
		return exitRefused
	}
	return exitOK
}

// pubFlag is the repeatable -pub flag. Each file is read and parsed as the
// flag is set, so that a bad key file is a usage error naming the file.
type pubFlag struct {
	files []string
	keys  []ed25519.PublicKey
}

// String returns the files given, for flag's usage text.
func (p *pubFlag) String() string { return strings.Join(p.files, ", ") }

// Set reads the public key in the file name and adds it.
func (p *pubFlag) Set(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	pub, err := receipt.ParsePublicKey(data)
	if err != nil {
		return err
	}
	p.files, p.keys = append(p.files, name), append(p.keys, pub)
	return nil
}

// loadPolicy reads a policy file.
func loadPolicy(name string) (receipt.Policy, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return receipt.Policy{}, err
	}
	return receipt.DecodePolicy(data)
}

// verifier checks receipts against one key ring and one policy. It is safe
// for concurrent use.
type verifier struct {
	ring    *receipt.KeyRing
	policy  receipt.Policy
	sources *receipt.Sources // -source; nil takes groundings as recorded
	tracer  trace.Tracer     // -trace; nil traces nothing
}

// report verifies one input: a DSSE envelope, or a calc response holding
// one in its receipt field. For a response, what it says beside the
// receipt must also agree with the receipt, for a reader may take the
// result from there.
func (v *verifier) report(data []byte, tooLong bool) *receipt.Report {
	if tooLong {
		return refusal(&receipt.SignatureError{Code: receipt.CodeEnvelopeTooLarge,
			Msg:  fmt.Sprintf("input is over the limit of %d bytes", maxVerifyInput),
			Hint: "send receipts one at a time, as reckon wrote them"})
	}
	env, response, err := unwrap(data)
	if err != nil {
		return refusal(err)
	}
	rep := receipt.VerifyWith(env, receipt.VerifyOptions{Trusted: v.ring, Policy: v.policy, Sources: v.sources})
	if response != nil {
		rep.Reasons = append(rep.Reasons, shapeCheck(response)...)
		rep.Reasons = append(rep.Reasons, crossCheck(response, rep)...)
		rep.OK = len(rep.Reasons) == 0
	}
	return rep
}

// answer is report as an [answerFunc].
func (v *verifier) answer(data []byte, tooLong bool) ([]byte, bool) {
	var ok bool
	line := traced(v.tracer, "verify", data, func() []byte {
		rep := v.report(data, tooLong)
		ok = rep.OK
		return encodeLine(rep)
	})
	return line, ok
}

// unwrap finds the envelope in a verify input: an object with a receipt
// field is a calc response, and the envelope is that field; an object with
// a payloadType field is the envelope itself. The envelope is decoded
// strictly by [receipt.DecodeEnvelope]. For a response, unwrap also
// returns its fields, undecoded. A map, unlike a struct, matches field
// names exactly, so "Receipt" is not taken for "receipt".
func unwrap(data []byte) (env *receipt.Envelope, response map[string]json.RawMessage, err error) {
	fields, ok := scanResponse(data)
	if ok {
		env, err := receipt.DecodeEnvelope(fields["receipt"])
		return env, fields, err
	}
	fields, err = strictjson.Fields(data, responseFields...)
	if err != nil {
		return nil, nil, badInput("input is not a JSON object with distinct fields: " + err.Error())
	}
	if raw, ok := fields["receipt"]; ok {
		env, err := receipt.DecodeEnvelope(raw)
		return env, fields, err
	}
	if _, ok := fields["payloadType"]; ok {
		env, err := receipt.DecodeEnvelope(data)
		return env, nil, err
	}
	if _, ok := fields["error"]; ok {
		return nil, nil, badInput("input is a refused calc response, which holds no receipt")
	}
	return nil, nil, badInput("input is neither a DSSE envelope nor a calc response with a receipt")
}

// responseFields are the fields a calc response may have: those of
// [receipt.Response], and the receipt_id a calculate tool answer adds.
var responseFields = []string{"id", "ok", "result", "expanded", "receipt", "error", "receipt_id"}

// scanResponse splits a calc response laid out exactly as calc writes an
// accepted one into its fields, without decoding it: the fields are the
// same bytes json.Unmarshal would give, and each is decoded where it is
// used (the receipt strictly). Any other layout reports false, for
// json.Unmarshal.
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

func badInput(msg string) error {
	return &receipt.SignatureError{Code: receipt.CodeBadEnvelope, Msg: msg,
		Hint: "send a DSSE envelope, or the whole response of reckon calc, one JSON object"}
}

// refusal is the report on an input that could not be verified at all.
func refusal(err error) *receipt.Report {
	info := receipt.Describe(err)
	return &receipt.Report{SignedBy: []string{}, Reasons: []receipt.Reason{
		{Code: info.Code, Message: info.Message, Field: info.Field, Hint: info.Hint}}}
}

// crossCheck compares what a calc response says beside its receipt (its
// id, ok, result and expansion) with what the receipt records, once the
// receipt has been decoded. The receipt is what is signed and re-executed;
// a response that disagrees with it was altered.
func crossCheck(response map[string]json.RawMessage, rep *receipt.Report) []receipt.Reason {
	if rep.Result == nil {
		return nil // the receipt was not decoded, and rep says why
	}
	var out []receipt.Reason
	check := func(field string, recorded any) {
		said := "absent"
		if raw, ok := response[field]; ok {
			said = canonicalJSON(raw)
			if strictjson.CheckKeys(raw) != nil {
				said = "ambiguous, with a key given twice: " + string(raw)
			}
		}
		if want := canonicalJSON(recorded); said != want {
			out = append(out, receipt.Reason{Code: codeResponseMismatch, Field: field, Recorded: want,
				Message: fmt.Sprintf("the response's %s is %s but its receipt records %s", field, said, want),
				Hint:    "the response was changed after it was written; take values from the receipt, or obtain the original"})
		}
	}
	check("id", rep.ID)
	check("ok", true)
	check("result", rep.Result)
	check("expanded", rep.Expanded)
	return out
}

// shapeCheck refuses a calc response with a receipt that also carries an
// error, or a field the contract does not have: calc writes neither, so
// either was added after it wrote the response, and a reader could act on
// the refusal or the extra field rather than on the signed result. Fields
// are reported in name order, so that one input gets one report.
func shapeCheck(response map[string]json.RawMessage) []receipt.Reason {
	var out []receipt.Reason
	for _, k := range slices.Sorted(maps.Keys(response)) {
		switch {
		case k == "error":
			out = append(out, receipt.Reason{Code: codeResponseMismatch, Field: k,
				Message: "the response carries an error next to its receipt, which calc never writes",
				Hint:    "the response was changed after it was written; take values from the receipt, or obtain the original"})
		case !slices.Contains(responseFields, k):
			out = append(out, receipt.Reason{Code: codeResponseMismatch, Field: k,
				Message: fmt.Sprintf("the response has a field %q, which a calc response does not have", k),
				Hint:    "the response was changed after it was written; send it as reckon calc wrote it"})
		}
	}
	return out
}

// canonicalJSON is v's JSON with object keys sorted and no white space,
// for comparing values and quoting them: a json.RawMessage from a response
// and a struct from a receipt compare equal when they hold the same values.
func canonicalJSON(v any) string {
	raw, ok := v.(json.RawMessage)
	if !ok {
		raw = encodeLine(v)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers as written
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return string(raw)
	}
	return strings.TrimSuffix(string(encodeLine(tree)), "\n")
}
