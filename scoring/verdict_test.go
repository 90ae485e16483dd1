package scoring_test

import (
	"encoding/json"
	"testing"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

func TestVerdicts(t *testing.T) {
	tests := []struct {
		v    scoring.Verdict
		word string
		frac string
	}{
		{scoring.Strong, "STRONG", "1/1"},
		{scoring.Moderate, "MODERATE", "3/5"},
		{scoring.Weak, "WEAK", "1/5"},
		{scoring.None, "NONE", "0/1"},
		{scoring.Unrated, "UNRATED", "0/1"},
		{scoring.Verdict(9), "Verdict(9)", "0/1"},
	}
	for _, tc := range tests {
		require.Equal(t, tc.word, tc.v.String())
		require.Equal(t, tc.frac, tc.v.Fraction().String(), "%s", tc.v)
	}
	for _, v := range scoring.Verdicts {
		got, ok := scoring.ParseVerdict(" " + v.String() + " ")
		require.True(t, ok)
		require.Equal(t, v, got)
		require.NotEmpty(t, v.Meaning())
	}
	for _, w := range []string{"", "UNRATED", "STRONGLY", "good",
		"ſtrong", "ſTRONG", // long s folds to s under Unicode case folding; NFC keeps it
		"ＳＴＲＯＮＧ",         // fullwidth letters
		"STRОNG",         // Cyrillic O
		"ΝΟΝΕ",           // Greek capitals
		"STRONG\u200b",   // a zero-width space inside the word
		"MODERATE\u0301", // NFC composes É, which is no ASCII letter
	} {
		_, ok := scoring.ParseVerdict(w)
		require.False(t, ok, "ParseVerdict(%q): a verdict word is ASCII after NFC", w)
	}
	v, ok := scoring.ParseVerdict("WEA\u212a")
	require.True(t, ok, "the Kelvin sign is canonically equivalent to K: NFC makes it ASCII")
	require.Equal(t, scoring.Weak, v)
	v, ok = scoring.ParseVerdict("moderate")
	require.True(t, ok)
	require.Equal(t, scoring.Moderate, v)
}

func TestVerdictJSON(t *testing.T) {
	out, err := json.Marshal([]scoring.Verdict{scoring.Strong, scoring.Unrated, scoring.None})
	require.NoError(t, err)
	require.Equal(t, `["STRONG","","NONE"]`, string(out))
	var back []scoring.Verdict
	require.NoError(t, json.Unmarshal(out, &back))
	require.Equal(t, []scoring.Verdict{scoring.Strong, scoring.Unrated, scoring.None}, back)
	require.Error(t, json.Unmarshal([]byte(`["strong"]`), &back), "JSON holds the canonical word")
	_, err = json.Marshal(scoring.Verdict(-1))
	require.Error(t, err)
}

func TestFlags(t *testing.T) {
	f := scoring.FlagCitationNotFound | scoring.FlagDowngraded
	require.Equal(t, "citation_not_found, downgraded", f.String())
	out, err := json.Marshal(struct{ A, B scoring.Flags }{f, 0})
	require.NoError(t, err)
	require.Equal(t, `{"A":["citation_not_found","downgraded"],"B":[]}`, string(out))
	var back scoring.Flags
	require.NoError(t, json.Unmarshal([]byte(`["needs_input","citation_wrong_source"]`), &back))
	require.Equal(t, scoring.FlagNeedsInput|scoring.FlagWrongSource, back)
	require.Error(t, json.Unmarshal([]byte(`["fine"]`), &back))
}
