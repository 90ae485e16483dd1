package claim_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
)

// seeds reads testdata/extract.txt.
func seeds(t testing.TB) []string {
	f, err := os.Open("testdata/extract.txt")
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		require.NoError(t, err, "testdata/extract.txt: %s", line)
		out = append(out, s)
	}
	require.NoError(t, sc.Err())
	return out
}

// FuzzExtract checks that Extract never panics, that its spans are valid,
// in order and do not overlap, that each mention's text is its span, that
// its value is what it printed at its scale, and that it is deterministic.
// Its seeds are the lines of testdata/extract.txt, each also used as the
// question of the next.
func FuzzExtract(f *testing.F) {
	ss := seeds(f)
	for i, s := range ss {
		f.Add(s, ss[(i+1)%len(ss)])
	}
	f.Fuzz(func(t *testing.T, text, question string) {
		opts := claim.Options{Question: question}
		ms := claim.Extract(text, opts)
		checkSpans(t, text, ms)
		for _, m := range ms {
			v := m.Printed
			v.Exponent += int32(m.Scale.Exp())
			require.Zero(t, v.Cmp(&m.Value), "value of %q", m.Text)
			require.GreaterOrEqual(t, m.Places, 0)
			require.Equal(t, m.Classes&claim.DefaultIgnore != 0, m.Ignored, "%q", m.Text)
		}
		require.Equal(t, briefs(ms), briefs(claim.Extract(text, opts)), "deterministic")
	})
}
