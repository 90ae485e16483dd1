package expr

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
)

// MaxExactBits bounds the size, in bits of numerator and denominator
// together, of every value [Formula.Exact] computes. A formula within the
// default limits over inputs of [Precision] digits stays far below it
// (a quotient of two 34-digit products of eight factors each needs about
// 2,000 bits); the bound keeps a hostile formula at the hard caps from
// costing quadratic time in big-number arithmetic.
const MaxExactBits = 1 << 15

// Exact evaluates the formula over env as an exact rational number, without
// rounding anything: every formula reckon accepts (+ − × ÷, abs, min, max
// and mean over finite decimals) has a rational value. [Formula.Eval]
// computes at [Precision] digits and flags a rounded step; Exact is what a
// caller uses to round the final result once, on the true value, when Eval
// says it had to round (1 / 8.000000000000000000000000000000001 is just
// under 0.125, which Eval's 34 digits cannot show).
//
// It fails as Eval does on an unbound name or a zero divisor, and with code
// arithmetic when a value outgrows [MaxExactBits].
func (f *Formula) Exact(env Env) (*big.Rat, error) {
	if f == nil {
		return nil, noFormula()
	}
	return Fold[*big.Rat](f.Root, &exactEval{env: env, src: f.Source})
}

// exactEval is the [Algebra] of exact rational evaluation. Every method
// returns a new value: a node's value may be an operand of its parent only.
type exactEval struct {
	env Env
	src string
}

func (e *exactEval) Number(n *Number) (*big.Rat, error) {
	d := n.value
	if d == nil {
		var err error
		if d, _, err = NewContext().NewFromString(n.Text); err != nil {
			return nil, errAt(fault.BadNumber, e.src, n.At.Start, n.At.End, "literal "+quote(n.Text)+" is not a decimal", "write a plain decimal such as 12 or 0.5")
		}
	}
	return RatOf(d), nil
}

func (e *exactEval) Ident(n *Ident) (*big.Rat, error) {
	d, err := lookup(e.env, e.src, n)
	if err != nil {
		return nil, err
	}
	return RatOf(d), nil
}

func (e *exactEval) Unary(n *Unary, x *big.Rat) (*big.Rat, error) {
	if n.Op == Pos {
		return x, nil
	}
	return new(big.Rat).Neg(x), nil
}

func (e *exactEval) Binary(n *Binary, x, y *big.Rat) (*big.Rat, error) {
	z := new(big.Rat)
	switch n.Op {
	case Add:
		z.Add(x, y)
	case Sub:
		z.Sub(x, y)
	case Mul:
		z.Mul(x, y)
	case Div:
		if y.Sign() == 0 {
			at := n.Y.Span()
			return nil, errAt(fault.DivisionByZero, e.src, at.Start, at.End, "division by zero", "the divisor is zero: check the inputs")
		}
		z.Quo(x, y)
	}
	return z, e.check(z, n.At)
}

func (e *exactEval) Call(n *Call, args []*big.Rat) (*big.Rat, error) {
	switch n.Func {
	case Abs:
		return new(big.Rat).Abs(args[0]), nil
	case Min, Max:
		return Extreme(n.Func, args, (*big.Rat).Cmp), nil
	}
	sum := new(big.Rat)
	for _, a := range args {
		sum.Add(sum, a)
	}
	sum.Quo(sum, new(big.Rat).SetInt64(int64(len(args))))
	return sum, e.check(sum, n.At)
}

// check enforces [MaxExactBits].
func (e *exactEval) check(z *big.Rat, at Span) error {
	if bits := z.Num().BitLen() + z.Denom().BitLen(); bits > MaxExactBits {
		return errAt(fault.Arithmetic, e.src, at.Start, at.End,
			fmt.Sprintf("the exact value of %s needs %d bits, over the limit of %d", quote(e.text(at)), bits, MaxExactBits),
			"split the calculation: round an intermediate result in its own request")
	}
	return nil
}

func (e *exactEval) text(at Span) string {
	if at.Start < 0 || at.End > len(e.src) || at.Start > at.End {
		return ""
	}
	return e.src[at.Start:at.End]
}

// RatOf returns the exact value of a finite decimal as a rational number,
// and nil for a nil d, which holds no number.
func RatOf(d *apd.Decimal) *big.Rat {
	if d == nil {
		return nil
	}
	if d.Coeff.IsUint64() && d.Exponent >= -18 && d.Exponent <= 18 {
		// The common case: no big.Int arithmetic, and no fraction to
		// normalize when the value is an integer.
		if c := d.Coeff.Uint64(); c <= 1<<63-1 {
			n := int64(c)
			if d.Negative {
				n = -n
			}
			switch p := pow10int64[abs32(d.Exponent)]; {
			case d.Exponent < 0:
				return new(big.Rat).SetFrac64(n, p)
			case n == 0 || (n*p)/p == n:
				return new(big.Rat).SetInt64(n * p)
			}
		}
	}
	c := d.Coeff.MathBigInt()
	if d.Negative {
		c.Neg(c)
	}
	r := new(big.Rat).SetInt(c)
	if d.Exponent == 0 {
		return r
	}
	p := new(big.Rat).SetInt(Pow10(int(abs32(d.Exponent))))
	if d.Exponent > 0 {
		return r.Mul(r, p)
	}
	return r.Quo(r, p)
}

// pow10int64 holds 10^0 … 10^18.
var pow10int64 = func() (t [19]int64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

// pow10s holds 10^0 … 10^(len−1), shared and never modified.
var pow10s = func() (t [2*MaxExponent + 2*Precision + 1]*big.Int) {
	ten := big.NewInt(10)
	t[0] = big.NewInt(1)
	for i := 1; i < len(t); i++ {
		t[i] = new(big.Int).Mul(t[i-1], ten)
	}
	return t
}()

// Pow10 returns 10^k for k ≥ 0. The result for k within the exponent range
// of the arithmetic is shared: callers must not modify it.
func Pow10(k int) *big.Int {
	if k < len(pow10s) {
		return pow10s[k]
	}
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// Values evaluates every sub-expression of the tree rooted at root exactly,
// as [Formula.Exact] does, over vars, and returns each one's value. A
// sub-expression that fails (an unknown name, a zero divisor, a value of
// more than maxBits bits in numerator and denominator together) has no
// value, and nor has any expression over it: the rest are still computed.
// It is how a checker asks which parts of a formula do not depend on its
// inputs, evaluating it over several sets of them.
func Values(root Node, vars map[string]*big.Rat, maxBits int) map[Node]*big.Rat {
	out := map[Node]*big.Rat{}
	if root != nil {
		_, _ = Fold[*big.Rat](root, &valuesEval{vars: vars, max: maxBits, out: out})
	}
	return out
}

// valuesEval is the [Algebra] of [Values]: exactEval's arithmetic, with a
// failure kept to its own sub-tree (nil) and every value recorded.
type valuesEval struct {
	exact exactEval
	vars  map[string]*big.Rat
	max   int
	out   map[Node]*big.Rat
}

func (e *valuesEval) keep(n Node, z *big.Rat, err error) (*big.Rat, error) {
	if err != nil || z == nil || z.Num().BitLen()+z.Denom().BitLen() > e.max {
		return nil, nil
	}
	e.out[n] = z
	return z, nil
}

func (e *valuesEval) Number(n *Number) (*big.Rat, error) {
	z, err := e.exact.Number(n)
	return e.keep(n, z, err)
}

func (e *valuesEval) Ident(n *Ident) (*big.Rat, error) {
	v, ok := e.vars[n.Name]
	if !ok {
		return nil, nil
	}
	return e.keep(n, new(big.Rat).Set(v), nil)
}

func (e *valuesEval) Unary(n *Unary, x *big.Rat) (*big.Rat, error) {
	if x == nil {
		return nil, nil
	}
	z, err := e.exact.Unary(n, x)
	if z == x {
		z = new(big.Rat).Set(x) // a node's value is its own
	}
	return e.keep(n, z, err)
}

func (e *valuesEval) Binary(n *Binary, x, y *big.Rat) (*big.Rat, error) {
	if x == nil || y == nil {
		return nil, nil
	}
	z, err := e.exact.Binary(n, x, y)
	return e.keep(n, z, err)
}

func (e *valuesEval) Call(n *Call, args []*big.Rat) (*big.Rat, error) {
	if len(args) == 0 || slices.Contains(args, nil) {
		return nil, nil
	}
	z, err := e.exact.Call(n, args)
	return e.keep(n, z, err)
}
