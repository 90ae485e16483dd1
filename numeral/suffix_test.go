package numeral

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSuffixes: what a number prints after itself decides its suffix;
// points after a percent, however glued, make percentage points, and a
// per-mille number is unreadable, never read as a plain number or a
// percent.
func TestSuffixes(t *testing.T) {
	for _, tc := range []struct {
		text     string
		suffix   Suffix
		readable bool
	}{
		{"5%", SuffixPercent, true},
		{"5 per cent", SuffixPercent, true},
		{"5% points", SuffixPP, true},
		{"5 % pts", SuffixPP, true},
		{"5%-points", SuffixPP, true},
		{"5%pts", SuffixPP, true},
		{"5%-pts", SuffixPP, true},
		{"5 per cent points", SuffixPP, true},
		{"5 percent pts", SuffixPP, true},
		{"5 percentage pts", SuffixPP, true},
		{"5-percentage-point", SuffixPP, true},
		{"5 basis pts", SuffixBP, true},
		{"5 basis-pts", SuffixBP, true},
		{"5 bps", SuffixBP, true},
		{"5×", SuffixRatio, true},
		{"5‰", 0, false},
		{"5 ‰", 0, false},
		{"5 per mille", 0, false},
		{"5 permille", 0, false},
		{"5‱", 0, false},
	} {
		tok, ok := Next(tc.text, 0)
		require.True(t, ok, tc.text)
		require.Equal(t, tc.text, tok.Text, "the token spans %q", tc.text)
		require.Equal(t, tc.suffix, tok.Suffix, "%q", tc.text)
		require.Equal(t, tc.readable, tok.Readable(), "%q: %s", tc.text, tok.Flags)
		if !tc.readable {
			require.ErrorContains(t, tok.Err(), "per-mille")
		}
	}
}
