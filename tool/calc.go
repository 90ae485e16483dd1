package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
)

const calculateDescription = `Do arithmetic on numbers read from documents. You transcribe, reckon computes: never do the arithmetic yourself, and quote the "value" or "display" this tool returns.

Pass:
- formula: the calculation over input names, e.g. "(current_debt + long_term_debt) / (operating_income + depreciation)". Allowed: + - * / ( ), unary minus, abs(), min(), max(), mean(), decimal literals.
- inputs: one entry per name in the formula. "display" is the number exactly as the source prints it, always as a JSON string ("6,692", "(799)", "1,09,638.91", "12.5%"); never a JSON number, never converted or rescaled. Put the stated scale in "scale" ("million", "crore", or "") and the unit in "unit" ("USD", "ratio", "percent", "count", ...). Give the fields the schema requires; any other field left out, or given as "", means there is nothing to say.
- output: unit, scale, places (an integer or null for no rounding), rounding and grouping; "" lets reckon infer.
- operation and params, in place of a formula, for what a formula cannot express: loan payments and other time value of money, growth, payoff plans, dates and cost (the operation field lists each operation, its signs and the inputs it takes). Always set params.rate_convention from what the source says: "nominal" for an APR (US mortgages: 6% APR is 0.5% a month; give periods_per_year "12"), "effective" for an annual effective rate, "periodic" for a rate per period. If the source does not say, ask; never pick one. Give formula "" with an operation, and operation "" with every param "" for a formula.
- source: the name of the registered document an input was read from, or "". When documents are registered (listed at the end), every input with provenance "text" must name one, and its quote must be in it verbatim.
- interpretation: kind "source_defined" if the source defines the metric this way, else "interpreted" with a note saying which definition you chose.

Answer: {"ok": true, "result": {"value": "1.344", "display": "1.344×", ...}, "expanded": "...", "receipt_id": "r_...", "receipt": {...}}. Keep the receipt_id: pass it to check_claims (receipt_ids) or verify_receipt to back the number; never copy the receipt itself.
If "ok" is false, nothing was computed: read error.code, error.message, error.hint and error.field (and error.span, byte offsets into the formula), fix that part of the request and call again.`

// calculateTool is the calculate tool: the JSON contract's request in, its
// response out.
func calculateTool(opts Options, indexed sourceIndex) Tool {
	signers := []dsse.Signer{dsse.Unsigned()} // no Signer in the options: receipts unsigned, as Options says
	if opts.Signer != nil {
		signers = []dsse.Signer{opts.Signer}
	}
	desc := calculateDescription + todayLine(opts)
	if names := SourceNames(opts); len(names) > 0 {
		desc += "\nSources (name each input's source): " + strings.Join(names, ", ") + "."
	}
	return Tool{
		Name:              "calculate",
		Description:       desc,
		InputSchema:       optionalSchema("calculate"),
		StrictInputSchema: schema("calculate", "input"),
		OutputSchema:      schema("calculate", "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			req, err := receipt.DecodeRequest(args)
			if err != nil {
				return refuseCalc(opts, args, &receipt.Response{ID: recoverID(args), Error: receipt.Describe(err)})
			}
			if opts.Today != nil && opts.TodayNote == "" {
				req.Today = opts.Today() // per call, never from the arguments: a model does not know the date
			}
			if hasSources(opts) {
				// The application's sources, never the arguments': a model
				// cannot register a document to ground its own numbers.
				s, err := indexed()
				if err != nil {
					e := quoteError(err)
					return refuseCalc(opts, args, &receipt.Response{ID: req.ID,
						Error: &receipt.ErrorInfo{Code: e.Code, Message: e.Msg, Hint: e.Hint}})
				}
				req.Sources = s
			}
			resp := receipt.Respond(req, signers...)
			if !resp.OK && resp.Error.Code == fault.TodayNotInjected && opts.Today != nil && opts.TodayNote != "" {
				resp = receipt.Respond(withStandInToday(req, opts), signers...)
			}
			if !resp.OK {
				return refuseCalc(opts, args, resp)
			}
			if opts.Stateless {
				return resp // the contract's response, as receipt.Respond gives it
			}
			id, err := opts.Session.Keep(resp.Receipt, args)
			if err != nil {
				return &calcAnswer{Response: &receipt.Response{ID: resp.ID, Error: receipt.Describe(err)}}
			}
			a := &calcAnswer{Response: resp, ReceiptID: id}
			if why := wontBack(opts, resp.Receipt); why != "" {
				a.BacksProse, a.Why = new(false), why
			}
			return a
		},
		refuse: func(e *receipt.ErrorInfo) any { return &receipt.Response{Error: e} },
	}
}

// withStandInToday returns req with today set to the stand-in date of
// opts.Today, which [Options].TodayNote describes, and its interpretation
// saying so: a receipt whose date was not the user's choice must not read
// as if it were.
func withStandInToday(req *receipt.Request, opts Options) *receipt.Request {
	r := *req
	r.Today = opts.Today()
	note := "today " + r.Today + " is " + opts.TodayNote
	switch it := req.Interpretation; {
	case it == nil || it.Kind == "" || it.Kind == receipt.SourceDefined:
		r.Interpretation = &receipt.Interpretation{Kind: receipt.Interpreted, Note: note}
	default:
		r.Interpretation = &receipt.Interpretation{Kind: it.Kind, Note: it.Note + "; " + note}
	}
	return &r
}

// todayLine tells the model where today comes from: the application, at
// each call. The date at the time the tools were made is shown so that a
// model can write it, but date_range resolves against the date of the call.
// Without a today the model is told that relative dates are refused, so
// that it asks rather than guesses.
func todayLine(opts Options) string {
	switch {
	case opts.Today != nil && opts.TodayNote != "":
		// Today is called only when a calculation needs it: a stand-in
		// date is not shown as if it were the user's.
		return "\nToday's date is not the user's: date_range takes " + opts.TodayNote + ", and its receipt says so. Ask the user for the dates when they matter."
	case opts.Today == nil:
		return "\nToday's date is not given to reckon: date_range is refused (today_not_injected). Never supply a date of your own for \"today\"; ask the user for the dates."
	}
	return "\nToday is " + opts.Today() + ", as the application gives it at each call (never guess a date from your training): for \"the last 10 days\" or \"since March\" call operation date_range with params.phrase as the user wrote it, and use the interval it returns."
}

// calcAnswer is calculate's answer: the JSON contract's response and the id
// under which the session keeps its receipt.
type calcAnswer struct {
	*receipt.Response
	ReceiptID string `json:"receipt_id,omitempty"`
	// BacksProse is false, with Why, when it is already known that the
	// receipt will not back a number in prose at check_claims.
	BacksProse *bool  `json:"backs_prose,omitempty"`
	Why        string `json:"why,omitempty"`
}

// wontBack returns why a receipt will not back prose at check_claims,
// when that is known as it is made, or "": it is unsigned, or an input
// read from a document is not grounded (no source is registered, or the
// input names none, or it was read from a page image).
func wontBack(opts Options, env *dsse.Envelope) string {
	switch {
	case opts.Signer == nil && !opts.Policy.AllowUnsigned:
		return "the receipt is unsigned: the server has no signing key, and check_claims refuses unsigned receipts"
	case opts.Signer != nil && opts.Policy.Threshold > 1:
		return fmt.Sprintf("the receipt has one signature, and check_claims requires %d", opts.Policy.Threshold)
	}
	r, err := receipt.Inspect(env)
	if err != nil {
		return ""
	}
	if len(r.Inputs) == 0 {
		return "the receipt has no input: its result comes from the formula's literals, which back no number"
	}
	accepts := func(p string) bool { return slices.Contains(opts.Claim.Accept, p) }
	for _, in := range r.Inputs {
		switch {
		case in.Provenance == receipt.ProvenanceUser && opts.Claim.Question == "" && !accepts(receipt.ProvenanceUser):
			return fmt.Sprintf("input %s is the user's, and the application gives check_claims no question to find it in: it is ungrounded", in.Name)
		case in.Provenance == receipt.ProvenancePageImage && in.Grounding == nil && !accepts(receipt.ProvenancePageImage):
			return fmt.Sprintf("input %s is read from a page image, which no registered source backs: check_claims refuses it unless the application accepts that provenance", in.Name)
		case in.Provenance == receipt.ProvenanceText && in.Grounding == nil && !hasSources(opts):
			return fmt.Sprintf("no source is registered: input %s, read from a document, is ungrounded", in.Name)
		case in.Provenance == receipt.ProvenanceText && in.Grounding == nil:
			return fmt.Sprintf("input %s names no registered source: it is ungrounded", in.Name)
		}
	}
	return ""
}

// refuseCalc records a refused calculation in the session's ledger and
// returns the refusal; a stateless set records nothing and answers the
// response alone. A ledger that is full does not change the answer: the
// calculation was refused either way, and the session counts what it
// could not keep.
func refuseCalc(opts Options, args json.RawMessage, resp *receipt.Response) any {
	if opts.Stateless {
		return resp
	}
	_, _ = opts.Session.Record(session.Entry{Tool: nameCalculate, Codes: []string{resp.Error.Code}, Asked: args})
	return &calcAnswer{Response: resp}
}
