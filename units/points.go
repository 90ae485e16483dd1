package units

import (
	"math/big"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// This file holds the rules that keep the percent family honest under +, −,
// min, max and mean: a literal beside a percent, pp or bp value, and when a
// combination of percents is a level (percent) or a difference of levels
// (percentage points). The package doc states them for people.

// maxRatBits bounds the exact values inference tracks (a literal
// sub-formula's value, a level weight). Real formulas stay far below it; a
// value beyond it is unknown, which refuses rather than guesses.
const maxRatBits = 1024

// ratZero and ratOne are shared and never modified: every operation below
// writes into a new value.
var (
	ratZero = new(big.Rat)
	ratOne  = big.NewRat(1, 1)
)

// bounded returns r, or nil when r is nil or too large to track.
func bounded(r *big.Rat) *big.Rat {
	if r == nil || r.Num().BitLen()+r.Denom().BitLen() > maxRatBits {
		return nil
	}
	return r
}

// neg returns −r, or nil for nil.
func neg(r *big.Rat) *big.Rat {
	if r == nil {
		return nil
	}
	return new(big.Rat).Neg(r)
}

// arith returns x × y, or x ÷ y when div is set; nil when either is unknown
// or the divisor is zero (evaluation refuses that division itself).
func arith(x, y *big.Rat, div bool) *big.Rat {
	if x == nil || y == nil {
		return nil
	}
	if div {
		if y.Sign() == 0 {
			return nil
		}
		return bounded(new(big.Rat).Quo(x, y))
	}
	return bounded(new(big.Rat).Mul(x, y))
}

// sum returns x + y, or x − y when sub is set; a nil operand counts as 0,
// since an operand outside the percent family carries no level.
func sum(x, y *big.Rat, sub bool) *big.Rat {
	if x == nil {
		x = ratZero
	}
	if y == nil {
		y = ratZero
	}
	if sub {
		return bounded(new(big.Rat).Sub(x, y))
	}
	return bounded(new(big.Rat).Add(x, y))
}

// points reports whether d is a percent or pp value, whose label follows
// its level weight.
func points(d dim) bool { return d.u == Percent || d.u == PercentagePoints }

// fractional reports whether d is a percent, pp or bp value: a literal
// beside one of these would be read as a fraction (2 is 200%).
func fractional(d dim) bool { return points(d) || d.u == BasisPoints }

// relabel presents a percent-family value by its level weight: a weight of
// zero is a difference of levels, in pp; any other is a level, in percent.
func relabel(d dim) dim {
	if points(d) && d.w != nil {
		d.u = Percent
		if d.w.Sign() == 0 {
			d.u = PercentagePoints
		}
	}
	return d
}

// unitLiteral reports whether a literal may stand beside a percent, pp or bp
// value: 0 and 1 (with either sign), as in 1 − tax_rate and max(gap, 0).
func unitLiteral(v *big.Rat) bool {
	if v == nil {
		return false
	}
	if v.Sign() == 0 {
		return true
	}
	return v.IsInt() && v.Num().IsInt64() && (v.Num().Int64() == 1 || v.Num().Int64() == -1)
}

// besidePercent refuses a literal lit combined with other under op, unless
// other is not a percent, pp or bp value, or the literal is 0, or it is 1
// beside a percent. 1 is 100%, a whole, which only a level has: 1 − rate is
// the rest of a share, while gap_pp + 1 adds 100 pp and spread_bp − 1
// takes away 10,000 bp, where the formula almost surely meant 1 pp or 1 bp.
func besidePercent(at expr.Span, op string, lit, other dim) *fault.Error {
	if !fractional(other) || unitLiteral(lit.lit) && (isZero(lit.lit) || other.u == Percent) {
		return nil
	}
	v, shown, allowed := "a literal", "2", "0 or 1"
	if other.u != Percent {
		allowed = "0"
	}
	if lit.lit != nil && lit.lit.IsInt() {
		shown = lit.lit.FloatString(0)
		v = "the literal " + shown
	}
	return errorf(fault.LiteralBesidePercent,
		"a number written in the formula is a plain fraction (2 is 200%), not a "+other.u.String()+
			" value; give it as an input with its unit, such as display "+shown+" and unit "+other.u.String()+", or write it as "+allowed,
		"cannot %s %s and a %s value", verb(op), v, other.u).At(at)
}

// affine finishes + and − once [same] has found the operands compatible: it
// tracks literal values, refuses a literal beside a percent, and combines
// level weights.
func affine(at expr.Span, op expr.Op, d, x, y dim) (dim, error) {
	sub := op == expr.Sub
	switch {
	case x.src == fromLiteral && y.src == fromLiteral:
		d.lit = sum(x.lit, y.lit, sub)
		return d, nil
	case x.src == fromLiteral:
		if err := besidePercent(at, op.String(), x, y); err != nil {
			return d, err
		}
		if sub {
			d.w = neg(y.w) // 1 − tax_rate: a level of weight −1, a percent
		}
		return relabel(d), nil
	case y.src == fromLiteral:
		if err := besidePercent(at, op.String(), y, x); err != nil {
			return d, err
		}
		return relabel(d), nil
	}
	if !points(d) {
		return d, nil
	}
	if sub && isZero(x.w) && !x.level && x.w != nil && !isZero(y.w) && y.level {
		// gap_pp − rate: a change minus a level, almost always the operands
		// the wrong way round.
		return d, errorf(fault.DimensionlessMismatch,
			"subtract percentage points from a percent (rate − change), not a percent from percentage points",
			"cannot subtract %s from %s", Percent, PercentagePoints).At(at)
	}
	d.w = sum(x.w, y.w, sub)
	if d.w == nil {
		return d, tooLarge(at)
	}
	d.level = x.level || y.level
	return relabel(d), nil
}

// among finishes min, max, mean and abs once [same] has found the arguments
// compatible.
func among(n *expr.Call, d dim, args []dim) (dim, error) {
	allLit := true
	for _, a := range args {
		allLit = allLit && a.src == fromLiteral
	}
	if allLit {
		d.lit = callValue(n.Func, args)
		return d, nil
	}
	if n.Func == expr.Abs {
		if d.w != nil {
			d.w = new(big.Rat).Abs(d.w)
		}
		return relabel(d), nil
	}
	w, zero, levels := new(big.Rat), 0, 0
	for _, a := range args {
		if a.src == fromLiteral {
			if err := besidePercent(n.At, n.Func.String(), a, d); err != nil {
				return d, err
			}
			continue
		}
		if a.w == nil {
			continue
		}
		levels++
		if a.w.Sign() == 0 {
			zero++
		}
		w.Add(w, a.w)
		d.level = d.level || a.level
	}
	if !points(d) || levels == 0 {
		return d, nil
	}
	if zero != 0 && zero != levels {
		return d, errorf(fault.DimensionlessMismatch,
			"compare percents with percents and percentage-point changes with changes",
			"cannot take the %s of %s and %s", n.Func, Percent, PercentagePoints).At(n.At)
	}
	d.w = bounded(w.Quo(w, big.NewRat(int64(len(args)), 1)))
	if d.w == nil {
		return d, tooLarge(n.At)
	}
	return relabel(d), nil
}

// callValue is the exact value of min, max, mean or abs over literals.
func callValue(f expr.Func, args []dim) *big.Rat {
	for _, a := range args {
		if a.lit == nil {
			return nil
		}
	}
	switch f {
	case expr.Abs:
		return new(big.Rat).Abs(args[0].lit)
	case expr.Min, expr.Max:
		return expr.Extreme(f, args, func(a, b dim) int { return a.lit.Cmp(b.lit) }).lit
	}
	s := new(big.Rat)
	for _, a := range args {
		s.Add(s, a.lit)
	}
	return bounded(s.Quo(s, big.NewRat(int64(len(args)), 1)))
}

// scaleWeight multiplies (or divides) a percent's level weight by a literal
// factor. A zero factor keeps the weight: 0 × rate is no difference of
// levels.
func scaleWeight(d dim, lit *big.Rat, div bool) (dim, *fault.Error) {
	if d.w == nil {
		return d, nil
	}
	if lit != nil && lit.Sign() == 0 {
		return d, nil
	}
	w := arith(d.w, lit, div)
	if w == nil {
		return d, tooLarge(expr.Span{})
	}
	d.w = w
	return relabel(d), nil
}

// tooLarge refuses a formula whose literals are too large for inference to
// tell a percent from percentage points.
func tooLarge(at expr.Span) *fault.Error {
	return errorf(fault.UnsupportedDimension,
		"give the large constants as inputs with their units",
		"literals too large to tell percent from percentage points").At(at)
}

func isZero(r *big.Rat) bool { return r == nil || r.Sign() == 0 }
