package story

import (
	"fmt"
	"io"
	"slices"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// gateDrafts runs each draft answer through the release gate, configured
// by the application with opts, and prints whether it may be released,
// with every number that is not backed.
func gateDrafts(w io.Writer, title string, env Env, drafts []string, receipts []*dsse.Envelope, facts []claim.Fact, opts claim.Options) error {
	fmt.Fprintf(w, "\n%s\n", title)
	for _, text := range drafts {
		d := claim.Gate(claim.Request{Text: text, Receipts: receipts, Facts: facts}, env.Trusted, receipt.Policy{}, opts)
		if d.Released {
			fmt.Fprintf(w, "  ✓ released  %q\n", text)
			for _, m := range d.Report.Mentions {
				switch {
				case m.Backed:
					fmt.Fprintf(w, "              %s backed by %s\n", m.Text, describeSource(m.By))
				case m.Ignored && slices.Contains(m.Classes, "question"):
					// The application passed the question: a number it
					// states is the asker's own, not the answer's claim.
					fmt.Fprintf(w, "              %s is the question's own\n", m.Text)
				}
			}
			continue
		}
		fmt.Fprintf(w, "  ✗ refused   %q\n", text)
		for _, r := range d.Refusals {
			fmt.Fprintf(w, "              %s: %s\n", r.Code, r.Message)
		}
	}
	return nil
}

func describeSource(s *claim.Source) string {
	if s == nil {
		return "nothing"
	}
	if s.Kind == "receipt" {
		return fmt.Sprintf("receipt %s (%s)", s.ID, s.Field)
	}
	return fmt.Sprintf("the fact %q", s.Label)
}

// Copilot is the search copilot that saw 30 cards of 84 matching documents
// and said 30, or 27: a count comes from the system of record, never from
// what the model happened to see.
func Copilot() *Story {
	one := 1
	// matching is the search index's count, a system of record: it backs
	// prose only because it equals the application's fact. shown is read
	// from the results page.
	matching := receipt.Input{Name: "matching", Display: "84", Unit: "count:documents", Label: "documents matching",
		Support: "the search index's count", Provenance: receipt.ProvenanceSystemOfRecord}
	shown := receipt.Input{Name: "shown", Display: "30", Unit: "count:documents", Label: "documents on the first page",
		Support: "search results page", Provenance: receipt.ProvenanceText, Quote: "Showing 30 of 84 matching documents",
		Source: "search-results"}
	share := &receipt.Request{ID: "share-on-first-page", Formula: "shown / matching",
		Inputs: []receipt.Input{matching, shown}, Output: unitsOutput("percent", &one)}
	return &Story{
		Name:     "copilot",
		Sources:  []string{"search-results"},
		Title:    "a search copilot counts documents",
		Question: "How many documents did Jane Doe author, and what share of them is on this page? (the page says: Showing 30 of 84 matching documents)",
		Answer:   share,
		Extra: func(w io.Writer, env Env) error {
			facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}}
			resp := env.Respond(share, env.Signer)
			if !resp.OK {
				return fmt.Errorf("story copilot: %s", resp.Error.Message)
			}
			if err := gateDrafts(w, "Before the answer leaves: every number must be backed", env, []string{
				"Jane Doe authored 27 documents.",
				"Jane Doe authored 30 documents.",
				"Jane Doe authored 84 documents; this page shows 35.7% of them.",
			}, []*dsse.Envelope{resp.Receipt}, facts, claim.Options{}); err != nil {
				return err
			}
			if err := gateDrafts(w, "A similarity search has no exact count", env, []string{"About 120 documents discuss the topic."}, nil,
				[]claim.Fact{claim.NoExactValue("documents similar to the query", "count:documents")}, claim.Options{}); err != nil {
				return err
			}
			return copilotDates(w, env)
		},
	}
}
