package stories

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	_ "github.com/reckonhq/reckon/operation/standard" // date_range
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// searchResults is the search results page the copilot's model saw: 30
// cards of 84 matching documents.
//
//go:embed testdata/sources/search-results.txt
var searchResults string

// copilotToday is the date the copilot's application injects. It is fixed,
// so that the story prints the same every day; an application gives the
// user's date at each model call, and never keeps it in the conversation.
const copilotToday = "2026-11-30"

// Copilot is a search copilot that saw 30 cards of 84 matching documents
// and said 30, or 27: a count comes from the system of record, never from
// what the model happened to see. The share of the documents on the page,
// 35.7%, is computed from the index's count and the page. A similarity
// search has no exact count, so no number can claim one. And "documents
// created in the last 10 days" is resolved by date_range against the
// injected today, so a draft with a range guessed from the model's
// training data is refused.
func Copilot(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{"search-results": searchResults})
	if err != nil {
		return nil, err
	}
	// matching is the search index's count, a system of record: it backs
	// prose only because it equals the application's fact. shown is read
	// from the results page.
	matching := receipt.Input{Name: "matching", Display: "84", Unit: "count:documents", Label: "documents matching",
		Support: "the search index's count", Provenance: receipt.ProvenanceSystemOfRecord}
	shown := receipt.Input{Name: "shown", Display: "30", Unit: "count:documents", Label: "documents on the first page",
		Support: "search results page", Provenance: receipt.ProvenanceText,
		Source: "search-results", Quote: "Showing 30 of 84 matching documents"}
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}}

	fmt.Fprintln(w, "Q: How many documents did Jane Doe author, and what share of them is on this page? (the page says: Showing 30 of 84 matching documents)")

	one := 1
	share := &receipt.Request{ID: "share-on-first-page", Formula: "shown / matching", Inputs: []receipt.Input{matching, shown},
		Output: units.Output{Unit: "percent", Places: &one, Rounding: "half_even"}, Sources: sources}
	resp, err := reckoned(w, "Answer", share, signer, trusted)
	if err != nil {
		return nil, err
	}

	fmt.Fprintln(w, "\nBefore the answer leaves: every number must be backed")
	for _, text := range []string{
		"Jane Doe authored 27 documents.",
		"Jane Doe authored 30 documents.",
		"Jane Doe authored 84 documents; this page shows 35.7% of them.",
	} {
		d := claim.Gate(claim.Request{Text: text, Receipts: []*dsse.Envelope{resp.Receipt}, Facts: facts},
			trusted, receipt.Policy{}, claim.Options{})
		showGate(w, text, d)
	}

	fmt.Fprintln(w, "\nA similarity search has no exact count")
	text := "About 120 documents discuss the topic."
	similar := []claim.Fact{claim.NoExactValue("documents similar to the query", "count:documents")}
	showGate(w, text, claim.Gate(claim.Request{Text: text, Facts: similar}, trusted, receipt.Policy{}, claim.Options{}))

	// date_range takes its today from the application, never from the
	// request or a clock; the receipt records it, and Open re-executes
	// with the recorded today.
	fmt.Fprintf(w, "\nDocuments created in the last 10 days (today is %s, injected by the application; the demo fixes it)\n", copilotToday)
	lastDays := &receipt.Request{ID: "created-last-10-days", Operation: "date_range",
		Params: map[string]string{"phrase": "the last 10 days"}, Today: copilotToday}
	dates := receipt.Respond(lastDays, signer)
	interval, err := receipt.Open(dates.Receipt, receipt.VerifyOptions{Trusted: trusted})
	if err != nil {
		return nil, failed(dates, err)
	}
	fmt.Fprintf(w, "  %s with today %s = %s\n", dates.Expanded, copilotToday, dates.Result.Display)
	start, end, _ := strings.Cut(interval.Result.Value, "/")
	fmt.Fprintf(w, "  filter    created from %s to %s, both included\n", start, end)
	fmt.Fprintln(w, "  receipt   ✓ signed, re-executed with the recorded today (never the clock), every field matches")

	fmt.Fprintln(w, "\nBefore the answer leaves: every date must be the computed one")
	for _, text := range []string{
		"Here are the documents created in the last 10 days, from 2024-11-21 to 2024-11-30.",
		"Here are the documents created in the last 10 days, from 2026-11-21 to 2026-11-30.",
	} {
		d := claim.Gate(claim.Request{Text: text, Receipts: []*dsse.Envelope{dates.Receipt}}, trusted, receipt.Policy{}, claim.Options{})
		showGate(w, text, d)
	}
	return []*receipt.Response{resp, dates}, nil
}
