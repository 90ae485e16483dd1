package claim_test

import (
	"bufio"
	"hash/crc32"
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
// its value is what it printed at its scale, that the unreadable numbers
// lie in the text in order, and that it is deterministic. Its seeds are the
// lines of testdata/extract.txt, each also used as the question of the
// next.
//
// It also checks that extraction is linear in the text: the input repeated
// to linearBytes must be read with at most workPerByte of work (see
// claim.ExtractWork) a byte. A linear pass does one or two; reading again
// from inside what was read, as the quadratic reading this replaced did on
// "1,11" repeated, does hundreds at that length and thousands at
// MaxTextBytes. The long read costs a hundred short ones, so the fuzzer
// makes it for one input in linearEvery, chosen by a hash of the input;
// TestLinearSeeds makes it for every seed.
func FuzzExtract(f *testing.F) {
	ss := seeds(f)
	for i, s := range ss {
		f.Add(s, ss[(i+1)%len(ss)])
	}
	f.Fuzz(func(t *testing.T, text, question string) {
		opts := claim.Options{Question: question}
		x := claim.ExtractAll(text, opts)
		checkSpans(t, text, x.Mentions)
		for _, m := range x.Mentions {
			v := m.Printed
			v.Exponent += int32(m.Scale.Exp())
			require.Zero(t, v.Cmp(&m.Value), "value of %q", m.Text)
			require.GreaterOrEqual(t, m.Places, 0)
			require.Equal(t, m.Classes&claim.DefaultIgnore != 0, m.Ignored, "%q", m.Text)
		}
		start := 0
		for _, u := range x.Unreadable {
			require.True(t, start <= u.Start && u.Start < u.End && u.End <= len(text), "unreadable [%d, %d) in %q", u.Start, u.End, text)
			require.Equal(t, text[u.Start:u.End], u.Text)
			require.NotEmpty(t, u.What)
			require.NotEmpty(t, u.Hint)
			start = u.Start
		}
		if x.Over {
			require.Equal(t, (2000), len(x.Mentions)+len(x.Unreadable))
		}
		require.Equal(t, briefs(x.Mentions), briefs(claim.Extract(text, opts)), "deterministic")

		if text == "" || crc32.ChecksumIEEE([]byte(text))%linearEvery != 0 {
			return
		}
		checkLinear(t, text)
	})
}

// checkLinear repeats text to linearBytes and checks that extraction does
// at most workPerByte of work a byte of it.
func checkLinear(t testing.TB, text string) {
	long := strings.Repeat(text, linearBytes/len(text)+1)
	_, work := claim.ExtractWork(long, claim.Options{})
	require.LessOrEqual(t, work, workPerByte*len(long), "%q repeated to %d bytes", text, len(long))
}

// linearBytes is the length FuzzExtract repeats an input to, and
// linearEvery how rarely it does.
const (
	linearBytes = 16 << 10
	linearEvery = 4
)

// workPerByte bounds the work of extraction (see claim.ExtractWork) per
// byte of text and question: a linear pass steps over each byte once and
// hands most bytes to the reader once or twice, the worst texts included.
const workPerByte = 8

// TestLinearSeeds checks the linear-time property of FuzzExtract on every
// seed.
func TestLinearSeeds(t *testing.T) {
	for _, s := range seeds(t) {
		if s != "" {
			checkLinear(t, s)
		}
	}
}
