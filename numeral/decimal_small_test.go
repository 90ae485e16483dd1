package numeral

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// requireSmallDecimalAgrees holds smallDecimal to SetString under the one
// context: the same coefficient, exponent and form whenever it reads.
func requireSmallDecimalAgrees(t *testing.T, digits string) {
	t.Helper()
	got, ok := smallDecimal(digits)
	if !ok {
		return
	}
	want, _, err := expr.NewContext().SetString(new(apd.Decimal), digits)
	require.NoError(t, err, "smallDecimal read %q", digits)
	require.Equal(t, want.String(), got.String(), "%q", digits)
	require.Equal(t, want.Exponent, got.Exponent, "%q", digits)
	require.Zero(t, want.Coeff.Cmp(&got.Coeff), "%q", digits)
	require.Equal(t, want.Form, got.Form, "%q", digits)
	require.Equal(t, want.Negative, got.Negative, "%q", digits)
}

func TestSmallDecimal(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
		reason   string
	}{
		{"integer", "799", true, ""},
		{"fraction", "109638.91", true, ""},
		{"leading zeros", "0012.50", true, "SetString keeps the trailing zero and drops the leading ones"},
		{"zero", "0", true, ""},
		{"zero fraction", "0.000", true, "zero with three places, as SetString reads it"},
		{"18 digits", "123456789012345678", true, "the most a uint64 takes in any digits"},
		{"19 digits", "1234567890123456789", false, "past 18 digits SetString reads it"},
		{"max uint64 digits", "99999999999999999999", false, "would overflow"},
		{"point first", ".5", false, "left to SetString"},
		{"point last", "5.", false, "left to SetString"},
		{"two points", "1.2.3", false, "not a number"},
		{"exponent", "1e5", false, "left to SetString"},
		{"sign", "-1", false, "the sign is the caller's"},
		{"empty", "", false, "no digits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ok := smallDecimal(tc.in)
			require.Equal(t, tc.ok, ok, tc.reason)
			requireSmallDecimalAgrees(t, tc.in)
		})
	}
}

func FuzzSmallDecimal(f *testing.F) {
	for _, s := range []string{"799", "109638.91", "0012.50", "0.000", "123456789012345678", "1.2.3", ".5"} {
		f.Add(s)
	}
	f.Fuzz(requireSmallDecimalAgrees)
}
