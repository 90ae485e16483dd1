package quote

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// seeds reads testdata/find.txt.
func seeds(t testing.TB) [][2]string {
	f, err := os.Open("testdata/find.txt")
	require.NoError(t, err)
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var id, src, q string
		_, err := fmt.Sscanf(line, "%s %q %q", &id, &src, &q)
		require.NoError(t, err, "testdata/find.txt: %s", line)
		out = append(out, [2]string{src, q})
	}
	require.NoError(t, sc.Err())
	for _, c := range meaningCases(t) {
		out = append(out, [2]string{c.src, c.quote})
	}
	return out
}

func FuzzNormalize(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s[0])
		f.Add(s[1])
	}
	f.Fuzz(func(t *testing.T, s string) {
		for tier := Exact; tier <= Markup; tier++ {
			n := Normalize(s, tier)
			require.Equal(t, n, Normalize(n, tier), "Normalize(%q, %s) is not idempotent", s, tier)
			if utf8.ValidString(s) {
				require.True(t, utf8.ValidString(n), "Normalize(%q, %s) = %q", s, tier, n)
			}
		}
		if len(s) > MaxSourceBytes {
			return
		}
		ix := MustIndex(s)
		require.Equal(t, fold(s, Markup), string(ix.norm), "the index folds %q as fold does", s)
		for n := 0; n < len(ix.norm); n++ {
			start, end := ix.span(n, n+1)
			require.True(t, 0 <= start && start < end && end <= len(s), "span(%d) of %q = [%d, %d)", n, s, start, end)
		}
	})
}

func FuzzFind(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s[0], s[1], false)
		f.Add(s[0], s[1], true)
	}
	f.Fuzz(func(t *testing.T, src, quote string, ellipsis bool) {
		ix := MustIndex(src)
		checkOccurrences(t, ix, []byte(fold(quote, Markup)))
		opts := Options{MinWords: -1, MinChars: -1, Ellipsis: ellipsis}
		m, err := ix.Find(quote, opts)
		require.NoError(t, err)
		if n := m.Nearest; n != nil {
			checkSpan(t, src, n.Start, n.End)
			require.Equal(t, src[n.Start:n.End], n.Text)
		}
		if !m.Found {
			require.Equal(t, None, m.Tier)
			require.NotEmpty(t, m.Reason)
			return
		}
		checkSpan(t, src, m.Start, m.End)
		span := src[m.Start:m.End]
		require.Equal(t, span, m.Text)
		line, col := ix.Position(m.Start)
		require.Equal(t, [2]int{line, col}, [2]int{m.Line, m.Column})
		q := strings.TrimFunc(quote, func(r rune) bool {
			return strings.ContainsRune(" \t\n\v\f\r\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000", r)
		})
		switch m.Tier {
		case Elided:
			return
		case Exact:
			require.Equal(t, q, span)
		case Hyphenation, Markup:
			// A hyphen the quote writes inside a line may stand for one
			// the span breaks a line at.
			require.Equal(t, dropHyphens(fold(q, m.Tier)), dropHyphens(fold(span, m.Tier)), "at tier %s", m.Tier)
		default:
			require.Equal(t, fold(q, m.Tier), fold(span, m.Tier), "at tier %s", m.Tier)
		}
		require.Equal(t, dropHyphens(Normalize(q, Markup)), dropHyphens(Normalize(span, Markup)),
			"Find(%q) in %q = %q", quote, src, span)
		// A match never starts right after a negation it leaves out.
		pre := []byte(fold(src[:m.Start]+"x", Markup))
		require.Negative(t, negationAt(pre, len(pre)-1), "Find(%q) in %q = %q follows a negation", quote, src, span)
	})
}

// checkSpan asserts that [start, end) is a non-empty span of valid UTF-8 in
// src that begins and ends on rune boundaries, as utf8.DecodeRuneInString
// splits src (a stray continuation byte stands alone).
func checkSpan(t *testing.T, src string, start, end int) {
	t.Helper()
	require.True(t, 0 <= start && start < end && end <= len(src), "span [%d, %d) of %d bytes", start, end, len(src))
	require.Equal(t, start, runeStart(src, start), "start %d is inside a rune", start)
	require.True(t, end == len(src) || runeStart(src, end) == end, "end %d is inside a rune", end)
	require.True(t, utf8.ValidString(src[start:end]), "span %q", src[start:end])
}

// checkOccurrences asserts that the tables find every place where the folded
// quote q stands on its own in the folded text, as a scan does.
func checkOccurrences(t *testing.T, ix *Index, q []byte) {
	t.Helper()
	if len(q) == 0 {
		return
	}
	got := map[int]bool{}
	ix.occurrences(q, func(p int) bool { got[p] = true; return true })
	for p := 0; p+len(q) <= len(ix.norm); p++ {
		if string(ix.norm[p:p+len(q)]) == string(q) && bounded(ix.norm, p, p+len(q)) {
			require.True(t, got[p], "%q at %d of %q is not looked up", q, p, ix.norm)
		}
	}
}

// TestOccurrences checks the tables against a scan on text made of short
// and long words, with quotes cut from it at every kind of start.
func TestOccurrences(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	words := strings.Fields("it is to (be or \"not\" non-standard a b international, $5,007 up; on")
	var sb strings.Builder
	for sb.Len() < 20000 {
		sb.WriteString(words[rng.IntN(len(words))])
		sb.WriteString([]string{" ", " ", "\n", "-\n"}[rng.IntN(4)])
	}
	ix := MustIndex(sb.String())
	for range 300 {
		p := rng.IntN(len(ix.norm) - 40)
		checkOccurrences(t, ix, ix.norm[p:p+8+rng.IntN(30)])
	}
}
