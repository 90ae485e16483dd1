package units

import (
	"math/big"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
)

// presentDecimal is [Target.PresentExact] for an exact decimal result in
// a target whose factors are powers of ten (every unit but years, and
// every scale): the value in the target is then the result's digits with
// the exponent moved, so it needs no rational arithmetic, which was most of
// presenting a result. It rounds as roundRat does, by awayFromZero on the
// same quotient and remainder. It reports false for anything else,
// including every refusal, for PresentExact to decide; FuzzPresentDecimal
// holds the two to the same [Presented].
func (t Target) presentDecimal(exact *apd.Decimal) (Presented, bool) {
	if exact == nil || exact.Form != apd.Finite || t.Unit.num.kind == KindYears || t.Unit.per.kind == KindYears {
		return Presented{}, false
	}
	// x = exact × per ÷ (scale × num): every factor is 10^k.
	shift := int64(t.Unit.per.factor().Exponent) - int64(t.Unit.num.factor().Exponent) - int64(t.Scale.Exp())
	var x apd.Decimal
	x.Set(exact)
	if e := int64(x.Exponent) + shift; e > 1<<20 || e < -(1<<20) {
		return Presented{}, false // far past any limit: the slow path words it
	}
	x.Exponent += int32(shift)
	if x.IsZero() {
		x = apd.Decimal{} // PresentExact's zero: 0, exponent 0, not negative
	}
	x.Reduce(&x)
	if x.NumDigits() > expr.Precision {
		return Presented{}, false // exactOf cuts it off with an ellipsis
	}
	exactText := expr.Plain(&x)
	p := Presented{Exact: exactText, Value: exactText, Unit: t.Unit.String(), Scale: t.Scale.Word()}
	if t.Places >= 0 {
		v, ok := roundDecimal(&x, t.Places, t.Rounding)
		if !ok || v.NumDigits() > expr.Precision {
			return Presented{}, false
		}
		places := t.Places
		p.Places, p.Rounding = &places, string(t.Rounding)
		p.Value = expr.Plain(v)
	}
	p.Display = t.display(p.Value)
	return p, true
}

// maxFastShift bounds the powers of ten roundDecimal scales by: a result
// of at most 34 digits held to at most 34 places needs no more.
const maxFastShift = 2 * expr.Precision

// roundDecimal is roundRat for a decimal x: x rounded once to places, as
// a decimal of exponent −places.
func roundDecimal(x *apd.Decimal, places int, mode apd.Rounder) (*apd.Decimal, bool) {
	k := places + int(x.Exponent) // x = c × 10^(k − places)
	if k > maxFastShift || k < -maxFastShift {
		return nil, false
	}
	c := x.Coeff.MathBigInt()
	if x.Negative {
		c.Neg(c)
	}
	if k >= 0 {
		return decimalAt(c.Mul(c, expr.Pow10(k)), -places), true
	}
	den := expr.Pow10(-k)
	q, r := new(big.Int).QuoRem(c, den, new(big.Int))
	if sign := c.Sign(); r.Sign() != 0 && awayFromZero(q, r, den, sign, mode) {
		q.Add(q, big.NewInt(int64(sign)))
	}
	return decimalAt(q, -places), true
}
