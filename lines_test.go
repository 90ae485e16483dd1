package reckon_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExampleIsADozenLines keeps the package's promise: the three
// computations a Go developer starts with (a ratio, a percent change, a
// conversion), with their errors handled, take at most a dozen lines.
func TestExampleIsADozenLines(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "example_test.go", nil, 0) // comments dropped: // Output is not code
	require.NoError(t, err)
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "Example" {
			first := fset.Position(fn.Body.List[0].Pos()).Line
			last := fset.Position(fn.Body.List[len(fn.Body.List)-1].End()).Line
			require.LessOrEqual(t, last-first+1, 12)
			return
		}
	}
	t.Fatal("example_test.go has no func Example")
}
