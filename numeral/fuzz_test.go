package numeral

import (
	"testing"

	vectors "github.com/reckonhq/reckon/internal/printed"
	"github.com/stretchr/testify/require"
)

// FuzzNext checks the reader on any text: it never panics; the tokens it
// returns lie in order, do not overlap and hold their digits; Next makes
// progress and agrees with IsNumberAt and NumberEnd; and a readable token
// has a value.
// Its seeds are the texts of testdata/printed.txt, alone and in a sentence.
func FuzzNext(f *testing.F) {
	for _, c := range vectors.Cases(f) {
		f.Add(c.Text)
		f.Add("In FY2021 revenue was " + c.Text + ", up from 1,09,638.91.")
	}
	f.Fuzz(func(t *testing.T, text string) {
		end := 0
		for tok, ok := Next(text, 0); ok; tok, ok = Next(text, tok.End) {
			require.GreaterOrEqual(t, tok.Start, end, "tokens do not overlap in %q", text)
			require.True(t, tok.Start <= tok.NumStart && tok.NumStart < tok.NumEnd && tok.NumEnd <= tok.End,
				"%q: %+v", text, tok)
			require.Equal(t, text[tok.Start:tok.End], tok.Text)
			require.Equal(t, text[tok.NumStart:tok.NumEnd], tok.Number)
			if end == 0 {
				require.Equal(t, tok.End, NumberEnd(text, firstDigit(tok)), "NumberEnd agrees with Next in %q", text)
				require.True(t, IsNumberAt(text, firstDigit(tok)), "IsNumberAt agrees with Next in %q", text)
			}
			end = tok.End
			if !tok.Readable() {
				require.Error(t, tok.Err(), "an unreadable token has an error: %q", tok.Text)
				continue
			}
			_, err := tok.Value()
			require.NoError(t, err, "a readable token has a value: %q", tok.Text)
		}
	})
}

// firstDigit returns where the digits of tok begin, after a leading point.
func firstDigit(tok Token) int {
	if tok.Number[0] == '.' {
		return tok.NumStart + 1
	}
	return tok.NumStart
}
