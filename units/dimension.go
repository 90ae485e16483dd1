package units

import (
	"fmt"
	"math/big"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// Dim is the dimension [Infer] finds for a formula's result, before anything
// is evaluated.
type Dim struct {
	// Unit is the result's unit: dimensionless (number, ratio, percent, pp
	// or bp, the one the result displays in unless the output asks for
	// another), one unit, or one unit per another.
	Unit Unit

	hundred expr.Span // the first "× 100" applied to a dimensionless value
}

// Dimensionless reports whether the result belongs to the dimensionless
// family, so that any of number, ratio, percent, pp and bp can present it.
func (d Dim) Dimensionless() bool { return d.Unit.Dimensionless() }

// String returns the canonical spelling of d's unit.
func (d Dim) String() string { return d.Unit.String() }

// origin says where a dimensionless value's preferred unit came from, which
// decides what it may be added to.
type origin uint8

const (
	fromLiteral origin = iota // only constants written in the formula
	fromInput                 // an input's declared dimensionless unit
	fromDerived               // a product or quotient, such as USD ÷ USD
)

// dim is the value [inference] computes at each node.
type dim struct {
	u       Unit
	src     origin    // meaningful when u is dimensionless
	hundred expr.Span // carried up from the first "× 100"

	// lit is the exact value of a sub-formula of literals only (src
	// fromLiteral), or nil when it is too large to track; it decides
	// whether a literal may stand beside a percent.
	lit *big.Rat

	// w is the level weight of a percent or pp value: the sum of the
	// coefficients its percent inputs enter with (a − b has weight 0,
	// a + b weight 2, 1 − a weight −1). A weight of 0 is a difference of
	// levels and is presented in pp; any other weight is a level, in
	// percent. See "Percent and percentage points" in the package doc.
	w *big.Rat
	// level is set when a percent input is inside, so that a pp input
	// minus a percent (a change minus a level) can be told from
	// a − b − c over three percents.
	level bool
}

func (d dim) dimensionless() bool { return d.u.Dimensionless() }

// Infer finds the unit of the formula rooted at root, given the unit of each
// input, without evaluating it. The rules:
//
//   - +, −, min, max and mean need one dimension: USD + INR fails with
//     currency_mismatch, USD + count with unit_mismatch, and two inputs of
//     different dimensionless units (a number and a percent) with
//     dimensionless_mismatch, since one was probably transcribed wrongly.
//   - A literal is a dimensionless constant: it combines with any member of
//     the dimensionless family, and with nothing else under + and −. Beside
//     a percent, pp or bp value under +, −, min, max or mean it must be 0
//     or 1, or the error is literal_beside_percent.
//   - A sum or difference of percents is percent when it is a level and pp
//     when it is a difference of levels (a − b); see "Percent and
//     percentage points" in the package doc.
//   - × and ÷ combine units; a unit divided by itself is dimensionless, so
//     its scale factors cancel. A result may be dimensionless, one unit or
//     one unit per another; anything else, including currency × currency
//     and one currency per another, fails with unsupported_dimension.
//
// Every error is a [*fault.Error] whose Span is the sub-expression where the
// dimensions first clash.
func Infer(root expr.Node, unitOf func(name string) (Unit, bool)) (Dim, error) {
	if unitOf == nil {
		unitOf = func(string) (Unit, bool) { return Unit{}, false } // no name has a unit
	}
	d, err := expr.Fold[dim](root, inference{unitOf})
	if err != nil {
		return Dim{}, err
	}
	return Dim{Unit: d.u, hundred: d.hundred}, nil
}

// inference is the [expr.Algebra] behind [Infer].
type inference struct {
	unitOf func(string) (Unit, bool)
}

// Number implements [expr.Algebra]: a literal is a dimensionless constant.
func (inference) Number(n *expr.Number) (dim, error) {
	v, ok := new(big.Rat).SetString(n.Text)
	if !ok {
		v = nil // not a decimal: Eval refuses it; here it is a literal of unknown value
	}
	return dim{u: Number, src: fromLiteral, lit: v}, nil
}

// Ident implements [expr.Algebra]: an input has its declared unit.
func (a inference) Ident(n *expr.Ident) (dim, error) {
	u, ok := a.unitOf(n.Name)
	if !ok || u.IsZero() {
		return dim{}, errorf(fault.UnknownInput, "give an input named "+n.Name+" with a unit",
			"no unit for %q", n.Name).At(n.At).In(n.Name)
	}
	d := dim{u: u, src: fromInput}
	switch u {
	case Percent:
		d.w, d.level = ratOne, true
	case PercentagePoints:
		d.w = ratZero
	}
	return d, nil
}

// Unary implements [expr.Algebra]: a sign keeps the unit.
func (inference) Unary(n *expr.Unary, x dim) (dim, error) {
	if n.Op == expr.Neg {
		x.lit, x.w = neg(x.lit), neg(x.w)
	}
	return x, nil
}

// Binary implements [expr.Algebra].
func (inference) Binary(n *expr.Binary, x, y dim) (dim, error) {
	switch n.Op {
	case expr.Add, expr.Sub:
		d, err := same(n.At, n.Op.String(), x, y)
		if err != nil {
			return d, err
		}
		return affine(n.At, n.Op, d, x, y)
	case expr.Mul:
		d, err := product(n.At, "×", x, y, false)
		// Marked whatever the operand's unit: in 100 * a / b the product is
		// a currency, and only the quotient is dimensionless.
		if err == nil && d.hundred.Len() == 0 && (isLiteral(n.X, 100) || isLiteral(n.Y, 100)) {
			d.hundred = n.At
		}
		return d, err
	case expr.Div:
		d, err := product(n.At, "/", x, y, true)
		if err == nil && d.hundred.Len() == 0 && isLiteral(n.Y, 0.01) {
			d.hundred = n.At
		}
		return d, err
	}
	panic("units: unknown operator " + n.Op.String())
}

// Call implements [expr.Algebra]: abs keeps the unit; min, max and mean need
// all their arguments in one dimension.
func (inference) Call(n *expr.Call, args []dim) (dim, error) {
	d := args[0]
	for _, y := range args[1:] {
		var err error
		if d, err = same(n.At, n.Func.String(), d, y); err != nil {
			return d, err
		}
	}
	return among(n, d, args)
}

// same combines the operands of +, −, min, max and mean, which must share a
// dimension.
func same(at expr.Span, op string, x, y dim) (dim, error) {
	h := x.hundred
	if h.Len() == 0 {
		h = y.hundred
	}
	d, err := sameUnit(op, x, y)
	d.hundred = h
	if e, ok := err.(*fault.Error); ok {
		return d, e.At(at)
	}
	return d, nil
}

// sameUnit is same without the bookkeeping.
func sameUnit(op string, x, y dim) (dim, error) {
	switch {
	case x.dimensionless() && y.dimensionless():
		return sameDimensionless(op, x, y)
	case x.dimensionless() || y.dimensionless():
		hint := "add and subtract amounts of one unit; check each input's unit"
		if x.dimensionless() && x.src == fromLiteral || y.dimensionless() && y.src == fromLiteral {
			// A literal has no unit; the fix is an input that has one.
			hint = "a number written in the formula has no unit; give it as an input with the unit it is in"
		}
		return x, errorf(fault.UnitMismatch, hint, "cannot %s %s and %s", verb(op), x.u, y.u)
	case x.u.num.key() != y.u.num.key() || x.u.per.key() != y.u.per.key():
		if x.u.num.kind == KindCurrency && y.u.num.kind == KindCurrency {
			return x, errorf(fault.CurrencyMismatch, currencyMismatchHint,
				"cannot %s %s and %s", verb(op), x.u, y.u)
		}
		return x, errorf(fault.UnitMismatch, "add and subtract amounts of one unit; check each input's unit",
			"cannot %s %s and %s", verb(op), x.u, y.u)
	}
	// Same dimensions; months and years meet in months, which both convert
	// to exactly.
	d := x
	if x.u.num.kind != y.u.num.kind {
		d.u.num = base{kind: KindMonths}
	}
	if x.u.per.kind != y.u.per.kind {
		d.u.per = base{kind: KindMonths}
	}
	return d, nil
}

// sameDimensionless combines two members of the dimensionless family under
// +, −, min, max or mean.
func sameDimensionless(op string, x, y dim) (dim, error) {
	switch {
	case x.src == fromLiteral:
		return y, nil
	case y.src == fromLiteral:
		return x, nil
	case x.u == y.u:
		return x, nil
	case points(x) && points(y):
		return x, nil // percent and pp mix; affine and among decide the label
	case x.src == fromInput && y.src == fromInput:
		return x, errorf(fault.DimensionlessMismatch,
			"one of these inputs probably has the wrong unit: a rate of 6.7% is unit percent with display 6.7, a plain 0.067 is unit number",
			"cannot %s inputs in %s and %s", verb(op), x.u, y.u)
	case x.src == fromInput:
		return x, nil
	case y.src == fromInput:
		return y, nil
	}
	return dim{u: Ratio, src: fromDerived}, nil
}

// verb names what an operator does, for messages.
func verb(op string) string {
	switch op {
	case "+":
		return "add"
	case "-":
		return "subtract"
	}
	return "take the " + op + " of"
}

// term is one simple unit raised to a power, for × and ÷.
type term struct {
	b   base
	exp int
}

// product combines the operands of × (or ÷ when div is set).
func product(at expr.Span, op string, x, y dim, div bool) (dim, error) {
	h := x.hundred
	if h.Len() == 0 {
		h = y.hundred
	}
	if x.dimensionless() && y.dimensionless() {
		d, err := scalar(x, y, div)
		if err != nil {
			return d, err.At(at)
		}
		d.hundred = h
		return d, nil
	}
	sign := 1
	if div {
		sign = -1
	}
	var ts []term
	ts = addTerm(ts, x.u.num, 1)
	ts = addTerm(ts, x.u.per, -1)
	ts = addTerm(ts, y.u.num, sign)
	ts = addTerm(ts, y.u.per, -sign)
	d, ok := shape(ts)
	if !ok {
		d, ok = rateShape(ts, x.u, y.u)
	}
	if !ok {
		hint := "reckon models a result that is dimensionless, one unit, or one unit per another (USD/count:shares); restructure the formula"
		if h, ok := conversionHint(x.u, y.u); ok {
			hint = h
		} else if x.u.num.kind == KindCurrency && y.u.num.kind == KindCurrency {
			hint = "reckon never multiplies currencies or divides one by another; convert with an exchange-rate input in unit EUR/USD (euros per one US dollar)"
		}
		return x, errorf(fault.UnsupportedDimension, hint, "unsupported dimension: %s %s %s", x.u, op, y.u).At(at)
	}
	d.hundred = h
	return d, nil
}

// addTerm adds b^exp to ts, cancelling against a term of the same
// dimension; dimensionless units and absent denominators add nothing.
func addTerm(ts []term, b base, exp int) []term {
	if b.kind == 0 || b.kind.dimensionless() {
		return ts
	}
	for i := range ts {
		if ts[i].b.key() == b.key() {
			ts[i].exp += exp
			if ts[i].b.kind != b.kind {
				ts[i].b = base{kind: KindMonths}
			}
			return ts
		}
	}
	return append(ts, term{b, exp})
}

// shape turns the terms left after cancelling into a dim, if reckon models
// it: nothing (dimensionless), u, or u per v with u and v not both
// currencies.
func shape(ts []term) (dim, bool) {
	var num, per []base
	for _, t := range ts {
		switch t.exp {
		case 0:
		case 1:
			num = append(num, t.b)
		case -1:
			per = append(per, t.b)
		default:
			return dim{}, false
		}
	}
	switch {
	case len(num) == 0 && len(per) == 0:
		return dim{u: Ratio, src: fromDerived}, true
	case len(num) == 1 && len(per) == 0:
		return dim{u: Unit{num: num[0]}}, true
	case len(num) == 1 && len(per) == 1:
		u, err := compose(num[0], per[0])
		return dim{u: u}, err == nil
	}
	return dim{}, false
}

// scalar multiplies or divides two dimensionless values: a literal keeps the
// other side's unit, a plain number defers to the other unit, and anything
// else is a ratio. A percent's level weight is scaled by a literal factor
// and kept by any other: (a − b) × n is still a difference of levels.
func scalar(x, y dim, div bool) (dim, *fault.Error) {
	switch {
	case x.src == fromLiteral && y.src == fromLiteral:
		x.lit = arith(x.lit, y.lit, div)
		return x, nil
	case y.src == fromLiteral:
		return scaleWeight(x, y.lit, div)
	case x.src == fromLiteral && !div:
		return scaleWeight(y, x.lit, false)
	case y.u == Number:
		return dim{u: x.u, src: fromDerived, w: x.w, level: x.level}, nil
	case x.u == Number && !div:
		return dim{u: y.u, src: fromDerived, w: y.w, level: y.level}, nil
	}
	return dim{u: Ratio, src: fromDerived}, nil
}

// isLiteral reports whether n is a literal equal to v (100 or 0.01).
func isLiteral(n expr.Node, v float64) bool {
	lit, ok := n.(*expr.Number)
	if !ok {
		return false
	}
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), lit.Text)
	if err != nil {
		return false
	}
	want, _, _ := expr.NewContext().SetString(new(apd.Decimal), fmt.Sprint(v))
	return d.Cmp(want) == 0
}

// CheckOutput checks that requested can present a result of dimension
// inferred: any member of the dimensionless family presents a dimensionless
// result, months and years present each other, and otherwise the units must
// be the same. A formula that already multiplies a dimensionless value by
// 100 and asks for percent (or pp) output fails with double_percent.
func CheckOutput(inferred Dim, requested Unit) error {
	if inferred.Dimensionless() && requested.Dimensionless() {
		k := requested.Kind()
		if (k == KindPercent || k == KindPP) && inferred.hundred.Len() > 0 {
			return errorf(fault.DoublePercent,
				"remove the × 100 from the formula: a percent output already multiplies by 100",
				"formula multiplies by 100 and asks for %s output", requested).At(inferred.hundred).In("output.unit")
		}
		return nil
	}
	i, r := inferred.Unit, requested
	if !inferred.Dimensionless() && !requested.Dimensionless() &&
		i.num.key() == r.num.key() && i.per.key() == r.per.key() {
		return nil
	}
	hint := "leave the output unit empty to use " + i.String() + ", or fix the formula"
	if i.Currency() != "" && r.Currency() != "" {
		hint = "reckon never converts currencies; ask for " + i.String() + " output"
	}
	return errorf(fault.OutputUnitMismatch, hint, "output unit %s but the formula gives %s", r, i).In("output.unit")
}
