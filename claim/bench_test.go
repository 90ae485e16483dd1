package claim_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/cputime"
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
	req := claim.Request{Text: benchText, Receipts: []*dsse.Envelope{sealed(b, "lakh", 7)}, Facts: []claim.Fact{
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

// worstTexts are the inputs that cost the most per byte, each repeated to
// MaxTextBytes: comma, dot and digit runs that look like grouping, dates
// or versions; many numbers; invisible characters, entities and glued
// words that are refused; URLs with no end.
func worstTexts() map[string]string {
	unit := map[string]string{
		"indian-groups":   "1,11",
		"western-groups":  "1,111",
		"bad-groups":      "11,1",
		"commas":          ",",
		"dots":            "1.",
		"dotted-groups":   "1,111.1",
		"digits":          "1",
		"numbers":         "1 ",
		"counts":          "₹1,09,638.91 crore matching legal documents ",
		"dates":           "1/2/",
		"times":           "10:",
		"signs":           "-(",
		"glued":           "authored27",
		"invisible":       "\u200b1",
		"entities":        "&#50;",
		"markup":          "**1",
		"www":             "www.",
		"roman":           "XXVII ",
		"superscripts":    "²",
		"spaces":          " ",
		"quotes":          "\"1",
		"exponents":       "1e1",
		"scale letters":   "1 M ",
		"year nouns":      "2021 warehouses ",
		"list":            "\n1. a",
		"currency spaces": "$ ",
		"dashes":          "5–",
		"space groups":    " 234",
		"dollars":         "$",
		"compound scales": "5 lakh crore ",
		"fractions":       "7/10 ",
		"parens":          "(84) ",
		"footnotes":       "[^2] ",
	}
	out := map[string]string{}
	for name, u := range unit {
		out[name] = strings.Repeat(u, (256<<10)/len(u))
	}
	out["digit run"] = strings.Repeat("9", (256<<10)-2) + ",1"
	out["one group run"] = "1" + strings.Repeat(",111", (256<<10)/4-1)
	return out
}

// BenchmarkExtractWorst extracts each of worstTexts at MaxTextBytes, with
// the text as its own question too, so that each op reads 512 KiB. Each
// must take well under 50 ms.
func BenchmarkExtractWorst(b *testing.B) {
	texts := worstTexts()
	names := make([]string, 0, len(texts))
	for n := range texts {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		text := texts[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			n := 0
			cpu := cputime.Of(func() {
				for b.Loop() {
					claim.ExtractAll(text, claim.Options{Question: text})
					n++
				}
			})
			// The processor time of the reading thread, which a loaded
			// machine does not inflate as it inflates ns/op.
			b.ReportMetric(float64(cpu)/1e6/float64(n), "cpu-ms/op")
		})
	}
}
