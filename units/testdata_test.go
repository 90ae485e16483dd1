package units

import (
	"testing"

	vectors "github.com/reckonhq/reckon/internal/printed"
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
	var cases []testCase
	for _, l := range vectors.Lines(t, "testdata/"+name) {
		cases = append(cases, testCase{id: l.ID, in: l.In, want: l.Want, line: l.N})
	}
	return cases
}

// dash reads "-" in a testdata column as the empty string.
func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}
