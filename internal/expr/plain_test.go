package expr

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

func TestPlain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0", "0"}, {"-0", "0"}, {"-0.00", "0.00"}, {"1.3440", "1.3440"}, {"0.005", "0.005"},
		{"-12.5", "-12.5"}, {"8367277000", "8367277000"}, {"1E+3", "1000"}, {"18446744073709551616.5", "18446744073709551616.5"},
		{"0.0000000000000000000001", "0.0000000000000000000001"},
	} {
		d, _, err := apd.NewFromString(tc.in)
		require.NoError(t, err)
		require.Equal(t, tc.want, Plain(d), "Plain(%s)", tc.in)
	}
}

// FuzzPlain holds the fast path of Plain to apd's own formatting.
func FuzzPlain(f *testing.F) {
	f.Add(uint64(13440), int32(-4), false)
	f.Add(uint64(5), int32(-3), true)
	f.Add(uint64(0), int32(-2), true)
	f.Add(uint64(18446744073709551615), int32(-19), false)
	f.Fuzz(func(t *testing.T, coeff uint64, exp int32, neg bool) {
		var d apd.Decimal
		d.Coeff.SetUint64(coeff)
		d.Exponent, d.Negative = exp%40, neg
		want := d.Text('f')
		if d.IsZero() && d.Negative {
			var z apd.Decimal
			z.Set(&d)
			z.Negative = false
			want = z.Text('f')
		}
		require.Equal(t, want, Plain(&d))
	})
}
