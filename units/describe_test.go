package units

import (
	"testing"

	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// TestDescribe: the demo showed inputs as "6.7% percent" and
// "24 count:tweets", a unit in its request spelling beside a display that
// already carried it.
func TestDescribe(t *testing.T) {
	tests := []struct {
		display, unit, scale, want string
	}{
		{"6.7%", "percent", "", "6.7%"},
		{"24", "count:tweets", "", "24 tweets"},
		{"1", "count:tweets", "", "1 tweet"},
		{"799", "USD", "million", "$799 million"},
		{"6,692", "USD", "million", "$6,692 million"},
		{"1,09,638.91", "INR", "lacs", "₹1,09,638.91 lakh"},
		{"109,638.91", "INR", "lacs", "₹109,638.91 lakh"},
		{"(1,234.5)", "EUR", "", "-€1,234.5"},
		{"2.4", "pp", "", "2.4 pp"},
		{"25", "bp", "", "25 bp"},
		{"1,234", "CHF", "", "1,234 CHF"},
		{"3", "years", "", "3 years"},
		{"2.5", "USD/count:shares", "", "$2.5 per share"},
		{"1.344", "ratio", "", "1.344×"},
		{"12", "number", "", "12"},
	}
	for _, tc := range tests {
		t.Run(tc.display+" "+tc.unit, func(t *testing.T) {
			u, err := ParseUnit(tc.unit)
			require.NoError(t, err)
			s, err := numeral.ParseScale(tc.scale)
			require.NoError(t, err)
			a, err := ParseAmount(tc.display, u, s)
			require.NoError(t, err)
			require.Equal(t, tc.want, a.Describe())
		})
	}
}
