package units

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// fastUnits and fastScales span the targets presentDecimal takes and the
// ones it leaves (years).
var (
	fastUnits  = []string{"USD", "INR", "ratio", "number", "percent", "pp", "bp", "count:shares", "days", "months", "years", "USD/count:shares", "count:tweets/days", "USD/years"}
	fastScales = []string{"", "thousand", "lakh", "crore", "million", "bn"}
	fastModes  = []string{"half_even", "half_up", "down", "up", "floor", "ceiling"}
)

// requirePresentDecimalAgrees holds presentDecimal to PresentExact on the
// same value and target, whenever it answers.
func requirePresentDecimalAgrees(t *testing.T, coeff int64, exp int32, unit, scale, mode uint8, places int8, indian bool) {
	t.Helper()
	u, err := ParseUnit(fastUnits[int(unit)%len(fastUnits)])
	require.NoError(t, err)
	s, ok := numeral.LookupScale(fastScales[int(scale)%len(fastScales)])
	require.True(t, ok)
	tg := Target{Unit: u, Scale: s, Places: int(places) % 40, Indian: indian}
	if tg.Places < 0 {
		tg.Places = -1
	} else {
		tg.Rounding = roundings[fastModes[int(mode)%len(fastModes)]]
	}
	d := apd.New(coeff, exp%120)
	got, ok := tg.presentDecimal(d)
	if !ok {
		return
	}
	want, err := tg.PresentExact(expr.RatOf(d))
	require.NoError(t, err, "presentDecimal answered %s in %+v", d, tg)
	require.Equal(t, want, got, "%s in %+v", d, tg)
}

func TestPresentDecimalAgrees(t *testing.T) {
	for _, tc := range []struct {
		coeff  int64
		exp    int32
		places int8
	}{
		{83672770, -2, 2}, {-799, 0, 3}, {125, -3, 2}, {-125, -3, 2}, {135, -3, 2}, {5, -1, 0}, {-5, -1, 0},
		{177, -4, 0}, {0, -3, 2}, {0, 5, -1}, {1, 30, 2}, {123456789, -20, 4}, {999999999999999999, 0, 34},
		{1, -96, 34}, {15, -1, -1}, {10000, 0, -1},
	} {
		for unit := range fastUnits {
			for scale := range fastScales {
				for mode := range fastModes {
					requirePresentDecimalAgrees(t, tc.coeff, tc.exp, uint8(unit), uint8(scale), uint8(mode), tc.places, scale%2 == 0)
				}
			}
		}
	}
}

// TestPresentDecimalTakesCommonTargets: the seed requests' targets take the
// fast path, so the comparison above is not vacuous.
func TestPresentDecimalTakesCommonTargets(t *testing.T) {
	u, err := ParseUnit("INR")
	require.NoError(t, err)
	s, _ := numeral.LookupScale("crore")
	p, ok := Target{Unit: u, Scale: s, Places: 2, Rounding: apd.RoundHalfEven, Indian: true}.presentDecimal(apd.New(836727700000, -2))
	require.True(t, ok)
	require.Equal(t, "836.73", p.Value)
	require.Equal(t, "836.7277", p.Exact, "exact is reduced")
}

func FuzzPresentDecimal(f *testing.F) {
	f.Add(int64(83672770), int32(-2), uint8(0), uint8(3), uint8(0), int8(2), true)
	f.Add(int64(-125), int32(-3), uint8(4), uint8(0), uint8(1), int8(2), false)
	f.Add(int64(177), int32(-4), uint8(2), uint8(1), uint8(3), int8(0), false)
	f.Fuzz(requirePresentDecimalAgrees)
}
