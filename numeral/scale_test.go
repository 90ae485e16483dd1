package numeral

import (
	vectors "github.com/reckonhq/reckon/internal/printed"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// dash reads "-" in a testdata column as the empty string.
func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

func TestScalesTestdata(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range vectors.Lines(t, "testdata/scales.txt") {
		t.Run(tc.ID, func(t *testing.T) {
			s, err := ParseScale(dash(tc.In))
			require.NoError(t, err, "ParseScale(%q)", tc.In)
			want := strings.Fields(tc.Want)
			require.Len(t, want, 2, "scales.txt:%d", tc.N)
			require.Equal(t, dash(want[0]), s.Word(), "ParseScale(%q).Word()", tc.In)
			require.Equal(t, want[1], s.Factor().Text('f'), "ParseScale(%q).Factor()", tc.In)
			require.Equal(t, len(want[1])-1, s.Exp(), "ParseScale(%q).Exp()", tc.In)
		})
		seen[strings.ToLower(dash(tc.In))] = true
	}
	// The table and the file must list the same words.
	for _, row := range scaleWords {
		for _, a := range row.aliases {
			require.True(t, seen[a], "scale word %q is missing from testdata/scales.txt", a)
		}
	}
}

func TestParseScaleUnknown(t *testing.T) {
	for _, in := range []string{"lakhz", "milliard", "10^5", "thousand million"} {
		_, err := ParseScale(in)
		var e *fault.Error
		require.ErrorAs(t, err, &e, "ParseScale(%q)", in)
		require.Equal(t, fault.UnknownScale, e.Code)
		require.Contains(t, e.Hint, "lakh, lakhs, lac, lacs", "the hint lists the known words")
		require.Equal(t, "scale", e.Field)
	}
}

func TestScaleString(t *testing.T) {
	require.Equal(t, "units", Ones.String())
	require.Equal(t, "", Ones.Word())
	require.Equal(t, "crore", Crore.String())
	require.Equal(t, Scale{}, Ones, "the zero Scale is Ones")
	require.Equal(t, Billion.Exp(), Arab.Exp())
	require.NotEqual(t, Billion, Arab, "scales compare by word")
}
