package receipt

import (
	"slices"

	"github.com/reckonhq/reckon/dsse"
)

// Response is the JSON contract's answer to one request: the same shape from
// the Go API, the CLI and every tool. Exactly one of fault.Error and the
// Result/Expanded/Receipt trio is set.
type Response struct {
	ID       string         `json:"id"`                 // the request's id
	OK       bool           `json:"ok"`                 // true when a result was computed
	Result   *Result        `json:"result,omitempty"`   // the presented result
	Expanded string         `json:"expanded,omitempty"` // the formula with printed values substituted
	Receipt  *dsse.Envelope `json:"receipt,omitempty"`  // the receipt, signed or with no signatures
	Error    *ErrorInfo     `json:"error,omitempty"`    // why the request was refused
}

// Respond calculates req and wraps the outcome in a [Response]. The receipt
// is sealed as [Seal] seals it: signed by every signer given, or with no
// signature when [dsse.Unsigned] is the one given; with no signer the response
// is refused (no_signers). Respond never fails: a refusal is a response
// with OK false and an fault.Error.
func Respond(req *Request, signers ...dsse.Signer) *Response {
	resp := &Response{}
	if req != nil {
		resp.ID = req.ID
	}
	r, err := Calculate(req) // refuses a nil req
	if err == nil {
		resp.Receipt, err = Seal(r, signers...)
	}
	if err != nil {
		resp.Error = Describe(err)
		return resp
	}
	resp.OK, resp.Result, resp.Expanded = true, &r.Result, r.Expanded
	return resp
}

// Seal encodes r canonically and wraps it in a DSSE envelope signed by each
// signer: the one door of signing. [dsse.Unsigned], given alone, asks for an
// envelope with no signatures; no signer, a nil one, or dsse.Unsigned() beside
// others is refused with a [*fault.Error] of code no_signers. A nil r is
// refused with code missing_field. Each signature is over dsse.PAE(PayloadType,
// payload), so the type is authenticated with the bytes; more than
// [dsse.MaxSignatures] signers, a key id that is not UTF-8, or a signature that
// is not 64 bytes is refused, and a signer's own error is returned wrapped,
// naming its key id.
//
// A receipt the application grounded itself after [Calculate], by filling
// an input's Grounding, is sealed as it verifies: with the v2 type its
// fields call for ([TypeV2], [TypeOperationV2]) even when r.Type says v1,
// and with each grounded input's Source set to its grounding's source when
// it was left empty. r itself is not changed.
func Seal(r *Receipt, signers ...dsse.Signer) (*dsse.Envelope, error) {
	if r == nil {
		return nil, missing("receipt", "seal the receipt a calculation returned")
	}
	r = r.sealable()
	payload, err := r.Encode()
	if err != nil {
		return nil, err
	}
	return dsse.Sign(PayloadType, payload, signers...)
}

// sealable returns r, or a copy of it completed as [Seal] says.
func (r *Receipt) sealable() *Receipt {
	unnamed := slices.ContainsFunc(r.Inputs, func(in InputRecord) bool { return in.Grounding != nil && in.Source == "" })
	if unnamed {
		c := *r
		c.Inputs = slices.Clone(r.Inputs)
		for i := range c.Inputs {
			if g := c.Inputs[i].Grounding; g != nil && c.Inputs[i].Source == "" {
				c.Inputs[i].Source = g.Source
			}
		}
		r = &c
	}
	if want := r.wantType(); r.Type == TypeV1 && want == TypeV2 || r.Type == TypeOperationV1 && want == TypeOperationV2 {
		c := *r
		c.Type = want
		r = &c
	}
	return r
}
