package fault_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// code is one constant of codes.go.
type code struct {
	name, value, doc string
}

// readCodes parses codes.go: every constant, its value and its line.
func readCodes(t *testing.T) []code {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "codes.go", nil, parser.ParseComments)
	require.NoError(t, err)
	var out []code
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			require.Len(t, vs.Names, 1)
			lit, ok := vs.Values[0].(*ast.BasicLit)
			require.True(t, ok, "%s is a string literal", vs.Names[0])
			v, err := strconv.Unquote(lit.Value)
			require.NoError(t, err)
			doc := ""
			if vs.Comment != nil {
				doc = strings.TrimSpace(vs.Comment.Text())
			}
			out = append(out, code{vs.Names[0].Name, v, doc})
		}
	}
	return out
}

// camel is the constant name of a code: bad_request is BadRequest, with
// the initialisms Go spells in capitals.
func camel(v string) string {
	var b strings.Builder
	for _, w := range strings.Split(v, "_") {
		switch w {
		case "utf8", "id", "ascii":
			b.WriteString(strings.ToUpper(w))
		default:
			r := []rune(w)
			b.WriteString(string(unicode.ToUpper(r[0])) + string(r[1:]))
		}
	}
	return b.String()
}

// TestCodesAreListedOnce checks the one list: every code is snake_case,
// unique, named after its value, in alphabetical order, and documented on
// its line with the packages that return it.
func TestCodesAreListedOnce(t *testing.T) {
	codes := readCodes(t)
	require.Greater(t, len(codes), 100)
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	seen := map[string]string{}
	for i, c := range codes {
		require.Regexp(t, snake, c.value, "%s", c.name)
		require.Empty(t, seen[c.value], "%s and %s share the code %q", seen[c.value], c.name, c.value)
		seen[c.value] = c.name
		require.Equal(t, camel(c.value), c.name, "the constant of %q", c.value)
		require.Regexp(t, `^[a-z/,]+: \S`, c.doc, "%s has no one-line description", c.name)
		if i > 0 {
			require.Less(t, codes[i-1].value, c.value, "codes.go is in alphabetical order")
		}
	}
}

// TestNoCodeOutsideTheList checks that codes live once, here: no other
// package declares a constant for one, by another name
// (fault.BadRequest = fault.BadRequest) or as a second string
// literal that could drift.
func TestNoCodeOutsideTheList(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "fault" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		ast.Inspect(f, func(x ast.Node) bool {
			vs, ok := x.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if strings.HasPrefix(name.Name, "Code") || strings.HasPrefix(name.Name, "Reason") {
					t.Errorf("%s: %s: codes are constants of package fault only", fset.Position(name.Pos()), name.Name)
					continue
				}
				if i >= len(vs.Values) {
					continue
				}
				if sel, ok := vs.Values[i].(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fault" && vs.Names[i].IsExported() {
						t.Errorf("%s: %s names fault.%s again: use fault.%s", fset.Position(name.Pos()), name.Name, sel.Sel.Name, sel.Sel.Name)
					}
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 100, "the walk read the module's files")
}

// TestREADMEListsEveryCode keeps the contract guide's table of codes
// equal to codes.go, line for line.
func TestREADMEListsEveryCode(t *testing.T) {
	guide, err := os.ReadFile("../docs/contract.md")
	require.NoError(t, err)
	text := string(guide)
	start := strings.Index(text, "\n### Errors\n")
	require.Positive(t, start, "the contract guide has an Errors section")
	text = text[start:]
	if end := strings.Index(text[1:], "\n#"); end > 0 {
		text = text[:end+1]
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9_]+)` \\| ([a-z/, ]+) \\| (.+) \\|$")
	var got []string
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		got = append(got, m[1]+" "+strings.ReplaceAll(m[2], ", ", ",")+": "+m[3])
	}
	var want []string
	for _, c := range readCodes(t) {
		want = append(want, c.value+" "+c.doc)
	}
	require.Equal(t, want, got, "the contract guide's table of codes differs from codes.go")
}
