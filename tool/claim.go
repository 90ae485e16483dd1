package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
)

const checkClaimsDescription = `Check an answer before it is shown: every number in its text must be backed by the result or an input of a receipt that calculate returned, or by a value the application supplied. Call it with your final answer; release the answer only when "ok" is true.

Pass: {"text": "<the answer exactly as the user will read it>", "question": "<the user's question, or \"\">", "receipt_ids": [<each receipt_id calculate returned for this answer>], "receipts": []}. receipts takes receipt envelopes from elsewhere, unchanged; use [] when there are none. A number of the question is not exempt: it too must be backed. The application's own values, the trusted keys and which numbers are not claims (years, dates, list numbers, ...) are configured by the application, not passed here.

Answer: "ok" true when every receipt verified and every number is backed. "mentions" lists each number found, with "backed", what backs it ("by"), and for an unbacked one the "reason" (not_backed, no_exact_value, unit_mismatch, contradicts_fact, ungrounded_receipt, literal_not_allowed, result_ignores_inputs) and the "nearest" value it would print if it were right. A receipt backs numbers only when every input was read from a source, the question or a fact, and its formula adds no number of your own; an application fact outranks any receipt. "refusals" says why the text may not be released, each with a code, a message, a hint and the number's byte "span". Fix the text (use the backed value, or call calculate for a number you derived) and call again. If "error" is set, the request itself was refused: read error.code and error.hint.`

// claimArgs are the arguments of check_claims.
type claimArgs struct {
	Text       string            `json:"text"`
	Question   string            `json:"question"`
	Receipts   []json.RawMessage `json:"receipts"`
	ReceiptIDs []string          `json:"receipt_ids"`
}

// checkClaimsTool is the check_claims tool, the release gate, over the facts,
// trusted keys and policy of opts, and its registered sources, indexed
// once and shared with the other tools: every receipt's groundings are
// found again in them.
func checkClaimsTool(opts Options, indexed sourceIndex) Tool {
	return Tool{
		Name:              "check_claims",
		Description:       checkClaimsDescription,
		InputSchema:       optionalSchema("check_claims"),
		StrictInputSchema: schema("check_claims", "input"),
		OutputSchema:      schema("check_claims", "output"),
		run: func(ctx context.Context, args json.RawMessage) any {
			rep, released := checkClaims(args, opts, indexed)
			if opts.Stateless {
				return rep
			}
			codes := make([]string, len(rep.Refusals))
			for i, r := range rep.Refusals {
				codes[i] = r.Code
			}
			entry := session.Entry{Tool: nameCheckClaims, OK: rep.OK, Codes: codes, Asked: args}
			var answer any = rep
			if rep.OK && opts.Log != nil {
				// A release is appended to the log before it is recorded:
				// the log may hold a release whose record then failed, and
				// so was never given, but never misses one that was.
				inc, err := opts.Log.Append(ctx, released)
				if err != nil {
					e := receipt.Describe(err)
					entry.OK, entry.Codes = false, []string{e.Code}
					_, _ = opts.Session.Record(entry) // kept as refused: it was not released
					return refuseClaims(e)
				}
				answer = logged{rep, &inc}
				entry.Answer, _ = json.Marshal(struct {
					Inclusion *ledger.Inclusion `json:"inclusion"`
				}{&inc})
			}
			// The draft is kept, released or refused; a gate that could
			// not keep it does not release it.
			if _, err := opts.Session.Record(entry); err != nil && rep.OK {
				return refuseClaims(receipt.Describe(err))
			}
			return answer
		},
		refuse: func(e *receipt.ErrorInfo) any { return refuseClaims(e) },
	}
}

// logged is check_claims' answer for a release appended to the log.
type logged struct {
	claim.Report
	Inclusion *ledger.Inclusion `json:"inclusion"`
}

// checkClaims decodes the arguments, resolves the receipt ids against the
// session and runs the gate. released is the log's leaf of the answer:
// the ids of the receipts it gave and the digest of its text.
func checkClaims(args json.RawMessage, opts Options, indexed sourceIndex) (rep claim.Report, released []byte) {
	var a claimArgs
	if e := decodeArgs(args, &a, "text, question, receipts and receipt_ids"); e != nil {
		return refuseClaims(e), nil
	}
	receipts := make([]any, 0, len(a.Receipts)+len(a.ReceiptIDs))
	for _, r := range a.Receipts {
		receipts = append(receipts, r)
	}
	if len(receipts)+len(a.ReceiptIDs) > claim.MaxReceipts {
		return refuseClaims(&receipt.ErrorInfo{Code: fault.TooManyReceipts, Field: "receipt_ids",
			Message: fmt.Sprintf("%d receipts and ids, over the limit of %d", len(receipts)+len(a.ReceiptIDs), claim.MaxReceipts),
			Hint:    "pass only the receipts of the numbers in this text"}), nil
	}
	for i, id := range a.ReceiptIDs {
		env, err := opts.Session.Receipt(id)
		if err != nil {
			e := receipt.Describe(err)
			e.Field = fmt.Sprintf("receipt_ids[%d]", i)
			return refuseClaims(e), nil
		}
		receipts = append(receipts, env)
	}
	// The application's question wins; a question the model passes is
	// read (its numbers are of class question), but never exempts a
	// number from being backed: a model could otherwise launder any
	// number by asking about it.
	copts := opts.Claim
	if hasSources(opts) && copts.Sources == nil {
		// The application registered documents: a receipt backs prose
		// only when its quotes are in the application's own copy, not
		// merely in the document it says it was grounded in.
		s, err := indexed()
		if err != nil {
			e := quoteError(err)
			return refuseClaims(&receipt.ErrorInfo{Code: e.Code, Message: e.Msg, Hint: e.Hint}), nil
		}
		copts.Sources = s
	}
	question := a.Question
	if copts.Question != "" {
		question = ""
	} else if question != "" {
		copts.Ignore = withoutQuestion(copts.Ignore)
		// Nor does it ground an input of provenance user.
		copts.ModelQuestion = true
	}
	// The application's facts join the model's text and receipts, and the
	// whole goes through claim.ParseRequest, so that every receipt and fact
	// is read exactly as `reckon claims` reads it.
	wire, err := json.Marshal(map[string]any{"text": a.Text, "question": question, "receipts": receipts, "facts": facts(opts.Facts)})
	if err != nil {
		return refuseClaims(receipt.Describe(err)), nil
	}
	req, err := claim.ParseRequest(wire)
	if err != nil {
		return claim.RefusedReport(err), nil
	}
	req.Ignore = nil // the application's classes, from opts.Claim
	ids := make([]string, len(req.Receipts))
	for i, env := range req.Receipts {
		ids[i] = receipt.EnvelopeID(env)
	}
	return claim.Check(req, opts.Trusted, opts.Policy, copts), ledger.Leaf(ids, ledger.Digest([]byte(a.Text)))
}

// withoutQuestion removes the class question from an ignore set, zero
// meaning the default.
func withoutQuestion(c claim.Class) claim.Class {
	if c == 0 {
		c = claim.DefaultIgnore
	}
	if c&claim.IgnoreNone != 0 {
		return c
	}
	if c &^= claim.InQuestion; c == 0 {
		return claim.IgnoreNone
	}
	return c
}

// facts never encodes as null, which ParseRequest would refuse.
func facts(f []claim.Fact) []claim.Fact {
	if f == nil {
		return []claim.Fact{}
	}
	return f
}

// refuseClaims is the check_claims answer for a request that was not
// checked.
func refuseClaims(e *receipt.ErrorInfo) claim.Report {
	msg := e.Message
	if e.Field != "" && !strings.Contains(msg, e.Field) {
		msg = e.Field + ": " + msg
	}
	return claim.RefusedReport(&fault.Error{Code: e.Code, Msg: msg, Hint: e.Hint})
}
