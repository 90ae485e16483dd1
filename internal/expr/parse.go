package expr

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
)

// grammar is built once; participle parsers are safe for concurrent use.
var grammar = participle.MustBuild[expression](participle.Lexer(lexDef{}))

// Formula is a parsed formula: its source and syntax tree. A Formula is
// immutable and safe for concurrent use.
type Formula struct {
	Source string // the formula as given
	Root   Node   // the syntax tree
	names  []string
	lim    Limits
	nodes  int // the tree's size, for evaluation's arena

	// arenas holds evaluators of this formula between evaluations, each
	// with its context and one decimal per node. A decimal that held a
	// coefficient too large for apd's inline words keeps its heap words,
	// so the next evaluation writes into them instead of allocating
	// afresh: most of a long formula's allocations otherwise.
	arenas *sync.Pool
}

func (f *Formula) maxMag() int {
	if f.lim.MaxMagnitude == 0 {
		return DefaultMaxMagnitude
	}
	return f.lim.MaxMagnitude
}

// Names returns the input names the formula refers to, in order of first
// appearance.
func (f *Formula) Names() []string {
	if f == nil {
		return nil
	}
	return append([]string(nil), f.names...)
}

// Parse parses a formula under the default [Limits].
func Parse(src string) (*Formula, error) { return ParseLimits(src, Limits{}) }

// MustParse is like [Parse] but panics on error. It is for tests and
// package-level variables.
func MustParse(src string) *Formula {
	f, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return f
}

// excess returns the span of the bytes of src past max: from the start of
// the character that crosses max, so that the span never splits one, to
// the end. When those bytes are not UTF-8 text no span of them is whole
// characters, and the span is empty at the crossing: it points at where
// the limit is crossed, and the message says by how much.
func excess(src string, max int) (start, end int) {
	start = max
	for i := 0; i < utf8.UTFMax-1 && start > 0 && !utf8.RuneStart(src[start]); i++ {
		start--
	}
	if !utf8.ValidString(src[start:]) {
		return start, start
	}
	return start, len(src)
}

// ParseLimits parses a formula under the given limits. Its errors are
// [*Error] values with a code, a span and a hint.
func ParseLimits(src string, lim Limits) (f *Formula, err error) {
	if err := lim.Validate(); err != nil {
		return nil, err
	}
	lim = lim.withDefaults()
	if len(src) > lim.MaxBytes {
		start, end := excess(src, lim.MaxBytes)
		return nil, limitAt(src, start, end, "bytes", lim.MaxBytes, len(src))
	}
	if err := checkParens(src, lim.MaxDepth); err != nil {
		return nil, err
	}
	toks, err := scan(src, lim)
	if err != nil {
		return nil, err
	}
	if len(toks) == 1 {
		return nil, errAt(fault.Empty, src, 0, len(src), "empty formula",
			"write a formula over the input names, such as (a + b) / c")
	}
	g, ok := fastParse(toks)
	if !ok {
		if g, err = runParticiple(src, toks); err != nil {
			return nil, err
		}
	}
	b := builder{src: src, lim: lim, ctx: NewContext(), toks: toks, closer: matchParens(toks)}
	root, err := b.expr(g)
	if err != nil {
		return nil, err
	}
	return &Formula{Source: src, Root: root, names: b.names, lim: lim, nodes: b.nodes, arenas: new(sync.Pool)}, nil
}

// checkParens counts nesting in one pass over the bytes, before participle
// runs, and reports the first unbalanced parenthesis.
func checkParens(src string, maxDepth int) error {
	var open [CapMaxDepth + 1]int // offsets of unclosed "(", innermost last
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(':
			if depth == maxDepth {
				got := depth + 1 + strings.Count(src[i+1:], "(")
				return limitAt(src, i, i+1, "nesting depth", maxDepth, got)
			}
			open[depth] = i
			depth++
		case ')':
			if depth == 0 {
				return errAt(fault.UnbalancedParens, src, i, i+1, "\")\" has no matching \"(\"",
					"remove the extra \")\" or add the missing \"(\"")
			}
			depth--
		}
	}
	if depth > 0 {
		i := open[depth-1]
		return errAt(fault.UnbalancedParens, src, i, i+1, "\"(\" is never closed",
			"add the missing \")\"")
	}
	return nil
}

// runParticiple parses the tokens, converting participle's errors (and any
// panic inside it) into positioned [*Error] values.
func runParticiple(src string, toks []lexer.Token) (g *expression, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &Error{Code: fault.Internal, Msg: fmt.Sprintf("parser panicked: %v", r),
				Hint: "this is a bug in reckon; simplify the formula and report it", Src: src}
		}
	}()
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks})
	if err != nil {
		return nil, &Error{Code: fault.Internal, Msg: err.Error(), Src: src}
	}
	g, err = grammar.ParseFromLexer(pl, participle.AllowTrailing(true))
	if err != nil {
		var perr participle.Error
		if !errors.As(err, &perr) {
			return nil, &Error{Code: fault.Internal, Msg: err.Error(), Src: src}
		}
		return nil, syntaxError(src, toks, perr.Position().Offset)
	}
	if next := pl.Peek(); !next.EOF() {
		if next.Type == tokOp {
			// participle backs out of an operator whose right operand
			// fails to parse; the real error is at that operand.
			return nil, syntaxError(src, toks, next.Pos.Offset+len(next.Value))
		}
		return nil, errAt(fault.TrailingInput, src, next.Pos.Offset, next.Pos.Offset+len(next.Value),
			"unexpected "+describe(*next)+" after a complete formula",
			"join terms with an operator such as + or *, or remove the extra text")
	}
	return g, nil
}

// syntaxError describes the token at off, which the grammar did not expect.
func syntaxError(src string, toks []lexer.Token, off int) *Error {
	var t lexer.Token
	for i := range toks {
		t = toks[i]
		if t.Pos.Offset < off {
			continue
		}
		// participle backs out of an operator whose operand is missing and
		// reports the operator; the operand's absence is the news.
		if t.Type == tokOp && !startsOperand(toks[i+1]) {
			t = toks[i+1]
		}
		break
	}
	if t.EOF() {
		return errAt(fault.Syntax, src, len(src), len(src), "unexpected end of formula",
			"the formula ends too early: finish the last operation or argument list")
	}
	hint := "put a name, a number, a call or \"(\" here"
	switch {
	case t.Value == ")":
		hint = "a group or call cannot end here: remove the \")\" or add the missing operand"
	case t.Value == ",":
		hint = "a comma separates arguments inside abs, min, max or mean; never use it to group digits"
	case t.Type == tokOp:
		hint = "two operators in a row: remove one or put an operand between them"
	case t.Type == tokFunc:
		hint = "a call is an operand: join it to what comes before with an operator"
	}
	return errAt(fault.Syntax, src, t.Pos.Offset, t.Pos.Offset+len(t.Value), "unexpected "+describe(t), hint)
}

func startsOperand(t lexer.Token) bool {
	switch t.Type {
	case tokNumber, tokIdent, tokFunc:
		return true
	case tokOp:
		return t.Value == "+" || t.Value == "-" || t.Value == "−"
	}
	return t.Value == "("
}

func describe(t lexer.Token) string {
	switch t.Type {
	case tokNumber:
		return "number " + quote(t.Value)
	case tokIdent, tokFunc:
		return "name " + quote(t.Value)
	case lexer.EOF:
		return "end of formula"
	}
	return quote(t.Value)
}

// builder turns participle's flat parse into the syntax tree, applying
// precedence and checking functions, names, node counts and literals.
type builder struct {
	src   string
	lim   Limits
	ctx   *apd.Context
	nodes int
	names []string            // distinct names, in order of first appearance
	seen  map[string]struct{} // the same names as a set, once there are more than linearNames

	toks   []lexer.Token
	closer []int32 // for each "(" token, the index of its ")"

	// Slabs the most common nodes are carved from.
	binaries []Binary
	idents   []Ident
}

// carve returns a node from slab, refilled in runs sized to a formula of
// tokens tokens (a formula of n operands has n-1 binary nodes).
func carve[T any](slab *[]T, tokens int) *T {
	if len(*slab) == 0 {
		*slab = make([]T, min(max(tokens/4, 1), 64))
	}
	n := &(*slab)[0]
	*slab = (*slab)[1:]
	return n
}

// matchParens pairs parentheses by token index. [checkParens] has already
// proved them balanced.
func matchParens(toks []lexer.Token) []int32 {
	closer := make([]int32, len(toks))
	var stack [CapMaxDepth + 1]int32
	depth := 0
	for i, t := range toks {
		switch t.Value {
		case "(":
			stack[depth] = int32(i)
			depth++
		case ")":
			depth--
			closer[stack[depth]] = int32(i)
		}
	}
	return closer
}

// token returns the index of the token that starts at byte offset off.
func (b *builder) token(off int) int {
	return sort.Search(len(b.toks), func(i int) bool { return b.toks[i].Pos.Offset >= off })
}

// closeAfter returns the offset one past the ")" that closes the "(" token at
// index open.
func (b *builder) closeAfter(open int) int {
	return b.toks[b.closer[open]].Pos.Offset + 1
}

func (b *builder) count(at Span) error {
	b.nodes++
	if b.nodes > b.lim.MaxNodes {
		return limitAt(b.src, at.Start, at.End, "nodes", b.lim.MaxNodes, b.nodes)
	}
	return nil
}

// expr applies precedence with two stacks: operands and pending operators.
func (b *builder) expr(g *expression) (Node, error) {
	head, err := b.operand(g.Head)
	if err != nil {
		return nil, err
	}
	if len(g.Tail) == 0 {
		return head, nil
	}
	vals := []Node{head}
	var ops []*infix
	reduce := func() error {
		t := ops[len(ops)-1]
		ops = ops[:len(ops)-1]
		x, y := vals[len(vals)-2], vals[len(vals)-1]
		// The operator is the token just before its right operand.
		op := b.toks[b.token(t.Right.Pos.Offset)-1].Pos.Offset
		n := carve(&b.binaries, len(b.toks))
		*n = Binary{Op: binaryOp(t.Op), X: x, Y: y,
			At:   Span{Start: x.Span().Start, End: y.Span().End},
			OpAt: Span{Start: op, End: op + len(t.Op)}}
		vals = append(vals[:len(vals)-2], n)
		return b.count(n.At)
	}
	for _, t := range g.Tail {
		for len(ops) > 0 && prec(ops[len(ops)-1].Op) >= prec(t.Op) {
			if err := reduce(); err != nil {
				return nil, err
			}
		}
		ops = append(ops, t)
		y, err := b.operand(t.Right)
		if err != nil {
			return nil, err
		}
		vals = append(vals, y)
	}
	for len(ops) > 0 {
		if err := reduce(); err != nil {
			return nil, err
		}
	}
	return vals[0], nil
}

func prec(op string) int {
	if op == "+" || op == "-" || op == "−" {
		return 1
	}
	return 2
}

func binaryOp(op string) Op {
	switch op {
	case "+":
		return Add
	case "-", "−":
		return Sub
	case "*", "×":
		return Mul
	}
	return Div
}

// operand builds a signed primary; signs bind tighter than any operator.
func (b *builder) operand(g *operand) (Node, error) {
	first := b.token(g.Pos.Offset)
	n, end, err := b.primary(g.Primary, b.toks[first+len(g.Signs)].Pos.Offset)
	if err != nil {
		return nil, err
	}
	for i := len(g.Signs) - 1; i >= 0; i-- {
		op := Neg
		if g.Signs[i] == "+" {
			op = Pos
		}
		n = &Unary{Op: op, X: n, At: Span{Start: b.toks[first+i].Pos.Offset, End: end}}
		if err := b.count(n.Span()); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// primary builds a call, literal, name or group and reports where it ends.
func (b *builder) primary(g *primary, start int) (Node, int, error) {
	switch {
	case g.Number != nil:
		n := &Number{Text: *g.Number, At: Span{Start: start, End: start + len(*g.Number)}}
		if err := b.literal(n); err != nil {
			return nil, 0, err
		}
		return n, n.At.End, b.count(n.At)
	case g.Ident != nil:
		n := carve(&b.idents, len(b.toks))
		*n = Ident{Name: *g.Ident, At: Span{Start: start, End: start + len(*g.Ident)}}
		if lookupFunc(n.Name) != 0 {
			return nil, 0, errAt(fault.ReservedName, b.src, n.At.Start, n.At.End,
				quote(n.Name)+" is a function and cannot name an input",
				"call it as "+n.Name+"(x, …) or rename the input")
		}
		b.addName(n.Name)
		return n, n.At.End, b.count(n.At)
	case g.Call != nil:
		n, err := b.call(g.Call, start)
		if err != nil {
			return nil, 0, err
		}
		return n, n.Span().End, nil
	}
	n, err := b.expr(g.Group)
	return n, b.closeAfter(b.token(start)), err
}

// linearNames is how many distinct names addName searches linearly. A
// formula has a handful, and a scan of a few strings beats a map; past it a
// set takes over, so that a formula at the node cap (over 8,000 names) is
// parsed in linear time rather than quadratic.
const linearNames = 16

// addName records name unless it has been seen.
func (b *builder) addName(name string) {
	if b.seen != nil {
		if _, ok := b.seen[name]; !ok {
			b.seen[name] = struct{}{}
			b.names = append(b.names, name)
		}
		return
	}
	if slices.Contains(b.names, name) {
		return
	}
	b.names = append(b.names, name)
	if len(b.names) > linearNames {
		b.seen = make(map[string]struct{}, 2*len(b.names))
		for _, n := range b.names {
			b.seen[n] = struct{}{}
		}
	}
}

func (b *builder) call(g *call, start int) (Node, error) {
	at := Span{Start: start, End: b.closeAfter(b.token(start) + 1)}
	name := Span{Start: start, End: start + len(g.Name)}
	fn := lookupFunc(g.Name)
	if fn == 0 {
		return nil, unknownFunction(b.src, g.Name, name)
	}
	switch {
	case len(g.Args) > b.lim.MaxArgs:
		return nil, limitAt(b.src, at.Start, at.End, "arguments", b.lim.MaxArgs, len(g.Args))
	case fn == Abs && len(g.Args) != 1:
		return nil, errAt(fault.Arity, b.src, at.Start, at.End,
			fmt.Sprintf("abs takes exactly 1 argument, got %d", len(g.Args)),
			"write abs(x) with one argument; use min or max to compare several values")
	case len(g.Args) == 0:
		return nil, errAt(fault.Arity, b.src, at.Start, at.End, g.Name+" needs at least 1 argument",
			"write "+g.Name+"(a, b, …) with the values to compare")
	}
	n := &Call{Func: fn, At: at, Args: make([]Node, len(g.Args))}
	for i, a := range g.Args {
		x, err := b.expr(a)
		if err != nil {
			return nil, err
		}
		n.Args[i] = x
	}
	return n, b.count(at)
}

func lookupFunc(name string) Func {
	switch name {
	case "abs":
		return Abs
	case "min":
		return Min
	case "max":
		return Max
	case "mean":
		return Mean
	}
	return 0
}

// unknownFunction refuses a call of anything but the four built-ins, with the
// nearest thing reckon does offer.
func unknownFunction(src, name string, at Span) *Error {
	hint := "the functions are abs, min, max and mean; to multiply, write " + name + " * (…)"
	switch strings.ToLower(name) {
	case "avg", "average", "mean_of", "arithmetic_mean":
		hint = "use mean(…) for an arithmetic mean"
	case "sum", "total":
		hint = "add the values with +, as in (a + b + c)"
	case "pow", "power", "exp", "sqrt", "log", "ln":
		hint = "powers, roots and logarithms are not supported"
	case "round", "floor", "ceil", "ceiling", "trunc", "int":
		hint = "do not round in the formula; ask for places and rounding in the output instead"
	case "abs", "min", "max", "mean", "absolute", "minimum", "maximum":
		hint = "function names are lower-case: abs, min, max, mean"
	case "percent", "pct", "percentage":
		hint = "ask for unit \"percent\" in the output instead of converting in the formula"
	}
	return errAt(fault.UnknownFunction, src, at.Start, at.End, "unknown function "+quote(name), hint)
}

// literal checks a literal's magnitude and keeps its exact value for Eval.
func (b *builder) literal(n *Number) error {
	intDigits := len(strings.TrimLeft(n.Text[:indexOr(n.Text, '.')], "0"))
	if intDigits > b.lim.MaxMagnitude {
		return magnitudeError(b.src, n.At, b.lim.MaxMagnitude, "literal "+quote(n.Text))
	}
	d := new(apd.Decimal)
	if _, _, err := b.ctx.SetString(d, n.Text); err != nil {
		return errAt(fault.Internal, b.src, n.At.Start, n.At.End, "literal "+quote(n.Text)+": "+err.Error(), "")
	}
	n.value = d
	return nil
}

func indexOr(s string, c byte) int {
	if i := strings.IndexByte(s, c); i >= 0 {
		return i
	}
	return len(s)
}

func magnitudeError(src string, at Span, maxMag int, what string) *Error {
	e := errAt(fault.LimitExceeded, src, at.Start, at.End,
		fmt.Sprintf("%s is not below 10^%d in magnitude", what, maxMag),
		"check the transcription and the scale: a value this large is almost always a mistake")
	e.Exceeded = &Exceeded{Limit: "magnitude", Max: maxMag, Got: maxMag + 1}
	return e
}
