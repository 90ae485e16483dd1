package finance

import (
	"math/bits"

	"github.com/cockroachdb/apd/v3"
)

// The fast path of the payoff plans. When every monthly rate is an exact
// fraction num/den of machine size (a nominal APR is apr/12, a periodic rate
// is itself) and every amount fits in int64 minor units, the plans run on
// integers: each month's interest is balance × num / den rounded half up,
// exactly, with no rounding of the rate at all. Otherwise (the effective
// convention, whose monthly rate is irrational, or huge amounts) they run
// on decimals through [simulate]. TestPayoffPathsAgree holds the two to the
// same plans.

// maxCents bounds the amounts of the fast path: 10^15 minor units (ten
// trillion dollars) keeps a century of payments inside int64.
const maxCents = 1_000_000_000_000_000

// centsPlan is the input of the fast path.
type centsPlan struct {
	balance, minPayment []int64
	num, den            []uint64 // the monthly rate of each debt, num/den
	budget              int64
}

// toCents converts the plans' inputs to integers, or reports false.
func toCents(debts []debt, cv convention, budget *apd.Decimal, minor int32) (centsPlan, bool) {
	p := centsPlan{balance: make([]int64, len(debts)), minPayment: make([]int64, len(debts)),
		num: make([]uint64, len(debts)), den: make([]uint64, len(debts))}
	var ok bool
	if p.budget, ok = units64(budget, minor); !ok {
		return p, false
	}
	for i, d := range debts {
		b, ok1 := units64(d.balance, minor)
		m, ok2 := units64(d.minPayment, minor)
		num, den, ok3 := fraction(d.apr, cv)
		if !ok1 || !ok2 || !ok3 {
			return p, false
		}
		p.balance[i], p.minPayment[i], p.num[i], p.den[i] = b, m, num, den
	}
	return p, true
}

// units64 returns x in minor units (x × 10^-minor) when that is a whole
// number from 0 to maxCents.
func units64(x *apd.Decimal, minor int32) (int64, bool) {
	var r apd.Decimal
	r.Set(x)
	r.Exponent -= minor
	var integ, frac apd.Decimal
	r.Modf(&integ, &frac)
	if !frac.IsZero() || r.Sign() < 0 {
		return 0, false
	}
	v, err := integ.Int64()
	return v, err == nil && v <= maxCents
}

// fraction returns a debt's monthly rate as num/den, exactly: apr/12 for a
// nominal APR, apr itself for a periodic rate. The effective convention has
// no such fraction.
func fraction(apr *apd.Decimal, cv convention) (num, den uint64, ok bool) {
	if cv.name == Effective || apr.Sign() < 0 {
		return 0, 0, false
	}
	var r apd.Decimal
	r.Reduce(apr)
	if r.Exponent > 0 || r.Exponent < -15 || !r.Coeff.IsUint64() {
		return 0, 0, false
	}
	num, den = r.Coeff.Uint64(), 1
	for e := r.Exponent; e < 0; e++ {
		den *= 10
	}
	if cv.name == Nominal {
		den *= 12
	}
	return num, den, num < 1<<62
}

// interestOn returns balance × num / den rounded half up, or false when
// the quotient does not fit.
func interestOn(balance int64, num, den uint64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(balance), num)
	if hi >= den {
		return 0, false
	}
	q, rem := bits.Div64(hi, lo, den)
	if rem >= den-rem { // 2·rem ≥ den: half up
		q++
	}
	return int64(q), q <= maxCents
}

// simulateCents runs one plan on integers. ok is false when a value
// leaves the fast path's range; the caller then runs the decimal path.
func simulateCents(in centsPlan, order []int, budgetAt string) (p plan, months int, interest, paid int64, err error, ok bool) {
	n := len(in.balance)
	p = plan{paidOff: make([]int, n), startsAtZero: make([]bool, n)}
	bal := append([]int64(nil), in.balance...)
	for i := range bal {
		p.startsAtZero[i] = bal[i] == 0
	}
	start := make([]int64, n)
	for month := 1; ; month++ {
		var before int64
		for _, b := range bal {
			before += b
		}
		copy(start, bal)
		if before == 0 {
			return p, month - 1, interest, paid, nil, true
		}
		if month > maxMonths {
			return p, 0, 0, 0, errNeverEnds(budgetAt), true
		}
		for i := range bal {
			if bal[i] == 0 {
				continue
			}
			it, fits := interestOn(bal[i], in.num[i], in.den[i])
			if !fits || bal[i] > maxCents-it {
				return p, 0, 0, 0, nil, false
			}
			bal[i] += it
			interest += it
		}
		left := in.budget
		for i := range bal {
			if bal[i] > 0 {
				pay := min(in.minPayment[i], bal[i])
				bal[i] -= pay
				left -= pay
			}
		}
		for _, i := range order {
			if left == 0 {
				break
			}
			if bal[i] > 0 {
				pay := min(left, bal[i])
				bal[i] -= pay
				left -= pay
			}
		}
		paid += in.budget - left
		for _, i := range order {
			if bal[i] == 0 && p.paidOff[i] == 0 && !p.startsAtZero[i] {
				p.paidOff[i] = month
				p.order = append(p.order, i)
			}
		}
		fell := false
		for i, b := range bal {
			fell = fell || b < start[i]
		}
		if !fell {
			return p, 0, 0, 0, errGrows(budgetAt, month), true
		}
	}
}
