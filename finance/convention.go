package finance

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// The rate conventions: how a stated rate becomes the rate per period. The
// choice is the caller's, always: 6% is 0.5% a month as a lender's APR
// (nominal, compounded monthly) and 0.4868…% a month as an effective annual
// rate, and the two monthly payments on $300,000 over 30 years differ by
// $30.54, every month.
const (
	Periodic  = "periodic"  // the stated rate is already the rate per period
	Nominal   = "nominal"   // an annual rate compounded periods_per_year times: the periodic rate is r/m
	Effective = "effective" // an annual effective rate: the periodic rate is (1+r)^(1/m) − 1
)

// maxPeriodsPerYear bounds periods_per_year: daily compounding is 365 or
// 366; anything more frequent is a model's mistake, not a loan.
const maxPeriodsPerYear = 366

// convention is a decoded rate convention.
type convention struct {
	name string
	m    int // periods per year; 0 for periodic
}

// convention reads the rate_convention param, which is required, and
// periods_per_year, which nominal and effective need and periodic refuses.
func (d *decoder) convention() convention {
	v := d.param("rate_convention", "", Periodic, Nominal, Effective)
	if d.err != nil {
		return convention{}
	}
	if v == "" {
		d.err = refuse(fault.MissingRateConvention, "params.rate_convention",
			`say how the rate is stated: "nominal" for a lender's APR compounded periods_per_year times (6% APR on a US mortgage is 0.5% a month), "effective" for an annual effective rate, or "periodic" when the rate is already per period`,
			"%s needs params.rate_convention: reckon never guesses how a rate is stated", d.op)
		return convention{}
	}
	m, ok := d.whole("periods_per_year", maxPeriodsPerYear)
	switch {
	case d.err != nil:
	case v == Periodic && ok:
		d.err = refuse(fault.BadParam, "params.periods_per_year",
			`leave periods_per_year empty with rate_convention "periodic", or use "nominal" or "effective" for an annual rate`,
			"periods_per_year is given but the rate is periodic")
	case v != Periodic && !ok:
		d.err = refuse(fault.BadParam, "params.periods_per_year",
			`give periods_per_year with a `+v+` annual rate, such as "12" for monthly payments`,
			"a %s rate needs periods_per_year", v)
	}
	return convention{name: v, m: m}
}

// periodic converts a stated rate to the rate per period.
func (cv convention) periodic(c *calc, r *apd.Decimal) *apd.Decimal {
	m := apd.New(int64(cv.m), 0)
	switch {
	case cv.name == Periodic:
		return r
	case cv.name == Nominal:
		return c.quo(r, m)
	case cv.m == 1:
		return r
	}
	return c.sub(c.pow(c.add(one, r), c.quo(one, m)), one)
}

// stated converts a rate per period back to the stated convention: the
// inverse of periodic, for the rate operation's answer.
func (cv convention) stated(c *calc, i *apd.Decimal) *apd.Decimal {
	m := apd.New(int64(cv.m), 0)
	switch cv.name {
	case Nominal:
		return c.mul(i, m)
	case Effective:
		return c.sub(c.pow(c.add(one, i), m), one)
	}
	return i
}

// percentStep records a rate as a step, in percent: 0.005 is "0.5" percent.
func percentStep(name string, r *apd.Decimal) operation.Step {
	var p apd.Decimal
	p.Set(r)
	p.Exponent += 2 // exact: × 100
	return operation.Step{Name: name, Value: plain(&p), Unit: units.Percent.String()}
}

// numberStep records a plain number as a step.
func numberStep(name string, x *apd.Decimal) operation.Step {
	return operation.Step{Name: name, Value: plain(x), Unit: units.Number.String()}
}

// amountStep records an amount of money as a step.
func amountStep(name string, x *apd.Decimal, u units.Unit) operation.Step {
	return operation.Step{Name: name, Value: plain(x), Unit: u.String()}
}
