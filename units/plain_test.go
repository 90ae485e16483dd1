package units

import (
	"testing"

	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// TestAmountPlain pins that an amount's value prints without an exponent:
// Value.String() printed 1.23456E+10 for 1,234.56 crore.
func TestAmountPlain(t *testing.T) {
	tests := []struct {
		name, display, unit, scale, want string
	}{
		{"crore", "1,234.56", "INR", "crore", "12345600000"},
		{"million", "1,234.5", "USD", "million", "1234500000"},
		{"percent", "6.7%", "percent", "", "0.067"},
		{"basis points", "25", "bp", "", "0.0025"},
		{"negative", "(799)", "USD", "million", "-799000000"},
		{"zero", "(0)", "USD", "", "0"},
		{"ones", "41", "count:tweets", "", "41"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := ParseUnit(tt.unit)
			require.NoError(t, err)
			s, err := numeral.ParseScale(tt.scale)
			require.NoError(t, err)
			a, err := ParseAmount(tt.display, u, s)
			require.NoError(t, err)
			require.Equal(t, tt.want, a.Plain())
		})
	}
	require.Equal(t, "0", Amount{}.Plain(), "the zero Amount")
}
