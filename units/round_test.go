package units

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return r
}

// TestPresentExactRoundsOnce: 1 / 8.000000000000000000000000000000001
// rounded half-up to 2 places gave 0.13 (the true value is 0.12499…, so
// 0.12), with exact showing 0.125 as if it were exact.
func TestPresentExactRoundsOnce(t *testing.T) {
	tests := []struct {
		name, in, unit, mode string
		places               int
		value, exact         string
	}{
		{"just under a tie", "1000000000000000000000000000000000/8000000000000000000000000000000001", "number", "half_up", 2,
			"0.12", "0.1249999999999999999999999999999999…"},
		{"just under a tie, half even", "1000000000000000000000000000000000/8000000000000000000000000000000001", "number", "half_even", 2,
			"0.12", "0.1249999999999999999999999999999999…"},
		{"just over a tie", "1000000000000000000000000000000000/7999999999999999999999999999999999", "number", "half_even", 2,
			"0.13", "0.1250000000000000000000000000000000…"},
		{"a true tie", "1/8", "number", "half_up", 2, "0.13", "0.125"},
		{"a true tie, half even", "1/8", "number", "half_even", 2, "0.12", "0.125"},
		{"a third", "1/3", "number", "half_up", 4, "0.3333", "0.3333333333333333333333333333333333…"},
		{"two thirds", "2/3", "number", "down", 2, "0.66", "0.6666666666666666666666666666666666…"},
		{"negative third up", "-1/3", "number", "up", 1, "-0.4", "-0.3333333333333333333333333333333333…"},
		{"negative floor", "-1/3", "number", "floor", 0, "-1", "-0.3333333333333333333333333333333333…"},
		{"negative ceiling", "-1/3", "number", "ceiling", 0, "0", "-0.3333333333333333333333333333333333…"},
		{"percent", "3582089552238805970149253731343284/10000000000000000000000000000000000", "percent", "half_even", 3,
			"35.821", "35.82089552238805970149253731343284"},
		{"shortfall", "24/67", "percent", "half_even", 3, "35.821", "35.82089552238805970149253731343283…"},
		{"long terminating", "1/1267650600228229401496703205376", "number", "half_even", 34,
			"0.0000000000000000000000000000007889", "0.0000000000000000000000000000007888609052210118054117285652827862…"},
		{"places keep zeros", "12/5", "number", "half_even", 2, "2.40", "2.4"},
		{"zero", "0", "number", "half_even", 2, "0.00", "0"},
		{"small negative to zero", "-1/1000", "number", "half_even", 2, "0.00", "-0.001"},
		{"no rounding", "2/3", "number", "", -1, "0.6666666666666666666666666666666667", "0.6666666666666666666666666666666666…"},
		{"large integer part", "10000000000000000000000000000000000000/3", "number", "", -1,
			"3333333333333333333333333333333333000", "3333333333333333333333333333333333333…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := Output{Unit: tc.unit, Rounding: tc.mode}
			if tc.places >= 0 {
				out.Places = places(tc.places)
			}
			target, err := Resolve(out, Dim{Unit: Number})
			require.NoError(t, err)
			p, err := target.PresentExact(rat(t, tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.value, p.Value, "value of %s", tc.in)
			require.Equal(t, tc.exact, p.Exact, "exact of %s", tc.in)
			require.Equal(t, strings.HasSuffix(tc.exact, Ellipsis), p.Inexact, "inexact of %s", tc.in)
		})
	}
}

// TestRoundBelowThePlace: apd's Quantize rounds a value whose digits all
// fall below the rounding place to zero whatever the mode, so 0.0177
// rounded up to 0 places was 0, and 0.000177 rounded up to 2 places 0.00.
func TestRoundBelowThePlace(t *testing.T) {
	tests := []struct {
		in, mode string
		places   int
		want     string
	}{
		{"0.0177", "up", 0, "1"},
		{"0.0177", "ceiling", 0, "1"},
		{"-0.0177", "floor", 0, "-1"},
		{"-0.0177", "up", 0, "-1"},
		{"0.000177", "up", 2, "0.01"},
		{"0.0051", "half_up", 0, "0"},
		{"0.0177", "half_even", 0, "0"},
		{"0.0177", "down", 0, "0"},
		{"-0.0177", "ceiling", 0, "0"},
	}
	for _, tc := range tests {
		p, err := Present(dec(t, tc.in), Dim{Unit: Number}, Output{Rounding: tc.mode, Places: places(tc.places)})
		require.NoError(t, err)
		require.Equal(t, tc.want, p.Value, "%s rounded %s to %d places", tc.in, tc.mode, tc.places)
	}
}

// TestRoundRatMatchesIntegers holds the exact rounding to integer
// arithmetic on small decimals, in every mode.
func TestRoundRatMatchesIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		coeff := rng.Int64N(2_000_000) - 1_000_000
		scale := rng.IntN(8) // value = coeff / 10^scale
		places := rng.IntN(8)
		for name, mode := range roundings {
			want := roundInt64(coeff, scale, places, name)
			got := roundRat(expr.RatOf(apd.New(coeff, -int32(scale))), places, mode)
			require.Equal(t, want, expr.Plain(got), "case %d: %d/10^%d to %d places %s", i, coeff, scale, places, name)
		}
	}
}

// roundInt64 is a second, plain implementation of rounding coeff / 10^scale
// to places, for the test above.
func roundInt64(coeff int64, scale, places int, mode string) string {
	q := coeff
	if scale > places {
		div := int64(1)
		for range scale - places {
			div *= 10
		}
		q, r := coeff/div, coeff%div
		sign := int64(1)
		if coeff < 0 {
			sign, r = -1, -r
		}
		up := false
		switch {
		case r == 0:
		case mode == "down":
		case mode == "up":
			up = true
		case mode == "floor":
			up = sign < 0
		case mode == "ceiling":
			up = sign > 0
		case mode == "half_up":
			up = 2*r >= div
		case mode == "half_even":
			up = 2*r > div || 2*r == div && q%2 != 0
		}
		if up {
			q += sign
		}
		return expr.Plain(apd.New(q, -int32(places)))
	}
	for range places - scale {
		q *= 10
	}
	return expr.Plain(apd.New(q, -int32(places)))
}

// TestRoundSignificantMatchesQuo holds the 34-digit rounding of a fraction
// to apd's correctly rounded division.
func TestRoundSignificantMatchesQuo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		n := apd.New(rng.Int64N(1<<62)-(1<<61), -int32(rng.IntN(40)))
		d := apd.New(rng.Int64N(1<<40)+1, -int32(rng.IntN(40)))
		var want apd.Decimal
		_, err := expr.NewContext().Quo(&want, n, d)
		require.NoError(t, err)
		want.Reduce(&want)
		x := new(big.Rat).Quo(expr.RatOf(n), expr.RatOf(d))
		got := roundSignificant(x, expr.Precision)
		require.Equal(t, expr.Plain(&want), expr.Plain(got), fmt.Sprintf("case %d: %s / %s", i, n, d))
	}
}
