package receipt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// Report is the outcome of [Open]: accepted or not, and every reason why
// not. Its JSON form is what `reckon verify` prints.
type Report struct {
	ID       string   `json:"id"`                 // the receipt's id, once decoded
	OK       bool     `json:"ok"`                 // accepted: no reasons
	Signed   bool     `json:"signed"`             // signed by enough trusted keys
	SignedBy []string `json:"signed_by"`          // key ids of the trusted keys that signed
	Result   *Result  `json:"result,omitempty"`   // the recorded result, once decoded
	Expanded string   `json:"expanded,omitempty"` // the recorded expansion, once decoded
	Reasons  []Reason `json:"reasons"`            // why it was refused; empty when OK
	// Grounding says whether the inputs' groundings were found again in
	// their documents: [GroundingChecked], [GroundingNotChecked] (no
	// sources were given), [GroundingNone] (no input is grounded), or ""
	// when the receipt was not decoded.
	Grounding string `json:"grounding,omitempty"`
}

// Values of [Report].Grounding.
const (
	GroundingNone       = "none"        // no input of the receipt is grounded
	GroundingNotChecked = "not_checked" // grounded, taken as recorded: no sources were given to find the quotes again
	GroundingChecked    = "checked"     // every grounded quote was looked up again in the sources given; Reasons holds any that failed
)

// VerifyOptions are what a verifier brings to a receipt: the keys it
// trusts, its policy, and the documents the receipt's inputs were grounded
// in, if it has them. The zero value trusts no key and so refuses every
// receipt but under a policy that allows unsigned ones.
type VerifyOptions struct {
	Trusted *dsse.KeyRing // the keys whose signatures count
	Policy  Policy        // what is required beyond signature and re-execution
	// Sources, if it holds any document, are searched again for every
	// grounded input's quote (see [Open]). Nil takes groundings as
	// recorded, and the report says they were not checked.
	Sources *quote.Sources
	// Report, when not nil, receives the report of every check, whether
	// the receipt is accepted or not.
	Report *Report
}

// Reason is one cause of refusal, with a stable code.
type Reason struct {
	Code       string `json:"code"`                 // stable snake_case code
	Message    string `json:"message"`              // what was found
	Field      string `json:"field,omitempty"`      // the receipt field involved, as in "inputs[0].value"
	Recorded   string `json:"recorded,omitempty"`   // for a mismatch: what the receipt says
	Recomputed string `json:"recomputed,omitempty"` // for a mismatch: what re-execution gives
	Hint       string `json:"hint,omitempty"`       // what to do about it
}

// Open verifies env the way an auditor would and returns the receipt only
// when nothing refuses it, as golang.org/x/mod/sumdb/note.Open returns a
// verified note. It checks, in this order, and collects every reason to
// refuse:
//
//  1. the signatures, over the exact payload bytes: at least
//     opts.Policy.Threshold distinct keys of opts.Trusted (one if zero);
//     with no trusted keys or no signatures, the receipt is unsigned, which
//     only a policy with AllowUnsigned accepts;
//  2. a strict decode: [decodeReceipt] refuses unknown fields, duplicate or
//     case-variant keys, and any payload that is not canonical;
//  3. re-execution: the recorded request (formula, printed inputs, units,
//     scales, output) is calculated again, and every field of the result is
//     compared with the record;
//  4. the policy's rules on periods, provenance, interpretation, constants
//     and support;
//  5. with opts.Sources, every grounded input's quote is looked up again in
//     the document the receipt names, as [Calculate] found it, and the
//     receipt is refused when the document is not among the sources
//     (unknown_source), its SHA-256 is not the recorded digest
//     (source_mismatch), the quote is not in it or no longer prints the
//     input's number (quote_not_found, quote_mismatch), the document
//     declares another scale for it (scale_mismatch), or the quote is found
//     elsewhere or at another tier (span_mismatch, mismatch). Without
//     sources a grounding is taken as recorded, its shape checked, and the
//     report's Grounding field says it was not checked.
//
// Nothing in the payload is believed before step 1 passes, and nothing is
// believed because it is signed: a signer's arithmetic is redone. On
// refusal the error is a [*ReportError] whose Report lists every cause,
// and which unwraps to the first reason as a [*fault.Error] with its code.
// opts.Report, when not nil, receives the report either way: what `reckon
// verify` and the verify_receipt tool print.
func Open(env *dsse.Envelope, opts VerifyOptions) (*Receipt, error) {
	r, rep := verify(env, opts)
	if opts.Report != nil {
		*opts.Report = rep.clone()
	}
	if !rep.OK {
		return nil, &ReportError{Report: rep}
	}
	return r, nil
}

// clone is a copy of rep that shares no slice with it: the report a
// caller receives is its own, not the error's.
func (rep *Report) clone() Report {
	c := *rep
	c.SignedBy = slices.Clone(rep.SignedBy)
	c.Reasons = slices.Clone(rep.Reasons)
	return c
}

// verify runs every step and returns the receipt as decoded (nil when it
// was not) with the report.
func verify(env *dsse.Envelope, opts VerifyOptions) (*Receipt, *Report) {
	rep := &Report{SignedBy: []string{}, Reasons: []Reason{}}
	if err := opts.Policy.validate(); err != nil {
		rep.refuse(err)
		return nil, rep
	}
	payload, ok := verifySignatures(rep, env, opts.Trusted, opts.Policy)
	if !ok {
		return nil, rep
	}
	r, reasons := reexecute(payload)
	if r != nil {
		rep.ID, rep.Result, rep.Expanded = r.ID, &r.Result, r.Expanded
		reasons = append(reasons, opts.Policy.check(r)...)
		var again []Reason
		rep.Grounding, again = reground(r, opts.Sources)
		reasons = append(reasons, again...)
		if opts.Policy.RequireGrounding {
			reasons = append(reasons, requireGrounding(r, rep.Grounding)...)
		}
	}
	rep.Reasons = append(rep.Reasons, reasons...)
	rep.OK = len(rep.Reasons) == 0
	return r, rep
}

// requireGrounding is [Policy].RequireGrounding: the reasons r, whose
// groundings were found again as grounding says, is not a receipt over
// numbers read from documents and found there.
func requireGrounding(r *Receipt, grounding string) []Reason {
	const hint = "verify without require_grounding to accept receipts over user or system inputs"
	if len(r.Inputs) == 0 {
		return []Reason{{Code: fault.UngroundedReceipt, Field: "inputs", Hint: hint,
			Message: "the receipt has no input: every number in it is a literal of the formula"}}
	}
	var out []Reason
	for i, in := range r.Inputs {
		if in.Grounding == nil {
			out = append(out, Reason{Code: fault.UngroundedReceipt, Field: fmt.Sprintf("inputs[%d]", i), Hint: hint,
				Message: fmt.Sprintf("input %q is not grounded in a document", clip(in.Name))})
		}
	}
	if grounding == GroundingNotChecked {
		out = append(out, Reason{Code: fault.GroundingNotChecked, Field: "inputs",
			Message: "the receipt's inputs are grounded, but their documents were not given, so their quotes were not found again",
			Hint:    "give each document the receipt names (reckon verify -source NAME=FILE; VerifyOptions.Sources)"})
	}
	return out
}

// verifySignatures runs step 1 and returns the payload if decoding may go on.
func verifySignatures(rep *Report, env *dsse.Envelope, trusted *dsse.KeyRing, policy Policy) ([]byte, bool) {
	if env != nil && len(env.Signatures) > 0 && trusted != nil && trusted.Len() > 0 {
		payload, ids, err := dsse.Verify(env, PayloadType, trusted, max(policy.Threshold, 1))
		if err != nil {
			rep.refuse(err)
			return nil, false
		}
		rep.Signed, rep.SignedBy = true, ids
		return payload, true
	}
	if !policy.AllowUnsigned {
		if env != nil && len(env.Signatures) > 0 {
			// signed, but by no key the verifier trusts: it gave none
			var ids []string
			for _, sg := range env.Signatures[:min(len(env.Signatures), 3)] {
				ids = append(ids, strconv.Quote(clip(sg.KeyID)))
			}
			if len(env.Signatures) > 3 {
				ids = append(ids, "…")
			}
			rep.Reasons = append(rep.Reasons, Reason{Code: fault.UntrustedKey,
				Message: "signed only by keys that are not trusted: " + strings.Join(ids, ", ") + " (as the envelope names them); no trusted keys were given",
				Hint:    "verify with the signer's public key (reckon verify -pub FILE)"})
			return nil, false
		}
		rep.Reasons = append(rep.Reasons, Reason{Code: fault.Unsigned, Message: "the receipt has no signatures",
			Hint: "verify with the signer's public key, or allow unsigned receipts in the policy"})
		return nil, false
	}
	payload, err := dsse.Unverified(env, PayloadType)
	if err != nil {
		rep.refuse(err)
		return nil, false
	}
	return payload, true
}

func (rep *Report) refuse(err error) { rep.Reasons = append(rep.Reasons, reasonOf(err)) }

// reexecute decodes a payload, calculates the request it records again,
// and compares. The common case is fast: when the canonical encoding of the
// recomputed receipt equals the payload byte for byte, the payload is both
// canonical and correct, so the strict decode and the field-by-field
// comparison only run to explain a refusal.
func reexecute(payload []byte) (*Receipt, []Reason) {
	rec, ok := scanRecorded(payload)
	if !ok && len(payload) <= maxPayloadSize && json.Unmarshal(payload, &rec) != nil {
		rec.Type = ""
	}
	if len(payload) > maxPayloadSize || !knownType(rec.Type) {
		_, err := decodeReceipt(payload)
		return nil, []Reason{reasonOf(err)}
	}
	if reason, ok := reproducible(rec.Operation, rec.Engine); !ok {
		return nil, []Reason{reason}
	}
	again, err := Calculate(rec.request())
	if err == nil {
		// The version that wrote a receipt is a fact about it, not a result.
		again.Engine.Version = rec.Engine.Version
		// A grounding is a fact about the source, not about the arithmetic:
		// it is taken as recorded here, checked for its shape, and found
		// again in the document only by verification with the sources.
		for i := range again.Inputs {
			if i < len(rec.Inputs) {
				again.Inputs[i].Grounding = rec.Inputs[i].Grounding
			}
		}
		again.Type = again.wantType()
		if enc, err := again.Encode(); err == nil && bytes.Equal(enc, payload) {
			if err := again.checkShape(); err != nil {
				return nil, []Reason{reasonOf(err)}
			}
			return again, nil
		}
	}
	strict, derr := decodeReceipt(payload)
	if derr != nil {
		return nil, []Reason{reasonOf(derr)}
	}
	if err != nil {
		info := Describe(err)
		return strict, []Reason{{Code: fault.ReexecutionFailed, Field: info.Field,
			Message: "re-executing the recorded request fails: " + info.Code + ": " + info.Message,
			Hint:    "the receipt does not describe a valid calculation"}}
	}
	if l := again.legacy.exact(); l != "" && strict.Result.Inexact && !strings.HasSuffix(strict.Result.Exact, units.Ellipsis) {
		// Written before an exact result with no short form was cut off
		// with "…": exact then held the 34-digit evaluation, flagged only
		// by inexact. Every other field, the rounded value included, is
		// compared as it is today.
		again.Result.Exact = l
		if again.Result.Places == nil {
			again.Result.Value = l
		}
	}
	return strict, diff(strict, again)
}

// reproducible reports whether this engine can redo an operation recorded
// by engine e.
func reproducible(op string, e Engine) (Reason, bool) {
	if _, named := operation.Lookup(op); op != OperationFormula && !named {
		return Reason{Code: fault.UnknownOperation, Field: "operation", Message: fmt.Sprintf("operation %q is not known", op),
			Hint: "verify it with a reckon version that knows this operation"}, false
	}
	if e.Name != engineName || e.Precision != expr.Precision {
		return Reason{Code: fault.UnsupportedEngine, Field: "engine",
			Message: fmt.Sprintf("engine %s at precision %d cannot be reproduced by %s at precision %d", e.Name, e.Precision, engineName, expr.Precision),
			Hint:    "verify it with the engine that wrote it"}, false
	}
	return Reason{}, true
}

func reasonOf(err error) Reason {
	info := Describe(err)
	return Reason{Code: info.Code, Message: info.Message, Field: info.Field, Hint: info.Hint}
}

// recorded is the part of a receipt that says what to calculate. Decoding
// only these fields keeps verification cheap; the byte comparison with the
// recomputed receipt checks all the others.
type recorded struct {
	Type           string          `json:"type"`
	ID             string          `json:"id"`
	Operation      string          `json:"operation"`
	Call           *recordedCall   `json:"call"`
	Formula        string          `json:"formula"`
	Interpretation Interpretation  `json:"interpretation"`
	Inputs         []recordedInput `json:"inputs"` // the InputRecord fields a request has, and the grounding
	SamePeriod     bool            `json:"same_period"`
	Result         units.Output    `json:"result"` // unit, scale, rounding, places, grouping
	Engine         Engine          `json:"engine"`
}

// recordedInput is an input as a receipt records what to calculate: the
// fields of a request's input, and where its quote was found.
type recordedInput struct {
	Input
	Grounding *Grounding `json:"grounding"`
}

// recordedCall is the part of a named operation's call that says what to
// calculate: its params and the injected today.
type recordedCall struct {
	Params []Param `json:"params"`
	Today  string  `json:"today"`
}

// params returns the recorded params as a request carries them.
func (c *recordedCall) params() map[string]string {
	m := make(map[string]string, len(c.Params))
	for _, p := range c.Params {
		m[p.Name] = p.Value
	}
	return m
}

// request rebuilds the request a receipt records.
func (rec *recorded) request() *Request {
	inputs := make([]Input, len(rec.Inputs))
	for i := range rec.Inputs {
		inputs[i] = rec.Inputs[i].Input
	}
	req := &Request{ID: rec.ID, Formula: rec.Formula, Inputs: inputs, Output: rec.Result,
		Interpretation: &rec.Interpretation, SamePeriod: rec.SamePeriod}
	if rec.Operation != OperationFormula {
		// A formula receipt that claims another operation is re-executed
		// as that operation, and refused for its formula or its call.
		req.Operation = rec.Operation
	}
	if rec.Call != nil {
		req.Params, req.Today = rec.Call.params(), rec.Call.Today
	}
	return req
}

// diff compares two receipts field by field through their JSON form, so
// that every field, present and future, is compared, and reports each
// difference with its path.
func diff(recorded, recomputed *Receipt) []Reason {
	a, errA := asTree(recorded)
	b, errB := asTree(recomputed)
	if errA != nil || errB != nil {
		return []Reason{{Code: fault.Mismatch, Message: "receipts cannot be compared"}}
	}
	var out []Reason
	walkDiff("", a, b, &out)
	return out
}

func asTree(r *Receipt) (any, error) {
	data, err := r.Encode()
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	return v, dec.Decode(&v)
}

func walkDiff(path string, a, b any, out *[]Reason) {
	switch av := a.(type) {
	case map[string]any:
		if bv, ok := b.(map[string]any); ok {
			keys := make([]string, 0, len(av))
			for k := range av {
				keys = append(keys, k)
			}
			for k := range bv {
				if _, ok := av[k]; !ok {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				walkDiff(join(path, k), av[k], bv[k], out)
			}
			return
		}
	case []any:
		if bv, ok := b.([]any); ok && len(av) == len(bv) {
			for i := range av {
				walkDiff(fmt.Sprintf("%s[%d]", path, i), av[i], bv[i], out)
			}
			return
		}
	}
	if show(a) != show(b) {
		*out = append(*out, Reason{Code: fault.Mismatch, Field: path, Recorded: show(a), Recomputed: show(b),
			Message: fmt.Sprintf("%s is recorded as %s but re-executes to %s", path, show(a), show(b)),
			Hint:    "the receipt does not match its own calculation; do not rely on it"})
	}
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// show renders a JSON value for a reason: strings bare, others as JSON.
func show(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}
