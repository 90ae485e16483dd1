package finance

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

// apdPow is the reference intPow must equal: apd's Pow in the working
// context, with its error and whether it was exact.
func apdPow(x *apd.Decimal, n int64) (d apd.Decimal, inexact bool, err error) {
	c := newCalc()
	cond, err := c.ctx.Pow(&d, x, apd.New(n, 0))
	return d, cond.Inexact(), err
}

// apdIntegerPower is apd's integerPower, the loop of its Pow for a whole
// exponent, written with apd's own Mul in the context Pow gives it: the
// reference for powCoeff, before the last rounding hides a difference in
// the last of its digits.
func apdIntegerPower(x *apd.Decimal, n int64) (z apd.Decimal, inexact bool, err error) {
	nc := apd.BaseContext.WithPrecision(powPrecision)
	var p apd.Decimal
	p.Set(x)
	z.SetInt64(1)
	for b := n; b > 0; b >>= 1 {
		if b&1 == 1 {
			cond, err := nc.Mul(&z, &z, &p)
			if err != nil {
				return z, false, err
			}
			inexact = inexact || cond.Inexact()
		}
		if b>>1 > 0 {
			cond, err := nc.Mul(&p, &p, &p)
			if err != nil {
				return z, false, err
			}
			inexact = inexact || cond.Inexact()
		}
	}
	return z, inexact, nil
}

// requireSamePow holds intPow to apd's Pow on x^n: the same coefficient and
// exponent (not only the same value), the same inexactness, the same error.
// It reports whether intPow computed the power rather than falling back.
func requireSamePow(t testing.TB, x *apd.Decimal, n int64) bool {
	t.Helper()
	want, wantInexact, wantErr := apdPow(x, n)
	c := newCalc()
	got, ok := c.intPow(x, apd.New(n, 0))
	if !ok {
		return false
	}
	name := fmt.Sprintf("%s^%d", x.Text('e'), n)
	if coeff, exp, inexact, ok := powCoeff(x, n); ok {
		ref, refInexact, err := apdIntegerPower(x, n)
		require.NoError(t, err, name)
		require.Equal(t, ref.Coeff.String(), coeff.String(), name)
		require.Equal(t, int64(ref.Exponent), exp, name)
		require.Equal(t, refInexact, inexact, name)
	}
	if wantErr != nil {
		require.Error(t, c.err, name)
		return true
	}
	require.NoError(t, c.err, name)
	require.Equal(t, want.Coeff.String(), got.Coeff.String(), name)
	require.Equal(t, want.Exponent, got.Exponent, name)
	require.Equal(t, want.Negative, got.Negative, name)
	require.Equal(t, want.Form, got.Form, name)
	require.Equal(t, wantInexact, c.inexact, name)
	return true
}

// TestIntPowMatchesApd holds intPow to apd's Pow digit for digit over random
// growth factors 1 + r/m, the powers pmt, fv, pv and the schedules raise,
// and over operands of every length up to the working precision, signs and
// magnitudes.
func TestIntPowMatchesApd(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2026))
	computed := 0
	c := newCalc()
	for trial := 0; trial < 3000; trial++ {
		// A rate of up to 6 decimals, per period of 1, 2, 4, 12, 26, 52 or 365.
		r := apd.New(rng.Int64N(10_000_000)+1, -int32(2+rng.IntN(5)))
		m := apd.New([]int64{1, 2, 4, 12, 26, 52, 365}[rng.IntN(7)], 0)
		x := reduce(c.add(one, c.quo(r, m)))
		if rng.IntN(4) == 0 {
			x = reduce(c.sub(one, c.quo(r, apd.New(1000, 0)))) // a negative rate
		}
		n := 1 + rng.Int64N(600)
		if rng.IntN(10) == 0 {
			n = 1 + rng.Int64N(100000)
		}
		if requireSamePow(t, x, n) {
			computed++
		}
	}
	for trial := 0; trial < 2000; trial++ {
		// Any coefficient of 1 to 50 digits, any sign and exponent.
		var coeff apd.BigInt
		digits := 1 + rng.IntN(workPrecision)
		for i := 0; i < digits; i++ {
			coeff.Mul(&coeff, apd.NewBigInt(10))
			coeff.Add(&coeff, apd.NewBigInt(rng.Int64N(10)))
		}
		if coeff.Sign() == 0 {
			continue
		}
		x := apd.NewWithBigInt(&coeff, -int32(rng.IntN(2*digits+4)))
		x.Negative = rng.IntN(3) == 0
		n := 1 + rng.Int64N(400)
		if requireSamePow(t, x, n) {
			computed++
		}
	}
	// Ties: (10^30 + 5)^2 = 10^60 + 10^31 + 25 drops one digit, exactly
	// half, which apd's half up rounds up where half even would not; 99…9
	// operands whose products carry; the largest and smallest powers the
	// range allows or refuses.
	for _, s := range []string{"1000000000000000000000000000005", "1.000000000000000000000000000015", "9.99999999999999999999999999999999999999999999999", "0.999999999999999999999999999", "1.0000000000000000000000000000000000000000000000001", "1.5", "0.5", "-1.1", "10", "1e-5", "7e3"} {
		x, _, err := apd.NewFromString(s)
		require.NoError(t, err)
		for _, n := range []int64{1, 2, 3, 59, 60, 61, 360, 1000, 4000, 20000, 100000} {
			if requireSamePow(t, reduce(x), n) {
				computed++
			}
		}
	}
	require.Greater(t, computed, 4900, "intPow fell back too often to be tested")
}

// FuzzIntPow holds intPow to apd's Pow on any operand and exponent.
func FuzzIntPow(f *testing.F) {
	f.Add("1.005", int64(360))
	f.Add("0.99", int64(12))
	f.Add("-9.99999999999999999999999", int64(61))
	f.Fuzz(func(t *testing.T, s string, n int64) {
		x, _, err := apd.NewFromString(s)
		if err != nil || x.Form != apd.Finite || n < 1 || n > 100000 || x.NumDigits() > workPrecision || x.Exponent < -workExponent || x.Exponent > workExponent {
			return
		}
		requireSamePow(t, x, n)
	})
}

// TestPowPaths pins which path pow takes: the mortgage's growth factor,
// 1.005^360, is intPow's, and it equals apd's.
func TestPowPaths(t *testing.T) {
	x := apd.New(1005, -3)
	require.True(t, requireSamePow(t, x, 360))
	c := newCalc()
	got := c.pow(x, apd.New(360, 0))
	want, _, err := apdPow(x, 360)
	require.NoError(t, err)
	require.Equal(t, want.String(), got.String())
	require.True(t, c.inexact)
}
