package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	require.Equal(t, "debt/EBITDA 1.344× exact 1.343738956296383555189068205913535…\n"+
		"change 2.02% = (195929 − 192052) / 192052\n"+
		"836.73 crore = ₹83,673 lakh\n", golden.Stdout(t, main))
}

// TestREADMEShowsThisFile keeps the guide's tour equal to this program.
func TestREADMEShowsThisFile(t *testing.T) { golden.DocsShow(t, "main.go") }
