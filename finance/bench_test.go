package finance_test

import (
	"fmt"
	"testing"

	"github.com/reckonhq/reckon/finance"
	"github.com/reckonhq/reckon/internal/cputime"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/receipt"
)

// benchArgs builds an operation's arguments once, outside the timed loop.
func benchArgs(b *testing.B, ps string, inputs ...string) operation.Args {
	args := operation.Args{Params: params(ps)}
	for _, s := range inputs {
		args.Inputs = append(args.Inputs, in(b, s))
	}
	return args
}

// BenchmarkPMT is the mortgage payment alone: the target is under 20 µs.
func BenchmarkPMT(b *testing.B) {
	args := benchArgs(b, "rate_convention=nominal periods_per_year=12", "rate 6% percent", "nper 360 number", "pv $300,000 USD")
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := (finance.PMT{}).Run(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPMTEffective adds the fractional power of the effective
// convention.
func BenchmarkPMTEffective(b *testing.B) {
	args := benchArgs(b, "rate_convention=effective periods_per_year=12", "rate 6% percent", "nper 360 number", "pv $300,000 USD")
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := (finance.PMT{}).Run(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPMTReceipt is the whole request: reading, the operation, the
// receipt.
func BenchmarkPMTReceipt(b *testing.B) {
	req, err := receipt.DecodeRequest([]byte(`{"operation": "pmt",
	 "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "6%", "unit": "percent", "provenance": "text"},
	  {"name": "nper", "display": "360", "unit": "number", "provenance": "text"},
	  {"name": "pv", "display": "$300,000", "unit": "USD", "provenance": "text"}],
	 "output": {"places": 2}}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := receipt.Calculate(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRate is the iterative solve.
func BenchmarkRate(b *testing.B) {
	args := benchArgs(b, "rate_convention=nominal periods_per_year=12", "nper 360 number", "pmt -1798.65 USD", "pv 300000 USD")
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := (finance.Rate{}).Run(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPayoff10 plans ten debts both ways: the target is under 1 ms.
func BenchmarkPayoff10(b *testing.B) {
	var inputs []string
	for i := 0; i < 10; i++ {
		inputs = append(inputs,
			fmt.Sprintf("debts[%d].balance %d USD", i, 1000+i*1500),
			fmt.Sprintf("debts[%d].apr %d.%d%% percent", i, 5+2*i, i),
			fmt.Sprintf("debts[%d].min_payment %d USD", i, 25+10*i))
	}
	inputs = append(inputs, "budget 2000 USD")
	args := benchArgs(b, "rate_convention=nominal", inputs...)
	out, err := (finance.Payoff{}).Run(args)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("avalanche: %s months", out.Value)
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := (finance.Payoff{}).Run(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProject40Years projects 480 months.
func BenchmarkProject40Years(b *testing.B) {
	args := benchArgs(b, "rate_convention=effective contribution_frequency=monthly",
		"balance 1000000 USD", "withdrawal 4000 USD", "return 5% percent", "years 40 number")
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := (finance.Project{}).Run(args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFormulaBaseline is receipt.Calculate on a five-input formula,
// the request bench/results.md measures (8.94 µs on an idle machine): run
// beside the operations, it calibrates their times on a loaded one.
func BenchmarkFormulaBaseline(b *testing.B) {
	req, err := receipt.DecodeRequest([]byte(`{"formula": "(a + b + c) / (d + e)", "inputs": [
	  {"name": "a", "display": "799", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "b", "display": "6,692", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "c", "display": "3,916", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "d", "display": "6,708", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "e", "display": "1,781", "unit": "USD", "scale": "million", "provenance": "text"}],
	 "output": {"unit": "ratio", "places": 3}}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := receipt.Calculate(req); err != nil {
			b.Fatal(err)
		}
	}
}
