package scoring_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

func TestPromptHoldsNoWeight(t *testing.T) {
	r := scoring.GrantFit()
	p := scoring.Prompt(r, sourceNames)

	for i, c := range p {
		require.False(t, unicode.IsNumber(c), "the prompt holds a digit %q at byte %d:\n%s", c, i, p)
	}
	for _, s := range []string{"3/5", "1/5", "1/1", "0/1", "25", "100", "%", "weight 25", "twenty"} {
		require.NotContains(t, p, s)
	}

	other := scoring.GrantFit()
	other.Total = 777
	for i := range other.Criteria {
		other.Criteria[i].Weight = int64(101 + 13*i)
	}
	other.Criteria[5].Weight = 777 - (101 + 114 + 127 + 140 + 153)
	require.NoError(t, other.Validate())
	require.Equal(t, p, scoring.Prompt(other, sourceNames), "the weights do not change a byte of the prompt")
}

func TestPromptSaysWhatItMust(t *testing.T) {
	r := scoring.GrantFit()
	p := scoring.Prompt(r, sourceNames)
	for _, c := range r.Criteria {
		require.Contains(t, p, "- "+c.Name+": "+c.Description+"\n")
	}
	for _, v := range scoring.Verdicts {
		require.Contains(t, p, "- "+v.String()+": "+v.Meaning()+"\n")
	}
	for _, s := range sourceNames {
		require.Contains(t, p, "- Citation ("+s+"): \"")
	}
	require.Contains(t, p, "## <criterion name>\n- Verdict: <one verdict word>\n")
	require.Contains(t, p, "[NEEDS INPUT: your question]")

	// The format the prompt shows, filled in, is what Parse reads.
	var b strings.Builder
	for _, c := range r.Criteria {
		b.WriteString("## " + c.Name + "\n- Verdict: NONE\n- Citation (org profile): \"Volunteer mentors meet weekly\"\n")
	}
	_, err := scoring.Parse(b.String(), r, sourceNames)
	require.NoError(t, err)
}
