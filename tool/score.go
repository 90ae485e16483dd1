package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
)

const scoreVerdictsIntro = `Score a judgement. You rate each criterion with one verdict word and quote the sources as evidence; reckon checks every quote against the source it names and computes every point and the total. Never compute a score yourself.

Pass: {"blocks": "<your blocks, in the format below, as one markdown string>"}. The rubric and the sources are the application's; you only name the sources.

Answer: "ok" true with "total" {points, out_of, percent} and one entry per criterion in "criteria" (the verdict scored, points, each citation found or not, flags). A citation not found has a "reason" and maybe a "nearest" passage; under the default policy its verdict is scored NONE (flag "downgraded"): fix the quote and call again. "verified" (also "citations_found") means every citation was found, not that a verdict is right; "evidence_ok" adds that no passage backs two criteria and no STRONG rests on a lone negated passage. "needs_input" lists your NEEDS INPUT questions. If "ok" is false, nothing was scored: each entry of "errors" has a code, the line of your blocks, a message and a hint; fix them all and call again.

The instructions for writing the blocks follow.

`

// scoreVerdictsTool is the score_verdicts tool over the rubric and sources
// of opts.
func scoreVerdictsTool(opts Options, index sourceIndex) Tool {
	rubric := scoring.GrantFit()
	if opts.Rubric != nil {
		rubric = *opts.Rubric
	}
	return Tool{
		Name:              "score_verdicts",
		Description:       scoreVerdictsIntro + scoring.Prompt(rubric, SourceNames(opts)),
		InputSchema:       optionalSchema("score_verdicts"),
		StrictInputSchema: schema("score_verdicts", "input"),
		OutputSchema:      schema("score_verdicts", "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			var a struct {
				Blocks string `json:"blocks"`
			}
			if e := decodeArgs(args, &a, "blocks"); e != nil {
				return refuseScore(e)
			}
			ix, err := index()
			if err != nil {
				return refuseScore(&receipt.ErrorInfo{Code: quoteError(err).Code, Message: err.Error(), Hint: quoteError(err).Hint})
			}
			rep, err := scoring.Score(a.Blocks, rubric, ix, opts.Scoring)
			if re := (*scoring.ReportError)(nil); errors.As(err, &re) {
				return *re.Report // every outcome, verified or not
			}
			return *rep
		},
		refuse: func(e *receipt.ErrorInfo) any { return refuseScore(e) },
	}
}

// refuseScore is the score_verdicts answer for a request that was not
// scored.
func refuseScore(e *receipt.ErrorInfo) scoring.Report {
	msg := e.Message
	if e.Field != "" && !strings.Contains(msg, e.Field) {
		msg = e.Field + ": " + msg
	}
	return scoring.Report{Criteria: []scoring.CriterionReport{}, NeedsInput: []scoring.Question{},
		Errors: scoring.ErrorList{{Code: e.Code, Msg: msg, Hint: e.Hint}}}
}
