package dates

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// The operations implement the one interface.
var (
	_ operation.Op = DaysBetween{}
	_ operation.Op = DateRange{}
)

// DaysBetween is the days_between operation: the days from the input start
// to the input end under the param day_count (actual when absent), unit
// days, negative when end is before start. Both inputs have unit date and
// are printed dates, read with the params date_order and century. Its steps
// are the two dates; for the 30/360 conventions the calendar days and the
// adjusted days D1 and D2; and for a convention with a year, the basis and
// the year fraction (see [DayCount.YearFraction]: inexact when the division
// does not terminate, and then the Outcome says so and how it was rounded).
// With the param inclusive "true" (actual only, end not before start) it
// counts the dates from start to end with both included, one more than the
// days between them.
// An input whose display is the word "today" is the application's
// injected today (Args.Today), recorded as the first step; without one it
// is refused with code today_not_injected, like date_range.
type DaysBetween struct{}

// Name returns "days_between".
func (DaysBetween) Name() string { return "days_between" }

// Run computes the day count.
func (DaysBetween) Run(a operation.Args) (operation.Outcome, error) {
	q, err := readDaysBetween(a)
	if err != nil {
		return operation.Outcome{}, err
	}
	return q.outcome()
}

// daysBetween is a days_between request, read and checked.
type daysBetween struct {
	start, end Date
	c          DayCount
	inclusive  bool // count the dates from start to end, both included
	today      Date // the injected today, when an input's display is "today"; else zero
}

// readDaysBetween reads and checks the params and inputs of days_between.
func readDaysBetween(a operation.Args) (daysBetween, error) {
	var q daysBetween
	if err := checkParams(a.Params, "day_count", "inclusive", "date_order", "century"); err != nil {
		return q, err
	}
	if err := checkInputs(a.Inputs, "start", "end"); err != nil {
		return q, err
	}
	o, err := readOptions(a.Params)
	if err != nil {
		return q, err
	}
	if q.c, err = ParseDayCount(a.Param("day_count", "actual")); err != nil {
		return q, err
	}
	var t1, t2 bool
	if q.start, t1, err = dateInput(a, "start", o); err != nil {
		return q, err
	}
	if q.end, t2, err = dateInput(a, "end", o); err != nil {
		return q, err
	}
	if t1 || t2 {
		q.today, _ = injectedToday(a, "")
	}
	switch v := strings.ToLower(strings.TrimSpace(a.Param("inclusive", "false"))); {
	case v == "false":
	case v != "true":
		return q, in(errorf(fault.BadParam, `set inclusive to "true" to count both ends, or leave it out`,
			"bad inclusive %q", truncate(v)), "params.inclusive")
	case q.c != Actual:
		return q, in(errorf(fault.BadParam, "leave inclusive out with "+q.c.String()+": the conventions with a year count from start to end",
			"inclusive with day_count %s", q.c), "params.inclusive")
	case q.end.Before(q.start):
		return q, in(errorf(fault.EmptyRange, "an inclusive count of dates needs start on or before end; check the dates against the source",
			"inclusive count from %s back to %s", q.start, q.end), "params.inclusive")
	default:
		q.inclusive = true
	}
	return q, nil
}

// outcome computes the count and records its steps.
func (q daysBetween) outcome() (operation.Outcome, error) {
	c, start, end := q.c, q.start, q.end
	days := c.Days(start, end)
	out := operation.Outcome{Unit: units.Days}
	if !q.today.IsZero() {
		out.Steps = append(out.Steps, operation.Step{Name: "today", Value: q.today.String(), Unit: "date"})
	}
	out.Steps = append(out.Steps,
		operation.Step{Name: "start", Value: start.String(), Unit: "date"},
		operation.Step{Name: "end", Value: end.String(), Unit: "date"})
	if q.inclusive {
		out.Steps = append(out.Steps, operation.Step{Name: "days_between", Value: strconv.Itoa(days), Unit: "days"})
		days++
	}
	out.Value = apd.New(int64(days), 0)
	if c == Thirty360 || c == Thirty360E {
		lo, hi := start, end
		if end.Before(start) {
			lo, hi = end, start
		}
		d1, d2 := c.adjusted(lo, hi)
		out.Steps = append(out.Steps,
			operation.Step{Name: "actual_days", Value: strconv.Itoa(end.Sub(start)), Unit: "days"},
			operation.Step{Name: "d1", Value: strconv.Itoa(d1), Unit: "number"},
			operation.Step{Name: "d2", Value: strconv.Itoa(d2), Unit: "number"})
	}
	b := c.Basis()
	if b == 0 {
		return out, nil
	}
	f, exact, err := c.YearFraction(start, end)
	if err != nil {
		return operation.Outcome{}, err
	}
	out.Steps = append(out.Steps,
		operation.Step{Name: "year_basis", Value: strconv.Itoa(b), Unit: "days"},
		operation.Step{Name: "year_fraction", Value: expr.Plain(f), Unit: "number"})
	if !exact {
		out.Inexact = true
		out.Method = "year_fraction " + strconv.Itoa(days) + "/" + strconv.Itoa(b) +
			" rounded half-even to " + strconv.Itoa(expr.Precision) + " significant digits"
	}
	return out, nil
}

// DateRange is the date_range operation: the relative phrase in the param
// phrase resolved against the application's injected today ([Resolve]),
// with the params date_order and century for a printed date after
// "since". It takes no inputs. Its result is Text, the ISO 8601 interval
// of inclusive dates START/END; Value is nil. Its steps are today, start,
// end, and the days in the range. Without an injected today it is an error
// with code today_not_injected: the library has no clock to fall back on.
type DateRange struct{}

// Name returns "date_range".
func (DateRange) Name() string { return "date_range" }

// TakesNoInputs marks date_range as an [operation.Inputless] operation: it
// takes only params and the injected today.
func (DateRange) TakesNoInputs() {}

// Run resolves the phrase.
func (DateRange) Run(a operation.Args) (operation.Outcome, error) {
	if err := checkParams(a.Params, "phrase", "date_order", "century"); err != nil {
		return operation.Outcome{}, err
	}
	if err := checkInputs(a.Inputs); err != nil {
		return operation.Outcome{}, err
	}
	today, err := injectedToday(a, "today")
	if err != nil {
		return operation.Outcome{}, err
	}
	phrase := a.Param("phrase", "")
	if strings.TrimSpace(phrase) == "" {
		return operation.Outcome{}, in(errorf(fault.MissingParam, "set the param phrase to one of: "+strings.Join(phraseForms, "; "),
			"missing phrase"), "params.phrase")
	}
	o, err := readOptions(a.Params)
	if err != nil {
		return operation.Outcome{}, err
	}
	r, err := Resolve(phrase, today, o)
	if err != nil {
		return operation.Outcome{}, err
	}
	return operation.Outcome{Text: r.String(), TextUnit: "interval", Steps: []operation.Step{
		{Name: "today", Value: today.String(), Unit: "date"},
		{Name: "start", Value: r.Start.String(), Unit: "date"},
		{Name: "end", Value: r.End.String(), Unit: "date"},
		{Name: "days", Value: strconv.Itoa(r.Days()), Unit: "days"},
	}}, nil
}

// Ops returns the package's operations, for a registry.
func Ops() []operation.Op { return []operation.Op{DaysBetween{}, DateRange{}} }

// checkParams refuses a param the operation does not take: a misspelt
// day_count would otherwise be ignored and the default used in silence.
func checkParams(params map[string]string, known ...string) error {
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	slices.Sort(names) // the first unknown name, the same on every run
	for _, k := range names {
		if !slices.Contains(known, k) {
			return in(errorf(fault.UnknownParam, "the params are: "+strings.Join(known, ", "),
				"unknown param %q", truncate(k)), "params."+k)
		}
	}
	return nil
}

// checkInputs requires the inputs to be exactly the names, in any order.
func checkInputs(inputs []operation.Input, names ...string) error {
	for i, x := range inputs {
		if !slices.Contains(names, x.Name) {
			hint := "this operation takes no inputs"
			if len(names) > 0 {
				hint = "the inputs are: " + strings.Join(names, ", ")
			}
			return in(errorf(fault.UnusedInput, hint, "unexpected input %q", truncate(x.Name)),
				"inputs["+strconv.Itoa(i)+"].name")
		}
	}
	for i, x := range inputs {
		// The first of two inputs with one name would be read and the
		// other ignored in silence.
		if slices.ContainsFunc(inputs[:i], func(y operation.Input) bool { return y.Name == x.Name }) {
			return in(errorf(fault.UnusedInput, "give each input once: "+strings.Join(names, ", "),
				"input %q is given twice", truncate(x.Name)), "inputs["+strconv.Itoa(i)+"].name")
		}
	}
	for _, n := range names {
		if !slices.ContainsFunc(inputs, func(x operation.Input) bool { return x.Name == n }) {
			return in(errorf(fault.MissingInput, "give the inputs "+strings.Join(names, " and ")+", each a date as printed with unit date",
				"missing input %q", n), "inputs")
		}
	}
	return nil
}

// readOptions reads the params date_order and century.
func readOptions(params map[string]string) (Options, error) {
	ord, err := ParseOrder(params["date_order"])
	if err != nil {
		return Options{}, err
	}
	c, err := ParseCentury(params["century"])
	if err != nil {
		return Options{}, err
	}
	return Options{Order: ord, Century: c}, nil
}

// dateInput reads the input named name as a printed date, or, when its
// display is the word today, as the injected today, which it reports.
func dateInput(a operation.Args, name string, o Options) (Date, bool, error) {
	i := slices.IndexFunc(a.Inputs, func(x operation.Input) bool { return x.Name == name })
	x := a.Inputs[i]
	field := "inputs[" + strconv.Itoa(i) + "]."
	if !strings.EqualFold(strings.TrimSpace(x.Unit), "date") {
		return Date{}, false, in(errorf(fault.BadInputUnit, `give the input the unit "date" and its display as printed, such as 31 March 2003`,
			"input %s has unit %q, not date", name, truncate(x.Unit)), field+"unit")
	}
	if strings.TrimSpace(x.Scale) != "" {
		return Date{}, false, in(errorf(fault.BadInputUnit, "leave the scale of a date empty",
			"input %s is a date with scale %q", name, truncate(x.Scale)), field+"scale")
	}
	if strings.EqualFold(strings.TrimSpace(x.Display), "today") {
		d, err := injectedToday(a, field+"display")
		return d, err == nil, err
	}
	d, err := o.Parse(x.Display)
	if err != nil {
		return Date{}, false, in(asUnits(err), field+"display")
	}
	return d, false, nil
}

// injectedToday reads the application's injected today; field names where
// it was asked for.
func injectedToday(a operation.Args, field string) (Date, error) {
	if a.Today == "" {
		return Date{}, in(missingToday(), field)
	}
	today, err := ParseISO(a.Today)
	if err != nil {
		return Date{}, in(errorf(fault.BadToday, "the application must inject today as YYYY-MM-DD, such as 2026-11-30",
			"bad injected today %q: %s", truncate(a.Today), asUnits(err).Msg), "today")
	}
	return today, nil
}
