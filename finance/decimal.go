package finance

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// The working arithmetic of the finance operations. Intermediates carry
// guard digits beyond [expr.Precision], the precision every result is
// rounded to, so that a result rounded to cents is right even after a
// fractional power, a logarithm or a few hundred multiplications. The
// exponent range is wider than expr's for the same reason: (1.01)^-360 is
// an ordinary intermediate. Results are checked against expr's range when
// they are rounded.
const (
	guardDigits   = 16
	workPrecision = expr.Precision + guardDigits
	workExponent  = 2000
)

// calc is one computation in the working arithmetic. Its first error sticks:
// every later operation returns zero and does nothing, so a formula of many
// steps checks for failure once, at the end. It remembers whether any step
// was inexact and which methods were used, for the receipt.
type calc struct {
	ctx     apd.Context
	inexact bool
	methods []string
	err     error
}

func newCalc() *calc {
	return &calc{ctx: apd.Context{
		Precision:   workPrecision,
		MaxExponent: workExponent,
		MinExponent: -workExponent,
		Traps:       apd.DefaultTraps,
		Rounding:    apd.RoundHalfEven,
	}}
}

// do runs one apd operation into a new decimal.
func (c *calc) do(f func(d *apd.Decimal) (apd.Condition, error)) *apd.Decimal {
	d := new(apd.Decimal)
	if c.err != nil {
		return d
	}
	cond, err := f(d)
	if err != nil {
		c.err = refuse(fault.OutOfRange, "", "check the rate and the number of periods: the values grow past what reckon computes with",
			"a value is out of range: %v", err)
		return d
	}
	c.inexact = c.inexact || cond.Inexact()
	return d
}

func (c *calc) add(x, y *apd.Decimal) *apd.Decimal {
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Add(d, x, y) })
}

func (c *calc) sub(x, y *apd.Decimal) *apd.Decimal {
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Sub(d, x, y) })
}

func (c *calc) mul(x, y *apd.Decimal) *apd.Decimal {
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Mul(d, x, y) })
}

// quo divides; callers rule out a zero divisor first, with a refusal that
// says what it means, so a zero here is an error of the package.
func (c *calc) quo(x, y *apd.Decimal) *apd.Decimal {
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Quo(d, x, y) })
}

func (c *calc) neg(x *apd.Decimal) *apd.Decimal {
	d := new(apd.Decimal)
	d.Neg(x)
	return d
}

func (c *calc) abs(x *apd.Decimal) *apd.Decimal {
	d := new(apd.Decimal)
	d.Abs(x)
	return d
}

// pow raises x to y. An integral y is repeated multiplication, exact
// whenever the result fits the working precision; any other y is
// exp(y·ln x), which is never exact, and is recorded as such.
func (c *calc) pow(x, y *apd.Decimal) *apd.Decimal {
	if !isInteger(y) {
		c.method("fractional powers as exp(y·ln x)")
		c.inexact = true
	} else {
		// Trailing zeros (a quotient such as 1 + 0.06/12 carries 46 of
		// them) only make every multiplication of the power longer.
		x = reduce(x)
		if d, ok := c.exactPow(x, y); ok {
			return d
		}
		if d, ok := c.intPow(x, y); ok {
			return d
		}
	}
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Pow(d, x, y) })
}

// maxExactDigits bounds the exact power to what the working precision
// holds. A longer power, such as (1.005)^360 with its 1,081 digits, is
// never exact at 50 digits anyway, and apd's Pow, which keeps 10 more digits
// at every multiplication, is both faster and far within the guard digits.
const maxExactDigits = workPrecision

// pow10 caches the powers of ten reduce and intPow divide by: a product of
// two intPow operands has at most 2·powPrecision digits.
var pow10 = func() [2*powPrecision + 2]*big.Int {
	var t [2*powPrecision + 2]*big.Int
	for k := range t {
		t[k] = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
	}
	return t
}()

// reduce returns x without the trailing zeros of its coefficient, as
// apd's Reduce does, with a binary search over cached powers of ten: a
// decimal has at most as many trailing decimal zeros as binary ones, and
// divisibility by 10^k is monotone in k.
func reduce(x *apd.Decimal) *apd.Decimal {
	r := new(apd.Decimal)
	r.Set(x)
	if x.Form != apd.Finite || x.IsZero() {
		return r
	}
	coeff := x.Coeff.MathBigInt()
	if k := stripZeros(coeff); k > 0 {
		r.Coeff.SetMathBigInt(coeff)
		r.Exponent += int32(k)
	}
	return r
}

// stripZeros divides a nonzero coeff by its trailing decimal zeros, at
// most workPrecision of them (a decimal has at most as many trailing
// decimal zeros as binary ones), and returns how many there were. It
// divides by 10^19 at most, one machine word, while the remainder is zero;
// a nonzero remainder r < 10^k has coeff's remaining trailing zeros, fewer
// than k, and they are counted on r as a uint64.
func stripZeros(coeff *big.Int) int {
	limit := min(int(coeff.TrailingZeroBits()), workPrecision)
	k := 0
	var q, r big.Int
	for k < limit {
		step := min(limit-k, 19)
		q.QuoRem(coeff, pow10[step], &r)
		if r.Sign() == 0 {
			coeff.Set(&q)
			k += step
			continue
		}
		t := 0
		for w := r.Uint64(); w%10 == 0; w /= 10 {
			t++
		}
		if t > 0 {
			coeff.Quo(coeff, pow10[t])
			k += t
		}
		break
	}
	return k
}

// exactPow raises x to a whole y ≥ 0 exactly, as an integer power of its
// coefficient, when the result fits the working precision: a small power
// such as (1.1)^3 is computed, and recorded, exactly.
func (c *calc) exactPow(x, y *apd.Decimal) (*apd.Decimal, bool) {
	n, err := y.Int64()
	if c.err != nil || err != nil || n < 0 || x.Form != apd.Finite || x.NumDigits()*n > maxExactDigits {
		return nil, false
	}
	exp := int64(x.Exponent) * n
	if exp > workExponent || exp < -workExponent-maxExactDigits {
		return nil, false // out of range: apd's Pow reports it
	}
	coeff := x.Coeff.MathBigInt()
	coeff.Exp(coeff, big.NewInt(n), nil)
	var exact apd.Decimal
	exact.Coeff.SetMathBigInt(coeff)
	exact.Exponent = int32(exp)
	exact.Negative = x.Negative && n%2 == 1
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Round(d, &exact) }), true
}

// powPrecision is the precision of every multiplication of apd's Pow for
// an operand of at most workPrecision digits: decNumber's rule, the
// operand's digits or the precision, whichever is more, plus 4 and 6 for
// the length of an exponent.
const powPrecision = workPrecision + 4 + 6

// powExponentLimit keeps intPow's exponents far inside apd's own limits
// (±100000), where apd's multiplications never overflow, underflow or turn
// subnormal, so that they are plain roundings intPow repeats exactly.
const powExponentLimit = 50000

// intPow is apd's Pow of x to a whole y ≥ 1, digit for digit: squaring and
// multiplying at powPrecision digits, every product rounded half up (apd's
// Pow works in a context without a rounding mode, whose default is half
// up), the power then rounded once, half even, to the working precision.
// It does so on math/big integers and cached powers of ten, where a product
// rounds with one division and one comparison, instead of apd's general
// rounding, which compares the discarded digits with one half as decimals
// and allocates as it goes. ok is false when x has more digits than the
// working precision, y is not a positive int64 or an exponent would leave
// ±powExponentLimit: apd's Pow then computes the power as before.
func (c *calc) intPow(x, y *apd.Decimal) (*apd.Decimal, bool) {
	n, err := y.Int64()
	if c.err != nil || err != nil || n < 1 || x.Form != apd.Finite || x.IsZero() || x.NumDigits() > workPrecision {
		return nil, false
	}
	zc, ze, inexact, ok := powCoeff(x, n)
	if !ok {
		return nil, false
	}
	var z apd.Decimal
	z.Coeff.SetMathBigInt(zc)
	z.Exponent = int32(ze)
	z.Negative = x.Negative && n%2 == 1
	c.inexact = c.inexact || inexact
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Round(d, &z) }), true
}

// powCoeff is the power of intPow before its last rounding: x^n as apd's
// integerPower computes it at powPrecision digits, as a coefficient and an
// exponent, with whether any product was inexact.
func powCoeff(x *apd.Decimal, n int64) (*big.Int, int64, bool, bool) {
	// prod, q and r are scratch, reused by every product: a product
	// written over one of its factors would allocate anew each time.
	var zc, nc, prod, q, r big.Int
	zc.SetInt64(1)
	nc.Set(x.Coeff.MathBigInt())
	ze, ne := int64(0), int64(x.Exponent)
	inexact := false
	// mul sets a = round(a·b) at powPrecision digits, with exponents ea
	// and eb, as apd's Mul in Pow's context does.
	mul := func(a *big.Int, ea *int64, b *big.Int, eb int64) bool {
		prod.Mul(a, b)
		e := *ea + eb
		nd := numDigits(&prod)
		if diff := nd - powPrecision; diff > 0 {
			q.QuoRem(&prod, pow10[diff], &r)
			if r.Sign() != 0 {
				inexact = true
				// Half up: add one when the discarded digits are at
				// least half of 10^diff.
				if r.Lsh(&r, 1).Cmp(pow10[diff]) >= 0 {
					q.Add(&q, pow10[0])
					if q.Cmp(pow10[powPrecision]) == 0 {
						// 99…9 rounded up to 10^p keeps p digits,
						// as apd's roundAddOne does.
						q.Set(pow10[powPrecision-1])
						diff++
					}
				}
			}
			a.Set(&q)
			e += int64(diff)
			nd = powPrecision // a carry to 10^p was divided by ten
		} else {
			a.Set(&prod)
		}
		*ea = e
		adj := e + int64(nd) - 1
		return e > -powExponentLimit && e < powExponentLimit && adj > -powExponentLimit && adj < powExponentLimit
	}
	for b := n; b > 0; b >>= 1 {
		if b&1 == 1 && !mul(&zc, &ze, &nc, ne) {
			return nil, 0, false, false
		}
		if b>>1 > 0 && !mul(&nc, &ne, &nc, ne) {
			return nil, 0, false, false
		}
	}
	return &zc, ze, inexact, true
}

// numDigits returns the number of decimal digits of a, which is not zero
// and has at most 2·powPrecision+1 digits: from a lower bound by its bit
// length (0.30102999 is below log10 2), counted up against powers of ten.
func numDigits(a *big.Int) int {
	d := int(int64(a.BitLen()-1)*30102999/100000000) + 1
	for d < len(pow10) && a.CmpAbs(pow10[d]) >= 0 {
		d++
	}
	return d
}

// ln is the natural logarithm; x must be positive.
func (c *calc) ln(x *apd.Decimal) *apd.Decimal {
	c.method("natural logarithms")
	d := c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Ln(d, x) })
	if !d.IsZero() {
		c.inexact = true // ln of anything but 1 is irrational
	}
	return d
}

// method records a method once, in the order first used.
func (c *calc) method(m string) {
	for _, have := range c.methods {
		if have == m {
			return
		}
	}
	c.methods = append(c.methods, m)
}

// describe returns the receipt's method: "" when every step was exact.
func (c *calc) describe() string {
	if !c.inexact {
		return ""
	}
	p := int(c.ctx.Precision)
	s := fmt.Sprintf("decimal arithmetic at %d significant digits (%d + %d guard digits), result rounded to %d", p, expr.Precision, p-expr.Precision, expr.Precision)
	if len(c.methods) > 0 {
		s += "; " + strings.Join(c.methods, "; ")
	}
	return s
}

// result rounds x to the precision every reckon result has.
func (c *calc) result(x *apd.Decimal) *apd.Decimal {
	d := new(apd.Decimal)
	if c.err != nil {
		return d
	}
	cond, err := expr.NewContext().Round(d, x)
	if err != nil || d.Form != apd.Finite {
		c.err = refuse(fault.OutOfRange, "", "check the inputs: the result is too large or too small to present",
			"the result %s is out of range", x.Text('g'))
		return d
	}
	c.inexact = c.inexact || cond.Inexact()
	d.Reduce(d)
	return d
}

// plain renders x for a step: rounded to the result precision, in plain
// decimal notation.
func plain(x *apd.Decimal) string {
	if d, ok := roundResult(x); ok {
		return expr.Plain(d)
	}
	var d apd.Decimal
	if _, err := expr.NewContext().Round(&d, x); err != nil {
		return x.Text('f')
	}
	d.Reduce(&d)
	return expr.Plain(&d)
}

// roundResult is what plain does before printing, rounding x half even to
// expr.Precision digits and dropping trailing zeros, on math/big integers
// and cached powers of ten instead of apd's general rounding and Reduce,
// which is most of the time of a step. ok is false, and plain rounds with
// apd, for zero, for a coefficient beyond the cached powers of ten and for
// a value whose adjusted exponent, before or after rounding, leaves expr's
// range, where apd's rounding is subnormal or refuses.
func roundResult(x *apd.Decimal) (*apd.Decimal, bool) {
	if x.Form != apd.Finite || x.IsZero() {
		return nil, false
	}
	coeff := x.Coeff.MathBigInt()
	if coeff.BitLen() > 390 { // 117 digits, within pow10
		return nil, false
	}
	nd := numDigits(coeff)
	exp := int64(x.Exponent)
	if adj := exp + int64(nd) - 1; adj < expr.MinExponent || adj > expr.MaxExponent {
		return nil, false
	}
	if diff := nd - expr.Precision; diff > 0 {
		var q, r big.Int
		q.QuoRem(coeff, pow10[diff], &r)
		if r.Sign() != 0 {
			// Half even: up when the discarded digits are over half of
			// 10^diff, or exactly half and the kept digits odd.
			if half := r.Lsh(&r, 1).Cmp(pow10[diff]); half > 0 || half == 0 && q.Bit(0) == 1 {
				q.Add(&q, pow10[0])
				if q.Cmp(pow10[expr.Precision]) == 0 {
					q.Set(pow10[expr.Precision-1])
					diff++
				}
			}
		}
		coeff.Set(&q)
		exp += int64(diff)
		nd = numDigits(coeff)
	}
	if adj := exp + int64(nd) - 1; adj < expr.MinExponent || adj > expr.MaxExponent {
		return nil, false
	}
	exp += int64(stripZeros(coeff))
	d := new(apd.Decimal)
	d.Coeff.SetMathBigInt(coeff)
	d.Exponent = int32(exp)
	d.Negative = x.Negative
	return d, true
}

func isInteger(x *apd.Decimal) bool {
	var frac, integ apd.Decimal
	x.Modf(&integ, &frac)
	return frac.IsZero()
}

// Small constants. They are never modified.
var (
	zero = apd.New(0, 0)
	one  = apd.New(1, 0)
)
