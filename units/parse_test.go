package units

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/reckonhq/reckon/expr"
	"github.com/stretchr/testify/require"
)

// parse parses a formula for the tests. It is a stand-in for expr.Parse,
// which has not landed yet: a small recursive-descent parser over the same
// grammar, with the same spans.
func parse(t testing.TB, src string) expr.Node {
	t.Helper()
	p := &miniParser{src: src}
	n := p.sum()
	p.space()
	require.Equal(t, len(src), p.pos, "parse(%q): trailing text", src)
	return n
}

type miniParser struct {
	src string
	pos int
}

func (p *miniParser) space() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// op consumes one of ops (each possibly multi-byte) and returns its index.
func (p *miniParser) op(ops ...string) (int, expr.Span, bool) {
	p.space()
	for i, o := range ops {
		if strings.HasPrefix(p.src[p.pos:], o) {
			at := expr.Span{Start: p.pos, End: p.pos + len(o)}
			p.pos += len(o)
			return i, at, true
		}
	}
	return 0, expr.Span{}, false
}

func (p *miniParser) sum() expr.Node {
	x := p.product()
	for {
		i, at, ok := p.op("+", "-", "−")
		if !ok {
			return x
		}
		y := p.product()
		op := expr.Add
		if i > 0 {
			op = expr.Sub
		}
		x = &expr.Binary{Op: op, X: x, Y: y, OpAt: at, At: expr.Span{Start: x.Span().Start, End: y.Span().End}}
	}
}

func (p *miniParser) product() expr.Node {
	x := p.unary()
	for {
		i, at, ok := p.op("*", "×", "/", "÷")
		if !ok {
			return x
		}
		y := p.unary()
		op := expr.Mul
		if i > 1 {
			op = expr.Div
		}
		x = &expr.Binary{Op: op, X: x, Y: y, OpAt: at, At: expr.Span{Start: x.Span().Start, End: y.Span().End}}
	}
}

func (p *miniParser) unary() expr.Node {
	if i, at, ok := p.op("-", "−", "+"); ok {
		x := p.unary()
		op := expr.Neg
		if i == 2 {
			op = expr.Pos
		}
		return &expr.Unary{Op: op, X: x, At: expr.Span{Start: at.Start, End: x.Span().End}}
	}
	return p.atom()
}

func (p *miniParser) atom() expr.Node {
	p.space()
	start := p.pos
	if _, _, ok := p.op("("); ok {
		n := p.sum()
		p.op(")")
		return n
	}
	for p.pos < len(p.src) {
		r, w := utf8.DecodeRuneInString(p.src[p.pos:])
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			break
		}
		p.pos += w
	}
	word := p.src[start:p.pos]
	at := expr.Span{Start: start, End: p.pos}
	if word == "" {
		panic("parse: unexpected " + p.src[p.pos:])
	}
	if word[0] >= '0' && word[0] <= '9' || word[0] == '.' {
		return &expr.Number{Text: word, At: at}
	}
	funcs := map[string]expr.Func{"abs": expr.Abs, "min": expr.Min, "max": expr.Max, "mean": expr.Mean}
	if f, ok := funcs[word]; ok {
		p.op("(")
		c := &expr.Call{Func: f}
		for {
			c.Args = append(c.Args, p.sum())
			if _, _, ok := p.op(","); !ok {
				break
			}
		}
		p.op(")")
		c.At = expr.Span{Start: start, End: p.pos}
		return c
	}
	return &expr.Ident{Name: word, At: at}
}
