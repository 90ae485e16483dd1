package dates

import (
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestParseVectors runs every case of testdata/dates.txt through Parse.
func TestParseVectors(t *testing.T) {
	for _, v := range readVectors(t, "dates.txt", 2) {
		t.Run(v.id, func(t *testing.T) {
			o := options(t, v.cols[0])
			display := strings.TrimPrefix(v.cols[1], " ") // the id's separator may be followed by spaces that belong to the display
			d, err := o.Parse(display)
			if code, ok := strings.CutPrefix(v.want, "error "); ok {
				var e *fault.Error
				require.True(t, errors.As(err, &e), "line %d: Parse(%q) = %v, %v; want error %s", v.line, display, d, err, code)
				require.Equal(t, code, e.Code, "line %d: Parse(%q): %v", v.line, display, err)
				require.NotEmpty(t, e.Hint, "line %d: Parse(%q) hint", v.line, display)
				return
			}
			require.NoError(t, err, "line %d: Parse(%q)", v.line, display)
			require.Equal(t, v.want, d.String(), "line %d: Parse(%q)", v.line, display)
		})
	}
}
