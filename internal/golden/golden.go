// Package golden compares test output with files under testdata, rewritten
// by running the tests with -update.
package golden

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// Updating reports whether the tests run with -update: a test that writes
// a generated file of its own rewrites it then.
func Updating() bool { return *update }

// Equal checks that got equals the contents of file; with -update it writes
// got to file first.
func Equal(t testing.TB, file, got string) {
	t.Helper()
	if *update {
		must(t, os.MkdirAll(filepath.Dir(file), 0o755))
		must(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("run the tests with -update to create %s: %v", file, err)
	}
	if string(want) != got {
		t.Fatalf("output differs from %s; rerun with -update and review the diff\n%s", file, firstDiff(string(want), got))
	}
}

// must fails the test on err.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// firstDiff shows the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for n := 0; n < max(len(w), len(g)); n++ {
		var a, b string
		if n < len(w) {
			a = w[n]
		}
		if n < len(g) {
			b = g[n]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", n+1, a, b)
		}
	}
	return ""
}

// Stdout runs f and returns what it wrote to standard output: the test of
// an example program whose main prints.
func Stdout(t testing.TB, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	must(t, err)
	stdout := os.Stdout
	os.Stdout = w
	defer func() { os.Stdout = stdout }()
	f()
	must(t, w.Close())
	out, err := io.ReadAll(r)
	must(t, err)
	return string(out)
}

// DocsShow checks that the README or one of its guides, two directories
// up, shows the Go file as it is, in a fenced go block: the tours cannot
// drift from the programs the tests run.
func DocsShow(t testing.TB, file string) {
	t.Helper()
	src, err := os.ReadFile(file)
	must(t, err)
	if !strings.Contains(Docs(t, "../.."), "```go\n"+strings.TrimSpace(string(src))+"\n```") {
		t.Fatalf("the README or a guide shows %s as it is: copy it there again", file)
	}
}

// Docs returns the front page and its guides of the module at root,
// README.md and docs/*.md, as one text: what the project's reader reads.
func Docs(t testing.TB, root string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	must(t, err)
	if len(files) == 0 {
		t.Fatal("the guides are in docs/")
	}
	var b strings.Builder
	for _, f := range append([]string{filepath.Join(root, "README.md")}, files...) {
		data, err := os.ReadFile(f)
		must(t, err)
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

// Fragment compiles the Go fragment src, as a document shows it, in the
// module of the working directory: as the body of a main function that
// imports imports (a list for "import (…)") and starts with the
// declarations decls, and that uses every name the fragment declares, as
// a program would use it. It fails t when the fragment does not compile.
func Fragment(t testing.TB, src, imports, decls string) {
	t.Helper()
	var uses []string
	for _, m := range declared.FindAllStringSubmatch(src, -1) {
		for _, name := range strings.Split(m[1], ",") {
			if name = strings.TrimSpace(name); name != "_" {
				uses = append(uses, "_ = "+name)
			}
		}
	}
	prog := "package main\n\nimport (" + imports + ")\n\nfunc main() {\n" + decls + "\n" + src + "\n" + strings.Join(uses, "\n") + "\n}\n"
	dir, err := os.MkdirTemp(".", "_readme")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(prog), 0o644))
	if out, err := exec.Command("go", "build", "-o", os.DevNull, "./"+dir).CombinedOutput(); err != nil {
		t.Fatalf("the fragment does not compile:\n%s\n%s", src, out)
	}
}

// declared matches the names a line of a fragment declares with :=.
var declared = regexp.MustCompile(`(?m)^\s*([A-Za-z_][A-Za-z0-9_, ]*?)\s*:=`)
