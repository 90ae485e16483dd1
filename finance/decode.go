package finance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// decoder reads an operation's inputs and params, and refuses what the
// operation does not take: every input must be read and every param known,
// so a misspelt name is refused instead of silently left at its default.
type decoder struct {
	op      string
	args    operation.Args
	params  []string    // the params the operation accepts
	used    []bool      // per input: read
	money   *units.Unit // the unit of the first amount read
	moneyAt string
	err     error // the first error; every later read is skipped
}

func newDecoder(op string, args operation.Args, params ...string) *decoder {
	return &decoder{op: op, args: args, params: params, used: make([]bool, len(args.Inputs))}
}

// input returns the input named name, marking it used.
func (d *decoder) input(name string, required bool) (operation.Input, string, bool) {
	for i, in := range d.args.Inputs {
		if in.Name == name {
			d.used[i] = true
			return in, fmt.Sprintf("inputs[%d]", i), true
		}
	}
	if required && d.err == nil {
		d.err = refuse(fault.MissingInput, "inputs", fmt.Sprintf("add an input named %s", name),
			"%s needs an input named %q", d.op, name)
	}
	return operation.Input{}, "", false
}

// quantity returns an input's canonical value, refusing a printed date.
func (d *decoder) quantity(in operation.Input, at string) (*units.Amount, bool) {
	if d.err != nil {
		return nil, false
	}
	if in.Amount == nil {
		d.err = refuse(fault.BadInputUnit, at+".unit", "give "+in.Name+" as a number with a unit such as USD, percent or number",
			"%s of %s is not a quantity (unit %q)", in.Name, d.op, in.Unit)
		return nil, false
	}
	return in.Amount, true
}

// rate reads a rate: unit percent, bp or number, stated within −100%..100%
// (inclusive of 100%, exclusive of −100%, which would leave nothing to grow).
func (d *decoder) rate(name string) *apd.Decimal {
	in, at, ok := d.input(name, true)
	if !ok {
		return nil
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return nil
	}
	switch a.Unit.Kind() {
	case units.KindPercent, units.KindBP, units.KindNumber:
	default:
		d.err = refuse(fault.BadInputUnit, at+".unit", `give the rate as printed with unit percent ("6%" or "6") or as a plain fraction with unit number ("0.06")`,
			"%s is in %s; a rate is a percent or a plain number", name, a.Unit)
		return nil
	}
	if a.Value.Cmp(one) > 0 || a.Value.Cmp(apd.New(-1, 0)) <= 0 {
		d.err = refuse(fault.RateOutOfRange, at+".display",
			`a rate of 7% is display "7%" with unit percent, or "0.07" with unit number; the plain number 7 means 700%`,
			"%s of %s is outside -100%%..100%%", name, display(in))
		return nil
	}
	if a.Unit.Kind() == units.KindNumber && a.Value.Cmp(one) == 0 {
		// The plain number 1 is 100%, and far more often "1" meaning 1%.
		d.err = refuse(fault.RateOutOfRange, at+".display",
			`a rate of 1% is display "1%" with unit percent, or "0.01" with unit number; a rate of 100% is "100%" with unit percent`,
			"%s of %s with unit number is 100%%, which is refused as a plain number", name, display(in))
		return nil
	}
	if !a.Value.IsZero() && a.Value.Exponent+int32(a.Value.NumDigits()) <= minRateDigits {
		// 1 + rate would keep too few of the rate's digits at the working
		// precision: (1+rate)^n − 1 then cancels to a wrong annuity factor.
		d.err = refuse(fault.RateOutOfRange, at+".display",
			"a rate below 0.0000001% changes no amount to the cent; give it as 0",
			"%s of %s is too small to compute with: under 0.0000001%%", name, display(in))
		return nil
	}
	return &a.Value
}

// minRateDigits bounds a nonzero rate from below: |rate| ≥ 10^-9
// (0.0000001%), so that 1 + rate, and the periodic rate of even daily
// compounding (under 10^-11), keep over 38 of the 50 working digits.
const minRateDigits = -9

// count reads a number of periods or years: unit number or count, positive.
// whole says it must also be a whole number.
func (d *decoder) count(name string, required, whole bool) *apd.Decimal {
	in, at, ok := d.input(name, required)
	if !ok {
		return nil
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return nil
	}
	if k := a.Unit.Kind(); k != units.KindNumber && k != units.KindCount || a.Unit.Noun() != "" {
		d.err = refuse(fault.BadInputUnit, at+".unit", "give "+name+" as a plain number of periods with unit number",
			"%s is in %s; it is a number of periods", name, a.Unit)
		return nil
	}
	if a.Value.Sign() <= 0 || whole && !isInteger(&a.Value) {
		kind := "positive"
		if whole {
			kind = "a positive whole number"
		}
		d.err = refuse(fault.BadPeriod, at+".display", "give "+name+" as "+kind,
			"%s is %s; it must be %s", name, display(in), kind)
		return nil
	}
	if a.Value.Cmp(maxPeriods) > 0 {
		d.err = refuse(fault.BadPeriod, at+".display", "give at most 100000 periods",
			"%s is %s, over the limit of 100000", name, display(in))
		return nil
	}
	return &a.Value
}

// maxPeriods bounds a number of periods: 100,000 is over 8,000 years of
// months, and keeps a schedule's work and every power's exponent bounded.
var maxPeriods = apd.New(100000, 0)

// amount reads a sum of money: every amount of one operation shares one
// unit, a currency or number. An absent amount is zero when not required.
func (d *decoder) amount(name string, required bool) *apd.Decimal {
	in, at, ok := d.input(name, required)
	if !ok {
		return zero
	}
	a, ok := d.quantity(in, at)
	if !ok {
		return zero
	}
	if k := a.Unit.Kind(); k != units.KindCurrency && k != units.KindNumber || hasPer(a.Unit) {
		d.err = refuse(fault.BadInputUnit, at+".unit", "give "+name+" in a currency such as USD, or as a plain number",
			"%s is in %s; it is an amount of money", name, a.Unit)
		return zero
	}
	return d.same(name, at, a)
}

func hasPer(u units.Unit) bool { _, ok := u.Per(); return ok }

// unit returns the unit of the amounts read, or number when there was none.
func (d *decoder) unit() units.Unit {
	if d.money == nil {
		return units.Number
	}
	return *d.money
}

// param returns a param's value, which must be one of allowed; def when it
// is absent, or a refusal when def is "" and it is required.
func (d *decoder) param(name, def string, allowed ...string) string {
	v := d.args.Param(name, "")
	if d.err != nil {
		return def
	}
	if v == "" {
		return def
	}
	if !slices.Contains(allowed, v) {
		d.err = refuse(fault.BadParam, "params."+name, "use one of: "+strings.Join(allowed, ", "),
			"%s is %q", name, v)
		return def
	}
	return v
}

// whole reads a param that is a positive whole number up to max.
func (d *decoder) whole(name string, max int) (int, bool) {
	v := d.args.Param(name, "")
	if d.err != nil || v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max || strconv.Itoa(n) != v {
		d.err = refuse(fault.BadParam, "params."+name, fmt.Sprintf("give %s as a whole number from 1 to %d, as a string such as \"12\"", name, max),
			"%s is %q", name, v)
		return 0, false
	}
	return n, true
}

// when reads the payment timing: 0 at the end of each period (the default,
// as numpy-financial's and Excel's), 1 at the beginning.
func (d *decoder) when() int {
	if d.param("when", "end", "end", "begin") == "begin" {
		return 1
	}
	return 0
}

// finish refuses inputs the operation did not read and params it does not
// know, then returns the first error.
func (d *decoder) finish() error {
	if d.err != nil {
		return d.err
	}
	for i, used := range d.used {
		if !used {
			return refuse(fault.UnexpectedInput, fmt.Sprintf("inputs[%d].name", i),
				"remove the input or correct its name; "+d.op+" takes "+d.takes(),
				"%s does not take an input named %q", d.op, d.args.Inputs[i].Name)
		}
	}
	names := make([]string, 0, len(d.args.Params))
	for name := range d.args.Params {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if d.args.Params[name] != "" && !slices.Contains(d.params, name) {
			hint := d.op + " takes no params"
			if len(d.params) > 0 {
				hint = d.op + " takes the params " + strings.Join(d.params, ", ")
			}
			return refuse(fault.BadParam, "params."+name, hint, "%s does not take the param %q", d.op, name)
		}
	}
	return nil
}

// takes lists the input names the operation read or looked for.
func (d *decoder) takes() string {
	return inputNames[d.op]
}

// display quotes an input's display for a message.
func display(in operation.Input) string { return strconv.Quote(in.Display) }
