package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	vectors "github.com/reckonhq/reckon/internal/printed"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// TestPrintedTestdata runs the reader and display parsing against the spec
// vectors of testdata/printed.txt: a readable text is one token that spans
// it, reads to the value, and parses as a display in its unit to the same
// number and scale; a refused text is refused by ParseAmount with the code.
func TestPrintedTestdata(t *testing.T) {
	for _, c := range vectors.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			tok, ok := numeral.Next(c.Text, 0)
			require.True(t, ok, "Next(%q) finds a number", c.Text)
			if c.Refused() {
				_, err := ParseAmount(c.Text, Number, numeral.Ones)
				require.Equal(t, c.Code, codeOf(t, err), "ParseAmount(%q): %v", c.Text, err)
				if c.Code != fault.UnknownScale {
					require.True(t, !tok.Readable() || tok.Marker != "" || tok.End < len(c.Text),
						"the reader reports what the display refuses in %q: %+v", c.Text, tok)
				}
				return
			}
			want, _, err := apd.NewFromString(c.Value)
			require.NoError(t, err)
			require.Equal(t, [2]int{0, len(c.Text)}, [2]int{tok.Start, tok.End}, "Next(%q) spans the text: %+v", c.Text, tok)
			v, err := tok.Value()
			require.NoError(t, err, "Next(%q).Value()", c.Text)
			require.Zero(t, want.Cmp(v), "Next(%q).Value() = %s", c.Text, v)
			a, err := ParseAmount(c.Text, mustUnit(t, c.Unit), numeral.Ones)
			require.NoError(t, err, "ParseAmount(%q, %s)", c.Text, c.Unit)
			require.Zero(t, want.Cmp(&a.Printed), "ParseAmount(%q).Printed = %s", c.Text, &a.Printed)
			require.Equal(t, c.Scale, a.Scale.Word(), "ParseAmount(%q).Scale", c.Text)
		})
	}
}
