package short

import "testing"

func TestTo(t *testing.T) {
	for _, tc := range []struct {
		in    string
		limit int
		want  string
	}{
		{"short", 40, "short"},
		{"abcdef", 3, "abc…"},
		{"ab€cd", 3, "ab…"}, // € is three bytes: never cut in two
		{"ab\xffcd", 4, "abc…"},
	} {
		if got := To(tc.in, tc.limit); got != tc.want {
			t.Errorf("To(%q, %d) = %q, want %q", tc.in, tc.limit, got, tc.want)
		}
	}
}
