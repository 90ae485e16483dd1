package quote

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNeedsInput(t *testing.T) {
	text := "Revenue: [NEEDS INPUT: FY2023 revenue?] and [needs input:   which segment? ]\n" +
		"[NEEDS INPUT: no end here\n" +
		"[NEEDS INPUT] and [NEEDS INPUT: ] and [NEEDSX] and [ NEEDS  INPUT : spaced ]"
	got := NeedsInput(text)
	want := []Marker{
		{Start: 9, End: 39, Question: "FY2023 revenue?"},
		{Start: 44, End: 76, Question: "which segment?"},
		{Start: 77, End: 102, Question: "no end here", Problem: "unterminated"},
		{Start: 103, End: 116, Question: "", Problem: "missing_colon"},
		{Start: 121, End: 136, Question: "", Problem: "empty_question"},
		{Start: 154, End: 179, Question: "spaced"},
	}
	require.Equal(t, want, got)
	for _, m := range got {
		require.Equal(t, byte('['), text[m.Start])
	}
	require.Nil(t, NeedsInput("no markers [at all]"))
}
