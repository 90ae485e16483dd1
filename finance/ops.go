package finance

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// The params every time-value-of-money operation takes.
var tvmParams = []string{"when", "rate_convention", "periods_per_year"}

// inputNames lists, per operation, the inputs it takes, for hints.
var inputNames = map[string]string{
	"pmt":     "rate, nper, pv and optionally fv",
	"ipmt":    "rate, per, nper, pv and optionally fv",
	"ppmt":    "rate, per, nper, pv and optionally fv",
	"fv":      "rate, nper, pmt and optionally pv",
	"pv":      "rate, nper, pmt and optionally fv",
	"nper":    "rate, pmt, pv and optionally fv",
	"rate":    "nper, pmt, pv and optionally fv",
	"loan":    "principal, rate and term",
	"cagr":    "start, end and years",
	"growth":  "amount, rate and periods",
	"project": "balance, contribution, return and years",
	"payoff":  "debts[0].balance, debts[0].apr, debts[0].min_payment (and so on for each debt) and budget",
}

// PMT is the payment per period that takes a present value pv to a future
// value fv (0 when absent) over nper periods at rate, as numpy-financial's
// pmt: a loan received (pv positive) is repaid by negative payments.
//
// Inputs: rate (percent or number), nper (number), pv, fv (one currency).
// Params: rate_convention (periodic, nominal or effective; required),
// periods_per_year (for nominal and effective), when (end or begin).
type PMT struct{}

// Name returns "pmt".
func (PMT) Name() string { return "pmt" }

// Run computes the payment.
func (PMT) Run(args operation.Args) (operation.Outcome, error) {
	d, t, err := decodeTVM("pmt", args, "nper")
	if err != nil {
		return operation.Outcome{}, err
	}
	pv, fv := d.amount("pv", true), d.amount("fv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	pmt, g, a := t.pmt(pv, fv)
	return outcome(t.c, pmt, d.unit(), rateStep(t), numberStep("growth_factor", g), numberStep("annuity_factor", a))
}

// IPMT is the interest part of payment number per (1 to nper) of a loan, as
// numpy-financial's ipmt. It takes PMT's inputs and params, and per.
type IPMT struct{}

// Name returns "ipmt".
func (IPMT) Name() string { return "ipmt" }

// Run computes the interest part.
func (IPMT) Run(args operation.Args) (operation.Outcome, error) {
	return split("ipmt", args, true)
}

// PPMT is the principal part of payment number per (1 to nper) of a loan,
// as numpy-financial's ppmt: the payment less its interest part. It takes
// PMT's inputs and params, and per.
type PPMT struct{}

// Name returns "ppmt".
func (PPMT) Name() string { return "ppmt" }

// Run computes the principal part.
func (PPMT) Run(args operation.Args) (operation.Outcome, error) {
	return split("ppmt", args, false)
}

// split is IPMT and PPMT.
func split(op string, args operation.Args, interest bool) (operation.Outcome, error) {
	d, t, err := decodeTVM(op, args, "nper")
	if err != nil {
		return operation.Outcome{}, err
	}
	per := d.count("per", true, true)
	pv, fv := d.amount("pv", true), d.amount("fv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	if per.Cmp(t.n) > 0 {
		return operation.Outcome{}, refuse(fault.BadPeriod, d.args.Field("per")+".display",
			"give per from 1 (the first payment) to nper (the last)", "per is %s but there are only %s periods", plain(per), plain(t.n))
	}
	pmt, _, _ := t.pmt(pv, fv)
	ip, balance := t.interest(per, pv, pmt)
	pp := t.c.sub(pmt, ip)
	u := d.unit()
	steps := []operation.Step{rateStep(t), amountStep("payment", pmt, u), amountStep("balance_before", t.c.neg(balance), u),
		amountStep("interest", ip, u), amountStep("principal", pp, u)}
	if interest {
		return outcome(t.c, ip, u, steps...)
	}
	return outcome(t.c, pp, u, steps...)
}

// FV is the future value after nper periods of a present value pv (0 when
// absent) and a payment pmt each period, as numpy-financial's fv: saving 100
// a month (pmt −100) grows to a positive future value.
type FV struct{}

// Name returns "fv".
func (FV) Name() string { return "fv" }

// Run computes the future value.
func (FV) Run(args operation.Args) (operation.Outcome, error) {
	d, t, err := decodeTVM("fv", args, "nper")
	if err != nil {
		return operation.Outcome{}, err
	}
	pmt, pv := d.amount("pmt", true), d.amount("pv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	fv, g, a := t.fv(pv, pmt)
	return outcome(t.c, fv, d.unit(), rateStep(t), numberStep("growth_factor", g), numberStep("annuity_factor", a))
}

// PV is the present value of a future value fv (0 when absent) and a
// payment pmt each period over nper periods, as numpy-financial's pv.
type PV struct{}

// Name returns "pv".
func (PV) Name() string { return "pv" }

// Run computes the present value.
func (PV) Run(args operation.Args) (operation.Outcome, error) {
	d, t, err := decodeTVM("pv", args, "nper")
	if err != nil {
		return operation.Outcome{}, err
	}
	pmt, fv := d.amount("pmt", true), d.amount("fv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	pv, g, a := t.pv(pmt, fv)
	return outcome(t.c, pv, d.unit(), rateStep(t), numberStep("growth_factor", g), numberStep("annuity_factor", a))
}

// NPER is the number of periods a payment pmt takes to bring a present
// value pv to a future value fv (0 when absent), as numpy-financial's nper.
// It is a logarithm, so it is inexact unless the rate is zero; it may be
// fractional or negative, as the mathematics gives it.
type NPER struct{}

// Name returns "nper".
func (NPER) Name() string { return "nper" }

// Run computes the number of periods.
func (NPER) Run(args operation.Args) (operation.Outcome, error) {
	d, t, err := decodeTVM("nper", args, "")
	if err != nil {
		return operation.Outcome{}, err
	}
	pmt, pv, fv := d.amount("pmt", true), d.amount("pv", true), d.amount("fv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	n, ok := t.periodsTo(pmt, pv, fv)
	if !ok {
		return operation.Outcome{}, refuse(fault.NoSolution, d.args.Field("pmt")+".display",
			"check the signs (money received positive, paid out negative) and that the payment more than covers the interest each period",
			"no number of periods takes pv %s to fv %s with payment %s at %s%% a period", plain(pv), plain(fv), plain(pmt), percentStep("", t.i).Value)
	}
	return outcome(t.c, n, units.Number, rateStep(t))
}

// decodeTVM reads what every time-value-of-money operation shares: the
// rate under its convention, the payment timing, and the number of periods
// named nper (unless nper is ""). The periodic rate is computed at once.
func decodeTVM(op string, args operation.Args, nper string) (*decoder, tvm, error) {
	d := newDecoder(op, args, tvmParams...)
	rate := d.rate("rate")
	cv := d.convention()
	when := d.when()
	var n *apd.Decimal
	if nper != "" {
		n = d.count(nper, true, false)
	}
	if d.err != nil {
		return nil, tvm{}, d.err
	}
	c := newCalc()
	return d, tvm{c: c, i: cv.periodic(c, rate), n: n, when: when}, nil
}

// rateStep records the periodic rate.
func rateStep(t tvm) operation.Step { return percentStep("periodic_rate", t.i) }
