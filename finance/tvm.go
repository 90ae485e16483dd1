package finance

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// tvm is the time value of money at a periodic rate i over n periods, with
// payments at the end (when 0) or the beginning (when 1) of each period. Its
// methods are numpy-financial's formulas, written once: money received is
// positive, money paid out negative, and at a zero rate each one takes its
// closed form instead of dividing by the rate.
type tvm struct {
	c    *calc
	i, n *apd.Decimal
	when int
}

// growth returns (1+i)^n, exact when n is whole and the power fits the
// working precision.
func (t tvm) growth() *apd.Decimal {
	if t.i.IsZero() {
		return one
	}
	return t.c.pow(t.c.add(one, t.i), t.n)
}

// annuity returns the value at the end of n periods of a payment of 1 each
// period: (1 + i·when)·((1+i)^n − 1)/i, or n at a zero rate.
func (t tvm) annuity(g *apd.Decimal) *apd.Decimal {
	if t.i.IsZero() {
		return t.n
	}
	due := one
	if t.when == 1 {
		due = t.c.add(one, t.i)
	}
	return t.c.quo(t.c.mul(due, t.c.sub(g, one)), t.i)
}

// pmt is the payment each period that takes pv to fv:
// −(fv + pv·g) / annuity.
func (t tvm) pmt(pv, fv *apd.Decimal) (pmt, g, a *apd.Decimal) {
	g = t.growth()
	a = t.annuity(g)
	return t.c.neg(t.c.quo(t.c.add(fv, t.c.mul(pv, g)), a)), g, a
}

// fv is the value after n periods of pv and a payment each period:
// −(pv·g + pmt·annuity).
func (t tvm) fv(pv, pmt *apd.Decimal) (fv, g, a *apd.Decimal) {
	g = t.growth()
	a = t.annuity(g)
	return t.c.neg(t.c.add(t.c.mul(pv, g), t.c.mul(pmt, a))), g, a
}

// pv is the value now of fv and a payment each period:
// −(fv + pmt·annuity) / g.
func (t tvm) pv(pmt, fv *apd.Decimal) (pv, g, a *apd.Decimal) {
	g = t.growth()
	a = t.annuity(g)
	return t.c.neg(t.c.quo(t.c.add(fv, t.c.mul(pmt, a)), g)), g, a
}

// interest is the interest part of payment number per (1-based) of pmt:
// the balance after per−1 payments times the rate, as numpy-financial's
// ipmt computes it; with payments at the beginning, the first payment has
// no interest and the others are discounted by one period.
func (t tvm) interest(per, pv, pmt *apd.Decimal) (interest, balance *apd.Decimal) {
	before := tvm{c: t.c, i: t.i, n: t.c.sub(per, one), when: t.when}
	balance, _, _ = before.fv(pv, pmt)
	interest = t.c.mul(balance, t.i)
	if t.when == 1 {
		if per.Cmp(one) == 0 {
			return zero, balance
		}
		interest = t.c.quo(interest, t.c.add(one, t.i))
	}
	return interest, balance
}

// periodsTo is the number of periods to take pv to fv with payment pmt:
// ln((pmt·(1+i·when)/i − fv) / (pmt·(1+i·when)/i + pv)) / ln(1+i), or
// −(fv + pv)/pmt at a zero rate. ok is false when no number of periods
// does it: the payment never covers the interest, or pays nothing.
func (t tvm) periodsTo(pmt, pv, fv *apd.Decimal) (n *apd.Decimal, ok bool) {
	if t.i.IsZero() {
		if pmt.IsZero() {
			return nil, false
		}
		return t.c.neg(t.c.quo(t.c.add(fv, pv), pmt)), true
	}
	due := one
	if t.when == 1 {
		due = t.c.add(one, t.i)
	}
	z := t.c.quo(t.c.mul(pmt, due), t.i)
	num, den := t.c.sub(z, fv), t.c.add(z, pv)
	if den.IsZero() || num.IsZero() || num.Sign() != den.Sign() {
		return nil, false
	}
	return t.c.quo(t.c.ln(t.c.quo(num, den)), t.c.ln(t.c.add(one, t.i))), true
}

// outcome assembles what an operation returns: the result, and how exact
// the computation was. An exact result is returned as it is; an inexact
// one at the working precision, guard digits and all, so that the one
// rounding of its presentation (to the cent, or to 34 digits) is decided on
// the most precise value there is, not on a value already rounded to 34
// digits, and so that no digit of it is presented as exact.
func outcome(c *calc, v *apd.Decimal, u units.Unit, steps ...operation.Step) (operation.Outcome, error) {
	r := c.result(v)
	if c.err != nil {
		return operation.Outcome{}, c.err
	}
	if c.inexact {
		r = reduce(v)
	}
	return operation.Outcome{Value: r, Unit: u, Inexact: c.inexact, Method: c.describe(), Steps: steps}, nil
}
