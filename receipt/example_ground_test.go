package receipt_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// annualReport is a document the application registers: the model may
// cite it by name, and only by name.
const annualReport = `Consolidated Statements of Income (in millions)
Operating income 6,708
Depreciation and amortization 1,781
`

// A request whose inputs name a registered source is grounded: each quote
// is found in the document, and the receipt records where.
func ExampleCalculate_grounded() {
	sources, err := quote.NewSources(map[string]string{"10-K": annualReport})
	if err != nil {
		log.Fatal(err)
	}
	req, err := receipt.DecodeRequest([]byte(`{"id": "ebitda", "formula": "operating_income + depreciation",
	 "inputs": [
	  {"name": "operating_income", "display": "6,708", "unit": "USD", "scale": "million",
	   "provenance": "text", "quote": "Operating income 6,708", "source": "10-K"},
	  {"name": "depreciation", "display": "1,781", "unit": "USD", "scale": "million",
	   "provenance": "text", "quote": "DEPRECIATION AND AMORTIZATION 1,781", "source": "10-K"}],
	 "output": {"scale": "million"}}`))
	if err != nil {
		log.Fatal(err)
	}
	req.Sources = sources // the application's, never the request's
	r, err := receipt.Calculate(req)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Type, r.Result.Display)
	for _, in := range r.Inputs {
		g := in.Grounding
		fmt.Printf("%s: %s %s… %v %s %q\n", in.Name, g.Source, g.Digest[:15], g.Span, g.Tier, annualReport[g.Span[0]:g.Span[1]])
	}

	// A digit changed in display and quote alike is not in the document.
	req.Inputs[1].Display, req.Inputs[1].Quote = "1,871", "Depreciation and amortization 1,871"
	_, err = receipt.Calculate(req)
	fmt.Println(receipt.Describe(err).Code)
	// Output:
	// reckon.receipt/v2 $8,489 million
	// operating_income: 10-K sha256:ec7baa19… [48 70] exact "Operating income 6,708"
	// depreciation: 10-K sha256:ec7baa19… [71 106] case "Depreciation and amortization 1,781"
	// quote_not_found
}

// Open verifies a receipt and returns it, or returns no receipt and an
// error that is the report. With the sources, every grounded quote is
// found again in the very document it was read from.
func ExampleOpen() {
	sources, _ := quote.NewSources(map[string]string{"10-K": annualReport})
	req, _ := receipt.DecodeRequest([]byte(`{"id": "oi", "formula": "operating_income",
	 "inputs": [{"name": "operating_income", "display": "6,708", "unit": "USD", "scale": "million",
	   "provenance": "text", "quote": "Operating income 6,708", "source": "10-K"}],
	 "output": {"scale": "million"}}`))
	req.Sources = sources
	env := receipt.Respond(req, dsse.Unsigned()).Receipt // unsigned, for the example

	opts := receipt.VerifyOptions{Policy: receipt.Policy{AllowUnsigned: true}, Sources: sources}
	r, err := receipt.Open(env, opts)
	fmt.Println(r.Result.Display, err)

	// The auditor holds a document that differs by one byte.
	edited, _ := quote.NewSources(map[string]string{"10-K": annualReport[:len(annualReport)-1]})
	opts.Sources = edited
	r, err = receipt.Open(env, opts)
	var re *receipt.ReportError
	fmt.Println(r == nil, errors.As(err, &re), re.Report.Reasons[0].Code, re.Report.Grounding)
	// Output:
	// $6,708 million <nil>
	// true true source_mismatch checked
}
