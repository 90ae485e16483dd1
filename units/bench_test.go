package units

import (
	"testing"
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
				if _, err := ParseAmount(display, u, Lakh); err != nil {
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
	a, err := ParseAmount("109,638.91", inr, Lakh)
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
