package stories

import (
	_ "embed"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	_ "github.com/reckonhq/reckon/operation/standard" // pmt, loan, payoff and project
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// The planner story's texts: the lender's loan estimate, a document the
// client attached, and the client's message, which is the question and
// holds every figure of the debts and the retirement plan.
var (
	//go:embed testdata/sources/loan-estimate.txt
	loanEstimate string
	//go:embed testdata/sources/client-message.txt
	clientMessage string
)

// Planner is a financial planner agent that never computes a figure
// itself: the mortgage payment under the lender's rate convention
// ($1,798.65 a month), beside the draft that took the 6% APR as an
// effective rate; a payoff plan for three debts; and how long $1,000,000
// lasts at $5,000 a month. The release gate backs every figure of the
// answer from the receipts, and the client's own figures from the
// client's message, which the application passes as the question.
func Planner(w io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) ([]*receipt.Response, error) {
	sources, err := quote.NewSources(map[string]string{"loan-estimate": loanEstimate})
	if err != nil {
		return nil, err
	}
	// The loan's terms are read from the loan estimate; the client's
	// figures are the client's own (provenance user), each quoted from the
	// message.
	estimate := func(name, display, unit, label, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: unit, Label: label, Support: "loan estimate p.1",
			Provenance: receipt.ProvenanceText, Source: "loan-estimate", Quote: quote}
	}
	client := func(name, display, unit, label, quote string) receipt.Input {
		return receipt.Input{Name: name, Display: display, Unit: unit, Label: label, Support: "the client's message",
			Provenance: receipt.ProvenanceUser, Quote: quote}
	}
	rate := estimate("rate", "6%", "percent", "Interest rate (APR)", "Interest Rate 6%")
	amount := estimate("pv", "$300,000", "USD", "Loan amount", "Loan Amount $300,000")
	payments := estimate("nper", "360", "number", "Loan term in payments", "Loan Term 30 years (360 payments)")
	two := 2
	cents := units.Output{Places: &two, Rounding: "half_even"}
	// pmt is the payment; it never guesses whether a rate is nominal
	// (an APR, compounded monthly) or effective.
	pmt := func(id string, params map[string]string) *receipt.Request {
		return &receipt.Request{ID: id, Operation: "pmt", Params: params,
			Inputs: []receipt.Input{rate, payments, amount}, Output: cents, Sources: sources}
	}
	payment := pmt("mortgage-payment", map[string]string{"periods_per_year": "12", "rate_convention": "nominal"})
	// loan summarises the same mortgage: the payment, and the interest
	// paid over the term among its steps.
	loan := &receipt.Request{ID: "mortgage-summary", Operation: "loan",
		Params: map[string]string{"rate_convention": "nominal", "periods_per_year": "12"},
		Inputs: []receipt.Input{
			estimate("principal", "$300,000", "USD", "Loan amount", "Loan Amount $300,000"),
			rate,
			estimate("term", "30", "years", "Loan term", "Loan Term 30 years (360 payments)"),
		}, Output: cents, Sources: sources}
	payoff := &receipt.Request{ID: "debt-payoff", Operation: "payoff", Params: map[string]string{"rate_convention": "nominal"},
		Inputs: []receipt.Input{
			client("debts[0].balance", "$5,000", "USD", "Visa balance", ""),
			client("debts[0].apr", "22.99%", "percent", "Visa APR", ""),
			client("debts[0].min_payment", "$150", "USD", "Visa minimum payment", ""),
			client("debts[1].balance", "$1,200", "USD", "store card balance", ""),
			client("debts[1].apr", "15%", "percent", "store card APR", ""),
			client("debts[1].min_payment", "$50", "USD", "store card minimum payment", ""),
			client("debts[2].balance", "$8,000", "USD", "car loan balance", ""),
			client("debts[2].apr", "6%", "percent", "car loan APR", ""),
			client("debts[2].min_payment", "$250", "USD", "car loan minimum payment", ""),
			client("budget", "$700", "USD", "monthly budget for debts", "I can put $700 a month toward my debts"),
		}, Sources: sources}
	retirement := &receipt.Request{ID: "retirement-drawdown", Operation: "project",
		Params: map[string]string{"rate_convention": "effective", "contribution_frequency": "monthly"},
		Inputs: []receipt.Input{
			client("balance", "$1,000,000", "USD", "savings at retirement", "we will retire with $1,000,000"),
			client("withdrawal", "$5,000", "USD", "monthly spending", "we want to spend $5,000 a month"),
			client("return", "5%", "percent", "expected annual return", "assume 5% a year"),
			client("years", "40", "years", "horizon", "plan for 40 years"),
		}, Output: cents, Sources: sources}

	fmt.Fprintln(w, "Q: What is the monthly payment on a $300,000 mortgage at 6% over 30 years? Which debt should I pay first "+
		"with $700 a month? And how long does $1,000,000 last if we spend $5,000 a month?")

	fmt.Fprintln(w, "\nDrafts refused or relabelled")
	showRefused(w, 1, "names no rate convention for the 6%",
		receipt.Respond(pmt("mortgage-draft", map[string]string{"periods_per_year": "12"}), dsse.Unsigned()))
	showRelabelled(w, 2, "takes the lender's 6% APR as an effective annual rate",
		"the payment at an effective annual rate of 6%, not at a 6% APR compounded monthly; about $11,000 less over the loan, and wrong",
		receipt.Respond(pmt("mortgage-effective", map[string]string{"periods_per_year": "12", "rate_convention": "effective"}), dsse.Unsigned()))

	var answers []*receipt.Response
	var receipts []*dsse.Envelope
	for i, req := range []*receipt.Request{payment, loan, payoff, retirement} {
		heading := "Also"
		if i == 0 {
			heading = "Answer"
		}
		resp, err := reckoned(w, heading, req, signer, trusted)
		if err != nil {
			return nil, err
		}
		answers, receipts = append(answers, resp), append(receipts, resp.Receipt)
	}

	// The client's figures back the answer because the application passes
	// the gate what the client wrote, and each is there.
	fmt.Fprintln(w, "\nBefore the answer leaves: every figure must be backed by a receipt (the client's message is the question)")
	for _, text := range []string{
		"Your payment is $1,768.11 a month.",
		"Your payment is $1,798.65 a month, and over 30 years you pay $347,514.57 in interest.",
		"Paying the Visa first (avalanche) costs $1,547.97 in interest against $1,638.65 for the smallest balance first: $90.68 saved, debt-free in 23 months either way.",
		"Spending $5,000 a month, the savings run out in month 415, in year 35.",
	} {
		d := claim.Gate(claim.Request{Text: text, Receipts: receipts}, trusted, receipt.Policy{}, claim.Options{Question: clientMessage})
		showGate(w, text, d)
	}
	return answers, nil
}
