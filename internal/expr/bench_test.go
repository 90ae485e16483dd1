package expr

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
)

// benchFormula is the seed formula every comparison uses.
const benchFormula = "(debt_current + debt_long + leases) / (operating_income + da)"

func benchVars() Vars {
	return Vars{
		"debt_current": apd.New(799, 0), "debt_long": apd.New(6692, 0), "leases": apd.New(3916, 0),
		"operating_income": apd.New(6708, 0), "da": apd.New(1781, 0),
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(benchFormula); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEval(b *testing.B) {
	f, vars := MustParse(benchFormula), benchVars()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Eval(vars); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseEval is the figure the README reports: a fresh formula
// parsed and evaluated.
func BenchmarkParseEval(b *testing.B) {
	vars := benchVars()
	b.ReportAllocs()
	for b.Loop() {
		f, err := Parse(benchFormula)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.Eval(vars); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkString(b *testing.B) {
	f := MustParse(benchFormula)
	b.ReportAllocs()
	for b.Loop() {
		_ = f.String()
	}
}

// BenchmarkHostile measures the worst inputs' time to refusal.
func BenchmarkHostile(b *testing.B) {
	for _, bc := range []struct {
		name, in string
		lim      Limits
	}{
		{"nested200k", strings.Repeat("(", 200000), Limits{MaxBytes: CapMaxBytes}},
		{"terms40k", sum(40000), Limits{MaxBytes: CapMaxBytes, MaxNodes: CapMaxNodes}},
		{"garbage1MiB", strings.Repeat("\xff(a+*", 1<<18), Limits{}},
		{"largestDefault", sum((DefaultMaxNodes + 1) / 2), Limits{}},
		{"largestAtCaps", sum(CapMaxNodes / 2), Limits{MaxBytes: CapMaxBytes, MaxNodes: CapMaxNodes}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				_, _ = ParseLimits(bc.in, bc.lim)
			}
		})
	}
}

// BenchmarkParseParticiple measures the participle path alone, which
// defines the grammar and words every syntax error; well-formed formulas
// take the fast path that BenchmarkParse measures.
func BenchmarkParseParticiple(b *testing.B) {
	toks, err := scan(benchFormula, DefaultLimits())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runParticiple(benchFormula, toks); err != nil {
			b.Fatal(err)
		}
	}
}

// terms30 is the 30-term formula of bench/'s comparison with expr-lang:
// t01 + t02 * t03 - t04 / t05 + …, values between 1 and 999.99.
func terms30() (string, Vars) {
	var b strings.Builder
	vars := Vars{}
	ops := []string{" + ", " * ", " - ", " / "}
	for i := range 30 {
		if i > 0 {
			b.WriteString(ops[(i-1)%len(ops)])
		}
		name := fmt.Sprintf("t%02d", i+1)
		b.WriteString(name)
		vars[name] = apd.New(int64((1+(i*37)%999)*100+(i*13)%100), -2)
	}
	return b.String(), vars
}

// BenchmarkEvalTerms30 is the cached 30-term formula bench/ compares with
// expr-lang: 29 exact operations, divisions included.
func BenchmarkEvalTerms30(b *testing.B) {
	src, vars := terms30()
	f := MustParse(src)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Eval(vars); err != nil {
			b.Fatal(err)
		}
	}
}
