package corpus

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnitOf(t *testing.T) {
	for _, tc := range []struct {
		measure  string
		scale    int
		unit     string
		excluded string
	}{
		{"iso4217:USD", 6, "USD", ""},
		{"iso4217:EUR", 3, "EUR", ""},
		{"iso4217:USD/xbrli:shares", 0, "USD/count:shares", ""},
		{"xbrli:shares", 3, "count:shares", ""},
		{"xbrli:pure", -2, "percent", ""},
		{"xbrli:pure", 0, "number", ""},
		{"xbrli:pure", 3, "", "measure xbrli:pure"},
		{"nflx:membership", 3, "", "measure nflx:membership"},
		{"iso4217:USD/aeon:D", 0, "", "measure iso4217:USD/aeon:D"},
	} {
		unit, excluded := unitOf(tc.measure, tc.scale)
		require.Equal(t, tc.unit, unit, "unitOf(%q, %d)", tc.measure, tc.scale)
		require.Equal(t, tc.excluded, excluded, "unitOf(%q, %d)", tc.measure, tc.scale)
	}
}

func TestScaleStep(t *testing.T) {
	for _, tc := range []struct {
		word, up, down string
		hasDown        bool
	}{
		{"", "thousand", "", false},
		{"thousand", "million", "", true},
		{"million", "billion", "thousand", true},
	} {
		up, ok := scaleStep(tc.word, 1)
		require.True(t, ok, "scaleStep(%q, 1)", tc.word)
		require.Equal(t, tc.up, up, "scaleStep(%q, 1)", tc.word)
		down, ok := scaleStep(tc.word, -1)
		require.Equal(t, tc.hasDown, ok, "scaleStep(%q, -1)", tc.word)
		require.Equal(t, tc.down, down, "scaleStep(%q, -1)", tc.word)
	}
}

func TestShownDisplay(t *testing.T) {
	parens, minus := "parens", "minus"
	for _, tc := range []struct {
		name string
		fact Fact
		want string
	}{
		{"plain", Fact{Display: "294,866", Parens: "none"}, "294,866"},
		{"parentheses in the cell", Fact{Display: "3,709", Parens: "outside_same_cell", ShownNegative: &parens}, "(3,709)"},
		{"parentheses split across cells", Fact{Display: "60,710", Parens: "outside_split_cells", ShownNegative: &parens}, "(60,710)"},
		{"a minus", Fact{Display: "5", Parens: "none", ShownNegative: &minus}, "-5"},
	} {
		require.Equal(t, tc.want, tc.fact.shownDisplay(), tc.name)
	}
}

func TestPrintedWith(t *testing.T) {
	for _, tc := range []struct {
		name, display, quote, unit, scale string
	}{
		{"dollar before", "788,948", "Sales | $788,948 | $718,892", "USD", ""},
		{"percent after", "3.6", "Bell Wireless | 2,493 | 2,407 | 86 | 3.6%", "percent", ""},
		{"percent in the display", "1.7%", "Growth | 1.7% | 1.5%", "percent", ""},
		{"scale word", "5.2", "revenue grew to $5.2 million in 2019", "USD", "million"},
		{"plain", "44.1", "Other | 44.1 | 56.7 | 70.8", "number", ""},
		{"not inside a longer number", "44.1", "Other | 144.1 | $44.1", "USD", ""},
		{"accounting negative", "(5,637)", "Liabilities | $(5,637) | $(3,990)", "USD", ""},
	} {
		unit, scale := printedWith(tc.display, tc.quote)
		require.Equal(t, tc.unit, unit, "%s: printedWith(%q, %q)", tc.name, tc.display, tc.quote)
		require.Equal(t, tc.scale, scale, "%s: printedWith(%q, %q)", tc.name, tc.display, tc.quote)
	}
}

func TestAgreesAt(t *testing.T) {
	for _, tc := range []struct {
		x, gold string
		want    bool
		reason  string
	}{
		{"-22.2222", "-22.22", true, ""},
		{"12.145", "12.15", true, "half away from zero"},
		{"12.145", "12.14", true, "half to even"},
		{"12.155", "12.16", true, "both give 12.16"},
		{"12.155", "12.15", false, "neither gives 12.15"},
		{"172", "172", true, ""},
		{"-0.0000126", "-12.6", false, "a million times off is not equal"},
	} {
		x, err := parseDecimal(tc.x)
		require.NoError(t, err)
		gold, err := parseDecimal(tc.gold)
		require.NoError(t, err)
		require.Equal(t, tc.want, agreesAt(x, gold, places(tc.gold)), "agreesAt(%s, %s): %s", tc.x, tc.gold, tc.reason)
	}
}
