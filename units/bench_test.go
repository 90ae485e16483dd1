package units

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/numeral"
)

func BenchmarkParseAmount(b *testing.B) {
	inr := mustUnit(b, "INR")
	for _, display := range []string{"109638.91", "Rs. 1,09,638.91", "(1,234,567.89) USD"} {
		b.Run(display, func(b *testing.B) {
			u := inr
			if display[len(display)-1] == 'D' {
				u = mustUnit(b, "USD")
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseAmount(display, u, numeral.Lakh); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkInfer(b *testing.B) {
	root := parse(b, "(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)")
	usd := mustUnit(b, "USD")
	unitOf := func(string) (Unit, bool) { return usd, true }
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Infer(root, unitOf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPresent(b *testing.B) {
	exact := dec(b, "1.343738956296383555189068205913535")
	out := Output{Unit: "percent", Places: places(3)}
	d := Dim{Unit: Ratio}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Present(exact, d, out); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpand(b *testing.B) {
	root := parse(b, "income - shareholders_funds")
	inr := mustUnit(b, "INR")
	a, err := ParseAmount("109,638.91", inr, numeral.Lakh)
	if err != nil {
		b.Fatal(err)
	}
	amountOf := func(string) (Amount, bool) { return a, true }
	t := Target{Unit: inr, Places: -1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Expand(root, amountOf, t); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNext reads every number of texts of 256 KiB that a hostile
// model or a messy PDF might send: the reader must stay linear in the text.
func BenchmarkNext(b *testing.B) {
	const size = 256 << 10
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, tc := range []struct{ name, text string }{
		{"prose", fill("Revenue of ₹1,09,638.91 crore (Rs 799) fell –4.3% to $5bn in FY2021. ")},
		{"commas", fill("1,11")},
		{"dots", fill("1.11")},
		{"spaces", "1" + fill(" 234")},
		{"digits", fill("1")},
		{"signs", fill("-") + "5"},
		{"parens", fill("(") + "5" + fill(")")},
		{"letters", "5" + fill("a")},
		{"dashes", fill("5–")},
		{"currencies", fill("$")},
		{"scales", fill("5 lakh crore ")},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.text)))
			b.ReportAllocs()
			for b.Loop() {
				for tok, ok := numeral.Next(tc.text, 0); ok; tok, ok = numeral.Next(tc.text, tok.End) {
				}
			}
		})
	}
}
