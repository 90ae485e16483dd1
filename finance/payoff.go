package finance

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"golang.org/x/text/currency"
)

// Payoff plans paying off several debts with one monthly budget, two ways
// side by side: avalanche (the highest rate first, which pays the least
// interest) and snowball (the smallest balance first, which clears a debt
// soonest). Each month every debt accrues interest at its monthly rate,
// rounded half up to the currency's minor unit (the cent), every debt gets
// its minimum payment (or its balance, if less), and what is left of the
// budget goes to the debts in the plan's order. The order is fixed at the
// start: avalanche by rate, highest first, ties to the smaller balance;
// snowball by balance, smallest first, ties to the higher rate; then by
// input order.
//
// Inputs, a list: debts[0].balance, debts[0].apr, debts[0].min_payment,
// debts[1].balance, … (up to 50 debts, numbered from 0 without gaps), and
// budget, the monthly amount for all of them; every amount in one currency,
// to the cent. Params: rate_convention (required: nominal for a card's APR,
// which is apr/12 a month; effective for an annual effective rate; periodic
// when the apr inputs are already monthly rates). The plans are monthly:
// periods_per_year may only be 12.
//
// The result is the avalanche plan's months to debt-free. The steps record
// for each plan the months, the total interest, the total paid, the order of
// payoff and the month each debt is paid off, and the interest and months
// avalanche saves. A budget below the sum of the minimum payments, or a
// plan that never ends (or takes over 100 years), is refused.
type Payoff struct{}

// Name returns "payoff".
func (Payoff) Name() string { return "payoff" }

// The bounds of a payoff plan.
const (
	maxDebts  = 50   // a household's debts, with room to spare
	maxMonths = 1200 // 100 years: a plan longer than a lifetime is refused
)

// debtName reads a debt field's input name.
var debtName = regexp.MustCompile(`^debts\[(0|[1-9][0-9]{0,2})\]\.([a-z_]+)$`)

// debt is one debt as the plans see it.
type debt struct {
	index      int
	balance    *apd.Decimal // at the start
	apr, rate  *apd.Decimal // as stated, and monthly
	minPayment *apd.Decimal
}

// Run computes both plans.
func (Payoff) Run(args operation.Args) (operation.Outcome, error) {
	d := newDecoder("payoff", args, "rate_convention", "periods_per_year")
	if m := args.Param("periods_per_year", ""); m != "" && m != "12" {
		return operation.Outcome{}, refuse(fault.BadParam, "params.periods_per_year",
			`leave periods_per_year empty or "12": payoff plans are monthly`, "periods_per_year is %q", m)
	}
	cv := d.payoffConvention()
	n := d.listLength("debts", maxDebts)
	debts := make([]debt, n)
	for i := range debts {
		at := func(field string) string { return fmt.Sprintf("debts[%d].%s", i, field) }
		debts[i] = debt{index: i, balance: d.amount(at("balance"), true), apr: d.rate(at("apr")),
			minPayment: d.amount(at("min_payment"), true)}
	}
	budget := d.amount("budget", true)
	if err := d.finish(); err != nil {
		return operation.Outcome{}, err
	}
	if n == 0 {
		return operation.Outcome{}, refuse(fault.MissingInput, "inputs", "add debts[0].balance, debts[0].apr and debts[0].min_payment for the first debt",
			"payoff needs at least one debt")
	}
	u := d.unit()
	minor := minorUnit(u)
	c := newCalc()
	if err := checkDebts(args, debts, budget, minor, c); err != nil {
		return operation.Outcome{}, err
	}
	steps := make([]operation.Step, 0, 4*n+16)
	for i := range debts {
		debts[i].rate = cv.periodic(c, debts[i].apr)
		steps = append(steps, percentStep(fmt.Sprintf("debts[%d].monthly_rate", i), debts[i].rate))
	}
	avalanche, snowball := planOrders(debts)
	cents, fast := toCents(debts, cv, budget, minor)
	budgetAt := args.Field("budget") + ".display"
	var results [2]plan
	for k, p := range []struct {
		name  string
		order []int
	}{{"avalanche", avalanche}, {"snowball", snowball}} {
		r, err := runPlan(c, debts, p.order, budget, minor, budgetAt, cents, fast)
		if err != nil {
			return operation.Outcome{}, err
		}
		results[k] = r
		steps = append(steps, r.steps(p.name, u)...)
	}
	steps = append(steps,
		amountStep("interest_saved", c.sub(&results[1].interest, &results[0].interest), u),
		operation.Step{Name: "months_saved", Value: strconv.Itoa(results[1].months - results[0].months), Unit: units.Months.String()})
	return outcome(c, apd.New(int64(results[0].months), 0), units.Months, steps...)
}

// runPlan runs one plan on integers when it can, else on decimals.
func runPlan(c *calc, debts []debt, order []int, budget *apd.Decimal, minor int32, budgetAt string, cents centsPlan, fast bool) (plan, error) {
	if fast {
		p, months, interest, paid, err, ok := simulateCents(cents, order, budgetAt)
		if ok {
			p.months = months
			p.interest.SetFinite(interest, minor)
			p.paid.SetFinite(paid, minor)
			return p, err
		}
	}
	return simulate(c, debts, order, budget, minor, budgetAt)
}

// payoffConvention reads rate_convention for monthly plans.
func (d *decoder) payoffConvention() convention {
	v := d.param("rate_convention", "", Periodic, Nominal, Effective)
	if d.err == nil && v == "" {
		d.err = refuse(fault.MissingRateConvention, "params.rate_convention",
			`say how the APRs are stated: "nominal" for a card's or a loan's APR (apr/12 a month), "effective" for annual effective rates, or "periodic" if they are monthly rates`,
			"payoff needs params.rate_convention: reckon never guesses how a rate is stated")
	}
	m := 12
	if v == Periodic {
		m = 0
	}
	return convention{name: v, m: m}
}

// listLength returns the number of items of the list named name in the
// inputs: one more than the highest index. Gaps are found when the items
// are read, as missing inputs.
func (d *decoder) listLength(name string, limit int) int {
	n := 0
	for i, in := range d.args.Inputs {
		m := debtName.FindStringSubmatch(in.Name)
		if m == nil || !strings.HasPrefix(in.Name, name+"[") {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		if k >= limit {
			if d.err == nil {
				d.err = refuse(fault.UnexpectedInput, fmt.Sprintf("inputs[%d].name", i), fmt.Sprintf("give at most %d %s, numbered from 0", limit, name),
					"%s is past the limit of %d %s", in.Name, limit, name)
			}
			return 0
		}
		n = max(n, k+1)
	}
	return n
}

// minorUnit returns the currency's minor unit as an exponent: -2 for
// cents, 0 for yen; -2 for a plain number.
func minorUnit(u units.Unit) int32 {
	if cur, err := currency.ParseISO(u.Currency()); err == nil {
		scale, _ := currency.Standard.Rounding(cur)
		return int32(-scale)
	}
	return -2
}

// checkDebts refuses what no plan can run on: amounts finer than the
// currency's minor unit, negative amounts, and a budget below the sum of
// the minimum payments.
func checkDebts(args operation.Args, debts []debt, budget *apd.Decimal, minor int32, c *calc) error {
	check := func(name string, x *apd.Decimal, positive bool) error {
		at := args.Field(name) + ".display"
		if x.Sign() < 0 || positive && x.Sign() == 0 {
			return refuse(fault.BadInputUnit, at, "give "+name+" as a positive amount: what is owed or paid", "%s is %s", name, plain(x))
		}
		if x.Exponent < minor {
			var r apd.Decimal
			if _, err := c.ctx.Quantize(&r, x, minor); err != nil || r.Cmp(x) != 0 {
				return refuse(fault.BadInputUnit, at, "give "+name+" to the cent, as the statement prints it", "%s is %s, finer than the currency's minor unit", name, plain(x))
			}
		}
		return nil
	}
	mins := new(apd.Decimal)
	for i, db := range debts {
		if err := check(fmt.Sprintf("debts[%d].balance", i), db.balance, false); err != nil {
			return err
		}
		if err := check(fmt.Sprintf("debts[%d].min_payment", i), db.minPayment, true); err != nil {
			return err
		}
		mins = c.add(mins, db.minPayment)
	}
	if err := check("budget", budget, true); err != nil {
		return err
	}
	if budget.Cmp(mins) < 0 {
		return refuse(fault.NoSolution, args.Field("budget")+".display",
			"raise the budget to at least the sum of the minimum payments, "+plain(mins),
			"the budget %s is below the minimum payments, %s", plain(budget), plain(mins))
	}
	return nil
}

// planOrders returns the avalanche and the snowball order of the debts.
func planOrders(debts []debt) (avalanche, snowball []int) {
	avalanche = make([]int, len(debts))
	for i := range avalanche {
		avalanche[i] = i
	}
	snowball = slices.Clone(avalanche)
	slices.SortStableFunc(avalanche, func(a, b int) int {
		if c := debts[b].apr.Cmp(debts[a].apr); c != 0 {
			return c
		}
		return debts[a].balance.Cmp(debts[b].balance)
	})
	slices.SortStableFunc(snowball, func(a, b int) int {
		if c := debts[a].balance.Cmp(debts[b].balance); c != 0 {
			return c
		}
		return debts[b].apr.Cmp(debts[a].apr)
	})
	return avalanche, snowball
}

// plan is the outcome of one plan.
type plan struct {
	months         int
	interest, paid apd.Decimal
	paidOff        []int // the month each debt is paid off; 0 when it starts at zero
	order          []int // debts in the order they are paid off
	startsAtZero   []bool
}

// simulate runs one plan month by month.
func simulate(c *calc, debts []debt, order []int, budget *apd.Decimal, minor int32, budgetAt string) (plan, error) {
	n := len(debts)
	p := plan{paidOff: make([]int, n), startsAtZero: make([]bool, n)}
	bal := make([]apd.Decimal, n)
	for i := range debts {
		bal[i].Set(debts[i].balance)
		p.startsAtZero[i] = bal[i].IsZero()
	}
	round := c.ctx
	round.Rounding = apd.RoundHalfUp
	before := make([]apd.Decimal, n)
	var interest, pay, left apd.Decimal
	for month := 1; ; month++ {
		if month > maxMonths {
			return p, errNeverEnds(budgetAt)
		}
		active := false
		for i := range bal {
			if bal[i].Sign() > 0 {
				active = true
			}
		}
		if !active {
			p.months = month - 1
			return p, nil
		}
		for i := range bal {
			before[i].Set(&bal[i])
		}
		// Interest, rounded half up to the minor unit.
		for i := range bal {
			if bal[i].Sign() == 0 {
				continue
			}
			if cond, err := c.ctx.Mul(&interest, &bal[i], debts[i].rate); err != nil {
				return p, refuse(fault.OutOfRange, "inputs", "check the balances and rates", "interest is out of range: %v", err)
			} else if cond.Inexact() {
				c.inexact = true
			}
			if _, err := round.Quantize(&interest, &interest, minor); err != nil {
				return p, refuse(fault.OutOfRange, "inputs", "check the balances and rates", "interest is out of range: %v", err)
			}
			_, _ = c.ctx.Add(&bal[i], &bal[i], &interest)
			_, _ = c.ctx.Add(&p.interest, &p.interest, &interest)
		}
		// Minimum payments, then the rest of the budget in plan order.
		left.Set(budget)
		for i := range bal {
			if bal[i].Sign() > 0 {
				minDec(&pay, debts[i].minPayment, &bal[i])
				_, _ = c.ctx.Sub(&bal[i], &bal[i], &pay)
				_, _ = c.ctx.Sub(&left, &left, &pay)
			}
		}
		for _, i := range order {
			if left.Sign() == 0 {
				break
			}
			if bal[i].Sign() > 0 {
				minDec(&pay, &left, &bal[i])
				_, _ = c.ctx.Sub(&bal[i], &bal[i], &pay)
				_, _ = c.ctx.Sub(&left, &left, &pay)
			}
		}
		_, _ = c.ctx.Sub(&pay, budget, &left)
		_, _ = c.ctx.Add(&p.paid, &p.paid, &pay)
		for _, i := range order {
			if bal[i].Sign() == 0 && p.paidOff[i] == 0 && !p.startsAtZero[i] {
				p.paidOff[i] = month
				p.order = append(p.order, i)
			}
		}
		if !fell(bal, before) {
			return p, errGrows(budgetAt, month)
		}
	}
}

// errNeverEnds refuses a plan that takes longer than maxMonths.
func errNeverEnds(budgetAt string) error {
	return refuse(fault.NoSolution, budgetAt, "raise the budget: this plan would take over 100 years",
		"the plan is not done after %d months", maxMonths)
}

// errGrows refuses a plan in which no debt falls in some month: the
// payments do not cover the interest.
func errGrows(budgetAt string, month int) error {
	return refuse(fault.NoSolution, budgetAt, "raise the budget above the interest the debts accrue each month",
		"the plan never ends: in month %d no debt falls", month)
}

// fell reports whether some debt owes less after a month than before it.
// When none does, the plan never ends: every balance is at least what it
// was, so every debt accrues at least as much interest the next month,
// while the payments are the same: no debt was paid off, so each gets its
// minimum and the first unpaid debt in the plan's order all the rest, as
// before. By induction no balance falls in any later month. A fall of the total alone is no such proof: a high-rate
// debt paid down while a cheap one grows can leave the total as it was and
// still end.
func fell(after, before []apd.Decimal) bool {
	for i := range after {
		if after[i].Cmp(&before[i]) < 0 {
			return true
		}
	}
	return false
}

// minDec sets z to the smaller of x and y.
func minDec(z, x, y *apd.Decimal) {
	if x.Cmp(y) <= 0 {
		z.Set(x)
	} else {
		z.Set(y)
	}
}

// steps records one plan.
func (p plan) steps(name string, u units.Unit) []operation.Step {
	order := make([]string, len(p.order))
	for k, i := range p.order {
		order[k] = fmt.Sprintf("debts[%d]", i)
	}
	out := []operation.Step{
		{Name: name + ".months", Value: strconv.Itoa(p.months), Unit: units.Months.String()},
		amountStep(name+".total_interest", &p.interest, u),
		amountStep(name+".total_paid", &p.paid, u),
	}
	if len(order) > 0 {
		out = append(out, operation.Step{Name: name + ".order", Value: strings.Join(order, ", "), Unit: "text"})
	}
	for i, m := range p.paidOff {
		out = append(out, operation.Step{Name: fmt.Sprintf("%s.debts[%d].paid_off_month", name, i), Value: strconv.Itoa(m), Unit: units.Months.String()})
	}
	return out
}
