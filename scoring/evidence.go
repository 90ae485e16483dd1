package scoring

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/quote"
)

// This file holds the checks code can make of evidence beyond "the quote
// is in the source": that one passage does not back two criteria, and that
// a STRONG verdict does not rest on a lone passage that says "not". Which
// source a criterion must cite is checked by Parse (see Criterion.Source).

// span is a found citation's place in its source, with the criterion and
// the citation it belongs to.
type span struct {
	source     string
	start, end int
	crit, cite int // indexes into the report's criteria and their citations
}

// reused returns, for each criterion, the indexes of its citations whose
// span overlaps a span cited by another criterion that earns points. Two
// criteria that rest on the same words are one piece of evidence counted
// twice: code cannot tell which criterion the passage really bears on, so
// both are flagged. Only found citations of blocks whose stated verdict
// earns points (STRONG, MODERATE or WEAK) take part; a NONE may cite
// anything.
func reused(bs []Block, crs []CriterionReport) map[int][]int {
	var spans []span
	for i, cr := range crs {
		if bs[i].NeedsInput() || bs[i].Verdict.Fraction().Num == 0 {
			continue
		}
		for j, c := range cr.Citations {
			if c.Found {
				spans = append(spans, span{c.Source, c.Start, c.End, i, j})
			}
		}
	}
	out := map[int][]int{}
	for a := range spans {
		for b := a + 1; b < len(spans); b++ {
			x, y := spans[a], spans[b]
			if x.crit != y.crit && x.source == y.source && x.start < y.end && y.start < x.end {
				out[x.crit] = append(out[x.crit], x.cite)
				out[y.crit] = append(out[y.crit], y.cite)
			}
		}
	}
	return out
}

// negated reports whether a found citation has a negation inside it or
// beside it in its source: within the matched span, as the last word
// before it or as the first word after it. A neighbour counts only when
// no punctuation stands between it and the span: a quote that ends with
// its sentence is not turned by the "No" that opens the next one. src is
// the source's text.
func negated(src string, start, end int) bool {
	if start < 0 || end > len(src) || start > end {
		return false
	}
	if hasNegation(src[start:end]) || hasNegation(lastWord(src[:start])) {
		return true
	}
	last, _ := utf8.DecodeLastRuneInString(src[start:end])
	return isWordRune(last) && hasNegation(firstWord(src[end:]))
}

// hasNegation reports whether s holds a negation word or a dash-joined
// negative prefix ([quote.IsNegation]); a word that merely starts with
// "non" or "un" ("nonprofit", "under") does not.
func hasNegation(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + strings.IndexFunc(s[i:], func(r rune) bool { return !isWordRune(r) })
		if j < i {
			j = len(s)
		}
		w := strings.ToLower(s[i:j])
		next, _ := utf8.DecodeRuneInString(s[j:])
		// quote's list is the one list of negations; a form of "fail"
		// counts on its own here, since a flag reads the whole passage.
		if quote.IsNegation(w, isDash(next)) || quote.IsFailVerb(w) {
			return true
		}
		i = j
	}
	return false
}

// isWordRune is a letter, a digit or an apostrophe, which belongs to a
// contraction ("isn't"). A dash is not: "non–compliant" is read as the
// words "non" and "compliant", and hasNegation looks at the dash after
// "non" to know it is a prefix.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’'
}

// isDash reports a hyphen or dash of any kind (Unicode category Pd, and
// the soft hyphen and minus sign that print one).
func isDash(r rune) bool {
	return unicode.Is(unicode.Pd, r) || r == '\u00ad' || r == '−'
}

// lastWord returns the last word of s with a dash that follows it, so
// that "non–" before a match is read as the prefix it is. The word must
// be the last thing before the match, with at most white space between.
func lastWord(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	i := strings.LastIndexFunc(s, func(r rune) bool { return !isWordRune(r) && !isDash(r) })
	if i < 0 {
		return s
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i+n:]
}

// firstWord returns the first word of s, after white space.
func firstWord(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) }); i >= 0 {
		return s[:i]
	}
	return s
}

// negatedStrong reports whether block b is STRONG and every citation of
// it that was found is one a negation turns (see negated). Two negated
// passages are no stronger than one: "Fiscally sponsored projects are not
// eligible." cited twice, or beside another refusal, still rests a STRONG
// on text that says no.
func negatedStrong(b Block, cr CriterionReport, sources *quote.Sources) bool {
	if b.Verdict != Strong {
		return false
	}
	found := 0
	for _, c := range cr.Citations {
		if !c.Found {
			continue
		}
		found++
		d, ok := sources.Lookup(c.Source)
		if !ok || !negated(d.Index.Source(), c.Start, c.End) {
			return false
		}
	}
	return found > 0
}
