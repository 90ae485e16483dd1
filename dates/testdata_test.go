package dates

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// vector is one line of a testdata file in apd's decTest style: an id, then
// columns separated by two spaces, "->" and the wanted result.
type vector struct {
	id   string
	cols []string
	want string
	line int
}

// readVectors reads the cases of testdata/name, each with ncols columns
// between the id and "->". Columns may be empty: "  -  " stands for none
// in the options column, and an empty display is two separators in a row.
func readVectors(t testing.TB, name string, ncols int) []vector {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lhs, want, ok := strings.Cut(line, "  ->  ")
		require.True(t, ok, "%s:%d: no \"  ->  \" in %q", name, n, line)
		id, rest, ok := strings.Cut(lhs, "  ")
		require.True(t, ok, "%s:%d: no columns in %q", name, n, line)
		cols := strings.SplitN(rest, "  ", ncols)
		require.Len(t, cols, ncols, "%s:%d: columns of %q", name, n, line)
		vs = append(vs, vector{id: id, cols: cols, want: strings.TrimSpace(want), line: n})
	}
	require.NoError(t, sc.Err())
	return vs
}

// options reads the options column of testdata/dates.txt.
func options(t testing.TB, col string) Options {
	t.Helper()
	var o Options
	if col == "-" {
		return o
	}
	for _, f := range strings.Split(col, ",") {
		if c, ok := strings.CutPrefix(f, "c"); ok {
			n, err := ParseCentury(c)
			require.NoError(t, err, "century %q", c)
			o.Century = n
			continue
		}
		ord, err := ParseOrder(f)
		require.NoError(t, err, "order %q", f)
		o.Order = ord
	}
	return o
}
