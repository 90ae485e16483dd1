package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	require.Equal(t, "calculate\ncheck_claims\nreleased: false refused: true\n", golden.Stdout(t, main))
}

// TestREADMEShowsThisFile keeps the README's tour equal to this program.
func TestREADMEShowsThisFile(t *testing.T) { golden.READMEShows(t, "main.go") }
