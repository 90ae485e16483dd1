package units_test

import (
	"fmt"
	"math/big"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// calculate runs the units steps of a calculation, as the receipt layer
// does: read the inputs, infer the result unit, evaluate, present, expand.
func calculate(formula string, inputs map[string]units.Amount, out units.Output) (units.Presented, string, error) {
	f, err := expr.Parse(formula)
	if err != nil {
		return units.Presented{}, "", err
	}
	amountOf := func(name string) (units.Amount, bool) { a, ok := inputs[name]; return a, ok }
	dim, err := units.Infer(f.Root, func(name string) (units.Unit, bool) { a, ok := amountOf(name); return a.Unit, ok })
	if err != nil {
		return units.Presented{}, "", err
	}
	target, err := units.Resolve(out, dim)
	if err != nil {
		return units.Presented{}, "", err
	}
	values := expr.Vars{}
	for name, a := range inputs {
		values[name] = &a.Value
	}
	exact, err := f.Eval(values)
	if err != nil {
		return units.Presented{}, "", err
	}
	result, err := target.Present(&exact.Value)
	if err != nil {
		return units.Presented{}, "", err
	}
	expanded, err := units.Expand(f.Root, amountOf, target)
	return result, expanded, err
}

// The lakh case: an Indian annual report states income of 109,638.91 lacs
// and shareholders' funds of 25,966.14 lacs for the year ended 31 March
// 2003. The difference is in rupees only once the scale is applied.
func Example_lakh() {
	income, _ := units.ParseAmount("109,638.91", mustUnit("INR"), numeral.Lakh)
	funds, _ := units.ParseAmount("25,966.14", mustUnit("INR"), numeral.Lakh)
	result, expanded, err := calculate("income - shareholders_funds",
		map[string]units.Amount{"income": income, "shareholders_funds": funds},
		units.Output{Unit: "INR"})
	if err != nil {
		panic(err)
	}
	fmt.Println(income.Conversion("income"))
	fmt.Println(expanded)
	fmt.Println(result.Value, result.Display)
	// Output:
	// {income 109,638.91 109638.91 lakh 100000 10963891000 INR}
	// (109638.91 × 100000) − (25966.14 × 100000)
	// 8367277000 ₹8,367,277,000
}

// Costco's FY2021 debt-to-EBITDA: every input is in USD millions, so the
// ratio is dimensionless, the millions cancel, and the expansion leaves them
// out.
func Example_costco() {
	inputs := map[string]units.Amount{}
	for name, display := range map[string]string{
		"current_debt": "799", "long_term_debt": "6,692", "lease_liabilities": "3,916",
		"operating_income": "6,708", "depreciation": "1,781",
	} {
		a, err := units.ParseAmount(display, mustUnit("USD"), numeral.Million)
		if err != nil {
			panic(err)
		}
		inputs[name] = a
	}
	places := 3
	result, expanded, err := calculate(
		"(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)",
		inputs, units.Output{Unit: "ratio", Places: &places, Rounding: "half_even"})
	if err != nil {
		panic(err)
	}
	fmt.Println(expanded)
	fmt.Println(result.Exact)
	fmt.Println(result.Display)
	// Output:
	// (799 + 6692 + 3916) / (6708 + 1781)
	// 1.343738956296383555189068205913535
	// 1.344×
}

// A forecast of 6.7% against an actual 4.3%: the absolute gap in percentage
// points, and the relative shortfall as a percent.
func Example_percentagePoints() {
	forecast, _ := units.ParseAmount("6.7%", units.Percent, numeral.Ones)
	actual, _ := units.ParseAmount("4.3%", units.Percent, numeral.Ones)
	inputs := map[string]units.Amount{"forecast": forecast, "actual": actual}
	gap, expanded, _ := calculate("forecast - actual", inputs, units.Output{Unit: "pp"})
	fmt.Println(gap.Display, "=", expanded)
	places := 3
	shortfall, _, _ := calculate("abs((forecast - actual) / forecast)", inputs,
		units.Output{Unit: "percent", Places: &places})
	fmt.Println(shortfall.Display)
	// Output:
	// 2.4 pp = 6.7 − 4.3
	// 35.821%
}

// ParseAmount reads numbers as sources print them, and refuses what it would
// have to guess at.
func ExampleParseAmount() {
	for _, display := range []string{"1,09,638.91", "(1,234.5)", "₹ 1.2 crore", "1.234,5", "n/a"} {
		a, err := units.ParseAmount(display, mustUnit("INR"), numeral.Ones)
		if err != nil {
			fmt.Printf("%-12s %v\n", display, err)
			continue
		}
		fmt.Printf("%-12s %s × %s = %s\n", display, a.Printed.Text('f'), a.Factor().Text('f'), a.Value.Text('f'))
	}
	// Output:
	// 1,09,638.91  109638.91 × 1 = 109638.91
	// (1,234.5)    -1234.5 × 1 = -1234.5
	// ₹ 1.2 crore  1.2 × 10000000 = 12000000
	// 1.234,5      display: decimal comma or dot grouping in "1.234,5"
	// n/a          display: no number printed: "n/a"
}

func ExampleInfer() {
	f, _ := expr.Parse("net_income - (revenue + sales_eu)")
	currency := map[string]string{"net_income": "USD", "revenue": "USD", "sales_eu": "EUR"}
	_, err := units.Infer(f.Root, func(name string) (units.Unit, bool) {
		u, err := units.ParseUnit(currency[name])
		return u, err == nil
	})
	e := err.(*fault.Error)
	fmt.Println(e.Code, f.Source[e.Span.Start:e.Span.End])
	fmt.Println(e.Hint)
	// Output:
	// currency_mismatch revenue + sales_eu
	// reckon never converts currencies by itself; give every amount in one currency, converting with an exchange-rate input in unit EUR/USD (euros per one US dollar): amount_usd * eur_per_usd is in EUR
}

// Present applies the output scale once, rounds once, and formats.
func ExamplePresent() {
	exact, _, _ := expr.NewContext().SetString(new(apd.Decimal), "0.3582089552238805970149253731343284")
	places := 3
	p, _ := units.Present(exact, units.Dim{Unit: units.Ratio}, units.Output{Unit: "percent", Places: &places})
	fmt.Println(p.Value, p.Display, p.Rounding)
	// Output:
	// 35.821 35.821% half_even
}

func mustUnit(s string) units.Unit {
	u, err := units.ParseUnit(s)
	if err != nil {
		panic(err)
	}
	return u
}

// ParseUnit reads units in their canonical and common spellings, and refuses
// symbols several currencies share.
func ExampleParseUnit() {
	for _, s := range []string{"usd", "₹", "%", "count: Tweets", "USD per count:shares", "$"} {
		u, err := units.ParseUnit(s)
		if err != nil {
			fmt.Printf("%q: %s: %s\n", s, err.(*fault.Error).Code, err.(*fault.Error).Hint)
			continue
		}
		fmt.Printf("%q: %s\n", s, u)
	}
	// Output:
	// "usd": USD
	// "₹": INR
	// "%": percent
	// "count: Tweets": count:tweets
	// "USD per count:shares": USD/count:shares
	// "$": ambiguous_symbol: give the ISO 4217 code (USD, CAD, AUD, HKD, SGD, MXN, …)
}

// Expand leaves a factor of 1 out, and parenthesises negative values.
func ExampleExpand() {
	a, _ := units.ParseAmount("(12)", units.Count, numeral.Ones)
	b, _ := units.ParseAmount("1.5", units.Count, numeral.Thousand)
	amounts := map[string]units.Amount{"a": a, "b": b}
	f, _ := expr.Parse("(a + b) / 2")
	s, _ := units.Expand(f.Root, func(name string) (units.Amount, bool) {
		v, ok := amounts[name]
		return v, ok
	}, units.Target{Unit: units.Count, Places: -1})
	fmt.Println(s)
	// Output:
	// ((−12) + (1.5 × 1000)) / 2
}

// Periods collects the periods a result draws on, and can insist on one.
func ExamplePeriods() {
	labels := map[string]string{"revenue": "FY2021", "debt": "FY2021", "rate": "", "prior": "FY2020"}
	all, _ := units.Periods(labels, false)
	fmt.Println(all)
	_, err := units.Periods(labels, true)
	fmt.Println(err)
	// Output:
	// [FY2020 FY2021]
	// prior: debt is for "FY2021" but prior is for "FY2020"
}

// A difference of two percents is in percentage points when the output
// leaves the unit empty; a literal other than 0 or 1 beside a percent is
// refused, since it would be a fraction.
func ExampleInfer_percentagePoints() {
	unitOf := func(string) (units.Unit, bool) { return units.Percent, true }
	for _, formula := range []string{"m2021 - m2020", "m2021 + m2020", "1 - tax_rate", "rate + 2"} {
		d, err := units.Infer(expr.MustParse(formula).Root, unitOf)
		if err != nil {
			fmt.Println(formula, "→", err.(*fault.Error).Code)
			continue
		}
		fmt.Println(formula, "→", d)
	}
	// Output:
	// m2021 - m2020 → pp
	// m2021 + m2020 → percent
	// 1 - tax_rate → percent
	// rate + 2 → literal_beside_percent
}

// PresentExact rounds once, from the exact value: just under a tie rounds
// down, and exact is cut off with "…", never rounded up to the tie.
func ExampleTarget_PresentExact() {
	places := 2
	t, _ := units.Resolve(units.Output{Places: &places, Rounding: "half_up"}, units.Dim{Unit: units.Number})
	x, _ := new(big.Rat).SetString("1000000000000000000000000000000000/8000000000000000000000000000000001")
	p, _ := t.PresentExact(x)
	fmt.Println(p.Value, p.Exact)
	// Output:
	// 0.12 0.1249999999999999999999999999999999…
}

// Describe shows an input for a person.
func ExampleAmount_Describe() {
	inr, _ := units.CurrencyUnit("INR")
	tweets, _ := units.CountOf("tweets")
	a, _ := units.ParseAmount("1,09,638.91", inr, numeral.Lakh)
	b, _ := units.ParseAmount("24", tweets, numeral.Ones)
	fmt.Println(a.Describe(), "·", b.Describe())
	// Output:
	// ₹1,09,638.91 lakh · 24 tweets
}
