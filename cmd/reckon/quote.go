package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/tool"
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
	opts := tool.Options{Tools: []string{"verify_quotes"}, Stateless: true,
		Documents: sources.documents(), Quote: quote.Options{Ellipsis: *ellipsis}}
	data, err := readCapped(stdin, maxQuoteRequest)
	if err != nil {
		fmt.Fprintf(stderr, "reckon quote: read request: %v\n", err)
		return exitRefused
	}
	answer, refused := quoteAnswer(tool.All(opts)[0], data)
	if _, err := stdout.Write(append(answer, '\n')); err != nil {
		return exitRefused
	}
	if refused {
		var rep quote.Report
		_ = json.Unmarshal(answer, &rep) // the tool's answer: a report of every quote
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

// quoteAnswer is verify_quotes' answer to data, the request read from
// stdin, and whether it is a refusal. A request over the limit, which the
// command did not read whole, is refused here with code bad_request.
func quoteAnswer(t tool.Tool, data []byte) ([]byte, bool) {
	if len(data) > maxQuoteRequest {
		b, _ := json.Marshal(quote.Report{Results: []quote.Result{}, Error: &fault.Error{Code: fault.BadRequest,
			Msg: fmt.Sprintf("request is over %d bytes", maxQuoteRequest), Hint: "send fewer quotes at a time"}})
		return b, true
	}
	return call(t, data)
}
