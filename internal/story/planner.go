package story

import (
	"io"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"

	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// plannerMessage is the client's message, with every figure of the debts
// and the retirement plan.
const plannerMessage = "client-message"

// Planner is a financial planner agent that never computes a figure itself:
// a mortgage payment under the lender's rate convention, beside the draft
// that took 6% as an effective rate; a payoff plan for three debts; and a
// retirement projection asked for in dollars a month. The release gate
// backs every figure of the answer from the receipts.
func Planner() *Story {
	two := 2
	money := func(places *int) units.Output { return unitsOutput("", places) }
	user := func(name, display, unit, label, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: unit, Label: label, Support: "the client's message",
			Provenance: receipt.ProvenanceUser, Quote: quote}
	}
	estimate := func(name, display, unit, label, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: unit, Label: label, Support: "loan estimate p.1",
			Provenance: receipt.ProvenanceText, Quote: quote, Source: "loan-estimate"}
	}
	mortgage := func(id, convention string) *receipt.Request {
		params := map[string]string{"periods_per_year": "12"}
		if convention != "" {
			params["rate_convention"] = convention
		}
		return &receipt.Request{ID: id, Operation: "pmt", Params: params, Inputs: []receipt.Input{
			estimate("rate", "6%", "percent", "Interest rate (APR)", "Interest Rate 6%"),
			estimate("nper", "360", "number", "Loan term in payments", "Loan Term 30 years (360 payments)"),
			estimate("pv", "$300,000", "USD", "Loan amount", "Loan Amount $300,000"),
		}, Output: money(&two)}
	}
	loan := &receipt.Request{ID: "mortgage-summary", Operation: "loan",
		Params: map[string]string{"rate_convention": "nominal", "periods_per_year": "12"},
		Inputs: []receipt.Input{
			estimate("principal", "$300,000", "USD", "Loan amount", "Loan Amount $300,000"),
			estimate("rate", "6%", "percent", "Interest rate (APR)", "Interest Rate 6%"),
			estimate("term", "30", "years", "Loan term", "Loan Term 30 years (360 payments)"),
		}, Output: money(&two)}
	card := func(i, balance, apr, minimum, name string) []receipt.Input {
		return []receipt.Input{
			user("debts["+i+"].balance", balance, "USD", name+" balance", ""),
			user("debts["+i+"].apr", apr, "percent", name+" APR", ""),
			user("debts["+i+"].min_payment", minimum, "USD", name+" minimum payment", ""),
		}
	}
	var debts []receipt.Input
	debts = append(debts, card("0", "$5,000", "22.99%", "$150", "Visa")...)
	debts = append(debts, card("1", "$1,200", "15%", "$50", "store card")...)
	debts = append(debts, card("2", "$8,000", "6%", "$250", "car loan")...)
	debts = append(debts, user("budget", "$700", "USD", "monthly budget for debts", "I can put $700 a month toward my debts"))
	payoff := &receipt.Request{ID: "debt-payoff", Operation: "payoff",
		Params: map[string]string{"rate_convention": "nominal"}, Inputs: debts}
	retirement := &receipt.Request{ID: "retirement-drawdown", Operation: "project",
		Params: map[string]string{"rate_convention": "effective", "contribution_frequency": "monthly"},
		Inputs: []receipt.Input{
			user("balance", "$1,000,000", "USD", "savings at retirement", "we will retire with $1,000,000"),
			user("withdrawal", "$5,000", "USD", "monthly spending", "we want to spend $5,000 a month"),
			user("return", "5%", "percent", "expected annual return", "assume 5% a year"),
			user("years", "40", "years", "horizon", "plan for 40 years"),
		}, Output: money(&two)}
	return &Story{
		Name:    "planner",
		Sources: []string{"loan-estimate", plannerMessage},
		Title:   "a financial planner: a mortgage payment, a debt payoff plan, a retirement projection",
		Question: "What is the monthly payment on a $300,000 mortgage at 6% over 30 years? Which debt should I pay first " +
			"with $700 a month? And how long does $1,000,000 last if we spend $5,000 a month?",
		Drafts: []Draft{
			{What: "names no rate convention for the 6%", Request: mortgage("mortgage-draft", "")},
			{What: "takes the lender's 6% APR as an effective annual rate", Request: mortgage("mortgage-effective", "effective"),
				Label: "the payment at an effective annual rate of 6%, not at a 6% APR compounded monthly; about $11,000 less over the loan, and wrong"},
		},
		Answer: mortgage("mortgage-payment", "nominal"),
		Also:   []*receipt.Request{loan, payoff, retirement},
		Extra: func(w io.Writer, env Env) error {
			var sealed []*dsse.Envelope
			for _, req := range []*receipt.Request{mortgage("mortgage-payment", "nominal"), loan, retirement, payoff} {
				resp := env.Respond(req, env.Signer)
				sealed = append(sealed, resp.Receipt)
			}
			// The client's figures are inputs of provenance user: they back
			// the answer because the application passes the gate what the
			// client wrote, and each is there.
			question := mustDocument(plannerMessage)
			return gateDrafts(w, "Before the answer leaves: every figure must be backed by a receipt (the client's message is the question)", env, []string{
				"Your payment is $1,768.11 a month.",
				"Your payment is $1,798.65 a month, and over 30 years you pay $347,514.57 in interest.",
				"Paying the Visa first (avalanche) costs $1,547.97 in interest against $1,638.65 for the smallest balance first: $90.68 saved, debt-free in 23 months either way.",
				"Spending $5,000 a month, the savings run out in month 415, in year 35.",
			}, sealed, nil, claim.Options{Question: question})
		},
	}
}
