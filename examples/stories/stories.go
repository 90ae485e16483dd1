package stories

import (
	"fmt"
	"io"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// Story is one story as the demo lists it.
type Story struct {
	Name  string // short name: costco, lakh, …
	Title string // one line
	// Run tells the story to w: the question, the drafts refused on the
	// way, the answer and its verification. It signs what it accepts with
	// signer, verifies with the keys of trusted, and returns the signed
	// responses of the calculations it accepted. It fails when the story
	// cannot be told: its answer refused, or a receipt that does not
	// verify.
	Run func(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error)
}

// All are the stories, in the order `reckon demo` tells them.
var All = []Story{
	{"costco", "Costco FY2021 debt-to-EBITDA", Costco},
	{"lakh", "income less shareholders' funds, in lakhs", Lakh},
	{"tweets", "tweets attributed to three airlines, read from a page image", Tweets},
	{"shortfall", "India's growth against its forecast", Shortfall},
	{"planner", "a financial planner: a mortgage payment, a debt payoff plan, a retirement projection", Planner},
	{"grant", "grant fit: the model judges, the code counts", Grant},
	{"copilot", "a search copilot counts documents", Copilot},
}

// Tell writes the story's heading to w, runs it, and ends it with a blank
// line: what `reckon demo` prints for each story.
func (s Story) Tell(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	fmt.Fprintf(w, "━━ %s · %s\n", s.Name, s.Title)
	answers, err := s.Run(w, signer, trusted)
	if err != nil {
		return nil, fmt.Errorf("story %s: %w", s.Name, err)
	}
	fmt.Fprintln(w)
	return answers, nil
}
