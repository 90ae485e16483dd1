package reckon_test

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

// zeroCall is one exported function or method expression and its name.
type zeroCall struct {
	name string
	fn   any
}

// zeroSkip are exported functions that may panic or block by design:
// the Must twins (for package-level vars and tests, as participle's
// MustBuild), and the servers that run until their input ends.
var zeroSkip = map[string]string{
	"dates.MustNew":                      "a Must twin panics by design",
	"quote.MustIndex":                    "a Must twin panics by design",
	"expr.MustParse":                     "a Must twin panics by design",
	"mcpserver.Serve":                    "serves until its input ends; tested in package mcpserver",
	"mcpserver.Handler":                  "returns an SDK handler; its calls are tested in package mcpserver",
	"(*mcpserver.HTTPHandler).ServeHTTP": "an http.Handler; tested with httptest in package mcpserver",
}

// nilReceivers are the pointer types whose methods also take a nil
// receiver: the one error type (a target errors.As left nil), a formula
// from a Parse that failed, a receipt from a calculation that failed, and
// a key ring that was never built.
var nilReceivers = []string{"(*fault.Error).", "(*expr.Formula).", "(*receipt.Receipt).", "(*dsse.KeyRing)."}

// zeroHang is how long TestZeroInputsNeverPanic waits for a call before it
// takes the call to hang: a call on zero arguments returns at once, so only
// one that never returns, or a machine many times too slow, reaches it.
const zeroHang = 20 * time.Second

// TestZeroInputsNeverPanic calls every exported function and method of
// every public package with zero arguments: nil pointers, slices, maps and
// functions, empty strings, zero structs, and a zero value (or a pointer to
// one) as the receiver, and for the types of nilReceivers a nil receiver
// too. Each must return, a refusal or an empty value, without panicking;
// one that has not returned after zeroHang is taken to hang. Context
// parameters get context.Background(), since a nil Context is a
// programming error the standard library refuses too.
func TestZeroInputsNeverPanic(t *testing.T) {
	ctxType := reflect.TypeFor[context.Context]()
	for _, c := range zeroCalls {
		if _, skip := zeroSkip[c.name]; skip {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			fv := reflect.ValueOf(c.fn)
			ft := fv.Type()
			args := make([]reflect.Value, 0, ft.NumIn())
			for i := range ft.NumIn() {
				pt := ft.In(i)
				switch {
				case ft.IsVariadic() && i == ft.NumIn()-1:
					// no variadic arguments at all
				case pt == ctxType:
					args = append(args, reflect.ValueOf(context.Background()))
				case i == 0 && strings.HasPrefix(c.name, "(*") && pt.Kind() == reflect.Pointer:
					args = append(args, reflect.New(pt.Elem())) // the zero value as receiver
				default:
					args = append(args, reflect.Zero(pt))
				}
			}
			call := func(args []reflect.Value) {
				done := make(chan any, 1)
				go func() {
					defer func() { done <- recover() }()
					fv.Call(args)
				}()
				select {
				case p := <-done:
					require.Nil(t, p, "%s panicked on zero arguments (%d of them)", c.name, len(args))
				case <-time.After(zeroHang):
					t.Fatalf("%s did not return on zero arguments: it hangs", c.name)
				}
			}
			call(args)
			for _, prefix := range nilReceivers {
				if strings.HasPrefix(c.name, prefix) {
					call(append([]reflect.Value{reflect.Zero(ft.In(0))}, args[1:]...))
				}
			}
			if ft.IsVariadic() {
				// and once with one zero variadic argument: a nil signer,
				// a nil tool, an empty name
				call(append(args, reflect.Zero(ft.In(ft.NumIn()-1).Elem())))
			}
		})
	}
}

// publicPackages are the module's importable packages: every directory
// with non-test Go files outside internal/, examples/, cmd/ and bench/.
func publicPackages(t *testing.T) map[string]string {
	pkgs := map[string]string{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "internal", "examples", "cmd", "bench", "testdata", "scripts":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dir := filepath.ToSlash(filepath.Dir(path))
			if dir == "." {
				pkgs[dir] = "reckon"
			} else {
				pkgs[dir] = filepath.Base(dir)
			}
		}
		return nil
	})
	require.NoError(t, err)
	return pkgs
}

// exportedAPI lists, per package directory, the call names of its exported
// functions and of the exported methods of its exported types, as the table
// spells them: "receipt.Calculate", "(*dsse.KeyRing).Add",
// "tool.Tool.Call". Generic functions are left out: they have no value.
func exportedAPI(t *testing.T) (names []string, imports map[string]string) {
	imports = map[string]string{}
	fset := token.NewFileSet()
	for dir, name := range publicPackages(t) {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			require.NoError(t, err)
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || !fn.Name.IsExported() || fn.Type.TypeParams != nil {
					continue
				}
				call := name + "." + fn.Name.Name
				if fn.Recv != nil {
					rt := fn.Recv.List[0].Type
					star := ""
					if s, ok := rt.(*ast.StarExpr); ok {
						rt, star = s.X, "*"
					}
					id, ok := rt.(*ast.Ident)
					if !ok || !id.IsExported() {
						continue // a generic or unexported receiver
					}
					if star != "" {
						call = "(*" + name + "." + id.Name + ")." + fn.Name.Name
					} else {
						call = name + "." + id.Name + "." + fn.Name.Name
					}
				}
				names = append(names, call)
				imports[name] = "github.com/reckonhq/reckon"
				if dir != "." {
					imports[name] += "/" + dir
				}
			}
		}
	}
	sort.Strings(names)
	return slices.Compact(names), imports
}

// TestZeroTableIsComplete keeps zeroCalls equal to the exported API, so a
// new function is tested with zero input the day it is added. Run
// go test -run TestZeroTableIsComplete -update to rewrite the table.
func TestZeroTableIsComplete(t *testing.T) {
	names, imports := exportedAPI(t)
	if golden.Updating() {
		var b bytes.Buffer
		b.WriteString("// Code generated by go test -run TestZeroTableIsComplete -update. DO NOT EDIT.\n\npackage reckon_test\n\nimport (\n")
		paths := make([]string, 0, len(imports))
		for _, p := range imports {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n// zeroCalls is every exported function and method of the public packages.\nvar zeroCalls = []zeroCall{\n")
		for _, n := range names {
			fmt.Fprintf(&b, "\t{%q, %s},\n", n, n)
		}
		b.WriteString("}\n")
		src, err := format.Source(b.Bytes())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile("zero_table_test.go", src, 0o644))
		return
	}
	have := make([]string, len(zeroCalls))
	for i, c := range zeroCalls {
		have[i] = c.name
	}
	require.Equal(t, names, have, "the exported API changed: run go test -run TestZeroTableIsComplete -update")
}
