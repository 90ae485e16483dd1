package story

import (
	"fmt"
	"io"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// tweetsSource is the text the application's OCR read from the rendered
// page 3 of the report. The page's own text layer has the chart's caption
// but not the counts printed on its bars, so the model read them from the
// image; the OCR's reading is the independent check they need.
const tweetsSource = "airline-report-p3-ocr"

// Tweets adds counts read from a bar chart on a page image: 41 tweets.
func Tweets() *Story {
	bar := func(name, display, airline string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "count:tweets", Label: "Tweets attributed to " + airline,
			Support: "report p.3, bar chart", Provenance: receipt.ProvenancePageImage, Source: tweetsSource,
			Quote: airline + " " + display + " tweets"}
	}
	zero := 0
	return &Story{
		Name:  "tweets",
		Title: "tweets attributed to three airlines, read from a page image",
		// The page's text layer has the chart's caption and labels, not
		// the counts printed on its bars.
		Sources:  []string{tweetsSource},
		Question: "How many tweets were attributed to United, Delta and Southwest together?",
		Drafts: []Draft{
			{What: "adds a count of retweets to counts of tweets",
				Request: &receipt.Request{ID: "tweets-and-retweets", Formula: "united + delta + southwest",
					Inputs: []receipt.Input{bar("united", "24", "United"), bar("delta", "12", "Delta"),
						{Name: "southwest", Display: "5", Unit: "count:retweets", Support: "report p.3, bar chart",
							Provenance: receipt.ProvenancePageImage, Source: tweetsSource}},
					Output: unitsOutput("count:tweets", &zero)}},
		},
		Answer: &receipt.Request{ID: "airline-tweets", Formula: "united + delta + southwest",
			Inputs: []receipt.Input{bar("united", "24", "United"), bar("delta", "12", "Delta"), bar("southwest", "5", "Southwest")},
			Output: unitsOutput("count:tweets", &zero)},
		Audit: &Audit{Why: "an auditor who accepts only the document's text layer",
			Policy: receipt.Policy{Provenance: []string{receipt.ProvenanceText}}},
		Extra: tweetsGate,
	}
}

// tweetsGate shows the answer held back while its counts, read from a page
// image, have had no independent check, and released once the application
// accepts page_image inputs by name: it reads the page with OCR, and each
// count's quote was found in the OCR's text. The model cannot accept them
// itself.
func tweetsGate(w io.Writer, env Env) error {
	resp := env.Respond(Tweets().Answer, env.Signer)
	if !resp.OK {
		return fmt.Errorf("story tweets: %s", resp.Error.Message)
	}
	receipts := []*dsse.Envelope{resp.Receipt}
	drafts := []string{"United, Delta and Southwest drew 41 tweets together."}
	if err := gateDrafts(w, "Before the answer leaves: counts read from a page image need an independent check", env,
		drafts, receipts, nil, claim.Options{}); err != nil {
		return err
	}
	return gateDrafts(w, "The application reads the page with OCR, finds each count there, and accepts page_image inputs by name", env,
		drafts, receipts, nil, claim.Options{Accept: []string{receipt.ProvenancePageImage}})
}
