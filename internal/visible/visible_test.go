package visible_test

import (
	"testing"

	"github.com/reckonhq/reckon/internal/visible"
	"github.com/stretchr/testify/require"
)

func TestIn(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   bool
		reason string
	}{
		{name: "word", in: "10-K p.38", want: true},
		{name: "one letter", in: "x", want: true},
		{name: "cjk", in: "年報", want: true},
		{name: "letter among invisibles", in: "\u200bx\u200b", want: true},
		{name: "empty", in: ""},
		{name: "spaces", in: " \t\u00a0\u3000"},
		{name: "zero width space", in: "\u200b"},
		{name: "zero width joiners", in: "\u200c\u200d\u2060\ufeff"},
		{name: "braille blank", in: "\u2800", reason: "a graphic symbol with no dot raised"},
		{name: "hangul filler", in: "\u3164", reason: "a letter that is Other_Default_Ignorable"},
		{name: "halfwidth hangul filler", in: "\uffa0"},
		{name: "soft hyphen", in: "\u00ad"},
		{name: "combining mark alone", in: "\u0301", reason: "a mark needs a base to show"},
		{name: "variation selector", in: "\ufe0f"},
		{name: "tag characters", in: "\U000e0041\U000e0042"},
		{name: "bidi override", in: "\u202e"},
		{name: "control characters", in: "\x00\x1b\x7f\u0085"},
		{name: "line separator", in: "\u2028\u2029"},
		{name: "private use", in: "\ue000", reason: "no glyph a reader can rely on"},
		{name: "invalid utf-8", in: "\xff"},
		{name: "replacement character", in: "\ufffd", reason: "what invalid UTF-8 decodes to"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, visible.In(tc.in), "In(%q): %s", tc.in, tc.reason)
		})
	}
}

func TestIgnorable(t *testing.T) {
	for _, r := range []rune{'\u00ad', '\u034f', '\u115f', '\u180e', '\u200b', '\u2060', '\u3164', '\ufe00', '\ufeff', '\U000e0001', '\U000e01ef'} {
		require.True(t, visible.Ignorable(r), "Ignorable(%U)", r)
	}
	for _, r := range []rune{'a', ' ', '\u0600', '\ufff9', '\U00013430', '\u2800', '\u0301'} {
		require.False(t, visible.Ignorable(r), "Ignorable(%U)", r)
	}
}

func TestHidden(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{in: "track record", want: -1},
		{in: "track\u200b record", want: 5},
		{in: "the \u202eright", want: 4},
		{in: "left\u200emark", want: 4},
		{in: "isolate \u2066x\u2069", want: 8},
		{in: "naïve café", want: -1},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, visible.Hidden(tc.in), "Hidden(%q)", tc.in)
	}
}
