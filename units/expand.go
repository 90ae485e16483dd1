package units

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// maxDegree bounds the power a shared factor is raised to when deciding
// whether factors cancel; formulas of higher degree keep their factors.
const maxDegree = 16

// Expand prints the formula rooted at root with each input replaced by its
// printed value times its factor, so that a reader can redo the arithmetic
// by hand: (109638.91 × 100000) − (25966.14 × 100000). A factor of 1 is
// never printed.
//
// The factors are left out altogether when every input shares one unit and
// one scale, the formula is homogeneous in its inputs (of degree d: each
// term of a sum has the same number of inputs multiplied in, less those
// divided by), and leaving them out changes nothing a reader sees: the
// shared factor f raised to d is 1, so the expression still evaluates to the
// canonical result, as in a same-currency ratio,
// (799 + 6692 + 3916) / (6708 + 1781); or it equals the factor of the output
// unit and scale, so the expression evaluates to the presented exact value,
// as in a sum of USD millions presented in USD millions, or 6.7 − 4.3
// presented as 2.4 pp.
//
// It is an [expr.Print] with [expr.Typographic] operators (+ − × /) and the
// fewest parentheses that keep the tree's shape; a substituted value ×
// factor, and a negative substituted value, are always parenthesised.
//
// The expansion is for people, and it is longer than the formula: a name
// becomes up to four nodes, (−109638.91 × 100000). So a formula at a limit
// of [expr.Limits] may expand past it (0 × 0 × … × a at the node limit
// does). The expansion of a formula parsed within limits l parses again
// within [ExpandedLimits](l), which raises each limit by the expansion's
// factor; it is not promised to parse within l.
func Expand(root expr.Node, amountOf func(name string) (Amount, bool), t Target) (string, error) {
	if amountOf == nil {
		amountOf = func(string) (Amount, bool) { return Amount{}, false } // no name has an amount
	}
	h := &homogeneity{amountOf: amountOf, shared: true}
	d, err := expr.Fold[degree](root, h)
	if err != nil {
		return "", err
	}
	bare := h.shared && h.first != nil && d.ok && cancels(h.first.Factor(), d.n, t)
	return expr.Print(root, expr.Typographic, leaf(amountOf, bare)), nil
}

// ExpandedLimits returns the limits within which the [Expand] expansion of
// any formula parsed within l parses again:
//
//   - nodes: a name becomes at most four nodes (a value, its sign, a
//     factor and the product), and a formula has fewer names than nodes,
//     so 4 × MaxNodes;
//   - depth: the parentheses around a substituted value add one level;
//   - bytes: an operator grows from 1 byte to at most 5 (" − "), and a
//     name to at most 64 ("(−" and 34 digits with "0.", " × " and a
//     factor, ")"), so 5 × MaxBytes + 64 × MaxNodes;
//   - magnitude: a printed value is its canonical value over its factor,
//     and the smallest factor is a basis point's 10^−4, so MaxMagnitude + 4;
//   - arguments and literal digits are unchanged.
//
// Each is held to its hard cap: a formula parsed at limits near the caps
// may expand past them, and its expansion is then for reading only.
func ExpandedLimits(l expr.Limits) expr.Limits {
	d := expr.DefaultLimits()
	or := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	nodes, bytes := or(l.MaxNodes, d.MaxNodes), or(l.MaxBytes, d.MaxBytes)
	return expr.Limits{
		MaxBytes:     min(5*bytes+64*nodes, expr.CapMaxBytes),
		MaxDepth:     min(or(l.MaxDepth, d.MaxDepth)+1, expr.CapMaxDepth),
		MaxNodes:     min(4*nodes, expr.CapMaxNodes),
		MaxArgs:      or(l.MaxArgs, d.MaxArgs),
		MaxDigits:    or(l.MaxDigits, d.MaxDigits),
		MaxMagnitude: min(or(l.MaxMagnitude, d.MaxMagnitude)+4, expr.CapMaxMagnitude),
	}
}

// unity is 1, compared with and never modified.
var unity = apd.New(1, 0)

// cancels reports whether f^d is 1 or the output's factor.
func cancels(f *apd.Decimal, d int, t Target) bool {
	if d > maxDegree || d < -maxDegree {
		return false
	}
	if f.Cmp(unity) == 0 {
		return true // 1^d is 1, which always cancels: the common case, inputs in ones
	}
	ctx := expr.NewContext()
	pow := apd.New(1, 0)
	for i := 0; i < abs(d); i++ {
		if _, err := ctx.Mul(pow, pow, f); err != nil {
			return false
		}
	}
	if d < 0 {
		if c, err := ctx.Quo(pow, apd.New(1, 0), pow); err != nil || c.Inexact() {
			return false
		}
	}
	num, per := t.Factors()
	var want apd.Decimal
	if c, err := ctx.Quo(&want, num, per); err != nil || c.Inexact() {
		return pow.Cmp(apd.New(1, 0)) == 0
	}
	return pow.Cmp(apd.New(1, 0)) == 0 || pow.Cmp(&want) == 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// degree is the value [homogeneity] computes: how many inputs are
// multiplied into each term (n), if every term agrees (ok).
type degree struct {
	n  int
	ok bool
}

// homogeneity is the [expr.Algebra] that finds a formula's degree and
// whether all its inputs share one unit and scale.
type homogeneity struct {
	amountOf func(string) (Amount, bool)
	first    *Amount // the first input met
	shared   bool    // every input so far has first's unit and scale
}

// Number implements [expr.Algebra]: a literal has degree 0.
func (*homogeneity) Number(*expr.Number) (degree, error) { return degree{0, true}, nil }

// Ident implements [expr.Algebra]: an input has degree 1.
func (h *homogeneity) Ident(n *expr.Ident) (degree, error) {
	a, ok := h.amountOf(n.Name)
	if !ok {
		return degree{}, errorf(fault.UnknownInput, "give an input named "+n.Name, "no input %q", n.Name).At(n.At).In(n.Name)
	}
	if h.first == nil {
		h.first = &a
	} else if a.Unit != h.first.Unit || a.Scale.Exp() != h.first.Scale.Exp() {
		h.shared = false
	}
	return degree{1, true}, nil
}

// Unary implements [expr.Algebra]: a sign keeps the degree.
func (*homogeneity) Unary(_ *expr.Unary, x degree) (degree, error) { return x, nil }

// Binary implements [expr.Algebra]: degrees add under ×, subtract under ÷,
// and must agree under + and −.
func (*homogeneity) Binary(n *expr.Binary, x, y degree) (degree, error) {
	switch n.Op {
	case expr.Mul:
		return degree{x.n + y.n, x.ok && y.ok}, nil
	case expr.Div:
		return degree{x.n - y.n, x.ok && y.ok}, nil
	}
	return degree{x.n, x.ok && y.ok && x.n == y.n}, nil
}

// Call implements [expr.Algebra]: every argument must have one degree.
func (*homogeneity) Call(_ *expr.Call, args []degree) (degree, error) {
	d := args[0]
	for _, a := range args[1:] {
		d.ok = d.ok && a.ok && a.n == d.n
	}
	return d, nil
}

// leaf substitutes an input's printed value, times its factor unless bare
// is set or the factor is 1, for [expr.Print]. Literals print as written.
func leaf(amountOf func(string) (Amount, bool), bare bool) expr.Leaf {
	one := apd.New(1, 0)
	return func(n expr.Node) (string, bool) {
		id, ok := n.(*expr.Ident)
		if !ok {
			return n.(*expr.Number).Text, false
		}
		a, ok := amountOf(id.Name)
		if !ok {
			return id.Name, false // unreachable: homogeneity has checked every name
		}
		v := minus(expr.Plain(&a.Printed))
		if f := a.Factor(); !bare && f.Cmp(one) != 0 {
			return v + " × " + expr.Plain(f), true
		}
		return v, a.Printed.Negative
	}
}

// minus spells a leading minus sign as U+2212, as operators are spelt.
func minus(s string) string {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		return "−" + rest
	}
	return s
}
