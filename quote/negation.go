package quote

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// negations are the words that, right before a quote, reverse what it says:
// "does not recommend funding" holds "recommend funding" as bytes but says
// the opposite. "non" and "un" count when a dash joins them to the quote
// ("non–compliant", "un-safe"); "non" also before a space. The folded text
// is lower-case, its dashes are "-" and its apostrophes "'", so one spelling
// of each covers every case and typeface. Contractions whose apostrophe a
// PDF lost ("doesnt", "dont") count as the contractions do; "cant" and
// "wont" are rare enough as words that refusing them costs little.
var negations = map[string]bool{
	"not": true, "no": true, "never": true, "non": true, "cannot": true,
	"without": true, "neither": true, "nor": true,
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true,
	"wasnt": true, "werent": true, "cant": true, "couldnt": true, "wont": true,
	"wouldnt": true, "shouldnt": true, "hasnt": true, "havent": true, "hadnt": true,
	"mustnt": true, "neednt": true,
}

// failVerbs are the verbs that, before "to", negate what follows: "fails
// to meet the criteria" says the criteria are not met.
var failVerbs = map[string]bool{"fail": true, "fails": true, "failed": true, "failing": true}

// maxSepRunes bounds the characters negationAt skips between a negation and
// the quote.
const maxSepRunes = 4

// negationAt returns the offset in the folded text b where a negation right
// before offset p starts, or -1. Right before means separated from p only
// by spaces, dashes and opening quotation marks or brackets, at most
// maxSepRunes of them: "not recommend", "not — recommend", "not
// \"recommend\"". "no. Approve the merger" and "answer: no, approve it" are
// not cut, since punctuation ends the clause the negation governs, and a
// sentence that starts after "no." is quoted honestly. A word ending in
// "n't" ("doesn't", "didn't") is a negation too, and so is "to" after
// "fail" ("fails to meet").
//
// A dash is any character of Unicode class Pd: the folded text has most of
// them as "-" already, and the rest ("non⸺compliant") count as well.
func negationAt(b []byte, p int) int {
	if p < 2 || p > len(b) {
		return -1
	}
	e, dashed := p, false
	for k := 0; k < maxSepRunes && e > 0; k++ {
		r, n := utf8.DecodeLastRune(b[:e])
		switch {
		case r == ' ' || r == '"' || r == '\'' || r == '(' || r == '[':
		case unicode.Is(unicode.Pd, r):
			dashed = true
		default:
			k = maxSepRunes
			continue
		}
		e -= n
	}
	if e == p {
		return -1
	}
	s := wordStart(b, e)
	if s < 0 {
		return -1
	}
	w := string(b[s:e])
	if isNegation(w, dashed) {
		return s
	}
	if w == "to" && s > 1 && b[s-1] == ' ' {
		if f := wordStart(b, s-1); f >= 0 && failVerbs[string(b[f:s-1])] {
			return f
		}
	}
	return -1
}

// wordStart returns the start of the lower-case word that ends at e in the
// folded text b, or -1 when the letters before e are part of a longer word
// ("Pinot", "casino") or there are none.
func wordStart(b []byte, e int) int {
	s := e
	for s > 0 && (isLowerASCII(b[s-1]) || b[s-1] == '\'') {
		s--
	}
	if s == e {
		return -1
	}
	if s > 0 {
		if r, _ := utf8.DecodeLastRune(b[:s]); isWordRune(r) {
			return -1 // the word goes on: "Pinot", "casino"
		}
	}
	return s
}

// IsNegation reports whether word, as a source prints it, turns what
// follows against itself: one of the negations above, a contraction in
// "n't" (any apostrophe), or "un" when dashed says a dash joins it to the
// next word. It is the one list of negations: quote cuts matches with it,
// and scoring flags evidence with it.
func IsNegation(word string, dashed bool) bool {
	return isNegation(apostrophes.Replace(strings.ToLower(word)), dashed)
}

// IsFailVerb reports whether word is a form of "fail", which negates the
// verb after "to" ("fails to meet").
func IsFailVerb(word string) bool { return failVerbs[strings.ToLower(word)] }

// apostrophes folds the apostrophes a source may print to "'".
var apostrophes = strings.NewReplacer("\u2019", "'", "\u02bc", "'", "\u2018", "'")

// isNegation reports whether the folded word w is a negation; dashed says
// a dash joins it to what follows, which makes the prefix "un" one.
func isNegation(w string, dashed bool) bool {
	n := len(w)
	return negations[w] || dashed && w == "un" || n > 3 && w[n-3:] == "n't"
}

// negationIn returns the first negation among the words of the folded text
// b, the text an ellipsis stands for, or "".
func negationIn(b []byte) string {
	prev := ""
	for i := 0; i < len(b); {
		if !isLowerASCII(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && (isLowerASCII(b[j]) || b[j] == '\'') {
			j++
		}
		whole := i == 0 || !isWordRuneBefore(b, i)
		next, _ := utf8.DecodeRune(b[j:])
		if end := j == len(b) || !isWordRune(next); whole && end {
			w := string(b[i:j])
			if isNegation(w, j < len(b) && unicode.Is(unicode.Pd, next)) {
				return w
			}
			if w == "to" && failVerbs[prev] {
				return prev + " to"
			}
			prev = w
		} else {
			prev = ""
		}
		i = j
	}
	return ""
}

func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }

func isWordRuneBefore(b []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(b[:i])
	return isWordRune(r)
}

// cutHint describes, as the Nearest of a [NegationCut], the fuller span
// [ns, ne) of the folded text: the occurrence with the negation before it,
// or the elided match whose gap holds neg.
func (ix *Index) cutHint(q *prepared, ns, ne int, neg string) *Nearest {
	s, e := ix.span(ns, ne)
	return ix.cutText(s, e, q.trim, neg)
}

// cutText is cutHint for the source span [s, e).
func (ix *Index) cutText(s, e int, quote, neg string) *Nearest {
	if !utf8.ValidString(ix.src[s:e]) {
		return nil
	}
	text := ix.src[s:e]
	line, col := ix.Position(s)
	differs := fmt.Sprintf("the source has %q right before the quote, which reverses it", ix.leadWord(s))
	if neg != "" {
		differs = fmt.Sprintf("the ellipsis stands for text that holds the negation %q", neg)
	}
	// The share of the span's bytes the quote covers, below 1: a cut is
	// never a match.
	share := min(9999, 10000*min(len(quote), len(text))/max(1, len(text)))
	return &Nearest{Start: s, End: e, Line: line, Column: col, Text: text,
		Similarity: fmt.Sprintf("%d.%02d", share/10000, share/100%100), Differs: differs}
}

// leadWord returns the source word at s, up to a space or a dash.
func (ix *Index) leadWord(s int) string {
	e := s
	for e < len(ix.src) {
		r, size := utf8.DecodeRuneInString(ix.src[e:])
		if !isWordRune(r) && r != '\'' && r != '\u2019' {
			break
		}
		e += size
	}
	return ix.src[s:e]
}
