package main

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/reckonhq/reckon/internal/story"
	"github.com/stretchr/testify/require"
)

// TestRun pins every number the story prints. The key is fixed, so the
// signatures' key id is too.
func TestRun(t *testing.T) {
	env, err := story.NewEnv(make([]byte, 32))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, run(&b, env))
	golden.Equal(t, "testdata/output.txt", b.String())
}
