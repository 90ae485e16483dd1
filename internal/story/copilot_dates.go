package story

import (
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"

	"github.com/reckonhq/reckon/receipt"
)

// copilotToday is the date the copilot's application injects in the story.
// It is fixed, so that the story prints the same every day; an application
// gives the user's date at each model call, and never persists it in the
// conversation.
const copilotToday = "2026-11-30"

// copilotDates is the part of the copilot story about dates: "documents
// created in the last 10 days" is resolved by date_range against the
// injected today into the filter's range, and a draft that printed a range
// the model guessed from its training data is refused by the gate.
func copilotDates(w io.Writer, env Env) error {
	fmt.Fprintf(w, "\nDocuments created in the last 10 days (today is %s, injected by the application; the demo fixes it)\n", copilotToday)
	req := &receipt.Request{ID: "created-last-10-days", Operation: "date_range",
		Params: map[string]string{"phrase": "the last 10 days"}, Today: copilotToday}
	resp := env.Respond(req, env.Signer)
	if !resp.OK {
		return fmt.Errorf("date_range refused: %s: %s", resp.Error.Code, resp.Error.Message)
	}
	rep := &receipt.Report{}
	if _, err := receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: env.Trusted, Report: rep}); err != nil {
		return fmt.Errorf("date_range receipt does not verify: %w", err)
	}
	fmt.Fprintf(w, "  %s with today %s = %s\n", resp.Expanded, copilotToday, resp.Result.Display)
	start, end, _ := strings.Cut(rep.Result.Value, "/")
	fmt.Fprintf(w, "  filter    created from %s to %s, both included\n", start, end)
	fmt.Fprintln(w, "  receipt   ✓ signed, re-executed with the recorded today (never the clock), every field matches")
	return gateDrafts(w, "Before the answer leaves: every date must be the computed one", env, []string{
		"Here are the documents created in the last 10 days, from 2024-11-21 to 2024-11-30.",
		"Here are the documents created in the last 10 days, from 2026-11-21 to 2026-11-30.",
	}, []*dsse.Envelope{resp.Receipt}, nil, claim.Options{})
}
