package receipt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func loadRequest(t testing.TB, name string) *Request {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "requests", name+".json"))
	require.NoError(t, err)
	req, err := DecodeRequest(data)
	require.NoError(t, err, name)
	return req
}

func TestSeedCalculations(t *testing.T) {
	for _, tc := range []struct {
		name, value, display, expanded, unit string
		inexact                              bool
	}{
		{"costco", "1.344", "1.344×", "(799 + 6692 + 3916) / (6708 + 1781)", "ratio", true},
		{"lakh", "8367277000", "₹8,367,277,000", "(109638.91 × 100000) − (25966.14 × 100000)", "INR", false},
		{"tweets", "41", "41 tweets", "24 + 12 + 5", "count:tweets", false},
		{"shortfall", "35.821", "35.821%", "abs((6.7 − 4.3) / 6.7)", "percent", true},
		{"gap", "2.4", "2.4 pp", "6.7 − 4.3", "pp", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(loadRequest(t, tc.name))
			require.NoError(t, err)
			require.Equal(t, tc.value, r.Result.Value)
			require.Equal(t, tc.display, r.Result.Display)
			require.Equal(t, tc.expanded, r.Expanded)
			require.Equal(t, tc.unit, r.Result.Unit)
			require.Equal(t, tc.inexact, r.Result.Inexact)
		})
	}
}
