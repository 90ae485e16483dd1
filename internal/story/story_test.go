package story

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func testEnv(t testing.TB) Env {
	env, err := NewEnv(make([]byte, 32))
	require.NoError(t, err)
	return env
}

func TestAllStoriesRun(t *testing.T) {
	for _, s := range All() {
		var b strings.Builder
		require.NoError(t, Run(&b, s, testEnv(t)), s.Name)
		t.Log("\n" + b.String())
	}
}

func TestGrantDocumentsMatchScoringTestdata(t *testing.T) {
	for file, text := range map[string]string{
		"opportunity.txt": grantOpportunity, "profile.txt": grantProfile, "blocks/example.md": grantBlocks,
	} {
		data, err := os.ReadFile("../../scoring/testdata/" + file)
		require.NoError(t, err)
		require.Equal(t, string(data), text, file)
	}
}
