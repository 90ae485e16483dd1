package story

import "github.com/reckonhq/reckon/receipt"

// costcoSource is the excerpt of Costco's FY2021 10-K the story reads.
const costcoSource = "costco-10k-fy2021"

// costcoInput is a line item of Costco's FY2021 10-K, in USD millions,
// quoted as its row prints: the label, then the FY2021 column.
func costcoInput(name, display, period, label, statement string) receipt.Input {
	return receipt.Input{Name: name, Display: display, Unit: "USD", Scale: "million", Period: period, Label: label,
		Support: "Costco 10-K FY2021, " + statement, Provenance: receipt.ProvenanceText, Quote: label + " " + display, Source: costcoSource}
}

func costcoInputs(operatingIncomePeriod string) []receipt.Input {
	oi := costcoInput("operating_income", "6,708", "FY2021", "Operating income", "income statement")
	if operatingIncomePeriod != "FY2021" {
		oi = costcoInput("operating_income", "5,435", operatingIncomePeriod, "Operating income", "income statement, prior year")
		// The prior year is the row's second column: the model quotes
		// the row up to it.
		oi.Quote = "Operating income 6,708 5,435"
	}
	return []receipt.Input{
		costcoInput("current_debt", "799", "FY2021", "Current portion of long-term debt", "balance sheet"),
		costcoInput("long_term_debt", "6,692", "FY2021", "Long-term debt, excluding current portion", "balance sheet"),
		costcoInput("lease_liabilities", "3,916", "FY2021", "Long-term operating lease liabilities", "balance sheet"),
		oi,
		costcoInput("depreciation", "1,781", "FY2021", "Depreciation and amortization", "cash flow statement"),
	}
}

const costcoFormula = "(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)"

func ratio3() receipt.Request {
	three := 3
	return receipt.Request{Output: unitsOutput("ratio", &three)}
}

// Costco is FY2021 debt-to-EBITDA from the 10-K's line items: 1.344×.
func Costco() *Story {
	req := func(id, formula string, inputs []receipt.Input, samePeriod bool) *receipt.Request {
		r := ratio3()
		r.ID, r.Formula, r.Inputs, r.SamePeriod = id, formula, inputs, samePeriod
		return &r
	}
	all := costcoInputs("FY2021")
	return &Story{
		Name:     "costco",
		Title:    "Costco FY2021 debt-to-EBITDA",
		Sources:  []string{costcoSource},
		Question: "What was Costco's debt-to-EBITDA ratio for fiscal 2021, counting operating leases as debt?",
		Drafts: []Draft{
			{What: "mixes in operating income from another period",
				Request: req("costco-mixed-periods", costcoFormula, costcoInputs("FY2020"), true)},
			{What: "leaves the lease liabilities out of debt",
				Request: req("costco-no-leases", "(current_debt + long_term_debt) / (operating_income + depreciation)", all, false)},
			{What: "divides by operating income alone",
				Request: req("costco-debt-to-oi", "(current_debt + long_term_debt + lease_liabilities) / operating_income",
					[]receipt.Input{all[0], all[1], all[2], all[3]}, false),
				Label: "debt to operating income, not to EBITDA"},
		},
		Answer: req("costco-fy21-debt-ebitda", costcoFormula, all, true),
		Audit:  &Audit{Why: "every input must be from FY2021", Policy: receipt.Policy{Periods: []string{"FY2021"}}},
	}
}
