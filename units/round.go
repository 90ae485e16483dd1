package units

import (
	"math/big"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// This file presents a result from its exact rational value, so that the
// one rounding a receipt records is decided on the true value: a result
// that the 34-digit arithmetic had to round (1 / 8.000000000000000000000000000000001
// is 0.12499999…, which 34 digits show as 0.125) still rounds half-up to
// 0.12, not 0.13, and its exact field shows 0.1249999999999999999999999999999999…,
// never 0.125.

// PresentExact presents r, the exact canonical result as a rational number
// (see [expr.Formula.Exact]), in t's unit and scale, as [Presented]
// describes: the value is r rounded once, directly, to t's places and mode,
// and the exact field is r, or when r has no decimal form of at most
// [expr.Precision] significant digits, its first digits and "…".
func (t Target) PresentExact(r *big.Rat) (Presented, error) {
	num, per := t.Factors()
	if r == nil || num.IsZero() || per.IsZero() {
		// No value (a nil result), or the zero Target, which Resolve never
		// returns: refused, since any number presented would be made up.
		return Presented{}, errorf(fault.Internal, "present the result of an evaluation in a Target from Resolve",
			"nothing to present: no value, or a Target not made by Resolve")
	}
	x := new(big.Rat).Mul(r, expr.RatOf(per))
	x.Quo(x, expr.RatOf(num))
	exact, whole := exactOf(x)
	p := Presented{Exact: exact, Value: exact, Unit: t.Unit.String(), Scale: t.Scale.Word(), Inexact: !whole}
	switch {
	case t.Places >= 0:
		v := roundRat(x, t.Places, t.Rounding)
		if v.NumDigits() > expr.Precision {
			return Presented{}, errorf(fault.BadPlaces, "give fewer places or a larger output scale",
				"%s cannot be held to %d places", p.Exact, t.Places).In("output.places")
		}
		places := t.Places
		p.Places, p.Rounding = &places, string(t.Rounding)
		p.Value = expr.Plain(v)
	case !whole:
		p.Value = expr.Plain(roundSignificant(x, expr.Precision))
	}
	p.Display = t.display(p.Value)
	return p, nil
}

// Ellipsis ends the exact field of a result that has no decimal form of at
// most 34 significant digits: the digits before it are the result's, cut
// off, never rounded.
const Ellipsis = "…"

// exactOf returns x as a plain decimal when it has at most [expr.Precision]
// significant digits (whole), and otherwise its first [expr.Precision]
// significant digits (all of its integer digits, if more), cut off toward
// zero, followed by [Ellipsis].
func exactOf(x *big.Rat) (s string, whole bool) {
	if d, ok := shortDecimal(x); ok {
		return expr.Plain(d), true
	}
	a := new(big.Rat).Abs(x)
	k := max(significantShift(a, expr.Precision), 0)
	d := decimalAt(truncated(a, k), -k)
	d.Negative = x.Sign() < 0
	return expr.Plain(d) + Ellipsis, false
}

// shortDecimal returns x as a decimal, reduced, if it has at most
// [expr.Precision] significant digits.
func shortDecimal(x *big.Rat) (*apd.Decimal, bool) {
	if x.Sign() == 0 {
		return apd.New(0, 0), true
	}
	m, ok := terminates(x.Denom())
	if !ok {
		return nil, false
	}
	// x = num × (10^m / den) / 10^m exactly.
	c := new(big.Int).Quo(expr.Pow10(m), x.Denom())
	c.Mul(c, x.Num())
	d := decimalAt(c, -m)
	d.Reduce(d)
	return d, d.NumDigits() <= expr.Precision
}

// terminates reports whether 1/den has a finite decimal expansion, and how
// many digits after the point it needs: den must be 2^a × 5^b, and it needs
// max(a, b).
func terminates(den *big.Int) (int, bool) {
	a := int(den.TrailingZeroBits())
	d := new(big.Int).Rsh(den, uint(a))
	five, q, r := big.NewInt(5), new(big.Int), new(big.Int)
	b := 0
	for {
		q.QuoRem(d, five, r)
		if r.Sign() != 0 {
			break
		}
		d, q = q, d
		b++
	}
	return max(a, b), d.IsInt64() && d.Int64() == 1
}

// roundSignificant rounds x (not zero) half-even to n significant digits.
func roundSignificant(x *big.Rat, n int) *apd.Decimal {
	c := roundRat(new(big.Rat).Abs(x), significantShift(new(big.Rat).Abs(x), n), apd.RoundHalfEven)
	c.Negative = x.Sign() < 0
	c.Reduce(c)
	return c
}

// significantShift returns the k for which a × 10^k, for a > 0, has exactly
// n digits before the point.
func significantShift(a *big.Rat, n int) int {
	// log10(a) is within 1 of (bits(num) − bits(den)) × log10(2); the loop
	// below corrects the estimate.
	k := n - (a.Num().BitLen()-a.Denom().BitLen())*30103/100000
	lo, hi := expr.Pow10(n-1), expr.Pow10(n)
	for range 8 {
		switch t := truncated(a, k); {
		case t.Cmp(hi) >= 0:
			k--
		case t.Cmp(lo) < 0:
			k++
		default:
			return k
		}
	}
	return k
}

// truncated returns the integer part of a × 10^k, for a ≥ 0.
func truncated(a *big.Rat, k int) *big.Int {
	n, d := shift(a, k)
	return n.Quo(n, d)
}

// shift returns x × 10^k as a fraction n/d, not reduced, with d > 0. n is
// new; d may be x's own denominator or a shared power of ten, and must not
// be modified. Working on the fraction's integers, rather than through
// big.Rat, spares the greatest common divisor at every step.
func shift(x *big.Rat, k int) (n, d *big.Int) {
	if k < 0 {
		return new(big.Int).Set(x.Num()), new(big.Int).Mul(x.Denom(), expr.Pow10(-k))
	}
	return new(big.Int).Mul(x.Num(), expr.Pow10(k)), x.Denom()
}

// roundRat rounds x to places digits after the point in mode, once, from
// its exact value, and returns the decimal with exactly that many places
// (2.40 at two places), as apd's Quantize does.
func roundRat(x *big.Rat, places int, mode apd.Rounder) *apd.Decimal {
	n, d := shift(x, places)
	q, r := new(big.Int).QuoRem(n, d, n) // q truncated toward zero; r reuses n
	if sign := x.Sign(); r.Sign() != 0 && awayFromZero(q, r, d, sign, mode) {
		q.Add(q, big.NewInt(int64(sign)))
	}
	return decimalAt(q, -places)
}

// awayFromZero decides, for a value q + r/den with 0 < |r| < den and sign
// sign, whether mode rounds it to q ± 1 rather than to q.
func awayFromZero(q, r, den *big.Int, sign int, mode apd.Rounder) bool {
	half := new(big.Int).Abs(r)
	half.Lsh(half, 1)
	c := half.Cmp(den) // 2|r| against den: below, at or above one half
	switch mode {
	case apd.RoundDown:
		return false
	case apd.RoundUp:
		return true
	case apd.RoundFloor:
		return sign < 0
	case apd.RoundCeiling:
		return sign > 0
	case apd.RoundHalfUp:
		return c >= 0
	case apd.RoundHalfDown:
		return c > 0
	}
	return c > 0 || c == 0 && q.Bit(0) == 1 // half_even
}

// decimalAt returns c × 10^exp as an apd decimal.
func decimalAt(c *big.Int, exp int) *apd.Decimal {
	d := &apd.Decimal{Exponent: int32(exp), Negative: c.Sign() < 0}
	d.Coeff.SetMathBigInt(new(big.Int).Abs(c))
	return d
}
