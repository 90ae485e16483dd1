package dates

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// DayCount is a day-count convention: how many days lie between two dates,
// and, for the conventions with a year basis, what fraction of a year that
// is. The finance operations accrue interest between dates with these same
// functions. The zero DayCount is invalid.
type DayCount uint8

// The conventions. Each is written down in the package doc under
// "Day counts"; the rules of the two 30/360 conventions are in
// [DayCount.Days].
const (
	Actual     DayCount = iota + 1 // actual days; no year fraction
	Thirty360                      // 30/360 US (SIA, end-of-month rule), year of 360 days
	Thirty360E                     // 30E/360 (Eurobond basis, ISDA 2006 4.16(g)), year of 360 days
	Actual365F                     // actual days over a fixed year of 365
	Actual360                      // actual days over a year of 360
)

// dayCounts is the one table of conventions: the canonical name a receipt
// records, the year basis, and the other spellings accepted, all matched
// without regard to case. "30/360" alone means the US rule: that is what
// the name means in US markets and SIA's rule book. ISDA's bond basis (no
// February rule) and Excel's DAYS360 differ from it on February month ends
// and are not offered under its name.
var dayCounts = [...]struct {
	name    string
	basis   int
	aliases []string
}{
	Actual:     {"actual", 0, []string{"actual", "act", "actual/actual days"}},
	Thirty360:  {"30/360", 360, []string{"30/360", "30/360 us", "30u/360", "30/360 sia"}},
	Thirty360E: {"30E/360", 360, []string{"30e/360", "eurobond basis", "30/360 icma"}},
	Actual365F: {"actual/365F", 365, []string{"actual/365f", "act/365f", "actual/365 fixed", "act/365 fixed"}},
	Actual360:  {"actual/360", 360, []string{"actual/360", "act/360"}},
}

// String returns the canonical name of c, as the param day_count spells it.
func (c DayCount) String() string {
	if c == 0 || int(c) >= len(dayCounts) {
		return "invalid"
	}
	return dayCounts[c].name
}

// Basis returns the days in a year under c: 360 or 365, or 0 for [Actual],
// which counts days and has no year.
func (c DayCount) Basis() int {
	if c == 0 || int(c) >= len(dayCounts) {
		return 0
	}
	return dayCounts[c].basis
}

// KnownDayCounts lists the canonical names of the conventions.
func KnownDayCounts() string {
	var names []string
	for _, d := range dayCounts[1:] {
		names = append(names, d.name)
	}
	return strings.Join(names, ", ")
}

// ParseDayCount reads the param day_count: actual, 30/360, 30E/360,
// actual/365F or actual/360, ignoring case and runs of spaces, with the
// aliases act/360, act/365F, 30U/360. Anything else is an error with code
// bad_day_count that lists them.
func ParseDayCount(s string) (DayCount, error) {
	w := strings.ToLower(strings.Join(strings.Fields(s), " "))
	for i, d := range dayCounts[1:] {
		for _, a := range d.aliases {
			if w == a {
				return DayCount(i + 1), nil
			}
		}
	}
	return 0, in(errorf(fault.BadDayCount, "set day_count to one of: "+KnownDayCounts()+" (actual when absent)",
		"unknown day_count %q", truncate(s)), "params.day_count")
}

// Days returns the days from start to end under c, negative when end is
// before start: the count is antisymmetric, Days(a, b) = −Days(b, a), and
// the 30/360 rules always treat the earlier date as the first.
//
// [Actual], [Actual365F] and [Actual360] count calendar days: 2024-02-28 to
// 2024-03-01 is 2. The 30/360 conventions count 360×(Y2−Y1) + 30×(M2−M1) +
// (D2−D1) after adjusting the days D1 (earlier) and D2 (later):
//
// 30/360 US, in this order (SIA's rule with the end-of-month adjustment):
//  1. if both dates are the last day of February, D2 becomes 30;
//  2. if the earlier date is the last day of February, D1 becomes 30;
//  3. if D2 is 31 and D1 is 30 or 31, D2 becomes 30;
//  4. if D1 is 31, D1 becomes 30.
//
// 30E/360: a 31st becomes 30, for either date; February is left alone.
func (c DayCount) Days(start, end Date) int {
	sign := 1
	if end.Before(start) {
		start, end, sign = end, start, -1
	}
	if c != Thirty360 && c != Thirty360E {
		return sign * end.Sub(start)
	}
	d1, d2 := c.adjusted(start, end)
	return sign * (360*(end.Year()-start.Year()) + 30*(end.Month()-start.Month()) + d2 - d1)
}

// adjusted returns the days D1 and D2 that c counts with, for start not
// after end: the 30/360 rules of [DayCount.Days] applied in order, or the
// days of the month themselves for the actual conventions. A receipt
// records them, since they are what a person needs to redo a 30/360 count.
func (c DayCount) adjusted(start, end Date) (d1, d2 int) {
	d1, d2 = start.Day(), end.Day()
	switch c {
	case Thirty360:
		if lastOfFebruary(start) && lastOfFebruary(end) {
			d2 = 30
		}
		if lastOfFebruary(start) {
			d1 = 30
		}
		if d2 == 31 && d1 >= 30 {
			d2 = 30
		}
	case Thirty360E:
		if d2 == 31 {
			d2 = 30
		}
	default:
		return d1, d2
	}
	if d1 == 31 {
		d1 = 30
	}
	return d1, d2
}

// lastOfFebruary reports whether d is 28 February of a common year or 29
// February of a leap year.
func lastOfFebruary(d Date) bool {
	return d.Month() == 2 && d.Day() == DaysIn(d.Year(), 2)
}

// YearFraction returns Days(start, end) / Basis() under c, computed with
// the package's one arithmetic ([expr.NewContext]: 34 significant digits,
// half-even), and whether it is exact. Most fractions are not: a basis of
// 360 or 365 has factors 3 and 73 that no decimal divides, so 1/365 is
// 0.002739726027397260273972602739726027 rounded. For interest accrual,
// multiply before dividing (principal × rate × Days ÷ Basis) so that the
// one division is the last step. [Actual] has no year, and is an error with
// code no_year_basis.
func (c DayCount) YearFraction(start, end Date) (*apd.Decimal, bool, error) {
	b := c.Basis()
	if b == 0 {
		return nil, false, in(errorf(fault.NoYearBasis, "choose a convention with a year: 30/360, 30E/360, actual/365F or actual/360",
			"day_count %s counts days and has no year fraction", c), "params.day_count")
	}
	ctx := expr.NewContext()
	var f apd.Decimal
	cond, err := ctx.Quo(&f, apd.New(int64(c.Days(start, end)), 0), apd.New(int64(b), 0))
	if err != nil {
		return nil, false, err // cannot happen: the basis is not zero and the days are few
	}
	exact := !cond.Inexact()
	if exact {
		f.Reduce(&f)
	}
	return &f, exact, nil
}
