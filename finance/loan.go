package finance

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// Loan summarises a fixed-payment loan: the payment per period, the number
// of payments, the total paid and the total interest, and how the first and
// the last payment split into interest and principal. Unlike the
// numpy-financial operations, it reports what the borrower pays as positive
// amounts, as a loan statement does.
//
// Inputs: principal (a currency), rate (percent or number), term (unit
// months or years). Params: rate_convention (required), periods_per_year
// (required: the payments a year), when (end or begin). The term must be a
// whole number of payments. The result is the payment; the totals use the
// exact payment, not one rounded to the cent.
type Loan struct{}

// Name returns "loan".
func (Loan) Name() string { return "loan" }

// Run computes the summary.
func (Loan) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("loan", args, tvmParams...)
	if args.Param("rate_convention", "") == Periodic {
		return operation.Outcome{}, refuse(fault.BadParam, "params.rate_convention",
			`a loan's rate is annual: use "nominal" for an APR or "effective"; for a rate per period, use pmt`,
			"a loan takes an annual rate, not a periodic one")
	}
	principal := d.amount("principal", true)
	rate := d.rate("rate")
	cv := d.convention()
	when := d.when()
	months := d.term("term")
	m, perYear := d.whole("periods_per_year", maxPeriodsPerYear)
	if d.err == nil && !perYear {
		d.err = refuse(fault.BadParam, "params.periods_per_year", `give the payments a year, such as "12" for monthly payments`,
			"a loan needs periods_per_year")
	}
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	if principal.Sign() <= 0 {
		return operation.Outcome{}, refuse(fault.BadInputUnit, args.Field("principal")+".display",
			"give the amount borrowed as a positive number", "principal is %s; it must be positive", plain(principal))
	}
	c := newCalc()
	// payments = months × periods_per_year / 12, which must be whole.
	n := c.quo(c.mul(months, apd.New(int64(m), 0)), apd.New(12, 0))
	if c.err == nil && (!isInteger(n) || n.Sign() <= 0 || n.Cmp(maxPeriods) > 0) {
		return operation.Outcome{}, refuse(fault.BadPeriod, args.Field("term")+".display",
			"give a term that is a whole number of payments, up to 100000", "a term of %s months at %d payments a year is %s payments", plain(months), m, plain(n))
	}
	t := tvm{c: c, i: cv.periodic(c, rate), n: n, when: when}
	u := d.unit()
	pmt, _, _ := t.pmt(principal, zero)
	pay := c.neg(pmt)
	total := c.mul(pay, n)
	interest := c.sub(total, principal)
	firstI, _ := t.interest(one, principal, pmt)
	lastI, _ := t.interest(n, principal, pmt)
	firstI, lastI = c.neg(firstI), c.neg(lastI)
	steps := []operation.Step{
		rateStep(t),
		numberStep("payments", n),
		amountStep("payment", pay, u),
		amountStep("total_paid", total, u),
		amountStep("total_interest", interest, u),
		amountStep("first_interest", firstI, u),
		amountStep("first_principal", c.sub(pay, firstI), u),
		amountStep("last_interest", lastI, u),
		amountStep("last_principal", c.sub(pay, lastI), u),
	}
	return outcome(c, pay, u, steps...)
}

// term reads a duration in months or years, as canonical months.
func (d *decoder) term(name string) *apd.Decimal {
	in, at, ok := d.input(name, true)
	if !ok {
		return nil
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return nil
	}
	if k := a.Unit.Kind(); k != units.KindMonths && k != units.KindYears || hasPer(a.Unit) {
		d.err = refuse(fault.BadInputUnit, at+".unit", `give the term with unit months ("360") or years ("30")`,
			"%s is in %s; it is a duration", name, a.Unit)
		return nil
	}
	if a.Value.Sign() <= 0 {
		d.err = refuse(fault.BadPeriod, at+".display", "give a positive term", "%s is %s", name, display(in))
		return nil
	}
	return &a.Value
}
