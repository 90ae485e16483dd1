package finance_test

import (
	"fmt"
	"strings"

	_ "github.com/reckonhq/reckon/operation/standard" // registers pmt, loan, … for receipt
	"github.com/reckonhq/reckon/receipt"
)

// calculate runs one request through receipt, as the calculate tool and
// reckon calc do, and prints the result or the refusal.
func calculate(request string, steps bool) {
	req, err := receipt.DecodeRequest([]byte(request))
	if err == nil {
		var r *receipt.Receipt
		if r, err = receipt.Calculate(req); err == nil {
			fmt.Println(r.Result.Display)
			fmt.Println(r.Expanded)
			for _, s := range r.Call.Steps {
				if !steps {
					break
				}
				fmt.Printf("  %s = %s %s\n", s.Name, s.Value, s.Unit)
			}
			return
		}
	}
	info := receipt.Describe(err)
	fmt.Printf("refused: %s at %s: %s\n", info.Code, info.Field, info.Hint)
}

// The mortgage payment: $300,000 at 6% APR over 360 months.
func ExamplePMT() {
	calculate(`{"operation": "pmt",
	 "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "6%", "unit": "percent", "provenance": "text"},
	  {"name": "nper", "display": "360", "unit": "number", "provenance": "text"},
	  {"name": "pv", "display": "$300,000", "unit": "USD", "provenance": "text"}],
	 "output": {"places": 2}}`, true)
	// Output:
	// -$1,798.65
	// pmt(rate = 6 × 0.01, nper = 360, pv = 300000, periods_per_year = 12, rate_convention = nominal)
	//   periodic_rate = 0.5 percent
	//   growth_factor = 6.022575212263216184054046808916149 number
	//   annuity_factor = 1004.51504245264323681080936178323 number
}

// Without a rate convention, nothing is computed.
func ExamplePMT_refused() {
	calculate(`{"operation": "pmt", "params": {"periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "6%", "unit": "percent", "provenance": "text"},
	  {"name": "nper", "display": "360", "unit": "number", "provenance": "text"},
	  {"name": "pv", "display": "$300,000", "unit": "USD", "provenance": "text"}]}`, false)
	// Output:
	// refused: missing_rate_convention at params.rate_convention: say how the rate is stated: "nominal" for a lender's APR compounded periods_per_year times (6% APR on a US mortgage is 0.5% a month), "effective" for an annual effective rate, or "periodic" when the rate is already per period
}

// The interest in the first payment of a 3-year loan of $8,000 at 10%
// (Excel's IPMT example).
func ExampleIPMT() {
	calculate(`{"operation": "ipmt",
	 "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "10%", "unit": "percent", "provenance": "user"},
	  {"name": "per", "display": "1", "unit": "number", "provenance": "user"},
	  {"name": "nper", "display": "36", "unit": "number", "provenance": "user"},
	  {"name": "pv", "display": "8,000", "unit": "USD", "provenance": "user"}],
	 "output": {"places": 2}}`, true)
	// Output:
	// -$66.67
	// ipmt(rate = 10 × 0.01, per = 1, nper = 36, pv = 8000, periods_per_year = 12, rate_convention = nominal)
	//   periodic_rate = 0.8333333333333333333333333333333333 percent
	//   payment = -258.1374975506998927730558949013979 USD
	//   balance_before = 8000 USD
	//   interest = -66.66666666666666666666666666666667 USD
	//   principal = -191.4708308840332261063892282347312 USD
}

// The principal in the last payment of a 10-year loan of $200,000 at 8% a
// year (Excel's PPMT example).
func ExamplePPMT() {
	calculate(`{"operation": "ppmt", "params": {"rate_convention": "periodic"},
	 "inputs": [
	  {"name": "rate", "display": "8%", "unit": "percent", "provenance": "user"},
	  {"name": "per", "display": "10", "unit": "number", "provenance": "user"},
	  {"name": "nper", "display": "10", "unit": "number", "provenance": "user"},
	  {"name": "pv", "display": "200,000", "unit": "USD", "provenance": "user"}],
	 "output": {"places": 2}}`, false)
	// Output:
	// -$27,598.05
	// ppmt(rate = 8 × 0.01, per = 10, nper = 10, pv = 200000, rate_convention = periodic)
}

// Saving €200 a month at the start of each month, on top of €500, at 0.5% a
// month: exact, since 1.005^10 and a division by 0.005 both terminate.
func ExampleFV() {
	calculate(`{"operation": "fv", "params": {"rate_convention": "periodic", "when": "begin"},
	 "inputs": [
	  {"name": "rate", "display": "0.5%", "unit": "percent", "provenance": "user"},
	  {"name": "nper", "display": "10", "unit": "number", "provenance": "user"},
	  {"name": "pmt", "display": "-200", "unit": "EUR", "provenance": "user"},
	  {"name": "pv", "display": "-500", "unit": "EUR", "provenance": "user"}]}`, true)
	// Output:
	// €2,581.4033740601791537250068359375
	// fv(rate = 0.5 × 0.01, nper = 10, pmt = -200, pv = -500, rate_convention = periodic, when = begin)
	//   periodic_rate = 0.5 percent
	//   growth_factor = 1.051140132040790642597666015625 number
	//   annuity_factor = 10.279166540198919162130869140625 number
}

// What $500 a month for 20 years is worth today at 8% APR (Excel's PV
// example).
func ExamplePV() {
	calculate(`{"operation": "pv", "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "8%", "unit": "percent", "provenance": "user"},
	  {"name": "nper", "display": "240", "unit": "number", "provenance": "user"},
	  {"name": "pmt", "display": "500", "unit": "USD", "provenance": "user"}],
	 "output": {"places": 2}}`, false)
	// Output:
	// -$59,777.15
	// pv(rate = 8 × 0.01, nper = 240, pmt = 500, periods_per_year = 12, rate_convention = nominal)
}

// How many months of $100 take $1,000 to $10,000 at 12% APR (Excel's NPER
// example): a logarithm, so inexact, with the method recorded.
func ExampleNPER() {
	calculate(`{"operation": "nper", "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "rate", "display": "12%", "unit": "percent", "provenance": "user"},
	  {"name": "pmt", "display": "-100", "unit": "USD", "provenance": "user"},
	  {"name": "pv", "display": "-1,000", "unit": "USD", "provenance": "user"},
	  {"name": "fv", "display": "10,000", "unit": "USD", "provenance": "user"}],
	 "output": {"places": 4}}`, false)
	// Output:
	// 60.0821
	// nper(rate = 12 × 0.01, pmt = -100, pv = -1000, fv = 10000, periods_per_year = 12, rate_convention = nominal)
}

// The APR of a 4-year loan of $8,000 repaid at $200 a month (Excel's RATE
// example), stated as a nominal annual rate.
func ExampleRate() {
	calculate(`{"operation": "rate", "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "nper", "display": "48", "unit": "number", "provenance": "user"},
	  {"name": "pmt", "display": "-200", "unit": "USD", "provenance": "user"},
	  {"name": "pv", "display": "8,000", "unit": "USD", "provenance": "user"}],
	 "output": {"places": 2}}`, false)
	// Output:
	// 9.24%
	// rate(nper = 48, pmt = -200, pv = 8000, periods_per_year = 12, rate_convention = nominal)
}

// The mortgage's amortization summary, its term given in years.
func ExampleLoan() {
	calculate(`{"operation": "loan",
	 "params": {"rate_convention": "nominal", "periods_per_year": "12"},
	 "inputs": [
	  {"name": "principal", "display": "$300,000", "unit": "USD", "provenance": "text"},
	  {"name": "rate", "display": "6%", "unit": "percent", "provenance": "text"},
	  {"name": "term", "display": "30", "unit": "years", "provenance": "text"}],
	 "output": {"places": 2}}`, true)
	// Output:
	// $1,798.65
	// loan(principal = 300000, rate = 6 × 0.01, term = 30 × 12, periods_per_year = 12, rate_convention = nominal)
	//   periodic_rate = 0.5 percent
	//   payments = 360 number
	//   payment = 1798.651575458257183774383731053428 USD
	//   total_paid = 647514.567164972586158778143179234 USD
	//   total_interest = 347514.567164972586158778143179234 USD
	//   first_interest = 1500 USD
	//   first_principal = 298.6515754582571837743837310534277 USD
	//   last_interest = 8.948515300787349173006884234096655 USD
	//   last_principal = 1789.703060157469834601376846819331 USD
}

// The compound annual growth rate of revenue that went from $100 million
// to $121 million in two years.
func ExampleCAGR() {
	calculate(`{"operation": "cagr",
	 "inputs": [
	  {"name": "start", "display": "100", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "end", "display": "121", "unit": "USD", "scale": "million", "provenance": "text"},
	  {"name": "years", "display": "2", "unit": "years", "provenance": "text"}],
	 "output": {"places": 2}}`, true)
	// Output:
	// 10.00%
	// cagr(start = 100 × 1000000, end = 121 × 1000000, years = 2 × 12)
	//   ratio = 1.21 number
	//   annual_factor = 1.1 number
}

// $1,000 in ten years, in today's money, at 3% inflation a year.
func ExampleGrowth() {
	calculate(`{"operation": "growth",
	 "params": {"rate_convention": "periodic", "direction": "discount"},
	 "inputs": [
	  {"name": "amount", "display": "$1,000", "unit": "USD", "provenance": "user"},
	  {"name": "rate", "display": "3%", "unit": "percent", "provenance": "user"},
	  {"name": "periods", "display": "10", "unit": "number", "provenance": "user"}],
	 "output": {"places": 2}}`, true)
	// Output:
	// $744.09
	// growth(amount = 1000, rate = 3 × 0.01, periods = 10, direction = discount, rate_convention = periodic)
	//   periodic_rate = 3 percent
	//   growth_factor = 1.34391637934412192049 number
}

// Three debts and $700 a month: the avalanche plan pays $90.68 less
// interest than the snowball, and both are done in 23 months. Each debt's
// numbers are inputs of their own, named with the debt's index.
func ExamplePayoff() {
	req, _ := receipt.DecodeRequest([]byte(`{"operation": "payoff", "params": {"rate_convention": "nominal"},
	 "inputs": [
	  {"name": "debts[0].balance", "display": "$5,000", "unit": "USD", "provenance": "user"},
	  {"name": "debts[0].apr", "display": "22.99%", "unit": "percent", "provenance": "user"},
	  {"name": "debts[0].min_payment", "display": "$150", "unit": "USD", "provenance": "user"},
	  {"name": "debts[1].balance", "display": "$1,200", "unit": "USD", "provenance": "user"},
	  {"name": "debts[1].apr", "display": "15%", "unit": "percent", "provenance": "user"},
	  {"name": "debts[1].min_payment", "display": "$50", "unit": "USD", "provenance": "user"},
	  {"name": "debts[2].balance", "display": "$8,000", "unit": "USD", "provenance": "user"},
	  {"name": "debts[2].apr", "display": "6%", "unit": "percent", "provenance": "user"},
	  {"name": "debts[2].min_payment", "display": "$250", "unit": "USD", "provenance": "user"},
	  {"name": "budget", "display": "$700", "unit": "USD", "provenance": "user"}]}`))
	r, err := receipt.Calculate(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range r.Call.Steps {
		if !strings.Contains(s.Name, "debts[") || strings.HasSuffix(s.Name, ".order") {
			fmt.Printf("%s = %s %s\n", s.Name, s.Value, s.Unit)
		}
	}
	// Output:
	// avalanche.months = 23 months
	// avalanche.total_interest = 1547.97 USD
	// avalanche.total_paid = 15747.97 USD
	// avalanche.order = debts[0], debts[1], debts[2] text
	// snowball.months = 23 months
	// snowball.total_interest = 1638.65 USD
	// snowball.total_paid = 15838.65 USD
	// snowball.order = debts[1], debts[0], debts[2] text
	// interest_saved = 90.68 USD
	// months_saved = 0 months
}

// Withdrawing $5,000 a month from $1,000,000 at an expected 5% a year: the
// money runs out in month 415, in the 35th year.
func ExampleProject() {
	req, _ := receipt.DecodeRequest([]byte(`{"operation": "project",
	 "params": {"rate_convention": "effective", "contribution_frequency": "monthly"},
	 "inputs": [
	  {"name": "balance", "display": "$1,000,000", "unit": "USD", "provenance": "user"},
	  {"name": "withdrawal", "display": "$5,000", "unit": "USD", "provenance": "user"},
	  {"name": "return", "display": "5%", "unit": "percent", "provenance": "user"},
	  {"name": "years", "display": "40", "unit": "years", "provenance": "user"}],
	 "output": {"places": 2}}`))
	r, err := receipt.Calculate(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range r.Call.Steps {
		switch s.Name {
		case "withdrawal_monthly", "withdrawal_annual", "year[1].balance", "year[34].balance", "runs_out_month", "runs_out_year":
			fmt.Printf("%s = %s %s\n", s.Name, s.Value, s.Unit)
		}
	}
	// Output:
	// withdrawal_monthly = 5000 USD
	// withdrawal_annual = 60000 USD
	// year[1].balance = 988637.112352013595796868868107333 USD
	// year[34].balance = 33393.69797844921536636347542285203 USD
	// runs_out_month = 415 months
	// runs_out_year = 35 years
}
