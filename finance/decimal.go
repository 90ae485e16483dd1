package finance

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
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
		c.err = refuse(CodeOutOfRange, "", "check the rate and the number of periods: the values grow past what reckon computes with",
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
	}
	return c.do(func(d *apd.Decimal) (apd.Condition, error) { return c.ctx.Pow(d, x, y) })
}

// maxExactDigits bounds the exact power to what the working precision
// holds. A longer power, such as (1.005)^360 with its 1,081 digits, is
// never exact at 50 digits anyway, and apd's Pow, which keeps 10 more digits
// at every multiplication, is both faster and far within the guard digits.
const maxExactDigits = workPrecision

// pow10 caches the powers of ten reduce divides by.
var pow10 = func() [workPrecision + 1]*big.Int {
	var t [workPrecision + 1]*big.Int
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
	lo, hi := 0, min(int(coeff.TrailingZeroBits()), workPrecision)
	var q, m big.Int
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if q.QuoRem(coeff, pow10[mid], &m); m.Sign() == 0 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo > 0 {
		coeff.Quo(coeff, pow10[lo])
		r.Coeff.SetMathBigInt(coeff)
		r.Exponent += int32(lo)
	}
	return r
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
		c.err = refuse(CodeOutOfRange, "", "check the inputs: the result is too large or too small to present",
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
	var d apd.Decimal
	if _, err := expr.NewContext().Round(&d, x); err != nil {
		return x.Text('f')
	}
	d.Reduce(&d)
	return expr.Plain(&d)
}

func isInteger(x *apd.Decimal) bool {
	var frac, integ apd.Decimal
	x.Modf(&integ, &frac)
	return frac.IsZero()
}

// Small constants. They are never modified.
var (
	zero    = apd.New(0, 0)
	one     = apd.New(1, 0)
	hundred = apd.New(100, 0)
)
