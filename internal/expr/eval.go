package expr

import (
	"fmt"
	"strconv"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
)

// Env supplies the value of each name a formula refers to.
type Env interface {
	// Lookup returns the value of name, or false if it has none. Eval never
	// modifies the value it is given.
	Lookup(name string) (*apd.Decimal, bool)
}

// Vars is an [Env] backed by a map.
type Vars map[string]*apd.Decimal

// Lookup implements [Env].
func (v Vars) Lookup(name string) (*apd.Decimal, bool) {
	d, ok := v[name]
	return d, ok && d != nil
}

// Result is the outcome of evaluating a formula.
type Result struct {
	// Value is the result, with trailing zeros that carry no information
	// removed and never negative zero. It is exact unless Inexact is set.
	Value apd.Decimal

	// Inexact reports that some step could not be represented in
	// [Precision] digits and was rounded half-even, as 1/3 is.
	Inexact bool
}

// String returns the value in plain notation, without an exponent.
func (r *Result) String() string { return Format(&r.Value) }

// Format returns d in plain notation: no exponent, no trailing zeros after
// the decimal point, and "0" for negative zero. 10/4 formats as "2.5".
// A nil d, which holds no number, formats as "".
func Format(d *apd.Decimal) string {
	if d == nil {
		return ""
	}
	var r apd.Decimal
	r.Reduce(d)
	return Plain(&r)
}

// Plain returns d in plain notation, without an exponent and with "0" for
// negative zero, keeping the digits d has: 1.3440 stays 1.3440. A nil d,
// which holds no number, gives "".
func Plain(d *apd.Decimal) string {
	if d == nil {
		return ""
	}
	if d.Form == apd.Finite && d.Coeff.IsUint64() && d.Exponent <= 0 && d.Exponent > -20 {
		return plainSmall(d.Negative && d.Coeff.Sign() != 0, d.Coeff.Uint64(), int(-d.Exponent))
	}
	if d.IsZero() && d.Negative {
		var z apd.Decimal
		z.Set(d)
		z.Negative = false
		return z.Text('f')
	}
	return d.Text('f')
}

// Eval evaluates the formula exactly over env, through [NewContext]. It fails
// with an [*Error] when a name has no value (unbound_name), a divisor is zero
// (division_by_zero, spanning the divisor), or an input or intermediate value
// reaches the magnitude limit the formula was parsed with.
func (f *Formula) Eval(env Env) (*Result, error) {
	if f == nil {
		return nil, noFormula()
	}
	if r, ok := f.evalFixed(env); ok {
		return r, nil
	}
	e := f.evaluator(env)
	v, err := Fold[*apd.Decimal](f.Root, e)
	if err != nil {
		f.release(e)
		return nil, err
	}
	r := &Result{Inexact: e.inexact}
	r.Value.Reduce(v) // a copy: v may be the arena's, which goes back to the pool
	f.release(e)
	if r.Value.IsZero() {
		r.Value.Negative = false
	}
	return r, nil
}

// evalFixed evaluates f in fixed width (see fixed.go), reporting false
// when it cannot: then apd evaluates it, and words any error.
func (f *Formula) evalFixed(env Env) (*Result, bool) {
	e := fixedEval{env: env, maxMag: f.maxMag(), ok: true}
	v := e.eval(f.Root)
	if !e.ok {
		return nil, false
	}
	var d apd.Decimal
	v.toDecimal(&d)
	r := &Result{Inexact: e.inexact}
	r.Value.Reduce(&d)
	if r.Value.IsZero() {
		r.Value.Negative = false
	}
	return r, true
}

// evaluator returns an evaluator of f over env, from f's pool when it has
// one; its arena holds one decimal per node of the tree f was parsed to.
func (f *Formula) evaluator(env Env) *evaluator {
	var e *evaluator
	if f.arenas != nil {
		e, _ = f.arenas.Get().(*evaluator)
	}
	if e == nil {
		e = &evaluator{ctx: NewContext(), all: make([]apd.Decimal, f.nodes)}
	}
	*e = evaluator{env: env, ctx: e.ctx, src: f.Source, maxMag: f.maxMag(), all: e.all, arena: e.all}
	return e
}

// release returns e to f's pool, holding nothing of the caller's.
func (f *Formula) release(e *evaluator) {
	if f.arenas == nil {
		return
	}
	e.env, e.arena = nil, nil
	f.arenas.Put(e)
}

// evaluator is the [Algebra] of exact evaluation.
type evaluator struct {
	env     Env
	ctx     *apd.Context
	src     string
	maxMag  int
	inexact bool

	// arena holds one decimal per node, allocated at once: evaluation
	// would otherwise allocate at every node. all is the whole arena, arena
	// what is left of it.
	arena, all []apd.Decimal
}

// alloc returns a decimal for one node's result.
func (e *evaluator) alloc() *apd.Decimal {
	if len(e.arena) == 0 {
		return new(apd.Decimal) // a hand-built tree, whose size is unknown
	}
	d := &e.arena[0]
	e.arena = e.arena[1:]
	return d
}

func (e *evaluator) Number(n *Number) (*apd.Decimal, error) {
	if n.value != nil {
		return n.value, nil
	}
	d, _, err := e.ctx.NewFromString(n.Text)
	if err != nil {
		return nil, errAt(fault.BadNumber, e.src, n.At.Start, n.At.End, "literal "+quote(n.Text)+" is not a decimal", "write a plain decimal such as 12 or 0.5")
	}
	return d, e.check(d, n.At, "literal", n.Text)
}

func (e *evaluator) Ident(n *Ident) (*apd.Decimal, error) {
	d, err := lookup(e.env, e.src, n)
	if err != nil {
		return nil, err
	}
	return d, e.check(d, n.At, "value of", n.Name)
}

// lookup returns the value env gives the name n, refusing a name with no
// value and a value that is not finite; evaluation and exact evaluation
// both read names through it. An [Env] other than [Vars] may report a name
// found with a nil value: that name has no value, and is refused as
// unbound rather than read.
func lookup(env Env, src string, n *Ident) (*apd.Decimal, error) {
	d, ok := env.Lookup(n.Name)
	if !ok || d == nil {
		return nil, errAt(fault.UnboundName, src, n.At.Start, n.At.End, "no value for "+quote(n.Name),
			"supply an input named "+n.Name)
	}
	if d.Form != apd.Finite {
		return nil, errAt(fault.NonFinite, src, n.At.Start, n.At.End, "value of "+quote(n.Name)+" is not finite",
			"every input must be a finite decimal")
	}
	return d, nil
}

func (e *evaluator) Unary(n *Unary, x *apd.Decimal) (*apd.Decimal, error) {
	if n.Op == Pos {
		return x, nil
	}
	return e.alloc().Neg(x), nil
}

func (e *evaluator) Binary(n *Binary, x, y *apd.Decimal) (*apd.Decimal, error) {
	d := e.alloc()
	var c apd.Condition
	var err error
	switch n.Op {
	case Add:
		c, err = e.ctx.Add(d, x, y)
	case Sub:
		c, err = e.ctx.Sub(d, x, y)
	case Mul:
		c, err = e.ctx.Mul(d, x, y)
	case Div:
		if y.IsZero() {
			at := n.Y.Span()
			return nil, errAt(fault.DivisionByZero, e.src, at.Start, at.End, "division by zero",
				"the divisor "+quote(e.text(at))+" is zero: check the inputs, or guard the case before calculating")
		}
		c, err = e.ctx.Quo(d, x, y)
	}
	return d, e.after(d, c, err, n.At)
}

func (e *evaluator) Call(n *Call, args []*apd.Decimal) (*apd.Decimal, error) {
	switch n.Func {
	case Abs:
		return e.alloc().Abs(args[0]), nil
	case Min, Max:
		return Extreme(n.Func, args, (*apd.Decimal).Cmp), nil
	}
	sum := e.alloc().SetInt64(0) // a pooled arena's decimal holds the last evaluation's value
	for _, a := range args {
		c, err := e.ctx.Add(sum, sum, a)
		if err := e.after(sum, c, err, n.At); err != nil {
			return nil, err
		}
	}
	d := new(apd.Decimal) // mean needs two decimals for its one node
	c, err := e.ctx.Quo(d, sum, apd.New(int64(len(args)), 0))
	return d, e.after(d, c, err, n.At)
}

// after records inexactness and turns apd's traps and the magnitude limit
// into positioned errors.
func (e *evaluator) after(d *apd.Decimal, c apd.Condition, err error, at Span) error {
	if err != nil {
		return errAt(fault.Arithmetic, e.src, at.Start, at.End, fmt.Sprintf("%s: %v", e.text(at), err),
			"check the inputs' magnitudes and scales")
	}
	if c.Inexact() {
		e.inexact = true
	}
	return e.check(d, at, "intermediate", e.text(at))
}

// check enforces |d| < 10^maxMag. The message is built only on failure:
// this runs at every node.
func (e *evaluator) check(d *apd.Decimal, at Span, what, name string) error {
	if !d.IsZero() && int64(d.NumDigits())+int64(d.Exponent) > int64(e.maxMag) {
		return magnitudeError(e.src, at, e.maxMag, what+" "+quote(name))
	}
	return nil
}

func (e *evaluator) text(at Span) string {
	if at.Start < 0 || at.End > len(e.src) || at.Start > at.End {
		return ""
	}
	return e.src[at.Start:at.End]
}

// plainSmall formats the common case of Plain without apd's general
// formatter: a coefficient that fits in 64 bits, with places digits after
// the point. Receipts format a dozen values each, and this is several times
// faster. FuzzPlain holds it to apd's Text('f').
func plainSmall(neg bool, coeff uint64, places int) string {
	var buf [48]byte
	digits := strconv.AppendUint(buf[24:24], coeff, 10)
	b := buf[:0]
	if neg {
		b = append(b, '-')
	}
	switch n := len(digits); {
	case places == 0:
		b = append(b, digits...)
	case n > places:
		b = append(b, digits[:n-places]...)
		b = append(b, '.')
		b = append(b, digits[n-places:]...)
	default:
		b = append(b, '0', '.')
		for range places - n {
			b = append(b, '0')
		}
		b = append(b, digits...)
	}
	return string(b)
}

// Extreme returns the smallest of args under cmp when fn is [Min], and the
// largest otherwise; the first of equal arguments wins. Evaluation, exact
// evaluation and unit inference all choose this way.
func Extreme[T any](fn Func, args []T, cmp func(a, b T) int) T {
	best := args[0]
	for _, a := range args[1:] {
		if c := cmp(a, best); (fn == Min && c < 0) || (fn != Min && c > 0) {
			best = a
		}
	}
	return best
}
