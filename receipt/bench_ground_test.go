package receipt

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// tenMBSource builds a 10 MB filing-like text, deterministic, with the
// costco seed's quotes each once near its end, so that every lookup
// searches the whole index: many lines of line items and amounts, most
// words repeated thousands of times, as in a long annual report.
func tenMBSource() string {
	var b strings.Builder
	b.Grow(10<<20 + 4096)
	items := []string{"Net sales", "Membership fees", "Merchandise costs", "Selling, general and administrative",
		"Interest expense", "Interest income and other, net", "Provision for income taxes", "Accounts payable",
		"Accrued salaries and benefits", "Other current liabilities", "Deferred income taxes", "Treasury stock"}
	for i := 0; b.Len() < 10<<20; i++ {
		fmt.Fprintf(&b, "%s for segment %d in region %d was $%d,%03d million, compared with %d.%d%% a year earlier.\n",
			items[i%len(items)], i%97, i%13, 1+i%983, (i*7919)%1000, i%41, i%10)
		if i%50 == 0 {
			b.WriteString("\n## Note " + fmt.Sprint(i/50) + "\n\n")
		}
	}
	b.WriteString("Current portion of long-term debt 799\nLong-term debt, excluding current portion 6,692\n" +
		"Long-term operating lease liabilities 3,916\nOperating income 6,708\nDepreciation and amortization 1,781\n")
	return b.String()
}

// BenchmarkGround10MB measures grounding against a 10 MB source indexed
// once, as an application registers its documents once per session:
//
//   - index: registering the source (indexing and its SHA-256), once;
//   - ground: finding one input's quote and recording where, per input;
//   - calculate: the costco seed's whole calculation, five grounded
//     inputs, reported per input beside its total.
func BenchmarkGround10MB(b *testing.B) {
	text := tenMBSource()
	docs := map[string]string{"10-K": text}
	b.Run("index", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := NewSources(docs); err != nil {
				b.Fatal(err)
			}
		}
	})
	start := time.Now()
	src, err := NewSources(docs)
	if err != nil {
		b.Fatal(err)
	}
	built := time.Since(start)
	req := loadRequest(b, "costco")
	req.Sources = src
	for i := range req.Inputs {
		req.Inputs[i].Source = "10-K"
	}
	b.Run("ground", func(b *testing.B) {
		in := req.Inputs[1]
		a, err := parseInput(in)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := src.ground(1, in, a); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(built.Milliseconds()), "index-ms")
	})
	b.Run("calculate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Calculate(req); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(req.Inputs)), "ns/input")
	})
}
