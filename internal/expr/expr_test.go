package expr

import (
	"bufio"
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// testVars binds the names that testdata/eval.txt uses.
func testVars(t testing.TB) Vars {
	v := Vars{}
	for name, s := range map[string]string{
		"a": "1", "b": "2", "c": "3", "d": "4", "e": "5",
		"current_debt": "799", "long_term_debt": "6692", "lease_liabilities": "3916",
		"operating_income": "6708", "depreciation": "1781",
		"income": "109638.91", "funds": "25966.14",
	} {
		d, _, err := apd.NewFromString(s)
		require.NoError(t, err)
		v[name] = d
	}
	return v
}

// caseLine is one line of a testdata table: "id  input  ->  want".
type caseLine struct {
	id, in, want string
	line         int
}

func readCases(t testing.TB, file string) []caseLine {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var out []caseLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, rest, _ := strings.Cut(line, " ")
		in, want, ok := strings.Cut(rest, "->")
		require.True(t, ok, "%s:%d: no ->", file, n)
		out = append(out, caseLine{id: id, in: strings.TrimSpace(in), want: strings.TrimSpace(want), line: n})
	}
	require.NoError(t, sc.Err())
	return out
}

func TestEvalTable(t *testing.T) {
	vars := testVars(t)
	for _, tc := range readCases(t, "testdata/eval.txt") {
		t.Run(tc.id, func(t *testing.T) {
			f, err := Parse(tc.in)
			if err == nil {
				var r *Result
				r, err = f.Eval(vars)
				if err == nil {
					got := r.String()
					if r.Inexact {
						got += "  inexact"
					}
					require.Equal(t, tc.want, got, "Eval(%q)", tc.in)
					return
				}
			}
			var e *Error
			require.ErrorAs(t, err, &e, "Eval(%q)", tc.in)
			require.Equal(t, tc.want, "error "+string(e.Code), "Eval(%q): %v", tc.in, err)
		})
	}
}

func TestErrorTable(t *testing.T) {
	for _, tc := range readCases(t, "testdata/errors.txt") {
		t.Run(tc.id, func(t *testing.T) {
			_, err := Parse(tc.in)
			var e *Error
			require.ErrorAs(t, err, &e, "Parse(%q)", tc.in)
			code, span, _ := strings.Cut(strings.Join(strings.Fields(tc.want), " "), " ")
			got := string(e.Code) + " " + e.Span.String()
			require.Equal(t, code+" "+span, got, "Parse(%q): %v", tc.in, err)
			requireWellFormed(t, tc.in, e)
		})
	}
}

// requireWellFormed checks what every error promises: a span inside the
// source, a message and a hint.
func requireWellFormed(t testing.TB, src string, e *Error) {
	require.NotEmpty(t, e.Code)
	require.NotEmpty(t, e.Msg)
	require.NotEmpty(t, e.Hint, "error %q has no hint", e.Code)
	require.LessOrEqual(t, 0, e.Span.Start)
	require.LessOrEqual(t, e.Span.Start, e.Span.End)
	require.LessOrEqual(t, e.Span.End, len(src))
	require.Equal(t, strings.ToLower(e.Msg[:1]), e.Msg[:1], "messages are lower-case")
	require.False(t, strings.HasSuffix(e.Msg, "."), "messages have no final period")
}

func TestErrorsNeedingBlanks(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		code     Code
		span     Span
	}{
		{"empty", "", fault.Empty, Span{Start: 0, End: 0}},
		{"blank", " \t\n ", fault.Empty, Span{Start: 0, End: 4}},
		{"nul", "a\x00b", fault.ControlCharacter, Span{Start: 1, End: 2}},
		{"escape", "a \x1b b", fault.ControlCharacter, Span{Start: 2, End: 3}},
		{"invalid utf8", "a + \xff", fault.InvalidUTF8, Span{Start: 4, End: 5}},
		{"truncated utf8", "a × \xc3", fault.InvalidUTF8, Span{Start: 5, End: 6}},
		{"zero width space", "a\u200b+ b", fault.ControlCharacter, Span{Start: 1, End: 4}},
		{"trailing operator after blanks", "a -   ", fault.Syntax, Span{Start: 6, End: 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			var e *Error
			require.ErrorAs(t, err, &e, "Parse(%q)", tc.in)
			require.Equal(t, tc.code, e.Code, "Parse(%q): %v", tc.in, err)
			require.Equal(t, tc.span, e.Span, "Parse(%q): %v", tc.in, err)
			requireWellFormed(t, tc.in, e)
		})
	}
}

func TestAliasesAndBlanks(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a×b÷c−d", "a * b / c - d"},
		{"−a", "-a"},
		{"a\u00a0+\u00a0b", "a + b"},
		{"  (a\n+ b)\t", "a + b"},
		{"min (a, b)", "min(a, b)"},
	} {
		f, err := Parse(tc.in)
		require.NoError(t, err, "Parse(%q)", tc.in)
		require.Equal(t, tc.want, f.String(), "Parse(%q).String()", tc.in)
	}
}

func TestCanonicalForm(t *testing.T) {
	for _, tc := range []struct{ in, want, reason string }{
		{"(a*b)/c", "a * b / c", "left-associative: no parentheses needed"},
		{"a/(b*c)", "a / (b * c)", "a right operand of equal precedence keeps its parentheses"},
		{"a+(b+c)", "a + (b + c)", "kept, so that the tree round-trips exactly"},
		{"(a+b)+c", "a + b + c", ""},
		{"-(a)", "-a", ""},
		{"-(a*b)", "-(a * b)", ""},
		{"((((a))))", "a", ""},
		{"mean(a,(b))", "mean(a, b)", ""},
		{"2 - -3", "2 - -3", ""},
		{"abs(-a)*-b", "abs(-a) * -b", ""},
	} {
		f, err := Parse(tc.in)
		require.NoError(t, err, "Parse(%q)", tc.in)
		require.Equal(t, tc.want, f.String(), "Parse(%q).String(): %s", tc.in, tc.reason)
		g, err := Parse(f.String())
		require.NoError(t, err)
		require.Equal(t, dump(f.Root), dump(g.Root), "round trip of %q", tc.in)
	}
}

func TestTypographicPrint(t *testing.T) {
	f := MustParse("(income - funds) * 100 / -x")
	require.Equal(t, "(income − funds) × 100 / −x", Print(f.Root, Typographic, nil))
	leaf := func(n Node) (string, bool) {
		if id, ok := n.(*Ident); ok {
			return id.Name + " × 1000", true
		}
		return n.(*Number).Text, false
	}
	require.Equal(t, "((income × 1000) − (funds × 1000)) × 100 / −(x × 1000)", Print(f.Root, Typographic, leaf))
}

func TestNames(t *testing.T) {
	f := MustParse("b + a * b - mean(c, a, d)")
	require.Equal(t, []string{"b", "a", "c", "d"}, f.Names())
	require.Empty(t, MustParse("1 + 2").Names())

	// Past linearNames distinct names, a set dedupes them; order is kept.
	var src []string
	var want []string
	for i := range 40 {
		name := "n" + strconv.Itoa(i%25)
		src = append(src, name)
		if i < 25 {
			want = append(want, name)
		}
	}
	require.Equal(t, want, MustParse(strings.Join(src, " + ")).Names())
}

func TestSpans(t *testing.T) {
	f := MustParse("-(ab + 2) * max(c, 1)")
	require.Equal(t, Span{Start: 0, End: 21}, f.Root.Span())
	bin := f.Root.(*Binary)
	require.Equal(t, Span{Start: 0, End: 9}, bin.X.Span(), "the unary spans its group's parentheses")
	require.Equal(t, Span{Start: 10, End: 11}, bin.OpAt)
	require.Equal(t, Span{Start: 12, End: 21}, bin.Y.Span())
	sum := bin.X.(*Unary).X.(*Binary)
	require.Equal(t, Span{Start: 2, End: 8}, sum.At)
	require.Equal(t, Span{Start: 2, End: 4}, sum.X.Span())
}

func TestDivisionByZeroSpan(t *testing.T) {
	f := MustParse("a / (b - b)")
	_, err := f.Eval(testVars(t))
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.DivisionByZero, e.Code)
	require.Equal(t, Span{Start: 5, End: 10}, e.Span, "the span is the divisor")
}

func TestUnboundName(t *testing.T) {
	_, err := MustParse("a + zz").Eval(testVars(t))
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.UnboundName, e.Code)
	require.Equal(t, Span{Start: 4, End: 6}, e.Span)
}

// nilEnv reports every name found, with a nil value, as an [Env] backed
// by something other than Vars may.
type nilEnv struct{}

func (nilEnv) Lookup(string) (*apd.Decimal, bool) { return nil, true }

// TestUnboundNilValue: a name an Env reports found with a nil value is
// unbound, in both evaluations; it once panicked on the nil value.
func TestUnboundNilValue(t *testing.T) {
	f := MustParse("a + 1")
	_, err := f.Eval(nilEnv{})
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.UnboundName, e.Code)
	require.Equal(t, Span{Start: 0, End: 1}, e.Span)
	_, err = f.Exact(nilEnv{})
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.UnboundName, e.Code)
}

func TestCostcoRoundsTo1344(t *testing.T) {
	f := MustParse("(799 + 6692 + 3916) / (6708 + 1781)")
	r, err := f.Eval(Vars{})
	require.NoError(t, err)
	require.True(t, r.Inexact)
	var rounded apd.Decimal
	ctx := NewContext()
	_, err = ctx.Quantize(&rounded, &r.Value, -3)
	require.NoError(t, err)
	require.Equal(t, "1.344", rounded.String())
}

func TestEvalDeterministicAndPure(t *testing.T) {
	vars := testVars(t)
	before := vars["a"].String()
	f := MustParse("-a + abs(-a) - min(a) * mean(a, a)")
	r1, err := f.Eval(vars)
	require.NoError(t, err)
	r2, err := f.Eval(vars)
	require.NoError(t, err)
	require.Equal(t, r1, r2)
	require.Equal(t, before, vars["a"].String(), "Eval must not modify its inputs")
}

func TestHandBuiltTree(t *testing.T) {
	f := &Formula{Root: &Binary{Op: Div, X: &Number{Text: "1"}, Y: &Number{Text: "4"}}}
	r, err := f.Eval(Vars{})
	require.NoError(t, err)
	require.Equal(t, "0.25", r.String())
}

// dump prints a tree with every node's kind and no spans, for comparisons.
func dump(n Node) string {
	switch n := n.(type) {
	case *Number:
		return "num(" + n.Text + ")"
	case *Ident:
		return "id(" + n.Name + ")"
	case *Unary:
		return "un" + n.Op.String() + "(" + dump(n.X) + ")"
	case *Binary:
		return "bin" + n.Op.String() + "(" + dump(n.X) + "," + dump(n.Y) + ")"
	case *Call:
		s := n.Func.String() + "("
		for i, a := range n.Args {
			if i > 0 {
				s += ","
			}
			s += dump(a)
		}
		return s + ")"
	}
	return "?"
}

func TestErrorFormat(t *testing.T) {
	_, err := Parse("mean(a) + avg(b, c)")
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "1:11: unknown function \"avg\"", e.Error())
	require.Equal(t, strings.Join([]string{
		"1:11: unknown function \"avg\"",
		"  | mean(a) + avg(b, c)",
		"  |           ^^^",
		"hint: use mean(…) for an arithmetic mean",
	}, "\n"), e.Format())

	_, err = Parse("a +\n  b × / c")
	require.ErrorAs(t, err, &e)
	require.Equal(t, "2:8: unexpected \"/\"", e.Error())
	require.Contains(t, e.Format(), "\n  |   b × / c\n  |       ^\n")
}

func TestErrorsAs(t *testing.T) {
	_, err := Parse("1e5")
	var e *Error
	require.True(t, errors.As(err, &e))
	require.Equal(t, fault.ExponentLiteral, e.Code)
}

func TestGrammarGolden(t *testing.T) {
	got := grammar.String() + "\n"
	const file = "testdata/grammar.ebnf"
	if *update {
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run go test -update to create it")
	require.Equal(t, string(want), got, "the grammar changed: run go test ./expr -update and review the diff")
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
		require.Contains(t, string(doc), "//\t"+line+"\n", "the package doc shows the grammar")
	}
}

func TestOpAndFuncStrings(t *testing.T) {
	require.Equal(t, "+-*/-+", Add.String()+Sub.String()+Mul.String()+Div.String()+Neg.String()+Pos.String())
	require.Equal(t, "?", Op(0).String())
	require.Equal(t, "abs min max mean ?", strings.Join([]string{Abs.String(), Min.String(), Max.String(), Mean.String(), Func(9).String()}, " "))
	require.Equal(t, "3:7", Span{Start: 3, End: 7}.String())
	require.Equal(t, 4, Span{Start: 3, End: 7}.Len())
	_ = strconv.Itoa
}
