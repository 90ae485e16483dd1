package finance

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// CAGR is the compound annual growth rate from a start value to an end
// value over a number of years: (end/start)^(1/years) − 1. It is exact when
// years is 1 and the quotient terminates; otherwise it is a fractional
// power, computed with guard digits and marked inexact.
//
// Inputs: start and end (one unit: a currency, a count or a number), years
// (unit number, years or months). No params. The result is in percent.
type CAGR struct{}

// Name returns "cagr".
func (CAGR) Name() string { return "cagr" }

// Run computes the rate.
func (CAGR) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("cagr", args)
	start, end := d.level("start"), d.level("end")
	years := d.years("years")
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	if start.Sign() <= 0 || end.Sign() < 0 {
		return operation.Outcome{}, refuse(fault.NoSolution, args.Field("start")+".display",
			"a compound growth rate needs a positive start and an end that is not negative; give the change as a formula instead",
			"no compound rate takes %s to %s", plain(start), plain(end))
	}
	c := newCalc()
	ratio := c.quo(end, start)
	factor := ratio
	if years.Cmp(one) != 0 {
		factor = c.pow(ratio, c.quo(one, years))
	}
	return outcome(c, c.sub(factor, one), units.Percent, numberStep("ratio", ratio), numberStep("annual_factor", factor))
}

// Growth compounds an amount at a rate over a number of periods,
// amount × (1+i)^n; with the param direction "discount" it does the
// inverse, amount ÷ (1+i)^n: what a future amount is worth today, or an
// amount in today's money after inflation at rate.
//
// Inputs: amount (a currency, a count or a number), rate (percent or
// number), periods (unit number). Params: rate_convention (required),
// periods_per_year (for nominal and effective), direction (compound, the
// default, or discount).
type Growth struct{}

// Name returns "growth".
func (Growth) Name() string { return "growth" }

// Run compounds or discounts.
func (Growth) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("growth", args, "rate_convention", "periods_per_year", "direction")
	amount := d.level("amount")
	rate := d.rate("rate")
	cv := d.convention()
	n := d.count("periods", true, false)
	discount := d.param("direction", "compound", "compound", "discount") == "discount"
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	c := newCalc()
	t := tvm{c: c, i: cv.periodic(c, rate), n: n}
	g := t.growth()
	v := c.mul(amount, g)
	if discount {
		v = c.quo(amount, g)
	}
	return outcome(c, v, d.unit(), rateStep(t), numberStep("growth_factor", g))
}

// level reads a quantity that grows: a currency, a count or a number,
// every one of an operation in one unit.
func (d *decoder) level(name string) *apd.Decimal {
	in, at, ok := d.input(name, true)
	if !ok {
		return zero
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return zero
	}
	switch k := a.Unit.Kind(); {
	case hasPer(a.Unit):
	case k == units.KindCurrency, k == units.KindCount, k == units.KindNumber:
		return d.same(name, at, a)
	}
	d.err = refuse(fault.BadInputUnit, at+".unit", "give "+name+" in a currency such as USD, a count, or as a plain number",
		"%s is in %s", name, a.Unit)
	return zero
}

// same checks that every amount of one operation shares a unit.
func (d *decoder) same(name, at string, a *units.Amount) *apd.Decimal {
	if d.money == nil {
		u := a.Unit
		d.money, d.moneyAt = &u, name
	} else if *d.money != a.Unit {
		code := fault.BadInputUnit
		if d.money.Kind() == units.KindCurrency && a.Unit.Kind() == units.KindCurrency {
			code = fault.CurrencyMismatch
		}
		d.err = refuse(code, at+".unit",
			"give every amount in one unit; convert currencies first with a formula over an exchange-rate input such as EUR per USD",
			"%s is in %s but %s is in %s", name, a.Unit, d.moneyAt, *d.money)
		return zero
	}
	return &a.Value
}

// years reads a number of years: unit number, or a duration in years or
// months (canonical months, divided by 12).
func (d *decoder) years(name string) *apd.Decimal {
	in, at, ok := d.input(name, true)
	if !ok {
		return nil
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return nil
	}
	y := &a.Value
	switch k := a.Unit.Kind(); {
	case hasPer(a.Unit):
		y = nil
	case k == units.KindYears || k == units.KindMonths:
		y = new(apd.Decimal)
		if _, err := newCalc().ctx.Quo(y, &a.Value, apd.New(12, 0)); err != nil {
			y = nil
		}
	case k != units.KindNumber:
		y = nil
	}
	if y == nil {
		d.err = refuse(fault.BadInputUnit, at+".unit", `give the years as a plain number ("5", unit number) or a duration ("5", unit years)`,
			"%s is in %s", name, a.Unit)
		return nil
	}
	if y.Sign() <= 0 || y.Cmp(maxPeriods) > 0 {
		d.err = refuse(fault.BadPeriod, at+".display", "give a positive number of years", "%s is %s", name, display(in))
		return nil
	}
	return y
}
