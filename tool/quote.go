package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
)

const verifyQuotesDescription = `Check that quotes are verbatim passages of the source documents they cite. The application registers the documents; you only name them. Use this before you rely on a quote.

Pass: {"quotes": [{"id": "q1", "source": "<document name>", "text": "<the quote, copied verbatim, at least 3 words>"}]}.
Line wrapping, case, curly quotes, dashes, hyphenation at line ends and markdown are forgiven; changed words or numbers are not.

Answer: "ok" is true only when every quote was found in the source it names. For each quote, "found", the "tier" of normalization needed, and "matched", the source's own text. A quote not found has a "reason": not_found (fix the quote; "nearest" shows the closest passage and "nearest.differs" what differs first), wrong_source (it is in nearest.source instead), unknown_source (use one of the names below), too_short (quote more words). If "ok" is false with an "error", the request itself was refused: read error.code and error.hint.`

// verifyQuotesTool is the verify_quotes tool over the sources of opts.
func verifyQuotesTool(opts Options, index sourceIndex) Tool {
	names := SourceNames(opts)
	desc := verifyQuotesDescription + "\n\nSources: none are registered; every quote will be unknown_source."
	if len(names) > 0 {
		desc = verifyQuotesDescription + "\n\nSources: " + strings.Join(names, ", ") + "."
	}
	return Tool{
		Name:              "verify_quotes",
		Description:       desc,
		InputSchema:       optionalSchema("verify_quotes"),
		StrictInputSchema: schema("verify_quotes", "input"),
		OutputSchema:      schema("verify_quotes", "output"),
		run: func(_ context.Context, args json.RawMessage) any {
			// The request is read by quote's own reader, as calculate's is
			// by receipt's: its refusals show the request's shape.
			if e := argsTooLarge(args); e != nil {
				return refuseQuotes(e)
			}
			req, err := quote.ParseRequest(args)
			if err != nil {
				return quote.Report{Results: []quote.Result{}, Error: quoteError(err)}
			}
			ix, err := index()
			if err != nil {
				return quote.Report{Results: []quote.Result{}, Error: quoteError(err)}
			}
			return quoteReport(quote.Check(req, ix, opts.Quote))
		},
		refuse: func(e *receipt.ErrorInfo) any { return refuseQuotes(e) },
	}
}

// refuseQuotes is the verify_quotes answer for a request that was not
// checked. fault.Error carries no field, so the field joins the message.
func refuseQuotes(e *receipt.ErrorInfo) quote.Report {
	msg := e.Message
	if e.Field != "" && !strings.Contains(msg, e.Field) {
		msg = e.Field + ": " + msg
	}
	return quote.Report{Results: []quote.Result{}, Error: &fault.Error{Code: e.Code, Msg: msg, Hint: e.Hint}}
}

// quoteError converts an error of indexing the sources for the answer.
func quoteError(err error) *fault.Error {
	var list scoring.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return &fault.Error{Code: list[0].Code, Msg: list[0].Msg, Hint: list[0].Hint}
	}
	var qe *fault.Error
	if errors.As(err, &qe) {
		return qe
	}
	return &fault.Error{Code: fault.Internal, Msg: err.Error(), Hint: hintBug}
}

// quoteReport is the verify_quotes answer for what [quote.Check] returned:
// the whole report, whether every quote was found or not.
func quoteReport(results []quote.Result, err error) quote.Report {
	var re *quote.ReportError
	switch {
	case errors.As(err, &re):
		return *re.Report
	case err != nil:
		return quote.Report{Results: []quote.Result{}, Error: quoteError(err)}
	}
	return quote.Report{OK: true, Results: results}
}
