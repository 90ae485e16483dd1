package expr

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// seedFormulas adds every formula in testdata's tables to the corpus, so the
// seed corpus runs under plain go test.
func seedFormulas(f *testing.F) {
	for _, s := range seedSources(f) {
		f.Add(s)
	}
}

// seedSources are the formulas of testdata's tables and a few hostile ones.
func seedSources(f *testing.F) []string {
	var srcs []string
	for _, file := range []string{"testdata/eval.txt", "testdata/errors.txt"} {
		for _, c := range readCases(f, file) {
			srcs = append(srcs, c.in)
		}
	}
	return append(srcs, "", "((((", "a+-+-b", "min(a,b)*-(c÷d)", "\xff", "a\u00a0×\u00a0b", "1.0/3.00")
}

// FuzzParse checks that Parse never panics, that every error is well formed
// and points inside the input, and that the canonical form parses back to
// the same tree.
func FuzzParse(f *testing.F) {
	seedFormulas(f)
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src)
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
			requireWellFormed(t, src, e)
			if e.Span.Start < len(src) {
				require.True(t, utf8.ValidString(src[e.Span.Start:e.Span.End]) || e.Code == fault.InvalidUTF8,
					"span %v of %q splits a character", e.Span, src)
			}
			return
		}
		canon := p.String()
		q, err := Parse(canon)
		require.NoError(t, err, "canonical form %q of %q does not parse", canon, src)
		require.Equal(t, dump(p.Root), dump(q.Root), "round trip of %q via %q", src, canon)
		require.Equal(t, canon, q.String())
	})
}

// FuzzEval checks that evaluation is deterministic: the same value and the
// same inexact flag twice, and never a panic.
func FuzzEval(f *testing.F) {
	seedFormulas(f)
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src)
		if err != nil {
			return
		}
		vars := Vars{}
		for i, name := range p.Names() {
			vars[name] = apd.New(int64(i*7-3), -int32(i%3))
		}
		r1, err1 := p.Eval(vars)
		r2, err2 := p.Eval(vars)
		if err1 != nil {
			require.Equal(t, err1.Error(), err2.Error())
			var e *Error
			require.ErrorAs(t, err1, &e)
			requireWellFormed(t, src, e)
			return
		}
		require.NoError(t, err2)
		require.Equal(t, r1.String(), r2.String())
		require.Equal(t, r1.Inexact, r2.Inexact)
		require.False(t, strings.ContainsAny(r1.String(), "eE"), "no exponent in %q", r1.String())
		// Exact evaluation agrees with Eval whenever Eval did not round.
		x, err := p.Exact(vars)
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, fault.Arithmetic, e.Code, "only the size bound refuses: %v", err)
			return
		}
		if !r1.Inexact {
			require.Equal(t, RatOf(&r1.Value).RatString(), x.RatString(), "Exact(%q)", src)
		}
	})
}

// FuzzEvalPooled holds evaluation from a formula's pool of arenas to
// evaluation with a fresh one. Each decimal of a pooled arena still holds
// what an earlier evaluation over other values left in it, large
// coefficients included, so the pooled result must not depend on it: the
// same value, the same inexact flag and the same error as an arena of zero
// decimals gives, whatever ran before.
func FuzzEvalPooled(f *testing.F) {
	seedFormulas(f)
	for _, s := range []string{"t1 + t2 * t3 - t4 / t5 + t6 * t7 - t8 / t9", "mean(a, b / c, d) - mean(a)",
		"a / b / c + d", "-(a / b) * -c", "min(a / b, c) + max(a, b / c)", "abs(a / b - c)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src)
		if err != nil {
			return
		}
		big, small := Vars{}, Vars{}
		for i, name := range p.Names() {
			// Large values first, with 34-digit quotients, then small ones.
			big[name] = apd.New(int64(i*7919+3)*1_000_003, -int32(i%7))
			small[name] = apd.New(int64(i*7-3), -int32(i%3))
		}
		for _, vars := range []Vars{big, small, big} {
			fresh := p.freshEval(vars)
			got, err := p.Eval(vars)
			if fresh.err != nil {
				require.Error(t, err)
				require.Equal(t, fresh.err.Error(), err.Error())
				continue
			}
			require.NoError(t, err)
			require.Equal(t, fresh.r.String(), got.String(), "value of %q", src)
			require.Equal(t, fresh.r.Inexact, got.Inexact, "inexact flag of %q", src)
		}
	})
}

type evalOutcome struct {
	r   *Result
	err error
}

// freshEval evaluates f as Eval did before arenas were pooled: a new
// context and an arena of zero decimals, nothing shared.
func (f *Formula) freshEval(env Env) evalOutcome {
	e := evaluator{env: env, ctx: NewContext(), src: f.Source, maxMag: f.maxMag(), arena: make([]apd.Decimal, f.nodes)}
	v, err := Fold[*apd.Decimal](f.Root, &e)
	if err != nil {
		return evalOutcome{err: err}
	}
	r := &Result{Inexact: e.inexact}
	r.Value.Reduce(v)
	if r.Value.IsZero() {
		r.Value.Negative = false
	}
	return evalOutcome{r: r}
}

// FuzzEvalFixed holds the fixed-width evaluator to apd: wherever it
// answers, the same coefficient, exponent, sign and inexact flag as apd
// evaluating the same tree over the same values, and it answers only where
// apd succeeds. The values come from the fuzzer: short and long
// coefficients (up to 38 digits, past what it handles), exponents across
// the magnitude limit.
func FuzzEvalFixed(f *testing.F) {
	for _, s := range seedSources(f) {
		f.Add(s, int64(37), int64(-12), int8(-2), int8(1))
	}
	for _, s := range []string{"t1 + t2 * t3 - t4 / t5 + t6 * t7 - t8 / t9", "mean(a, b / c, d) - mean(a)",
		"a / b / c + d", "-(a / b) * -c", "min(a / b, c) + max(a, b / c)", "abs(a / b - c)", "a - a", "-a + a",
		"a / 3 * 3 - a", "(a + b) / (c - d) * 100", "a * b * c * d", "1 / a + 1 / b"} {
		for _, v := range [][4]int64{{1, 3, 0, 0}, {999999999999999999, 7, -5, 2}, {-123456789, 987654321, 9, -20},
			{5, 5, -30, 30}, {1, 0, 0, 0}, {-7, 1, 20, 20}} {
			f.Add(s, v[0], v[1], int8(v[2]), int8(v[3]))
		}
	}
	f.Fuzz(func(t *testing.T, src string, v1, v2 int64, e1, e2 int8) {
		p, err := Parse(src)
		if err != nil {
			return
		}
		vars := Vars{}
		for i, name := range p.Names() {
			d := new(apd.Decimal)
			switch i % 4 {
			case 0:
				d.SetFinite(v1, int32(e1))
			case 1:
				d.SetFinite(v2, int32(e2))
			case 2: // up to 38 digits: a product of the two and more
				var c apd.BigInt
				c.Mul(apd.NewBigInt(v1), apd.NewBigInt(v2))
				c.Mul(&c, apd.NewBigInt(int64(i)*1_000_003+v1%1000))
				d.Coeff.Abs(&c)
				d.Negative = c.Sign() < 0
				d.Exponent = int32(e1) - int32(e2)
			default:
				d.SetFinite(int64(i)*17-v2%100, int32(e2%8))
			}
			vars[name] = d
		}
		want := p.freshEval(vars)
		got, ok := p.evalFixed(vars)
		if !ok {
			return
		}
		require.NoError(t, want.err, "fixed width answered %v where apd refuses %q", got, src)
		require.Equal(t, want.r.Value.Coeff.String(), got.Value.Coeff.String(), "coefficient of %q", src)
		require.Equal(t, want.r.Value.Exponent, got.Value.Exponent, "exponent of %q", src)
		require.Equal(t, want.r.Value.Negative, got.Value.Negative, "sign of %q", src)
		require.Equal(t, want.r.Value.Form, got.Value.Form)
		require.Equal(t, want.r.Inexact, got.Inexact, "inexact flag of %q", src)
	})
}
