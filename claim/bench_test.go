package claim_test

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
)

// benchText is an answer of about 2 KB with a mix of numbers.
var benchText = strings.Repeat("Income less shareholders' funds was ₹836.73 crore (8.37 billion rupees) in 2021, "+
	"up 2.4 pp; the ratio is 1.34× and the payment $1,798.65 a month [1]. X authored 84 documents. ", 8)

func BenchmarkExtract(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		claim.Extract(benchText, claim.Options{})
	}
}

// BenchmarkCheck checks the text against one verified receipt and three
// facts; receipt verification, which re-executes the calculation, is
// included.
func BenchmarkCheck(b *testing.B) {
	req := claim.Request{Text: benchText, Receipts: []*receipt.Envelope{sealed(b, "lakh", 7)}, Facts: []claim.Fact{
		{Label: "payment", Value: "1798.65", Unit: "USD"},
		{Label: "documents matching", Value: "84", Unit: "count"},
		{Label: "change", Value: "2.4", Unit: "pp"},
	}}
	trusted := testRing(b, 7)
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		claim.Check(req, trusted, receipt.Policy{}, claim.Options{})
	}
}
