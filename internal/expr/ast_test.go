package expr_test

import (
	"testing"

	"github.com/reckonhq/reckon/internal/expr"
	"github.com/stretchr/testify/require"
)

// TestInspect: every node is visited once, depth first and left to right;
// returning false skips a node's children; nil visits nothing.
func TestInspect(t *testing.T) {
	f, err := expr.Parse("-a + max(b, c * 2) / d")
	require.NoError(t, err)
	var seen []string
	expr.Inspect(f.Root, func(n expr.Node) bool {
		switch n := n.(type) {
		case *expr.Ident:
			seen = append(seen, n.Name)
		case *expr.Number:
			seen = append(seen, n.Text)
		case *expr.Call:
			seen = append(seen, n.Func.String())
			return false
		}
		return true
	})
	require.Equal(t, []string{"a", "max", "d"}, seen)
	expr.Inspect(nil, func(expr.Node) bool { t.Fatal("called for nil"); return true })
	expr.Inspect(f.Root, nil)
}
