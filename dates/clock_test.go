package dates

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// TestNeverReadsTheClock scans the package's non-test source: it imports
// neither time nor anything else that can tell the date (os for the
// environment and files, syscall), and calls no function named Now, Since
// or Until from any package it imports. Today comes from the application, or
// nowhere.
func TestNeverReadsTheClock(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := gotoken.NewFileSet()
	scanned := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err, name)
		scanned++
		pkgs := map[string]bool{} // the names the file's imports are known by
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			elems := strings.Split(path, "/")
			name := elems[len(elems)-1]
			if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
				name = elems[len(elems)-2] // github.com/cockroachdb/apd/v3 is apd
			}
			if imp.Name != nil {
				name = imp.Name.Name
			}
			pkgs[name] = true
			require.NotContains(t, []string{"time", "os", "syscall", "os/exec", "net", "net/http"}, path,
				"%s imports %s: the package must not be able to read a clock", fset.Position(imp.Pos()), path)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, isIdent := sel.X.(*ast.Ident); isIdent && pkgs[x.Name] {
				switch sel.Sel.Name {
				case "Now", "Since", "Until":
					t.Errorf("%s: %s reads a clock", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
	require.Greater(t, scanned, 5, "the scan found the package's files")
}

// TestTodayIsInjected checks behaviour: a fake today is the only source of
// the date, whatever the machine's clock says, and the same request gives
// the same answer every time.
func TestTodayIsInjected(t *testing.T) {
	run := func(today, phrase string) string {
		out, err := DateRange{}.Run(operation.Args{Today: today, Params: map[string]string{"phrase": phrase}})
		require.NoError(t, err, "today %s, %q", today, phrase)
		return out.Text
	}
	for _, tc := range []struct{ today, phrase, want string }{
		{"1999-12-31", "today", "1999-12-31/1999-12-31"},
		{"1999-12-31", "this year", "1999-01-01/1999-12-31"},
		{"2000-01-01", "yesterday", "1999-12-31/1999-12-31"},
		{"9999-12-31", "the last 2 days", "9999-12-30/9999-12-31"},
		{"2026-11-30", "the last 10 days", "2026-11-21/2026-11-30"},
	} {
		first := run(tc.today, tc.phrase)
		require.Equal(t, tc.want, first, "today %s, %q", tc.today, tc.phrase)
		require.Equal(t, first, run(tc.today, tc.phrase), "deterministic")
	}
	_, err := DateRange{}.Run(operation.Args{Params: map[string]string{"phrase": "today"}})
	requireCode(t, fault.TodayNotInjected, err, "no today: no fallback")
}
