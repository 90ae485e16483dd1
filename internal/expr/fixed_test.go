package expr

import (
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

// TestEvalFixedAnswers: the fixed-width evaluator answers the formulas it
// was built for (long sums of products and 34-digit quotients, the seed
// ratio), each exactly as apd does, over many random values of up to 9
// digits at scales from 10^-6 to 10^2.
func TestEvalFixedAnswers(t *testing.T) {
	src30, _ := terms30()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, src := range []string{src30, benchFormula, "abs((forecast - actual) / forecast)", "income - funds",
		"mean(a, b, c) / min(a, b) - max(c, a) * 3", "-(a / b) / (c * c) + 0.5"} {
		p := MustParse(src)
		answered := 0
		for range 500 {
			vars := Vars{}
			for _, name := range p.Names() {
				d := apd.New(rng.Int64N(1_000_000_000)-rng.Int64N(1_000), int32(rng.IntN(9)-6))
				vars[name] = d
			}
			want := p.freshEval(vars)
			got, ok := p.evalFixed(vars)
			if !ok {
				continue
			}
			answered++
			require.NoError(t, want.err, "%q", src)
			require.Equal(t, want.r.Value.Coeff.String(), got.Value.Coeff.String(), "%q over %v", src, vars)
			require.Equal(t, want.r.Value.Exponent, got.Value.Exponent, "%q over %v", src, vars)
			require.Equal(t, want.r.Value.Negative, got.Value.Negative, "%q over %v", src, vars)
			require.Equal(t, want.r.Inexact, got.Inexact, "%q over %v", src, vars)
		}
		require.Greater(t, answered, 400, "the fixed-width path answers most evaluations of %q", src)
	}
}

// TestEvalFixedGivesUp: what the fixed-width evaluator does not handle it
// leaves to apd, which refuses or answers as it always has.
func TestEvalFixedGivesUp(t *testing.T) {
	long, _, err := apd.NewFromString("1234567890123456789012345678901234567") // 37 digits
	require.NoError(t, err)
	for _, tc := range []struct {
		name, in string
		vars     Vars
		reason   string
	}{
		{"unbound", "a + b", Vars{"a": apd.New(1, 0)}, "apd words the unbound_name error"},
		{"zero divisor", "a / b", Vars{"a": apd.New(1, 0), "b": apd.New(0, 0)}, "apd words division_by_zero"},
		{"long coefficient", "a + 1", Vars{"a": long}, "more than 34 digits: apd rounds the input's sum"},
		{"tiny", "a * a", Vars{"a": apd.New(1, -50)}, "an exponent near the context's limit"},
		{"huge", "a * a", Vars{"a": apd.New(1, 20)}, "past the magnitude limit: apd refuses"},
		{"wide divisor", "1 / (a / 3)", Vars{"a": apd.New(1, 0)}, "a 34-digit divisor is above 2^64: apd's long division"},
		{"long divisor", "1 / a", Vars{"a": apd.New(1234567890123456789, 0)}, "19 digits fit one word: answered"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParse(tc.in)
			_, ok := p.evalFixed(tc.vars)
			if tc.name == "long divisor" {
				require.True(t, ok, tc.reason)
				return
			}
			require.False(t, ok, tc.reason)
			want := p.freshEval(tc.vars)
			got, err := p.Eval(tc.vars)
			if want.err != nil {
				require.EqualError(t, err, want.err.Error())
				return
			}
			require.NoError(t, err)
			require.Equal(t, want.r.String(), got.String())
		})
	}
}
