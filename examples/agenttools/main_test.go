package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	require.Equal(t, "calculate\nverify_receipt\nverify_quotes\nscore_verdicts\ncheck_claims\nrender_source\ncalculate: 41\n"+
		"released: true  She posted 41 tweets; 84 documents match.\n"+
		"released: false  Jane Doe authored 27 documents.\n", golden.Stdout(t, main))
}

// TestREADMEShowsThisFile keeps the guide's tour equal to this program.
func TestREADMEShowsThisFile(t *testing.T) { golden.DocsShow(t, "main.go") }
