package story

import (
	"fmt"
	"io"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"

	"github.com/reckonhq/reckon/receipt"
)

// lakhSource is the page of the annual report the story reads: the
// directors' report's financial results, printed in lakhs.
const lakhSource = "annual-report-2002-03"

func lakhInput(name, display, unit, scale, label, quote string) receipt.Input {
	return receipt.Input{Name: name, Display: display, Unit: unit, Scale: scale, Period: "year ended 31 March 2003",
		Label: label, Support: "Annual report 2002-03, financial results", Provenance: receipt.ProvenanceText,
		Quote: quote, Source: lakhSource}
}

// Lakh is income less shareholders' funds from an Indian annual report that
// prints amounts in lakhs: 8,367,277,000 rupees.
func Lakh() *Story {
	zero, two := 0, 2
	inputs := []receipt.Input{
		lakhInput("income", "1,09,638.91", "INR", "lacs", "Income", "Total Income 1,09,638.91"),
		// The report prints a typographic apostrophe; the model typed a
		// straight one.
		lakhInput("shareholders_funds", "25,966.14", "INR", "lacs", "Shareholders' funds", "Shareholders' funds 25,966.14"),
	}
	return &Story{
		Name:     "lakh",
		Title:    "income less shareholders' funds, in lakhs",
		Sources:  []string{lakhSource},
		Question: "What was income less shareholders' funds for the year ended 31 March 2003, in rupees?",
		Drafts: []Draft{
			{What: "keeps the printed digits, which are lakhs, not rupees",
				Request: &receipt.Request{ID: "lakh-as-rupees", Formula: "income - shareholders_funds",
					Inputs: inputs, Output: unitsScaled("INR", "lakh", &two)},
				Label: "the difference in lakhs, a unit 100,000 times the rupee"},
		},
		Extra: lakhGate,
		Answer: &receipt.Request{ID: "income-less-funds-2003", Formula: "income - shareholders_funds", Inputs: inputs,
			Output: unitsOutput("INR", &zero), SamePeriod: true},
	}
}

// lakhGate shows the old mistake, the lakh digits printed as rupees,
// refused before the answer leaves, and the right renderings released.
func lakhGate(w io.Writer, env Env) error {
	resp := env.Respond(Lakh().Answer, env.Signer)
	if !resp.OK {
		return fmt.Errorf("story lakh: %s", resp.Error.Message)
	}
	return gateDrafts(w, "Before the answer leaves: every number must be backed", env, []string{
		"Income less shareholders' funds was ₹83,672.77.",
		"Income less shareholders' funds was ₹836.73 crore (8.37 billion rupees).",
	}, []*dsse.Envelope{resp.Receipt}, nil, claim.Options{})
}
