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

// airlineOCR is the text the application's OCR read from the rendered page
// 3 of an airline report. The page's own text layer has the bar chart's
// caption and labels but not the counts printed on its bars, so the model
// read them from the image; the OCR's reading is the independent check they
// need.
//
//go:embed testdata/sources/airline-report-p3-ocr.txt
var airlineOCR string

// Tweets adds counts the model read from a bar chart on a page image: 24 +
// 12 + 5 = 41 tweets, with a receipt that records they came from an image.
// An auditor who accepts only a document's text layer refuses it, and the
// gate holds the answer back until the application, which found each count
// in the page's OCR, accepts page-image readings by name.
func Tweets(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{"airline-report-p3-ocr": airlineOCR})
	if err != nil {
		return nil, err
	}
	bar := func(name, display, airline string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "count:tweets", Label: "Tweets attributed to " + airline,
			Support: "report p.3, bar chart", Provenance: receipt.ProvenancePageImage,
			Source: "airline-report-p3-ocr", Quote: airline + " " + display + " tweets"}
	}
	united, delta, southwest := bar("united", "24", "United"), bar("delta", "12", "Delta"), bar("southwest", "5", "Southwest")
	zero := 0
	count := units.Output{Unit: "count:tweets", Places: &zero, Rounding: "half_even"}

	fmt.Fprintln(w, "Q: How many tweets were attributed to United, Delta and Southwest together?")

	fmt.Fprintln(w, "\nDrafts refused or relabelled")
	retweets := receipt.Input{Name: "southwest", Display: "5", Unit: "count:retweets", Support: "report p.3, bar chart",
		Provenance: receipt.ProvenancePageImage, Source: "airline-report-p3-ocr"}
	showRefused(w, 1, "adds a count of retweets to counts of tweets", receipt.Respond(&receipt.Request{
		ID: "tweets-and-retweets", Formula: "united + delta + southwest",
		Inputs: []receipt.Input{united, delta, retweets}, Output: count, Sources: sources,
	}, dsse.Unsigned()))

	answer := &receipt.Request{ID: "airline-tweets", Formula: "united + delta + southwest",
		Inputs: []receipt.Input{united, delta, southwest}, Output: count, Sources: sources}
	resp, err := reckoned(w, "Answer", answer, signer, trusted)
	if err != nil {
		return nil, err
	}

	_, err = receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted,
		Policy: receipt.Policy{Provenance: []string{receipt.ProvenanceText}}})
	showAudit(w, "an auditor who accepts only the document's text layer", err)

	// The gate backs no number with an input read from a page image
	// unless the application says it checked such readings; the model
	// cannot say so itself.
	text := "United, Delta and Southwest drew 41 tweets together."
	receipts := []*dsse.Envelope{resp.Receipt}
	fmt.Fprintln(w, "\nBefore the answer leaves: counts read from a page image need an independent check")
	showGate(w, text, claim.Gate(claim.Request{Text: text, Receipts: receipts}, trusted, receipt.Policy{}, claim.Options{}))
	fmt.Fprintln(w, "\nThe application reads the page with OCR, finds each count there, and accepts page_image inputs by name")
	showGate(w, text, claim.Gate(claim.Request{Text: text, Receipts: receipts}, trusted, receipt.Policy{},
		claim.Options{Accept: []string{receipt.ProvenancePageImage}}))
	return []*receipt.Response{resp}, nil
}
