package receipt_test

import (
	"testing"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// A percent is never grounded in a quote that prints percentage points,
// basis points or per mille, however the words are spelled or glued: each
// would sign a number ten, a hundred times off, or in the wrong unit.
func TestGroundingReadsEveryPointsAndPerMilleSpelling(t *testing.T) {
	for _, tc := range []struct {
		text, display, unit string
		ok                  bool
	}{
		{"Operating margin rose 1.5%-points", "1.5%", "percent", false},
		{"Operating margin rose 1.5%pts", "1.5%", "percent", false},
		{"Operating margin rose 1.5 per cent points", "1.5%", "percent", false},
		{"Operating margin rose 1.5 percent pts", "1.5%", "percent", false},
		{"Operating margin rose 1.5%-points", "1.5", "pp", true},
		{"The default rate was 5‰", "5%", "percent", false},
		{"The default rate was 5‰", "5", "number", false},
		{"The default rate was 5 per mille", "5%", "percent", false},
		{"Rates fell 25 basis pts", "25%", "percent", false},
		{"Rates fell 25 basis pts", "25", "bp", true},
		{"Margin rose 2 percentage pts", "2%", "percent", false},
		{"Margin rose 2 percentage pts", "2", "pp", true},
	} {
		src, err := quote.NewSources(map[string]string{"d.txt": tc.text + " in fiscal 2024."})
		require.NoError(t, err)
		_, err = receipt.Calculate(&receipt.Request{ID: "s", Formula: "x", Sources: src, Inputs: []receipt.Input{{Name: "x",
			Display: tc.display, Unit: tc.unit, Provenance: "text", Source: "d.txt", Quote: tc.text}}})
		if tc.ok {
			require.NoError(t, err, "%q as %s %s", tc.text, tc.display, tc.unit)
		} else {
			require.Error(t, err, "%q as %s %s", tc.text, tc.display, tc.unit)
		}
	}
}
