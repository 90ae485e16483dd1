package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	var b strings.Builder
	require.NoError(t, run(&b))
	require.Equal(t, `formula:  (current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)
exact:    1.343738956296383555189068205913535 (inexact: true)
result:   1.344×
`, b.String())
}
