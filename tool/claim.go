package tool

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
)

const checkClaimsDescription = `Check an answer before it is shown: every number in its text must be backed by the result or an input of a receipt that calculate returned, or by a value the application supplied. Call it with your final answer; release the answer only when "ok" is true.

Pass: {"text": "<the answer exactly as the user will read it>", "receipts": [<each receipt envelope from calculate, unchanged>]}. Use [] when there are none. The application's own values, the trusted keys and which numbers are not claims (years, dates, list numbers, ...) are configured by the application, not passed here.

Answer: "ok" true when every receipt verified and every number is backed. "mentions" lists each number found, with "backed", what backs it ("by"), and for an unbacked one the "reason" (not_backed, no_exact_value, unit_mismatch) and the "nearest" value it would print if it were right. "refusals" says why the text may not be released, each with a code, a message, a hint and the number's byte "span". Fix the text (use the backed value, or call calculate for a number you derived) and call again. If "error" is set, the request itself was refused: read error.code and error.hint.`

// claimArgs are the arguments of check_claims.
type claimArgs struct {
	Text     string            `json:"text"`
	Receipts []json.RawMessage `json:"receipts"`
}

// checkClaimsTool is the check_claims tool, the release gate, over the facts,
// trusted keys and policy of opts.
func checkClaimsTool(opts Options) Tool {
	return Tool{
		Name:         "check_claims",
		Description:  checkClaimsDescription,
		InputSchema:  schema("check_claims", "input"),
		OutputSchema: schema("check_claims", "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			var a claimArgs
			if e := decodeArgs(args, &a, "text and receipts"); e != nil {
				return refuseClaims(e)
			}
			if a.Receipts == nil {
				a.Receipts = []json.RawMessage{}
			}
			// The application's facts join the model's text and receipts,
			// and the whole goes through claim.ParseRequest, so that every
			// receipt and fact is read exactly as `reckon claims` reads it.
			wire, err := json.Marshal(map[string]any{"text": a.Text, "receipts": a.Receipts, "facts": facts(opts.Facts)})
			if err != nil {
				return refuseClaims(receipt.Describe(err))
			}
			req, err := claim.ParseRequest(wire)
			if err != nil {
				return claim.RefusedReport(err)
			}
			req.Ignore = nil // the application's classes, from opts.Claim
			return claim.Check(req, opts.Trusted, opts.Policy, opts.Claim)
		},
		refuse: func(e *receipt.ErrorInfo) any { return refuseClaims(e) },
	}
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
	return claim.RefusedReport(&claim.Error{Code: e.Code, Msg: msg, Hint: e.Hint})
}
