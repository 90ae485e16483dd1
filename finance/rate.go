package finance

import (
	"fmt"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// Rate is the rate per period at which a payment pmt each period over nper
// periods takes a present value pv to a future value fv (0 when absent), as
// numpy-financial's rate. There is no closed form: it is found by Newton's
// method from numpy-financial's guess of 10%, and the answer is inexact,
// with the iterations recorded. The rate_convention param says how to state
// the answer: periodic as found, nominal as the periodic rate times
// periods_per_year, effective as (1 + periodic)^periods_per_year − 1.
type Rate struct{}

// Name returns "rate".
func (Rate) Name() string { return "rate" }

// The solve's bounds. Newton's method doubles the correct digits each step
// once it is close, so 100 iterations (numpy-financial's maxiter) is far
// more than a convergent solve needs; a step below 10^-40 is beyond the 34
// digits a result keeps.
const (
	maxIterations = 100
	stepTolerance = -40 // exponent: stop when |step| < 10^-40
	solveGuard    = 24  // digits beyond the working precision for the solve
	// residualDigits is how many orders of magnitude below the flows the
	// residual of a root must be: far looser than a true root's (under
	// 10^-35 of the flows), far tighter than a point that is not one.
	residualDigits = 20
)

// magnitude is the adjusted exponent of a nonzero x: 2 for 123.
func magnitude(x *apd.Decimal) int32 { return x.Exponent + int32(x.NumDigits()) - 1 }

// Run solves for the rate.
func (Rate) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("rate", args, tvmParams...)
	n := d.count("nper", true, false)
	cv := d.convention()
	when := d.when()
	pmt, pv, fv := d.amount("pmt", true), d.amount("pv", true), d.amount("fv", false)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	c := newCalc()
	noSolution := func(why string) error {
		return refuse(fault.NoSolution, d.args.Field("pmt")+".display",
			"check the signs: money received is positive and money paid out negative, so pv and pmt usually differ in sign",
			"no rate takes pv %s to fv %s with payment %s over %s periods: %s", plain(pv), plain(fv), plain(pmt), plain(n), why)
	}
	if sameSign(pv, pmt, fv) {
		return operation.Outcome{}, noSolution("every cash flow has the same sign")
	}
	if signChanges(flows(c, n, pmt, pv, fv, when)) > 1 {
		// By Descartes' rule of signs, flows whose sign changes twice have
		// two rates above −100% (counted with multiplicity) or none:
		// Newton's method would return one of two and hide the other.
		return operation.Outcome{}, refuse(fault.NoSolution, d.args.Field("pmt")+".display",
			"the flows change sign twice (paid, received, paid again), so two rates can balance them; compute each period's flows as a formula instead",
			"more than one rate (or none) takes pv %s to fv %s with payment %s over %s periods", plain(pv), plain(fv), plain(pmt), plain(n))
	}
	t := tvm{c: c, i: zero, n: n, when: when}
	if c.add(c.add(fv, pv), c.mul(pmt, n)).IsZero() {
		// The flows balance with no interest: the closed form at rate 0.
		return outcome(c, cv.stated(c, zero), units.Percent, rateStep(t), numberStep("iterations", zero))
	}
	i, iter, ok := newton(c, n, pmt, pv, fv, when)
	if ok && smallRate(c, i, n) {
		// Near a small rate the solve cancels digits twice, in (1+r)^n − 1
		// and in pv·(1+r)^n + pmt·annuity ≈ −fv: about 2·log10(1/(n·r))
		// digits in all, more than the guard digits hold. It is solved
		// again with solveGuard more.
		c = newCalc()
		c.ctx.Precision += solveGuard
		t.c = c
		i, iter, ok = newton(c, n, pmt, pv, fv, when)
	}
	if !ok { // including a solve that ran out of range
		return operation.Outcome{}, noSolution("Newton's method from 10% does not converge")
	}
	if i.Exponent+int32(i.NumDigits()) <= minRateDigits {
		// A rate below 0.0000001% is refused as an input; found, it is
		// refused too, since its last digits are lost to cancellation.
		return operation.Outcome{}, noSolution("the rate is below 0.0000001% a period, too small to state to 34 digits; the flows balance at a rate of about 0")
	}
	c.inexact = true
	c.method(fmt.Sprintf("Newton's method from 10%% (numpy-financial's guess), %d iterations, last step under 1e-40", iter))
	t.i = i
	return outcome(c, cv.stated(c, i), units.Percent, rateStep(t), numberStep("iterations", apd.New(int64(iter), 0)))
}

// newton solves fv + pv·(1+r)^n + pmt·(1+r·w)·((1+r)^n − 1)/r = 0 for r,
// with numpy-financial's derivative. ok is false when it does not converge
// to a rate above −100%, or the root does not check out.
func newton(c *calc, n, pmt, pv, fv *apd.Decimal, when int) (r *apd.Decimal, iter int, ok bool) {
	w := apd.New(int64(when), 0)
	r = apd.New(1, -1)
	minusOne := apd.New(-1, 0)
	nm1 := c.sub(n, one)
	for iter = 1; iter <= maxIterations; iter++ {
		if r.IsZero() || r.Cmp(minusOne) <= 0 {
			return nil, iter, false
		}
		t2 := c.pow(c.add(r, one), nm1)
		t1 := c.mul(t2, c.add(r, one)) // (1+r)^n, one multiplication from (1+r)^(n-1)
		rw1 := c.add(c.mul(r, w), one)
		g := c.add(c.add(fv, c.mul(t1, pv)), c.quo(c.mul(c.mul(pmt, c.sub(t1, one)), rw1), r))
		gp := c.mul(c.mul(n, t2), pv)
		gp = c.sub(gp, c.quo(c.mul(c.mul(pmt, c.sub(t1, one)), rw1), c.mul(r, r)))
		gp = c.add(gp, c.quo(c.mul(c.mul(c.mul(n, pmt), t2), rw1), r))
		gp = c.add(gp, c.quo(c.mul(c.mul(pmt, c.sub(t1, one)), w), r))
		if c.err != nil || gp.IsZero() {
			return nil, iter, false
		}
		step := c.quo(g, gp)
		r = c.sub(r, step)
		if c.err != nil {
			return nil, iter, false
		}
		if step.IsZero() || step.Exponent+int32(step.NumDigits()) <= stepTolerance {
			// A tiny step is a root only if the flows balance there: a
			// huge derivative also makes the step tiny. The residual must
			// be negligible beside the flows it balances.
			scale := c.add(c.add(c.abs(fv), c.abs(c.mul(t1, pv))), c.abs(c.sub(g, c.add(fv, c.mul(t1, pv)))))
			balanced := g.IsZero() || magnitude(g) <= magnitude(scale)-residualDigits
			return r, iter, balanced && c.err == nil && r.Cmp(minusOne) > 0 && !r.IsZero()
		}
	}
	return nil, maxIterations, false
}

// sameSign reports whether every non-zero flow has one sign, in which case
// no rate balances them.
func sameSign(flows ...*apd.Decimal) bool {
	sign := 0
	for _, f := range flows {
		switch s := f.Sign(); {
		case s == 0:
		case sign == 0:
			sign = s
		case s != sign:
			return false
		}
	}
	return true
}

// flows returns the signs' sequence of the cash flows in period order: the
// first period's (pv, plus pmt when payments are at the beginning), the
// payments between, and the last period's (fv, plus pmt when payments are
// at the end).
func flows(c *calc, n, pmt, pv, fv *apd.Decimal, when int) []*apd.Decimal {
	first, last := pv, c.add(pmt, fv)
	if when == 1 {
		first, last = c.add(pv, pmt), fv
	}
	if n.Cmp(one) > 0 {
		return []*apd.Decimal{first, pmt, last}
	}
	return []*apd.Decimal{first, last}
}

// signChanges counts the changes of sign along flows, skipping zeros.
func signChanges(flows []*apd.Decimal) int {
	changes, sign := 0, 0
	for _, f := range flows {
		s := f.Sign()
		if s == 0 {
			continue
		}
		if sign != 0 && s != sign {
			changes++
		}
		sign = s
	}
	return changes
}

// smallRate reports whether n·|r| < 10^-6, below which the solve at the
// working precision may lose more digits than its guard digits hold.
func smallRate(c *calc, r, n *apd.Decimal) bool {
	x := c.abs(c.mul(r, n))
	return x.Exponent+int32(x.NumDigits()) <= -6
}
