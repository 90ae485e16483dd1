package expr

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameParse checks the fast path against participle on src: if
// either accepts the tokens, both must, with identical trees.
func requireSameParse(t *testing.T, src string) {
	lim := DefaultLimits()
	if len(src) > lim.MaxBytes || checkParens(src, lim.MaxDepth) != nil {
		return
	}
	toks, err := scan(src, lim)
	if err != nil || len(toks) == 1 {
		return
	}
	fast, ok := fastParse(toks)
	slow, err := runParticiple(src, toks)
	if ok {
		require.NoError(t, err, "the fast path accepted %q but participle refuses it", src)
		require.Equal(t, slow, fast, "the fast path and participle disagree on %q", src)
	} else {
		require.Error(t, err, "participle accepts %q but the fast path does not", src)
	}
}

func TestFastParseAgreesWithParticiple(t *testing.T) {
	for _, c := range readCases(t, "testdata/eval.txt") {
		requireSameParse(t, c.in)
	}
	for _, c := range readCases(t, "testdata/errors.txt") {
		requireSameParse(t, c.in)
	}
	for _, src := range []string{
		"a", "-a", "- + − a", "a * -b", "min()", "min(a)", "min(a,)", "min(,a)", "mean(a, (b), -c)",
		"((a))", "()", "(a b)", "a (b)", "a +", "+", "a b", "abs(a) abs(b)", "f(a)(b)", "max(a, b) * -(c - d) / e",
		"1 2", "a ,", ",", ")", "a)", "min(a b)", "min(a, b c)",
	} {
		requireSameParse(t, src)
	}
}

// FuzzFastParse holds the fast path to participle's result on any input.
func FuzzFastParse(f *testing.F) {
	seedFormulas(f)
	f.Fuzz(requireSameParse)
}
