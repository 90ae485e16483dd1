package claim

import (
	"encoding/json"
	"errors"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/receipt"
)

// Limits on one request. [Check] refuses a request over any of them rather
// than check part of it: a gate that skipped numbers would release them.
const (
	// MaxRequestBytes bounds the JSON that [ParseRequest] reads: a few
	// receipts of a few kilobytes each, facts and an answer fit in far
	// less than 4 MiB.
	MaxRequestBytes = 4 << 20
	// maxTextBytes bounds the text and the question: an answer a person
	// reads is a few kilobytes; 256 KiB is a long report.
	maxTextBytes = 256 << 10
	// MaxReceipts bounds the receipts of one request; each is verified by
	// re-execution.
	MaxReceipts = 100
	// MaxFacts bounds the facts of one request, receipt results and inputs
	// included: each number is compared with each fact.
	MaxFacts = 2000
	// maxMentions bounds the numbers in one text, for the same reason.
	maxMentions = 2000
)

// Request is what the gate checks: the text a model wrote, the question it
// answers, the receipts of its calculations and the application's facts.
// Its JSON form is the input of `reckon claims` and the check_claims tool.
type Request struct {
	Text     string           `json:"text"`               // the answer as the user would read it
	Question string           `json:"question,omitempty"` // the question; its numbers are of class question
	Receipts []*dsse.Envelope `json:"receipts"`           // signed receipts whose results and inputs back numbers
	Facts    []Fact           `json:"facts"`              // authoritative values from the application
	// Ignore, when not nil, names the classes to ignore ("year", "date",
	// …) in place of the options'; an empty list ignores none.
	Ignore []string `json:"ignore"`
}

// Report is the outcome of [Check]: whether every receipt verified and
// every number is backed, each number with its verdict, and each refusal.
// Its JSON form is the output of `reckon claims` and the check_claims tool.
type Report struct {
	OK       bool              `json:"ok"`              // released: no refusals
	Mentions []MentionReport   `json:"mentions"`        // every number in the text, in order
	Receipts []*receipt.Report `json:"receipts"`        // the verification of each receipt, in order
	Refusals []Refusal         `json:"refusals"`        // why the text may not be released; empty when OK
	Error    *fault.Error      `json:"error,omitempty"` // set when the request itself was refused
}

// MentionReport is one number of the text and its verdict. Numbers are
// strings.
type MentionReport struct {
	Text    string   `json:"text"`             // the text's bytes [start, end)
	Start   int      `json:"start"`            // byte offset
	End     int      `json:"end"`              // byte offset
	Value   string   `json:"value"`            // the value at ones: "8367300000" for ₹836.73 crore
	Printed string   `json:"printed"`          // the number as printed, sign applied: "836.73"
	Places  int      `json:"places"`           // digits printed after the point
	Scale   string   `json:"scale"`            // the canonical scale word printed, "" for ones
	Unit    string   `json:"unit"`             // as Mention.Unit: "INR", "currency", "percent", "count", ""
	Symbol  string   `json:"symbol,omitempty"` // the currency sign, code or name printed
	Noun    string   `json:"noun,omitempty"`   // the noun of a count
	Classes []string `json:"classes"`          // the classes of non-claim it belongs to
	Ignored bool     `json:"ignored"`          // not a claim, so not checked
	Backed  bool     `json:"backed"`           // a fact or receipt value backs it
	By      *Source  `json:"by"`               // what backs it; null when not backed
	Reason  string   `json:"reason,omitempty"` // why not backed: not_backed, no_exact_value, unit_mismatch, contradicts_fact, ungrounded_receipt, …
	// Nearest is the nearest value of a compatible unit, at the scale and
	// places the number shows: what it would print were it right. Null
	// when no value of a compatible unit exists.
	Nearest   *string `json:"nearest"`
	NearestBy *Source `json:"nearest_by,omitempty"` // where Nearest comes from
}

// Refusal is one reason not to release a text, with a stable code:
// receipt_refused, not_backed, no_exact_value, unit_mismatch,
// contradicts_fact, ungrounded_receipt, literal_not_allowed,
// result_ignores_inputs, unreadable_number (a number printed in a form that
// is not read; it has a span but no mention), or the code of a refused
// request.
type Refusal struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`           // what was found, lower-case
	Hint    string  `json:"hint,omitempty"`    // what to do about it
	Receipt *int    `json:"receipt,omitempty"` // the index of the receipt refused
	Mention *int    `json:"mention,omitempty"` // the index of the number in mentions
	Span    *[2]int `json:"span,omitempty"`    // the number's byte offsets in the text
}

// ParseRequest reads one request strictly, with the decoder every reader
// at reckon's boundary uses: unknown fields, trailing data, a key given
// twice or in two cases, JSON numbers where strings belong, and more than
// [MaxRequestBytes] are refused with code bad_request; each receipt is read by
// [dsse.Decode], and each fact is parsed, so that a bad one is
// refused here (bad_fact) rather than reported by [Check].
func ParseRequest(data []byte) (Request, error) {
	var req Request
	if len(data) > MaxRequestBytes {
		return req, errorf(fault.BadRequest, "split the text or send fewer receipts",
			"request is %d bytes, over the limit of %d", len(data), MaxRequestBytes)
	}
	var wire struct {
		Text     string            `json:"text"`
		Question string            `json:"question"`
		Receipts []json.RawMessage `json:"receipts"`
		Facts    []Fact            `json:"facts"`
		Ignore   []string          `json:"ignore"`
	}
	if err := strictjson.Decode(data, &wire); err != nil {
		return req, badJSON(err)
	}
	req = Request{Text: wire.Text, Question: wire.Question, Facts: wire.Facts, Ignore: wire.Ignore}
	if len(wire.Receipts) > MaxReceipts {
		return req, tooManyReceipts(len(wire.Receipts))
	}
	for i, raw := range wire.Receipts {
		env, err := dsse.Decode(raw)
		if err != nil {
			info := receipt.Describe(err)
			return req, errorf(fault.BadRequest, info.Hint, "receipts[%d]: %s", i, info.Message)
		}
		req.Receipts = append(req.Receipts, env)
	}
	if _, err := req.validate(Options{}); err != nil {
		return req, err
	}
	return req, nil
}

// badJSON maps a refusal of [strictjson.Decode] into a [*fault.Error] of code
// bad_request: the message names the field as a path, such as
// "facts[0].value", and the hint for a fault is the one every reader at
// the boundary gives.
// The error type has no field, so the path leads the message, as
// [strictjson.Error.Error] prints it.
func badJSON(err error) *fault.Error {
	hint := "send one JSON object with the fields text, question, receipts, facts and ignore"
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return errorf(fault.BadRequest, hint, "%v", err)
	}
	return errorf(fault.BadRequest, se.Hint(hint), "%s", se.Error())
}

func tooManyReceipts(n int) *fault.Error {
	return errorf(fault.TooManyReceipts, "check the text against fewer receipts at a time",
		"%d receipts, over the limit of %d", n, MaxReceipts)
}

// validate checks the request's limits and facts, and resolves its options:
// the request's question and ignore list, when given, replace opts'.
func (req *Request) validate(opts Options) (Options, error) {
	switch {
	case len(req.Text) > maxTextBytes:
		return opts, errorf(fault.TextTooLarge, "check the text in parts", "text is %d bytes, over the limit of %d", len(req.Text), maxTextBytes)
	case len(req.Question) > maxTextBytes:
		return opts, errorf(fault.TextTooLarge, "give a shorter question", "question is %d bytes, over the limit of %d", len(req.Question), maxTextBytes)
	case len(req.Receipts) > MaxReceipts:
		return opts, tooManyReceipts(len(req.Receipts))
	case len(req.Facts) > MaxFacts:
		return opts, errorf(fault.TooManyFacts, "give only the facts the text may quote", "%d facts, over the limit of %d", len(req.Facts), MaxFacts)
	}
	for i, f := range req.Facts {
		if _, ok, err := dateFact(i, f); ok {
			if err != nil {
				return opts, err
			}
			continue
		}
		if _, err := factBacking(i, f); err != nil {
			return opts, err
		}
	}
	if req.Ignore != nil {
		c, err := ParseClasses(req.Ignore)
		if err != nil {
			return opts, err
		}
		opts.Ignore = c
	}
	if req.Question != "" {
		opts.Question = req.Question
	}
	return opts, nil
}
