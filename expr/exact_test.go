package expr

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestExact evaluates formulas over exact rationals, where Eval rounds.
func TestExact(t *testing.T) {
	c, _, err := NewContext().NewFromString("8.000000000000000000000000000000001")
	require.NoError(t, err)
	env := Vars{"a": apd.New(1, 0), "b": apd.New(3, 0), "c": c, "z": apd.New(0, 0), "n": apd.New(-25, -1)}
	tests := []struct {
		formula, want string // want as a fraction, or an error code
		inexact       bool   // whether Eval had to round
	}{
		{"a / b * b", "1", true},
		{"a / c", "1000000000000000000000000000000000/8000000000000000000000000000000001", true},
		{"mean(a, b, a)", "5/3", true},
		{"abs(n) + min(a, b) - max(a, n)", "5/2", false},
		{"-(a / b)", "-1/3", true},
		{"a / z", string(fault.DivisionByZero), false},
	}
	for _, tc := range tests {
		t.Run(tc.formula, func(t *testing.T) {
			f := MustParse(tc.formula)
			got, err := f.Exact(env)
			if tc.want == string(fault.DivisionByZero) {
				var e *Error
				require.ErrorAs(t, err, &e)
				require.Equal(t, fault.DivisionByZero, e.Code)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got.RatString())
			res, err := f.Eval(env)
			require.NoError(t, err)
			require.Equal(t, tc.inexact, res.Inexact)
		})
	}
}

// TestRatOf holds RatOf, fast path and slow, to big.Rat's own reading of
// the decimal's text.
func TestRatOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 5000 {
		var d apd.Decimal
		switch i % 3 {
		case 0:
			d.SetFinite(rng.Int64N(1<<62)-(1<<61), int32(rng.IntN(60)-30))
		case 1:
			d.SetFinite(rng.Int64N(1000)-500, int32(rng.IntN(40)-20))
		default:
			_, _, err := NewContext().SetString(&d, "123456789012345678901234567890123.4")
			require.NoError(t, err)
			d.Exponent -= int32(rng.IntN(20))
		}
		want, ok := new(big.Rat).SetString(d.String())
		require.True(t, ok, d.String())
		require.Equal(t, want.RatString(), RatOf(&d).RatString(), "RatOf(%s)", d.String())
	}
}
