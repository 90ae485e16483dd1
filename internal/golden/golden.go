// Package golden compares test output with files under testdata, rewritten
// by running the tests with -update.
package golden

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/story"

	"github.com/stretchr/testify/require"
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
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run the tests with -update to create %s", file)
	require.Equal(t, string(want), got, "output differs from %s; rerun with -update and review the diff", file)
}

// Story tells s with a fixed key and checks the output against
// testdata/output.txt: the test of every story example. ed25519 is
// deterministic, so with the key fixed every byte is.
func Story(t testing.TB, s *story.Story) {
	t.Helper()
	env, err := story.NewEnv(make([]byte, 32))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, story.Run(&b, s, env))
	Equal(t, "testdata/output.txt", b.String())
}

// Stdout runs f and returns what it wrote to standard output: the test of
// an example program whose main prints.
func Stdout(t testing.TB, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	stdout := os.Stdout
	os.Stdout = w
	defer func() { os.Stdout = stdout }()
	f()
	require.NoError(t, w.Close())
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(out)
}

// DocsShow checks that the README or one of its guides, two directories
// up, shows the Go file as it is, in a fenced go block: the tours cannot
// drift from the programs the tests run.
func DocsShow(t testing.TB, file string) {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	require.True(t, strings.Contains(Docs(t, "../.."), "```go\n"+strings.TrimSpace(string(src))+"\n```"), "the README or a guide shows %s as it is", file)
}

// Docs returns the front page and its guides of the module at root,
// README.md and docs/*.md, as one text: what the project's reader reads.
func Docs(t testing.TB, root string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "the guides are in docs/")
	var b strings.Builder
	for _, f := range append([]string{filepath.Join(root, "README.md")}, files...) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}
