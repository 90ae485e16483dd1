package finance

import (
	"fmt"
	"strconv"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// Project projects a savings or retirement balance month by month: the
// balance grows at the monthly rate of an expected annual return, and a
// contribution (positive) or a withdrawal (negative) is added each month.
// A contribution stated per year is spread over its twelve months; both the
// monthly and the annual figure are returned, so a model never multiplies
// or divides by 12 itself.
//
// Inputs: balance (a currency, 0 or more), contribution (the same currency, added each
// month; negative to take out) or withdrawal (positive, as printed, taken
// out each month), return (percent or number), years (a whole number, unit
// number or years; at most 100). Params: contribution_frequency (monthly or
// annually; required), rate_convention (required: effective for an expected
// annual return, converted to monthly as (1+r)^(1/12) − 1; nominal for a
// rate compounded monthly, r/12), when (end, the default, or begin: when in
// each month the contribution is made).
//
// The result is the balance at the end, or 0 when it runs out first. The
// steps record the monthly rate, the contribution (or withdrawal) per month
// and per year, the balance at each year end, and the month it runs out, if
// it does.
type Project struct{}

// Name returns "project".
func (Project) Name() string { return "project" }

// maxYears bounds a projection: a century of year-end balances.
const maxYears = 100

// Run projects the balance.
func (Project) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("project", args, "contribution_frequency", "rate_convention", "when")
	balance := d.amount("balance", true)
	contribution, withdrawal := d.flow()
	rate := d.rate("return")
	years := d.years("years")
	cv := d.projectConvention()
	annual := d.param("contribution_frequency", "", "monthly", "annually") == "annually"
	if d.err == nil && args.Param("contribution_frequency", "") == "" {
		d.err = refuse(fault.BadParam, "params.contribution_frequency",
			`say whether the contribution is "monthly" ($5,000 a month) or "annually" ($60,000 a year)`,
			"project needs params.contribution_frequency: reckon never guesses it")
	}
	when := d.when()
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	if !isInteger(years) || years.Cmp(apd.New(maxYears, 0)) > 0 {
		return operation.Outcome{}, refuse(fault.BadPeriod, args.Field("years")+".display",
			fmt.Sprintf("give a whole number of years, up to %d", maxYears), "years is %s", plain(years))
	}
	if balance.Sign() < 0 {
		// Below zero the projection would report the balance "run out" in
		// month 1 and end at 0 whatever the contributions: a debt is not
		// a projection's starting point.
		return operation.Outcome{}, refuse(fault.BadInputUnit, args.Field("balance")+".display",
			"give the balance saved, 0 or more; for a debt, use payoff or pmt",
			"balance is %s; a projection starts from what is saved", plain(balance))
	}
	c := newCalc()
	u := d.unit()
	i := cv.periodic(c, rate)
	twelve := apd.New(12, 0)
	flow, name := contribution, "contribution"
	if withdrawal != nil {
		flow, name = c.neg(withdrawal), "withdrawal"
	}
	monthly, yearly := flow, c.mul(flow, twelve)
	if annual {
		monthly, yearly = c.quo(flow, twelve), flow
	}
	steps := []operation.Step{percentStep("monthly_rate", i), amountStep(name+"_monthly", c.abs(monthly), u),
		amountStep(name+"_annual", c.abs(yearly), u)}
	growth := c.add(one, i)
	b := balance
	y, _ := years.Int64()
	for month := 1; month <= int(y)*12; month++ {
		if when == 1 {
			b = c.mul(c.add(b, monthly), growth)
		} else {
			b = c.add(c.mul(b, growth), monthly)
		}
		if c.err != nil {
			return operation.Outcome{}, c.err
		}
		if b.Sign() < 0 {
			steps = append(steps,
				operation.Step{Name: "runs_out_month", Value: strconv.Itoa(month), Unit: units.Months.String()},
				operation.Step{Name: "runs_out_year", Value: strconv.Itoa((month + 11) / 12), Unit: units.Years.String()})
			return outcome(c, zero, u, steps...)
		}
		if month%12 == 0 {
			steps = append(steps, amountStep(fmt.Sprintf("year[%d].balance", month/12), b, u))
		}
	}
	return outcome(c, b, u, steps...)
}

// flow reads the one of contribution and withdrawal the request gives: a
// withdrawal is given as printed ("withdraw $5,000 a month" is 5,000), and
// subtracted.
func (d *decoder) flow() (contribution, withdrawal *apd.Decimal) {
	_, _, hasC := d.input("contribution", false)
	_, _, hasW := d.input("withdrawal", false)
	switch {
	case hasC && hasW:
		if d.err == nil {
			d.err = refuse(fault.UnexpectedInput, d.args.Field("withdrawal")+".name",
				"give either a contribution or a withdrawal; for both, give their difference as a contribution",
				"project takes a contribution or a withdrawal, not both")
		}
		return zero, nil
	case hasW:
		w := d.amount("withdrawal", true)
		if d.err == nil && w.Sign() < 0 {
			d.err = refuse(fault.BadInputUnit, d.args.Field("withdrawal")+".display",
				"give the withdrawal as the positive amount taken out each period", "withdrawal is %s", plain(w))
		}
		return nil, w
	}
	return d.amount("contribution", true), nil
}

// projectConvention reads rate_convention for a monthly projection of an
// annual return: effective or nominal, never periodic, twelve periods a
// year.
func (d *decoder) projectConvention() convention {
	v := d.param("rate_convention", "", Nominal, Effective)
	if d.err == nil && v == "" {
		d.err = refuse(fault.MissingRateConvention, "params.rate_convention",
			`say how the return is stated: "effective" for an expected annual return (7% a year), "nominal" for a rate compounded monthly`,
			"project needs params.rate_convention: reckon never guesses how a rate is stated")
	}
	return convention{name: v, m: 12}
}
