package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

// maxQuoteRequest bounds a quote request read from stdin: a thousand quotes
// of a paragraph each fit in well under 4 MiB.
const maxQuoteRequest = 4 << 20

// runQuote is `reckon quote -source NAME=FILE…`: a request of quotes on
// stdin, each naming the source it claims to come from; a report on stdout
// with, for each quote, whether it was found, where, at which tier, and
// otherwise the nearest candidate. It exits 0 only if every quote is found.
func runQuote(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("quote", "-source NAME=FILE… [-ellipsis] [FILE]\n\n"+
		"Reads quotes from FILE or stdin, one JSON object:\n"+
		"  {\"quotes\": [{\"id\": \"q1\", \"source\": \"annual-report\", \"text\": \"net income was $5,007 million\"}]}\n"+
		"and reports for each whether it appears verbatim in the source it names (exit 1 when any does not).", stderr)
	var sources sourceFlag
	flags.Var(&sources, "source", "check quotes against the text in `NAME=FILE`; repeat for several sources")
	ellipsis := flags.Bool("ellipsis", false, "let \"A … B\" match A then B within a bounded window (tier elided)")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	if len(sources.names) == 0 {
		fmt.Fprintln(stderr, "reckon quote: give at least one -source NAME=FILE")
		return exitUsage
	}
	indexes, err := sources.registered()
	if err != nil {
		fmt.Fprintf(stderr, "reckon quote: %v\n", err)
		return exitUsage
	}
	data, err := readCapped(stdin, maxQuoteRequest)
	if err != nil {
		fmt.Fprintf(stderr, "reckon quote: read request: %v\n", err)
		return exitRefused
	}
	var rep quote.Report
	if len(data) > maxQuoteRequest {
		rep = quote.Report{Results: []quote.Result{}, Error: &fault.Error{Code: fault.BadRequest,
			Msg: fmt.Sprintf("request is over %d bytes", maxQuoteRequest), Hint: "send fewer quotes at a time"}}
	} else if req, err := quote.ParseRequest(data); err != nil {
		rep = quote.Report{Results: []quote.Result{}, Error: asQuoteError(err)}
	} else {
		results, err := quote.Check(req, indexes, quote.Options{Ellipsis: *ellipsis})
		rep = quote.Report{OK: true, Results: results}
		if re := (*quote.ReportError)(nil); errors.As(err, &re) {
			rep = *re.Report // every outcome, found or not
		}
	}
	if _, err := stdout.Write(encodeLine(rep)); err != nil {
		return exitRefused
	}
	if !rep.OK {
		missing := 0
		for _, r := range rep.Results {
			if !r.Found {
				missing++
			}
		}
		fmt.Fprintf(stderr, "reckon quote: %d of %d quotes not found\n", missing, len(rep.Results))
		return exitRefused
	}
	return exitOK
}

func asQuoteError(err error) *fault.Error {
	var qe *fault.Error
	if errors.As(err, &qe) {
		return qe
	}
	return &fault.Error{Code: fault.BadRequest, Msg: err.Error(), Hint: "send {\"quotes\": [{\"id\", \"source\", \"text\"}]}"}
}
