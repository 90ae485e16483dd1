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

// Values gives every sub-expression its exact value, and none to a part
// that fails or to what is built on it.
func TestValues(t *testing.T) {
	f, err := Parse("(x / 3) * 3 + y / z")
	if err != nil {
		t.Fatal(err)
	}
	got := Values(f.Root, map[string]*big.Rat{"x": big.NewRat(2, 1), "y": big.NewRat(1, 1), "z": new(big.Rat)}, 1024)
	sum := f.Root.(*Binary)
	left := sum.X.(*Binary)
	if v := got[left]; v == nil || v.Cmp(big.NewRat(2, 1)) != 0 {
		t.Fatalf("(x / 3) * 3 = %v, want 2", v)
	}
	if _, ok := got[sum.Y]; ok {
		t.Fatal("y / z has no value: z is zero")
	}
	if _, ok := got[sum]; ok {
		t.Fatal("nor has the sum over it")
	}
	if v := got[left.X.(*Binary).Y]; v == nil || v.Cmp(big.NewRat(3, 1)) != 0 {
		t.Fatalf("the literal 3 = %v", v)
	}
	if len(Values(nil, nil, 1024)) != 0 {
		t.Fatal("a nil tree has no values")
	}
}
