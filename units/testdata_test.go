package units

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// testCase is one line of a testdata file in apd's decTest style:
// "id  input  ->  want", with # comments and blank lines skipped.
type testCase struct {
	id, in, want string
	line         int
}

// readCases reads the cases of testdata/name.
func readCases(t testing.TB, name string) []testCase {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var cases []testCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lhs, want, ok := strings.Cut(line, "  ->  ")
		require.True(t, ok, "%s:%d: no \"  ->  \" in %q", name, n, line)
		id, in, _ := strings.Cut(lhs, "  ")
		cases = append(cases, testCase{id: id, in: strings.TrimSpace(in), want: strings.TrimSpace(want), line: n})
	}
	require.NoError(t, sc.Err())
	return cases
}
