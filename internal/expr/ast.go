package expr

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
)

// Node is a node of a formula's syntax tree: *[Number], *[Ident], *[Unary],
// *[Binary] or *[Call]. The set is closed; use [Fold] to traverse it.
type Node interface {
	// Span reports the bytes of the source the node was parsed from.
	Span() Span
	node()
}

// Number is a decimal literal such as 12 or 0.5, kept as written.
type Number struct {
	Text string // the literal exactly as written: digits, optionally one '.'
	At   Span   // where it was written

	value *apd.Decimal // the exact value, set by Parse; nil in hand-built trees
}

// Ident is a reference to a named input.
type Ident struct {
	Name string // [A-Za-z_][A-Za-z0-9_]*
	At   Span   // where it was written
}

// Unary is a prefix minus or plus applied to an operand.
type Unary struct {
	Op Op   // Neg or Pos
	X  Node // the operand
	At Span // from the operator to the end of the operand
}

// Binary is an infix operation.
type Binary struct {
	Op   Op   // Add, Sub, Mul or Div
	X, Y Node // left and right operands
	At   Span // from the start of X to the end of Y
	OpAt Span // the operator itself, e.g. for a division by zero
}

// Call is a call of one of the built-in functions.
type Call struct {
	Func Func   // the function called
	Args []Node // its arguments, at least one
	At   Span   // from the function name to the closing parenthesis
}

func (n *Number) Span() Span { return n.At }
func (n *Ident) Span() Span  { return n.At }
func (n *Unary) Span() Span  { return n.At }
func (n *Binary) Span() Span { return n.At }
func (n *Call) Span() Span   { return n.At }

func (*Number) node() {}
func (*Ident) node()  {}
func (*Unary) node()  {}
func (*Binary) node() {}
func (*Call) node()   {}

// Op is an arithmetic operator.
type Op uint8

// The operators. Neg and Pos are prefix; the others are infix.
const (
	Add Op = iota + 1 // x + y
	Sub               // x - y
	Mul               // x * y
	Div               // x / y
	Neg               // -x
	Pos               // +x
)

// String returns the operator's ASCII spelling.
func (o Op) String() string {
	switch o {
	case Add, Pos:
		return "+"
	case Sub, Neg:
		return "-"
	case Mul:
		return "*"
	case Div:
		return "/"
	}
	return "?"
}

// Func is a built-in function.
type Func uint8

// The built-in functions.
const (
	Abs  Func = iota + 1 // abs(x): absolute value, exactly one argument
	Min                  // min(x, …): smallest argument
	Max                  // max(x, …): largest argument
	Mean                 // mean(x, …): arithmetic mean of the arguments
)

var funcNames = [...]string{Abs: "abs", Min: "min", Max: "max", Mean: "mean"}

// String returns the function's name as written in a formula.
func (f Func) String() string {
	if int(f) < len(funcNames) && f != 0 {
		return funcNames[f]
	}
	return "?"
}

// Inspect calls f for n and, while f returns true, for each node below
// it, depth first and left to right, as go/ast.Inspect does: the one walk
// for code that looks at a tree's shape rather than folding it to a value.
// A nil n calls nothing. Its recursion is bounded by the nesting limit
// that [Parse] enforces.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || f == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *Unary:
		if n != nil {
			Inspect(n.X, f)
		}
	case *Binary:
		if n != nil {
			Inspect(n.X, f)
			Inspect(n.Y, f)
		}
	case *Call:
		if n != nil {
			for _, a := range n.Args {
				Inspect(a, f)
			}
		}
	}
}

// Algebra says what to compute at each kind of node; [Fold] supplies the
// results already computed for the node's children. Evaluation, unit
// inference and printing are all algebras over the same tree.
type Algebra[T any] interface {
	Number(n *Number) (T, error)
	Ident(n *Ident) (T, error)
	Unary(n *Unary, x T) (T, error)
	Binary(n *Binary, x, y T) (T, error)
	Call(n *Call, args []T) (T, error)
}

// Fold computes a over the tree rooted at n, children first and left to right,
// and stops at the first error. Its recursion is bounded by the nesting limit
// that [Parse] enforces. A nil node (the Root of a zero [Formula]) is
// refused with code empty.
func Fold[T any](n Node, a Algebra[T]) (T, error) {
	switch n := n.(type) {
	case *Number:
		if n != nil {
			return a.Number(n)
		}
	case *Ident:
		if n != nil {
			return a.Ident(n)
		}
	case *Unary:
		if n == nil {
			break
		}
		x, err := Fold(n.X, a)
		if err != nil {
			return x, err
		}
		return a.Unary(n, x)
	case *Binary:
		if n == nil {
			break
		}
		x, err := Fold(n.X, a)
		if err != nil {
			return x, err
		}
		y, err := Fold(n.Y, a)
		if err != nil {
			return y, err
		}
		return a.Binary(n, x, y)
	case *Call:
		if n == nil {
			break
		}
		args := make([]T, len(n.Args))
		for i, arg := range n.Args {
			v, err := Fold(arg, a)
			if err != nil {
				return v, err
			}
			args[i] = v
		}
		return a.Call(n, args)
	}
	// A nil node: a zero Formula, or a tree not built by Parse. Refused,
	// since there is nothing to compute, rather than a panic.
	var zero T
	return zero, noFormula()
}

// noFormula is the refusal of a nil or zero [Formula], or a tree with a
// nil node: nothing to compute.
func noFormula() *Error {
	return &Error{Code: fault.Empty, Msg: "no formula: the tree is empty or has a nil node",
		Hint: "build formulas with expr.Parse, and evaluate only one it returned without error"}
}
