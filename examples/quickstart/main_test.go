package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	require.Equal(t, "24 + 12 + 5 = 41 tweets\nverified: true\n", golden.Stdout(t, main))
}

// TestREADMEShowsThisFile keeps the guide's tour equal to this program.
func TestREADMEShowsThisFile(t *testing.T) { golden.DocsShow(t, "main.go") }
