package units

import (
	"testing"

	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// parse parses a formula for the tests and returns its root.
func parse(t testing.TB, src string) expr.Node {
	t.Helper()
	f, err := expr.Parse(src)
	require.NoError(t, err, "expr.Parse(%q)", src)
	return f.Root
}
