package expr

import "strings"

// String returns the formula in canonical form: ASCII operators, one space
// around each binary operator, ", " between arguments, and only the
// parentheses that precedence and left-associativity require. Parsing the
// canonical form gives the same tree.
func (f *Formula) String() string {
	if f == nil {
		return ""
	}
	return Print(f.Root, ASCII, nil)
}

// Operators spells the operators for [Print].
type Operators struct{ Add, Sub, Mul, Div, Neg, Pos string }

var (
	// ASCII spells operators as typed: + - * /.
	ASCII = Operators{Add: "+", Sub: "-", Mul: "*", Div: "/", Neg: "-", Pos: "+"}
	// Typographic spells them as printed: + − × /. [Parse] accepts both.
	Typographic = Operators{Add: "+", Sub: "−", Mul: "×", Div: "/", Neg: "−", Pos: "+"}
)

// Leaf renders one literal or name for [Print]. It returns the text and
// whether the text must be parenthesised when it is an operand (as "(2 × 10)"
// is). A nil Leaf prints literals and names as written.
type Leaf func(n Node) (text string, compound bool)

// Print renders the tree rooted at n with the given operator spellings,
// calling leaf for each literal and name. The receipts' expanded expression
// ("(109638.91 × 100000) − (25966.14 × 100000)") is a Print with a leaf that
// substitutes printed values.
func Print(n Node, ops Operators, leaf Leaf) string {
	p, _ := Fold[printed](n, &printer{ops: ops, leaf: leaf})
	return p.s
}

// Binding strength of a printed operand.
const (
	precSum   = 1 // a + b, a - b
	precProd  = 2 // a * b, a / b
	precUnary = 3 // -a
	precAtom  = 4 // names, literals, calls, parenthesised groups
)

type printed struct {
	s    string
	prec int
}

type printer struct {
	ops  Operators
	leaf Leaf
}

func (p *printer) atom(n Node, text string) (printed, error) {
	if p.leaf == nil {
		return printed{text, precAtom}, nil
	}
	s, compound := p.leaf(n)
	if compound {
		return printed{"(" + s + ")", precAtom}, nil
	}
	return printed{s, precAtom}, nil
}

func (p *printer) Number(n *Number) (printed, error) { return p.atom(n, n.Text) }
func (p *printer) Ident(n *Ident) (printed, error)   { return p.atom(n, n.Name) }

func (p *printer) Unary(n *Unary, x printed) (printed, error) {
	op := p.ops.Neg
	if n.Op == Pos {
		op = p.ops.Pos
	}
	return printed{op + wrap(x, x.prec < precUnary), precUnary}, nil
}

func (p *printer) Binary(n *Binary, x, y printed) (printed, error) {
	prec, op := precSum, p.ops.Add
	switch n.Op {
	case Sub:
		op = p.ops.Sub
	case Mul:
		prec, op = precProd, p.ops.Mul
	case Div:
		prec, op = precProd, p.ops.Div
	}
	return printed{wrap(x, x.prec < prec) + " " + op + " " + wrap(y, y.prec <= prec), prec}, nil
}

func (p *printer) Call(n *Call, args []printed) (printed, error) {
	var b strings.Builder
	b.WriteString(n.Func.String())
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.s)
	}
	b.WriteByte(')')
	return printed{b.String(), precAtom}, nil
}

func wrap(p printed, paren bool) string {
	if paren {
		return "(" + p.s + ")"
	}
	return p.s
}
