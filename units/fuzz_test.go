package units

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseAmount checks that ParseAmount never panics, and that whatever it
// accepts formats back to the same value: as a plain decimal, and as the
// display string Present would print, in both groupings. Its seeds are the
// lines of testdata/amounts.txt.
func FuzzParseAmount(f *testing.F) {
	for _, tc := range readCases(f, "amounts.txt") {
		c := parseAmountCase(f, tc.in)
		f.Add(c.display, c.unit, c.scale)
	}
	f.Fuzz(func(t *testing.T, display, unit, scale string) {
		u, err := ParseUnit(unit)
		if err != nil {
			return
		}
		s, err := ParseScale(scale)
		if err != nil {
			return
		}
		a, err := ParseAmount(display, u, s)
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e, "ParseAmount(%q) returns *Error", display)
			require.NotEmpty(t, e.Hint, "ParseAmount(%q): %v", display, err)
			return
		}
		again := func(display string) {
			b, err := ParseAmount(display, u, a.Scale)
			require.NoError(t, err, "ParseAmount(%q) of a formatted %q", display, a.Display)
			require.Zero(t, a.Printed.Cmp(&b.Printed), "printed of %q and %q", a.Display, display)
			require.Zero(t, a.Value.Cmp(&b.Value), "value of %q and %q", a.Display, display)
		}
		again(plain(&a.Printed))
		if _, compound := u.Per(); !compound {
			for _, indian := range []bool{false, true} {
				again(Target{Unit: u, Scale: a.Scale, Indian: indian}.display(plain(&a.Printed)))
			}
		}
	})
}
