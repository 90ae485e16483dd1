package story

import (
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
