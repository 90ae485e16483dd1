package tool

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

const verifyReceiptDescription = `Check a receipt that calculate returned: its signature by a key the application trusts, then the whole calculation redone from the recorded inputs, then any rules you add.

Pass:
- receipt_id: the receipt_id calculate returned in this conversation; "" when you pass the receipt instead.
- receipt: null when you pass receipt_id; else an envelope from elsewhere ({"payloadType", "payload", "signatures"}), unchanged.
- policy: extra rules. periods (e.g. ["FY2021"]) and provenance (e.g. ["text"]) restrict the inputs, [] for any; deny_interpreted, deny_constants and require_support are true or false. You cannot relax the application's own rules or choose the trusted keys.

Answer: {"ok": true, "signed": true, "result": {...}, "reasons": []} when the receipt is accepted. If "ok" is false, each entry of "reasons" has a code, a message and a hint; a code of "mismatch" means a recorded field (reason.field) differs from the recomputation (reason.recorded vs reason.recomputed). "grounding" is "checked" when each input's quote was found again in the registered document it names. Do not use a refused receipt's numbers.`

// verifyArgs are the arguments of verify_receipt.
type verifyArgs struct {
	ReceiptID string `json:"receipt_id"`
	// Receipt is an envelope, as an object; or, as a JSON string, the text
	// of an envelope or of a whole calc response holding one, as a program
	// read it: `reckon verify` passes its input so, byte for byte, and a
	// model that wrote the object as a string is read the same way.
	Receipt json.RawMessage `json:"receipt"`
	Policy  *modelPolicy    `json:"policy"`
}

// modelPolicy is the part of a [receipt.Policy] the model may set: rules
// that only ever refuse more.
type modelPolicy struct {
	Periods         []string `json:"periods"`
	Provenance      []string `json:"provenance"`
	DenyInterpreted bool     `json:"deny_interpreted"`
	DenyConstants   bool     `json:"deny_constants"`
	RequireSupport  bool     `json:"require_support"`
}

// verifyReceiptTool is the verify_receipt tool.
func verifyReceiptTool(opts Options, indexed sourceIndex) Tool {
	return Tool{
		Name:              "verify_receipt",
		Description:       verifyReceiptDescription,
		InputSchema:       optionalSchema("verify_receipt"),
		StrictInputSchema: schema("verify_receipt", "input"),
		OutputSchema:      schema("verify_receipt", "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			return verifyReceipt(args, opts, indexed)
		},
		refuse: func(e *receipt.ErrorInfo) any { return refuseReport(e) },
	}
}

// verifyReceipt decodes the arguments and verifies the receipt with
// [receipt.Open], or, given as text, with [receipt.OpenResponse], which
// also holds a calc response to the receipt it carries; with the
// registered sources when there are any, so that every grounded quote is
// found again in its document.
func verifyReceipt(args json.RawMessage, opts Options, indexed sourceIndex) *receipt.Report {
	var a verifyArgs
	text, fast := receiptText(args) // the receipt as text, when it was given so
	if !fast {
		if e := decodeArgs(args, &a, "receipt_id, receipt and policy"); e != nil {
			return refuseReport(e)
		}
	}
	noEnvelope := len(a.Receipt) == 0 || string(a.Receipt) == "null"
	var env *dsse.Envelope
	var err error
	switch {
	case fast: // text, as receiptText read it
	case a.ReceiptID != "" && !noEnvelope:
		return refuseReport(&receipt.ErrorInfo{Code: fault.AmbiguousReceipt, Field: "receipt", Message: "both a receipt_id and a receipt were passed",
			Hint: "pass the receipt_id alone, with receipt null"})
	case a.ReceiptID != "":
		env, err = opts.Session.Receipt(a.ReceiptID)
		if err != nil {
			e := receipt.Describe(err)
			e.Field = "receipt_id"
			return refuseReport(e)
		}
	case noEnvelope:
		return refuseReport(&receipt.ErrorInfo{Code: fault.MissingField, Field: "receipt", Message: "the receipt is missing",
			Hint: "pass the receipt_id calculate returned, or the receipt envelope exactly as calculate returned it"})
	case a.Receipt[0] == '"':
		var s string
		if err := json.Unmarshal(a.Receipt, &s); err != nil { // decodeArgs has checked it
			return refuseReport(receipt.Describe(err))
		}
		text = []byte(s)
	default:
		if env, err = dsse.Decode(a.Receipt); err != nil {
			return refuseReport(receipt.Describe(err))
		}
	}
	policy, err := mergePolicy(opts.Policy, a.Policy)
	if err != nil {
		return refuseReport(receipt.Describe(err))
	}
	vo := receipt.VerifyOptions{Trusted: opts.Trusted, Policy: policy}
	if hasSources(opts) {
		s, err := indexed()
		if err != nil {
			e := quoteError(err)
			return refuseReport(&receipt.ErrorInfo{Code: e.Code, Message: e.Msg, Hint: e.Hint})
		}
		vo.Sources = s
	}
	vo.Report = &receipt.Report{} // the report, accepted or not, is the answer
	if text != nil {
		receipt.OpenResponse(text, vo)
		if vo.Report.ID == "" {
			env, _ = receipt.ResponseEnvelope(text)
		}
	} else {
		receipt.Open(env, vo)
	}
	if vo.Report.ID == "" && env != nil {
		// Refused before the payload was verified: the id as the payload
		// names it, where it decodes at all, so that a report can be
		// matched to its receipt, one of a batch's thousands.
		if r, err := receipt.Inspect(env); err == nil {
			vo.Report.ID = r.ID
		}
	}
	return vo.Report
}

// mergePolicy adds the model's rules to the application's. A list both
// set is narrowed to the labels in both; a denial either sets holds.
func mergePolicy(base receipt.Policy, m *modelPolicy) (receipt.Policy, error) {
	p := base
	if m == nil {
		return p, nil
	}
	var ok1, ok2 bool
	p.Periods, ok1 = narrow(base.Periods, m.Periods)
	p.Provenance, ok2 = narrow(base.Provenance, m.Provenance)
	if !ok1 || !ok2 {
		return p, &fault.Error{Code: fault.BadPolicy, Field: "policy",
			Msg:  "the policy allows no period or no provenance: the application allows only periods " + list(base.Periods) + " and provenance " + list(base.Provenance),
			Hint: "use [] or values the application allows"}
	}
	p.DenyInterpreted = base.DenyInterpreted || m.DenyInterpreted
	p.DenyConstants = base.DenyConstants || m.DenyConstants
	p.RequireSupport = base.RequireSupport || m.RequireSupport
	// Round-trip through DecodePolicy so the model's labels are checked
	// exactly as a policy file's would be.
	b, err := json.Marshal(p)
	if err != nil {
		return p, err
	}
	return receipt.DecodePolicy(b)
}

// narrow intersects two allow-lists, where an empty list allows anything.
// It reports false when both are set and share nothing.
func narrow(base, extra []string) ([]string, bool) {
	switch {
	case len(extra) == 0:
		return base, true
	case len(base) == 0:
		return extra, true
	}
	var out []string
	for _, s := range extra {
		if slices.Contains(base, s) {
			out = append(out, s)
		}
	}
	return out, len(out) > 0
}

// list prints an allow-list for a message; empty means any.
func list(l []string) string {
	if len(l) == 0 {
		return "(any)"
	}
	return strings.Join(l, ", ")
}

// refuseReport is the verify_receipt answer for a request that could not be
// checked at all.
func refuseReport(e *receipt.ErrorInfo) *receipt.Report {
	return &receipt.Report{SignedBy: []string{}, Reasons: []receipt.Reason{{
		Code: e.Code, Message: e.Message, Field: e.Field, Hint: e.Hint}}}
}
