package claim_test

import (
	"cmp"
	"encoding/json"
	"fmt"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
)

// ExampleGate is the copilot story. The search page says "Showing 30 of 84
// matching documents"; the model sees 30 cards, counts 27 by the author,
// and says 27. The application knows the authoritative count, 84.
func ExampleGate() {
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count:documents"}}
	question := "How many documents did Priya Raman author?"
	for _, draft := range []string{
		"Priya Raman authored 27 documents.",
		"Priya Raman authored 84 documents.",
	} {
		d := claim.Gate(claim.Request{Text: draft, Question: question, Facts: facts}, nil, receipt.Policy{}, claim.Options{})
		fmt.Println(d.Released, draft)
		for _, r := range d.Refusals {
			fmt.Printf("  %s %v: %s\n", r.Code, *r.Span, r.Message)
		}
	}

	// A similarity search has no exact count: a number that claims one is
	// refused.
	similar := []claim.Fact{claim.NoExactValue("similar documents", "count:documents")}
	d := claim.Gate(claim.Request{Text: "There are 27 similar documents.", Facts: similar}, nil, receipt.Policy{}, claim.Options{})
	fmt.Println(d.Released, d.Refusals[0].Code)
	// Output:
	// false Priya Raman authored 27 documents.
	//   not_backed [21 33]: 27 documents: no receipt or fact has this value at the precision shown; the nearest is 84 (fact "documents matching")
	// true Priya Raman authored 84 documents.
	// false no_exact_value
}

// ExampleCheck is the mortgage story: $300,000 at 6% APR over 30 years
// costs $1,798.65 a month. The numbers repeated from the question are not
// claims; the payment must be backed.
func ExampleCheck() {
	req, err := claim.ParseRequest([]byte(`{
	  "text": "On $300,000 at 6% APR over 30 years, the payment is $1,768.11 a month.",
	  "question": "What is the monthly payment on a $300,000 mortgage at 6% APR over 30 years?",
	  "receipts": [],
	  "facts": [{"label": "monthly payment", "value": "1,798.65", "unit": "USD", "scale": ""}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := claim.Check(req, nil, receipt.Policy{}, claim.Options{})
	fmt.Println("ok:", rep.OK)
	for _, m := range rep.Mentions {
		if m.Ignored {
			fmt.Printf("%-10s ignored %v\n", m.Text, m.Classes)
			continue
		}
		fmt.Printf("%-10s backed %v, nearest %s\n", m.Text, m.Backed, *m.Nearest)
	}
	// Output:
	// ok: false
	// $300,000   ignored [question]
	// 6%         ignored [question]
	// 30 years   ignored [question]
	// $1,768.11  backed false, nearest 1798.65
}

// ExampleExtract lists the numbers of a sentence that renders one amount in
// lakhs, crores and billions.
func ExampleExtract() {
	text := "In 2021 income less funds was ₹836.73 crore (8.37 billion rupees, or 83,672.77 lakh)."
	for _, m := range claim.Extract(text, claim.Options{}) {
		fmt.Printf("%-20q value %-10s unit %-8q places %d scale %-7q ignored %v\n",
			m.Text, m.Value.Text('f'), m.Unit, m.Places, m.Scale.Word(), m.Ignored)
	}
	// Output:
	// "2021"               value 2021       unit ""       places 0 scale ""      ignored true
	// "₹836.73 crore"      value 8367300000 unit "INR"    places 2 scale "crore" ignored false
	// "8.37 billion rupees" value 8370000000 unit "currency" places 2 scale "billion" ignored false
	// "83,672.77 lakh"     value 8367277000 unit ""       places 2 scale "lakh"  ignored false
}

// A refused draft is kept, not discarded: its decision, with the span of
// each number refused, goes to the application's ledger.
func ExampleGate_refused() {
	facts := []claim.Fact{{Label: "documents matching", Value: "84", Unit: "count"}}
	d := claim.Gate(claim.Request{Text: "27 documents.", Facts: facts}, nil, receipt.Policy{}, claim.Options{})
	out, _ := json.Marshal(d.Refusals[0].Span)
	fmt.Println(d.Released, d.Refusals[0].Code, string(out))
	// Output:
	// false not_backed [0,12]
}

// ExampleExtractAll shows what the gate reads in a hostile draft: a scale
// letter after a currency amount, a count shaped like a year, a fraction,
// a number in Markdown, and numbers it refuses rather than pass over.
func ExampleExtractAll() {
	x := claim.ExtractAll("The $84 M fund runs 1984 warehouses; 11/12 tests pass; Total:**27**.\n"+
		"It also holds ²⁷, &#50;&#55;, 2\u200b7 and XXVII documents.", claim.Options{})
	for _, m := range x.Mentions {
		fmt.Printf("%-16q %s %s\n", m.Text, m.Value.Text('f'), cmp.Or(m.Unit, "bare"))
	}
	for _, u := range x.Unreadable {
		fmt.Printf("%-16q unreadable: %s\n", u.Text, u.What)
	}
	// Output:
	// "$84 M"          84000000 currency
	// "1984 warehouses" 1984 count
	// "11"             11 bare
	// "12 tests pass"  12 count
	// "27"             27 bare
	// "²⁷"             unreadable: a superscript or subscript digit
	// "&#50;&#55;"     unreadable: an HTML character reference in a number
	// "2\u200b7"       unreadable: an invisible character
	// "XXVII documents" unreadable: a Roman numeral used as a number
}
