package finance

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// plainApd is plain rounding with apd alone, the reference roundResult
// must equal.
func plainApd(x *apd.Decimal) string {
	var d apd.Decimal
	if _, err := expr.NewContext().Round(&d, x); err != nil {
		return x.Text('f')
	}
	d.Reduce(&d)
	return expr.Plain(&d)
}

// requireSamePlain holds plain to plainApd on x, and when roundResult takes
// x, its decimal to apd's rounded and reduced one, exponent and all.
func requireSamePlain(t testing.TB, x *apd.Decimal) bool {
	t.Helper()
	require.Equal(t, plainApd(x), plain(x), x.Text('e'))
	d, ok := roundResult(x)
	if !ok {
		return false
	}
	var want apd.Decimal
	_, err := expr.NewContext().Round(&want, x)
	require.NoError(t, err, x.Text('e'))
	want.Reduce(&want)
	require.Equal(t, want.Coeff.String(), d.Coeff.String(), x.Text('e'))
	require.Equal(t, want.Exponent, d.Exponent, x.Text('e'))
	require.Equal(t, want.Negative, d.Negative, x.Text('e'))
	return true
}

// TestPlainMatchesApd holds plain's rounding to apd's over random values of
// every length, sign and exponent, exact halves, carries to a power of ten
// and the edges of expr's range.
func TestPlainMatchesApd(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2026))
	taken := 0
	for trial := 0; trial < 20000; trial++ {
		var coeff apd.BigInt
		digits := 1 + rng.IntN(120)
		for i := 0; i < digits; i++ {
			coeff.Mul(&coeff, apd.NewBigInt(10))
			coeff.Add(&coeff, apd.NewBigInt(rng.Int64N(10)))
		}
		if rng.IntN(4) == 0 {
			// Exact halves and trailing zeros: 34 digits, then 5 or 0
			// and zeros.
			coeff.Mul(&coeff, apd.NewBigInt(10))
			coeff.Add(&coeff, apd.NewBigInt(int64(5*rng.IntN(2))))
			for i := rng.IntN(30); i > 0; i-- {
				coeff.Mul(&coeff, apd.NewBigInt(10))
			}
		}
		x := apd.NewWithBigInt(&coeff, int32(rng.IntN(260)-200))
		x.Negative = rng.IntN(2) == 0
		if requireSamePlain(t, x) {
			taken++
		}
	}
	for _, s := range []string{"0", "-0", "1", "-1", "0.5", "1e96", "9.99999999999999999999999999999999995e96", "1e-96", "1e-97", "1e-130", "1e97",
		"9999999999999999999999999999999999.5", "9999999999999999999999999999999999.4999", "-99999999999999999999999999999999995",
		"1000000000000000000000000000000000500000", "1000000000000000000000000000000001500000", "1.2345678901234567890123456789012345",
		"360", "0.005", "1.005", "6.022e23", "-1798.651575303237758650129747354532387922"} {
		x, _, err := apd.NewFromString(s)
		require.NoError(t, err)
		requireSamePlain(t, x)
	}
	require.Greater(t, taken, 10000, "roundResult fell back too often to be tested")
}

// FuzzPlain holds plain's rounding to apd's on any decimal.
func FuzzPlain(f *testing.F) {
	f.Add("1.0045113937626824466105651662200716765463")
	f.Add("-99999999999999999999999999999999995")
	f.Fuzz(func(t *testing.T, s string) {
		x, _, err := apd.NewFromString(s)
		if err != nil || x.NumDigits() > 200 {
			return
		}
		requireSamePlain(t, x)
	})
}

// TestStripZeros holds stripZeros to a count of trailing zeros digit by
// digit, capped at workPrecision, over coefficients with 0 to 70 of them.
func TestStripZeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 2026))
	for trial := 0; trial < 5000; trial++ {
		var coeff apd.BigInt
		for i := rng.IntN(40); i >= 0; i-- {
			coeff.Mul(&coeff, apd.NewBigInt(10))
			coeff.Add(&coeff, apd.NewBigInt(rng.Int64N(10)))
		}
		if coeff.Sign() == 0 {
			continue
		}
		for i := rng.IntN(71); i > 0; i-- {
			coeff.Mul(&coeff, apd.NewBigInt(10))
		}
		s := coeff.String()
		want := len(s) - len(strings.TrimRight(s, "0"))
		want = min(want, workPrecision)
		got := coeff.MathBigInt()
		require.Equal(t, want, stripZeros(got), s)
		require.Equal(t, s[:len(s)-want], got.String(), s)
	}
}
