package main

import (
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

func TestMain(t *testing.T) {
	require.Equal(t, "debt/EBITDA 1.344× verified: true\n"+
		"\"Costco's debt-to-EBITDA for FY2021 was 1.344×.\" released: true\n"+
		"\"Costco's debt-to-EBITDA for FY2021 was 1.43×.\" released: false\n", golden.Stdout(t, main))
}

// TestREADMEShowsThisFile keeps the guide's Go section equal to this
// program.
func TestREADMEShowsThisFile(t *testing.T) { golden.DocsShow(t, "main.go") }
