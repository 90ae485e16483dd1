package stories

import (
	_ "embed"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// annualReport is a page of an Indian company's annual report for 2002-03:
// the directors' report's financial results, printed in lakhs.
//
//go:embed testdata/sources/annual-report-2002-03.txt
var annualReport string

// Lakh is income less shareholders' funds from an annual report that prints
// its amounts in lakhs: 8,367,277,000 rupees. A draft that keeps the lakh
// digits is a different number, labelled as one; the gate then refuses the
// old mistake of printing those digits as rupees.
func Lakh(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{"annual-report-2002-03": annualReport})
	if err != nil {
		return nil, err
	}
	result := func(name, display, label, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "INR", Scale: "lacs", Period: "year ended 31 March 2003",
			Label: label, Support: "Annual report 2002-03, financial results", Provenance: receipt.ProvenanceText,
			Source: "annual-report-2002-03", Quote: quote}
	}
	inputs := []receipt.Input{
		result("income", "1,09,638.91", "Income", "Total Income 1,09,638.91"),
		// The report prints a typographic apostrophe; the model typed a
		// straight one.
		result("shareholders_funds", "25,966.14", "Shareholders' funds", "Shareholders' funds 25,966.14"),
	}

	fmt.Fprintln(w, "Q: What was income less shareholders' funds for the year ended 31 March 2003, in rupees?")

	fmt.Fprintln(w, "\nDrafts refused or relabelled")
	two := 2
	showRelabelled(w, 1, "keeps the printed digits, which are lakhs, not rupees",
		"the difference in lakhs, a unit 100,000 times the rupee", receipt.Respond(&receipt.Request{
			ID: "lakh-as-rupees", Formula: "income - shareholders_funds", Inputs: inputs, Sources: sources,
			Output: units.Output{Unit: "INR", Scale: "lakh", Places: &two, Rounding: "half_even"},
		}, dsse.Unsigned()))

	zero := 0
	answer := &receipt.Request{ID: "income-less-funds-2003", Formula: "income - shareholders_funds", Inputs: inputs,
		Output: units.Output{Unit: "INR", Places: &zero, Rounding: "half_even"}, SamePeriod: true, Sources: sources}
	resp, err := reckoned(w, "Answer", answer, signer, trusted)
	if err != nil {
		return nil, err
	}

	// The application passes each draft of the prose answer through the
	// gate, with the receipts of the conversation: a number no receipt
	// backs does not leave.
	fmt.Fprintln(w, "\nBefore the answer leaves: every number must be backed")
	for _, text := range []string{
		"Income less shareholders' funds was ₹83,672.77.",
		"Income less shareholders' funds was ₹836.73 crore (8.37 billion rupees).",
	} {
		d := claim.Gate(claim.Request{Text: text, Receipts: []*dsse.Envelope{resp.Receipt}}, trusted, receipt.Policy{}, claim.Options{})
		showGate(w, text, d)
	}
	return []*receipt.Response{resp}, nil
}
