package stories

import (
	_ "embed"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// costco10K is an excerpt of Costco's FY2021 10-K: the rows of the income
// statement, the balance sheet and the cash flow statement the story reads,
// laid out as the filing prints them, in millions.
//
//go:embed testdata/sources/costco-10k-fy2021.txt
var costco10K string

// Costco is FY2021 debt-to-EBITDA from the line items of Costco's 10-K,
// counting operating leases as debt: 1.344×. Three drafts get it wrong on
// the way: one mixes in another year's operating income, one leaves the
// leases out, one divides by operating income alone; an auditor then
// checks that every input is from FY2021.
func Costco(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	// The application registers the document the model reads: every quote
	// must be found in it, and the receipt records where.
	sources, err := quote.NewSources(map[string]string{"costco-10k-fy2021": costco10K})
	if err != nil {
		return nil, err
	}

	// The model transcribes each line item as its row prints it: the
	// label, then the FY2021 column, in USD millions.
	item := func(name, display, label, statement string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: "USD", Scale: "million", Period: "FY2021",
			Label: label, Support: "Costco 10-K FY2021, " + statement, Provenance: receipt.ProvenanceText,
			Source: "costco-10k-fy2021", Quote: label + " " + display}
	}
	currentDebt := item("current_debt", "799", "Current portion of long-term debt", "balance sheet")
	longTermDebt := item("long_term_debt", "6,692", "Long-term debt, excluding current portion", "balance sheet")
	leases := item("lease_liabilities", "3,916", "Long-term operating lease liabilities", "balance sheet")
	operatingIncome := item("operating_income", "6,708", "Operating income", "income statement")
	depreciation := item("depreciation", "1,781", "Depreciation and amortization", "cash flow statement")
	// The prior year is the row's second column: a model that read it
	// quotes the row up to it.
	priorOperatingIncome := operatingIncome
	priorOperatingIncome.Display, priorOperatingIncome.Period = "5,435", "FY2020"
	priorOperatingIncome.Support += ", prior year"
	priorOperatingIncome.Quote = "Operating income 6,708 5,435"

	three := 3
	ratio := units.Output{Unit: "ratio", Places: &three, Rounding: "half_even"}
	debtToEBITDA := "(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)"
	all := []receipt.Input{currentDebt, longTermDebt, leases, operatingIncome, depreciation}

	fmt.Fprintln(w, "Q: What was Costco's debt-to-EBITDA ratio for fiscal 2021, counting operating leases as debt?")

	// Drafts are calculated to be shown, not kept: they are not signed.
	fmt.Fprintln(w, "\nDrafts refused or relabelled")
	showRefused(w, 1, "mixes in operating income from another period", receipt.Respond(&receipt.Request{
		ID: "costco-mixed-periods", Formula: debtToEBITDA, Output: ratio, SamePeriod: true, Sources: sources,
		Inputs: []receipt.Input{currentDebt, longTermDebt, leases, priorOperatingIncome, depreciation},
	}, dsse.Unsigned()))
	showRefused(w, 2, "leaves the lease liabilities out of debt", receipt.Respond(&receipt.Request{
		ID: "costco-no-leases", Formula: "(current_debt + long_term_debt) / (operating_income + depreciation)",
		Inputs: all, Output: ratio, Sources: sources,
	}, dsse.Unsigned()))
	showRelabelled(w, 3, "divides by operating income alone", "debt to operating income, not to EBITDA", receipt.Respond(&receipt.Request{
		ID: "costco-debt-to-oi", Formula: "(current_debt + long_term_debt + lease_liabilities) / operating_income",
		Inputs: []receipt.Input{currentDebt, longTermDebt, leases, operatingIncome}, Output: ratio, Sources: sources,
	}, dsse.Unsigned()))

	// The answer is signed, then verified as an auditor would: the
	// signature, the arithmetic done again, every quote found again.
	answer := &receipt.Request{ID: "costco-fy21-debt-ebitda", Formula: debtToEBITDA, Inputs: all, Output: ratio,
		SamePeriod: true, Sources: sources}
	resp, err := reckoned(w, "Answer", answer, signer, trusted)
	if err != nil {
		return nil, err
	}

	// An auditor's policy of its own: every input from FY2021.
	_, err = receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted, Policy: receipt.Policy{Periods: []string{"FY2021"}}})
	showAudit(w, "every input must be from FY2021", err)
	return []*receipt.Response{resp}, nil
}
