package expr

import (
	"math/bits"

	"github.com/cockroachdb/apd/v3"
)

// The fixed-width evaluator: the arithmetic of [Formula.Eval] on
// coefficients held in four machine words, without apd's heap-allocated
// big integers. A formula whose divisions give 34-digit quotients otherwise
// spends most of its time allocating: every sum of such a quotient with a
// short operand scales the short one past apd's two inline words.
//
// It computes exactly what apd computes under [NewContext]: every
// operation is the exact result rounded half-even to [Precision]
// significant digits (apd's Add, Sub and Mul round the exact result; its
// Quo takes a [Precision]-digit quotient and rounds it by the remainder),
// so each value equals apd's, and so does the inexact flag. It only ever
// answers for a calculation that succeeds: at anything it does not
// handle (a coefficient of more than [Precision] digits, an exponent near
// the context's limits, a divisor above 2^64, an unbound name,
// a zero divisor, a value past the magnitude limit) it gives up, and Eval
// runs apd from the start, which then words any error. FuzzEvalFixed holds
// the two to the same value, exponent and flag.

// fixed is a finite decimal: (-1)^neg × c × 10^exp, c little-endian words.
type fixed struct {
	c   u256
	exp int32
	nd  int32 // the number of digits of c, 0 for zero: kept, as counting them costs
	neg bool
}

type u256 [4]uint64

// fixedMaxDigits bounds every coefficient the operations scale: 10^76 <
// 2^256, so a sum of two such coefficients still fits.
const fixedMaxDigits = 76

// fixedMaxAdjusted bounds the adjusted exponent of every value, well inside
// the context's ±96, so apd never clamps, traps or goes subnormal where
// this evaluator answers.
const fixedMaxAdjusted = 80

// pow10 holds 10^0 … 10^76.
var pow10 = func() (t [fixedMaxDigits + 1]u256) {
	t[0] = u256{1}
	for i := 1; i < len(t); i++ {
		t[i], _ = mulWord(t[i-1], 10)
	}
	return t
}()

func (a u256) isZero() bool { return a[0]|a[1]|a[2]|a[3] == 0 }

func cmp256(a, b u256) int {
	for i := 3; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// digits returns the number of decimal digits of a (0 for zero).
func digits(a u256) int {
	// A first guess from the bit length, off by at most one.
	n := 0
	for i := 3; i >= 0; i-- {
		if a[i] != 0 {
			n = i*64 + bits.Len64(a[i])
			break
		}
	}
	d := n * 1233 >> 12 // ≈ n·log10(2), never above the true count
	for d < len(pow10) && cmp256(a, pow10[d]) >= 0 {
		d++
	}
	return d
}

func add256(a, b u256) (s u256, carry uint64) {
	s[0], carry = bits.Add64(a[0], b[0], 0)
	s[1], carry = bits.Add64(a[1], b[1], carry)
	s[2], carry = bits.Add64(a[2], b[2], carry)
	s[3], carry = bits.Add64(a[3], b[3], carry)
	return s, carry
}

func sub256(a, b u256) (d u256) {
	var borrow uint64
	d[0], borrow = bits.Sub64(a[0], b[0], 0)
	d[1], borrow = bits.Sub64(a[1], b[1], borrow)
	d[2], borrow = bits.Sub64(a[2], b[2], borrow)
	d[3], _ = bits.Sub64(a[3], b[3], borrow)
	return d
}

// mulWord returns a × m and whether it overflowed 256 bits.
func mulWord(a u256, m uint64) (p u256, over bool) {
	var carry uint64
	for i := range a {
		hi, lo := bits.Mul64(a[i], m)
		var c uint64
		p[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	return p, carry != 0
}

// mul256 returns the low 256 bits of a × b: the product itself wherever
// it is used, since the callers bound the digits of both.
func mul256(a, b u256) (p u256) {
	for i := range 4 {
		if a[i] == 0 {
			continue
		}
		var carry uint64
		for j := 0; i+j < 4; j++ {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, p[i+j], 0)
			hi += c
			p[i+j], c = bits.Add64(lo, carry, 0)
			carry = hi + c
		}
	}
	return p
}

// divWord returns a / d and a mod d.
func divWord(a u256, d uint64) (q u256, r uint64) {
	for i := 3; i >= 0; i-- {
		q[i], r = bits.Div64(r, a[i], d)
	}
	return q, r
}

// scale returns a × 10^k, or false when the result would have more than
// fixedMaxDigits digits.
func scale(a u256, nd, k int) (u256, bool) {
	if k == 0 {
		return a, true
	}
	if nd+k > fixedMaxDigits {
		return a, false
	}
	return mul256(a, pow10[k]), true
}

// round rounds f half-even to Precision digits; it reports whether it
// dropped a nonzero digit.
func (f *fixed) round() (inexact bool) {
	nd := digits(f.c)
	f.nd = int32(min(nd, Precision)) // dropping nd - Precision digits leaves Precision
	if nd <= Precision {
		return false
	}
	k := nd - Precision // digits to drop, at most fixedMaxDigits
	// Drop k-1 digits, remembering whether any was nonzero, then the
	// rounding digit.
	sticky := false
	for left := k - 1; left > 0; {
		step := min(left, 19)
		var r uint64
		f.c, r = divWord(f.c, pow10[step][0])
		sticky = sticky || r != 0
		left -= step
	}
	var digit uint64
	f.c, digit = divWord(f.c, 10)
	f.exp += int32(k)
	if digit > 5 || digit == 5 && (sticky || f.c[0]&1 == 1) {
		f.c, _ = add256(f.c, u256{1})
		if cmp256(f.c, pow10[Precision]) == 0 { // 99…9 rounded up: 10^34, exact as 10^33 × 10
			f.c = pow10[Precision-1]
			f.exp++
		}
	}
	return digit != 0 || sticky
}

// fixedEval is one evaluation in fixed width: it fails by setting ok.
type fixedEval struct {
	env     Env
	maxMag  int
	inexact bool
	ok      bool
}

// inRange reports whether f is within the magnitude limit and the exponent
// range this evaluator keeps to.
func (e *fixedEval) inRange(f *fixed) bool {
	if f.c.isZero() {
		return f.exp > -fixedMaxAdjusted && f.exp < fixedMaxAdjusted
	}
	adj := int(f.exp) + int(f.nd) - 1
	return adj > -fixedMaxAdjusted && adj < fixedMaxAdjusted && adj+1 <= e.maxMag
}

// leaf converts a value of the environment or a literal.
func (e *fixedEval) leaf(d *apd.Decimal) fixed {
	if d == nil || d.Form != apd.Finite || d.Coeff.Sign() < 0 {
		e.ok = false
		return fixed{}
	}
	var f fixed
	if d.Coeff.IsUint64() {
		f.c[0] = d.Coeff.Uint64()
	} else {
		w := d.Coeff.Bits()
		if len(w) > 2 || bits.UintSize != 64 {
			e.ok = false
			return fixed{}
		}
		for i, x := range w {
			f.c[i] = uint64(x)
		}
	}
	f.exp, f.neg, f.nd = d.Exponent, d.Negative, int32(digits(f.c))
	if f.nd > Precision || !e.inRange(&f) {
		e.ok = false
	}
	return f
}

func (e *fixedEval) eval(n Node) fixed {
	if !e.ok {
		return fixed{}
	}
	var f fixed
	switch n := n.(type) {
	case *Number:
		if n == nil || n.value == nil {
			e.ok = false
			return f
		}
		return e.leaf(n.value)
	case *Ident:
		if n == nil {
			e.ok = false
			return f
		}
		d, found := e.env.Lookup(n.Name)
		if !found {
			e.ok = false
			return f
		}
		return e.leaf(d)
	case *Unary:
		if n == nil {
			e.ok = false
			return f
		}
		f = e.eval(n.X)
		if n.Op == Neg {
			f.neg = !f.neg
		}
		return f
	case *Binary:
		if n == nil {
			e.ok = false
			return f
		}
		x := e.eval(n.X)
		y := e.eval(n.Y)
		if !e.ok {
			return f
		}
		switch n.Op {
		case Add:
			f = e.add(x, y, false)
		case Sub:
			f = e.add(x, y, true)
		case Mul:
			f = e.mul(x, y)
		case Div:
			f = e.quo(x, y)
		default:
			e.ok = false
		}
	case *Call:
		if n == nil || len(n.Args) == 0 {
			e.ok = false
			return f
		}
		f = e.call(n)
	default:
		e.ok = false
	}
	if e.ok && !e.inRange(&f) {
		e.ok = false
	}
	return f
}

func (e *fixedEval) call(n *Call) fixed {
	switch n.Func {
	case Abs:
		f := e.eval(n.Args[0])
		f.neg = false
		return f
	case Min, Max:
		best := e.eval(n.Args[0])
		for _, a := range n.Args[1:] {
			v := e.eval(a)
			if !e.ok {
				return best
			}
			// The sign of a rounded difference is the sign of the exact one;
			// rounding it rounds no value of the formula.
			inexact := e.inexact
			d := e.add(v, best, true)
			e.inexact = inexact
			if c := sign(d); n.Func == Min && c < 0 || n.Func == Max && c > 0 {
				best = v
			}
		}
		return best
	case Mean:
		var sum fixed // zero, as apd's sum starts
		for _, a := range n.Args {
			sum = e.add(sum, e.eval(a), false)
			if !e.ok || !e.inRange(&sum) {
				e.ok = false
				return sum
			}
		}
		count := fixed{c: u256{uint64(len(n.Args))}}
		count.nd = int32(digits(count.c))
		return e.quo(sum, count)
	}
	e.ok = false
	return fixed{}
}

func sign(f fixed) int {
	switch {
	case f.c.isZero():
		return 0
	case f.neg:
		return -1
	}
	return 1
}

// add returns x + y, or x - y when subtract, as apd's Add and Sub do: the
// exact result, rounded.
func (e *fixedEval) add(x, y fixed, subtract bool) fixed {
	if !e.ok {
		return fixed{}
	}
	yn := y.neg != subtract
	a, b, exp := x.c, y.c, x.exp
	if x.exp > y.exp {
		var ok bool
		a, ok = scale(x.c, int(x.nd), int(x.exp-y.exp))
		e.ok = e.ok && ok
		exp = y.exp
	} else if y.exp > x.exp {
		var ok bool
		b, ok = scale(y.c, int(y.nd), int(y.exp-x.exp))
		e.ok = e.ok && ok
	}
	if !e.ok {
		return fixed{}
	}
	f := fixed{exp: exp, neg: x.neg}
	if x.neg == yn {
		f.c, _ = add256(a, b) // both below 10^76: no carry
	} else if cmp256(a, b) >= 0 {
		f.c = sub256(a, b)
	} else {
		f.c, f.neg = sub256(b, a), !x.neg
	}
	if f.c.isZero() {
		f.neg = false // apd: negative only when rounding toward −∞
	}
	e.inexact = f.round() || e.inexact
	return f
}

// mul returns x × y, as apd's Mul does: the exact product, rounded.
func (e *fixedEval) mul(x, y fixed) fixed {
	if !e.ok {
		return fixed{}
	}
	f := fixed{c: mul256(x.c, y.c), exp: x.exp + y.exp, neg: x.neg != y.neg}
	e.inexact = f.round() || e.inexact
	return f
}

// quo returns x / y as apd's Quo computes it: both coefficients brought to
// the same number of digits, the dividend's above the divisor's, then a
// quotient of Precision digits rounded half-even by the remainder.
func (e *fixedEval) quo(x, y fixed) fixed {
	if !e.ok || y.c.isZero() || y.c[1]|y.c[2]|y.c[3] != 0 {
		e.ok = false // a zero divisor, for apd to refuse, or one of more than 64 bits
		return fixed{}
	}
	neg := x.neg != y.neg
	shift := int(x.exp) - int(y.exp)
	if x.c.isZero() {
		return fixed{exp: int32(shift), neg: neg}
	}
	dividend, divisor := x.c, y.c
	diff := int(x.nd - y.nd)
	if diff < 0 {
		dividend = mul256(dividend, pow10[-diff])
	} else if diff > 0 {
		divisor = mul256(divisor, pow10[diff])
	}
	adj := -diff
	if cmp256(dividend, divisor) < 0 {
		dividend, _ = mulWord(dividend, 10)
		adj++
	}
	// dividend < 10^35, so × 10^33 stays below 10^68.
	dividend = mul256(dividend, pow10[Precision-1])
	// The quotient by divisor = y.c × 10^diff is the quotient by y.c of
	// the quotient by 10^diff (floors nest), so one word of divisor is
	// enough however many digits the scaling gave it.
	t := dividend
	for left := max(diff, 0); left > 0; {
		step := min(left, 19)
		t, _ = divWord(t, pow10[step][0])
		left -= step
	}
	q, _ := divWord(t, y.c[0])
	f := fixed{c: q, neg: neg, exp: int32(shift - adj - (Precision - 1)), nd: Precision}
	if rem := sub256(dividend, mul256(q, divisor)); !rem.isZero() {
		e.inexact = true
		// Twice the remainder against the divisor, without overflow.
		c := cmp256(rem, sub256(divisor, rem))
		if c > 0 || c == 0 && q[0]&1 == 1 {
			f.c, _ = add256(f.c, u256{1})
			f.round() // 10^34 back to 34 digits, exactly
		}
	}
	return f
}

// toDecimal sets d to f's value.
func (f *fixed) toDecimal(d *apd.Decimal) {
	if f.c[1] == 0 {
		d.Coeff.SetUint64(f.c[0])
	} else {
		var buf [16]byte
		for i := range 8 {
			buf[15-i] = byte(f.c[0] >> (8 * i))
			buf[7-i] = byte(f.c[1] >> (8 * i))
		}
		d.Coeff.SetBytes(buf[:])
	}
	d.Exponent, d.Negative, d.Form = f.exp, f.neg, apd.Finite
}
