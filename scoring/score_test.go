package scoring_test

import (
	"encoding/json"
	"testing"

	"github.com/reckonhq/reckon/scoring"
	"github.com/stretchr/testify/require"
)

func TestScoreExample(t *testing.T) {
	rep := scoring.Score(read(t, "blocks/example.md"), scoring.GrantFit(), sources(t), scoring.Options{})
	out, err := json.MarshalIndent(rep, "", "  ")
	require.NoError(t, err)
	t.Log(string(out))
}
