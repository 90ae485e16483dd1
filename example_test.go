package reckon_test

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"log"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

// The three computations a Go developer starts with: a ratio from a 10-K
// in USD millions, a percent change, and an amount from crore to lakh.
func Example() {
	ratio, err1 := reckon.Calc("(current_debt + long_term_debt + leases) / (operating_income + depreciation)",
		reckon.Inputs("USD", "million", "current_debt", "799", "long_term_debt", "6,692", "leases", "3,916",
			"operating_income", "6,708", "depreciation", "1,781"), reckon.Places(3))
	change, err2 := reckon.Calc("(new - old) / old", reckon.Inputs("USD", "million", "old", "192,052", "new", "195,929"),
		reckon.Unit("percent"), reckon.Places(2))
	lakh, err3 := reckon.Convert("836.73", "INR", "crore", "lakh")
	if err := errors.Join(err1, err2, err3); err != nil {
		log.Fatal(err)
	}
	fmt.Println(ratio, change, lakh)
	// Output: 1.344× 2.02% ₹83,673 lakh
}

// India's growth: forecast 6.7%, actual 4.3%. The gap is in percentage
// points; the shortfall relative to the forecast is a formula the source
// does not define, so it is recorded as interpreted, with its definition.
func ExampleCalc() {
	growth := reckon.Inputs("percent", "", "forecast", "6.7%", "actual", "4.3%")
	gap, err := reckon.Calc("forecast - actual", growth, reckon.Unit("pp"))
	if err != nil {
		log.Fatal(err)
	}
	shortfall, err := reckon.Calc("(forecast - actual) / forecast", growth, reckon.Unit("percent"), reckon.Places(3),
		reckon.Interpreted("shortfall relative to the forecast: (forecast − actual) / forecast"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(gap.Expanded, "=", gap)
	fmt.Println(shortfall.Expanded, "=", shortfall.Value, shortfall.Unit, "exact", shortfall.Exact)
	// Output:
	// 6.7 − 4.3 = 2.4 pp
	// (6.7 − 4.3) / 6.7 = 35.821 percent exact 35.82089552238805970149253731343283…
}

// Income less shareholders' funds from an annual report printed in lakhs
// ("lacs"), with Indian digit grouping: the result is in rupees.
func ExampleInputs() {
	r, err := reckon.Calc("income - funds",
		reckon.Inputs("INR", "lacs", "income", "1,09,638.91", "funds", "25,966.14"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Expanded)
	fmt.Println(r.Value, r.Display)
	// Output:
	// (109638.91 × 100000) − (25966.14 × 100000)
	// 8367277000 ₹8,367,277,000
}

// One amount in another scale, exactly; the scale may be printed in the
// display instead of given.
func ExampleConvert() {
	for _, c := range []struct{ display, unit, from, to string }{
		{"836.73", "INR", "crore", "lakh"},
		{"8,367,277,000", "INR", "", "crore"},
		{"1,234.5 million", "USD", "", "billion"},
	} {
		r, err := reckon.Convert(c.display, c.unit, c.from, c.to)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.Expanded, "→", r, "| value", r.Value, r.Unit, r.Scale)
	}
	// Output:
	// (836.73 × 10000000) → ₹83,673 lakh | value 83673 INR lakh
	// 8367277000 → ₹836.7277 crore | value 836.7277 INR crore
	// (1234.5 × 1000000) → $1.2345 billion | value 1.2345 USD billion
}

// Present one amount in its own scale, rounded and grouped the Indian way.
func ExampleGrouping() {
	r, err := reckon.Convert("8,367,277,000", "INR", "", "", reckon.Grouping("indian"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r)
	// Output: ₹8,36,72,77,000
}

// A refusal is a typed error; receipt.Describe gives its code, field and
// hint whichever package refused.
func Example_errors() {
	_, err := reckon.Calc("revenue + cost", append(reckon.Inputs("USD", "", "revenue", "1,200"),
		reckon.Inputs("EUR", "", "cost", "800")...))
	info := receipt.Describe(err)
	fmt.Println(info.Code)
	fmt.Println(info.Hint)
	// Output:
	// currency_mismatch
	// reckon never converts currencies by itself; give every amount in one currency, converting with an exchange-rate input in unit EUR/USD (euros per one US dollar): amount_usd * eur_per_usd is in EUR
}

// A result's receipt is sealed in a DSSE envelope by receipt.Seal, the one
// door of signing.
func ExampleResult_signed() {
	r, err := reckon.Convert("836.73", "INR", "crore", "lakh", reckon.ID("crore-to-lakh"))
	if err != nil {
		log.Fatal(err)
	}
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)) // a fixed key, for a fixed output
	signer, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		log.Fatal(err)
	}
	env, err := receipt.Seal(r.Receipt, signer)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(env.PayloadType, len(env.Signatures))
	fmt.Println(r.Receipt.ID, r.Receipt.Formula, "=", r.Receipt.Expanded)
	// Output:
	// application/vnd.reckon.receipt+json 1
	// crore-to-lakh amount = (836.73 × 10000000)
}

// An input with its period, label, citation and the passage it was read
// from: the quote must contain the display as printed, and SamePeriod
// refuses inputs of different periods.
func ExampleIn() {
	in := []reckon.In{
		{Name: "operating_income", Display: "6,708", Unit: "USD", Scale: "million", Period: "FY2021",
			Label: "Operating income", Support: "Costco 10-K FY2021, income statement", Provenance: "text",
			Quote: "Operating income 6,708 5,435 4,737"},
		{Name: "depreciation", Display: "1,781", Unit: "USD", Scale: "million", Period: "FY2021",
			Label: "Depreciation and amortization", Support: "Costco 10-K FY2021, cash flows", Provenance: "text",
			Quote: "Depreciation and amortization 1,781 1,645 1,492"},
	}
	r, err := reckon.Calc("operating_income + depreciation", in, reckon.Scale("million"), reckon.SamePeriod())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r, r.Receipt.Periods)
	// Output: $8,489 million [FY2021]
}

// Inputs quoted from a registered document are grounded there: the receipt
// records where each was read, and backs numbers in prose.
func ExampleSources() {
	sources, err := quote.NewSources(map[string]string{"report": "Revenue (in millions)\n\n| | 2024 | 2023 |\n|---|---|---|\n" +
		"| Revenue | 5,007 | 4,812 |\n"})
	if err != nil {
		log.Fatal(err)
	}
	growth, err := reckon.Calc("(new - old) / old", []reckon.In{
		{Name: "new", Display: "5,007", Unit: "USD", Scale: "million", Period: "2024", Source: "report", Quote: "Revenue | 5,007"},
		{Name: "old", Display: "4,812", Unit: "USD", Scale: "million", Period: "2023", Source: "report", Quote: "Revenue | 5,007 | 4,812"},
	}, reckon.Sources(sources), reckon.Unit("percent"), reckon.Places(2))
	if err != nil {
		log.Fatal(err)
	}
	g := growth.Receipt.Inputs[0].Grounding
	fmt.Println(growth, g.Source, g.Scope.Column)
	// Output: 4.05% report 2024
}
