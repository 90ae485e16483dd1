package expr

import "github.com/alecthomas/participle/v2/lexer"

// fastParse recognizes well-formed token streams directly, producing
// exactly the structs participle would, without reflection: participle
// spends about 20 µs on a five-name formula, this a fraction of a
// microsecond. It reports false at the first token it does not expect, and
// the caller then runs participle, which defines the grammar and words the
// errors. FuzzFastParse holds the two to the same result: whenever
// fastParse succeeds, participle succeeds with an identical tree.
func fastParse(toks []lexer.Token) (*expression, bool) {
	p := fastParser{toks: toks, ok: true}
	p.sizeSlabs()
	e := p.expression()
	if !p.ok || !p.peek().EOF() {
		return nil, false
	}
	return e, true
}

type fastParser struct {
	toks []lexer.Token
	i    int
	ok   bool

	// Slabs the nodes are carved from, a handful of allocations in all
	// instead of several per operand.
	operands  []operand
	primaries []primary
	strs      []string
}

// slabSize is how many nodes of a kind a further slab holds, should the
// first, sized from the tokens, run out.
const slabSize = 16

// sizeSlabs sizes the slabs from the tokens: one operand and one primary
// per name, literal, call or group, one string per name or literal.
func (p *fastParser) sizeSlabs() {
	leaves, primaries := 0, 0
	for i, t := range p.toks {
		switch {
		case t.Type == tokIdent || t.Type == tokNumber:
			leaves++
			primaries++
		case t.Type == tokFunc, t.Value == "(" && (i == 0 || p.toks[i-1].Type != tokFunc):
			primaries++
		}
	}
	p.operands = make([]operand, primaries)
	p.primaries = make([]primary, primaries)
	p.strs = make([]string, leaves)
}

func (p *fastParser) newOperand() *operand {
	if len(p.operands) == 0 {
		p.operands = make([]operand, slabSize)
	}
	o := &p.operands[0]
	p.operands = p.operands[1:]
	return o
}

func (p *fastParser) newPrimary() *primary {
	if len(p.primaries) == 0 {
		p.primaries = make([]primary, slabSize)
	}
	g := &p.primaries[0]
	p.primaries = p.primaries[1:]
	return g
}

func (p *fastParser) str(v string) *string {
	if len(p.strs) == 0 {
		p.strs = make([]string, slabSize)
	}
	s := &p.strs[0]
	p.strs = p.strs[1:]
	*s = v
	return s
}

func (p *fastParser) peek() *lexer.Token { return &p.toks[p.i] }

// expression = operand infix* ; infix = <op> operand
func (p *fastParser) expression() *expression {
	e := &expression{Head: p.operand()}
	for p.ok && p.peek().Type == tokOp {
		op := p.peek().Value
		p.i++
		e.Tail = append(e.Tail, &infix{Op: op, Right: p.operand()})
	}
	return e
}

// operand = ("+" | "-" | "−")* primary
func (p *fastParser) operand() *operand {
	o := p.newOperand()
	o.Pos = p.peek().Pos
	for t := p.peek(); t.Type == tokOp && (t.Value == "+" || t.Value == "-" || t.Value == "−"); t = p.peek() {
		o.Signs = append(o.Signs, t.Value)
		p.i++
	}
	o.Primary = p.primary()
	return o
}

// primary = <ident> | <number> | call | "(" expression ")"
// call = <func> "(" (expression ("," expression)*)? ")"
func (p *fastParser) primary() *primary {
	t := p.peek()
	switch {
	case t.Type == tokIdent:
		p.i++
		g := p.newPrimary()
		g.Ident = p.str(t.Value)
		return g
	case t.Type == tokNumber:
		p.i++
		g := p.newPrimary()
		g.Number = p.str(t.Value)
		return g
	case t.Type == tokFunc:
		p.i += 2 // the name and "(", which the lexer saw follow it
		c := &call{Name: t.Value}
		for p.ok && p.peek().Value != ")" {
			if len(c.Args) > 0 && !p.expect(",") {
				break
			}
			c.Args = append(c.Args, p.nested())
		}
		p.expect(")")
		g := p.newPrimary()
		g.Call = c
		return g
	case t.Value == "(":
		p.i++
		e := p.nested()
		p.expect(")")
		g := p.newPrimary()
		g.Group = e
		return g
	}
	p.ok = false
	return nil
}

// nested parses an expression inside parentheses or an argument list.
func (p *fastParser) nested() *expression {
	if !p.ok {
		return nil
	}
	return p.expression()
}

func (p *fastParser) expect(v string) bool {
	if p.ok && p.peek().Type == tokPunct && p.peek().Value == v {
		p.i++
		return true
	}
	p.ok = false
	return false
}
