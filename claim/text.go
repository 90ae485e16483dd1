package claim

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/dates"
)

// quotedRegions returns the regions of text that quote a source, in order:
// text between “ and ”, between « and », between two straight double quotes
// in one paragraph, and every line that starts with ">" (a Markdown block
// quote). Single quotes are left out: ’ is also the apostrophe.
func quotedRegions(text string) []span {
	var out []span
	pairs := [][2]string{{"“", "”"}, {"«", "»"}}
	for _, p := range pairs {
		for i := 0; i < len(text); {
			k := strings.Index(text[i:], p[0])
			if k < 0 {
				break
			}
			open := i + k
			e := strings.Index(text[open+len(p[0]):], p[1])
			if e < 0 {
				break
			}
			end := open + len(p[0]) + e + len(p[1])
			out = append(out, span{open, end})
			i = end
		}
	}
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '"')
		if k < 0 {
			break
		}
		open := i + k
		e := strings.IndexByte(text[open+1:], '"')
		if e < 0 {
			break
		}
		end := open + 1 + e + 1
		if strings.Contains(text[open:end], "\n\n") {
			i = open + 1 // not a pair: a stray quote
			continue
		}
		out = append(out, span{open, end})
		i = end
	}
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		if strings.HasPrefix(strings.TrimLeft(text[start:end], " \t"), ">") {
			out = append(out, span{start, end})
		}
		start = end + 1
	}
	slices.SortFunc(out, func(a, b span) int { return a.start - b.start })
	return out
}

// skipRegions returns, in order, the URLs in text, from "http://",
// "https://" or "www." to the next blank or closing bracket or quote, and
// the targets of Markdown links, "](…)": their digits are not numbers. It
// reads text once.
func skipRegions(text string) []span {
	var out []span
	for i := 0; i < len(text); {
		var start int
		switch c := text[i]; {
		case c == 'h' && (strings.HasPrefix(text[i:], "http://") || strings.HasPrefix(text[i:], "https://")),
			c == 'w' && strings.HasPrefix(text[i:], "www."):
			start = i
		case c == ']' && i+1 < len(text) && text[i+1] == '(':
			start = i + 2
		default:
			i++
			continue
		}
		end := start
		for end < len(text) && !strings.ContainsRune(" \t\r\n<>\"')]", rune(text[end])) {
			end++
		}
		out = append(out, span{start, end})
		i = max(end, i+1)
	}
	return out
}

// within reports whether i is inside one of the sorted spans, and its end.
// Spans may overlap; the one that starts last at or before i is checked
// together with the ones before it.
func within(spans []span, i int) (int, bool) {
	n := sort.Search(len(spans), func(k int) bool { return spans[k].start > i })
	for k := n - 1; k >= 0; k-- {
		if spans[k].start <= i && i < spans[k].end {
			return spans[k].end, true
		}
		if n-k > 8 {
			break // overlaps are rare and shallow; keep the search bounded
		}
	}
	return 0, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isWordByte reports an ASCII letter, digit or underscore.
func isWordByte(c byte) bool { return isDigit(c) || isASCIILetter(c) || c == '_' }

// isWordRune reports a letter, a digit or an underscore.
func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// lastRune returns the last rune of s, or 0 when s is empty.
func lastRune(s string) rune {
	if s == "" {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// isBlankRune reports a space that may stand between a number and its
// unit: one of spaces.
func isBlankRune(r rune) bool {
	return r == ' ' || r == '\t' || r == '\u00a0' || r == '\u202f' || r == '\u2009'
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// spaces are the blanks allowed between a number and its sign or unit.
var spaces = []string{" ", "\t", "\u00a0", "\u202f", "\u2009"}

// skipSpace returns the offset after one run of spaces at i (no line
// breaks), or i.
func skipSpace(t string, i int) int {
	for {
		k := i
		for _, sp := range spaces {
			if strings.HasPrefix(t[i:], sp) {
				i += len(sp)
				break
			}
		}
		if k == i {
			return i
		}
	}
}

// spaceBefore returns the offset of the run of spaces that ends at i, not
// before floor, or i.
func spaceBefore(t string, i, floor int) int {
	for {
		k := i
		for _, sp := range spaces {
			if i-len(sp) >= floor && strings.HasSuffix(t[:i], sp) {
				i -= len(sp)
				break
			}
		}
		if k == i {
			return i
		}
	}
}

// letters returns the run of ASCII letters at i and its end.
func letters(t string, i int) (string, int) {
	j := i
	for j < len(t) && isASCIILetter(t[j]) {
		j++
	}
	return t[i:j], j
}

// word returns the word at i, ASCII letters with single inner hyphens
// ("retail-stores"), and its end; "" when there is none or the letters run
// into a digit.
func word(t string, i int) (string, int) {
	j := i
	for {
		_, e := letters(t, j)
		if e == j {
			break
		}
		j = e
		if j+1 < len(t) && t[j] == '-' && isASCIILetter(t[j+1]) {
			j++
			continue
		}
		break
	}
	if j == i || j < len(t) && (isDigit(t[j]) || t[j] == '_') {
		return "", i
	}
	return t[i:j], j
}

// wordBefore returns the word that ends at i, after one run of spaces and
// an optional abbreviation point ("Mar. 4").
func wordBefore(t string, i int) string {
	j := spaceBefore(t, i, 0)
	if j == i {
		return ""
	}
	if j > 0 && t[j-1] == '.' {
		j--
	}
	k := j
	for k > 0 && isASCIILetter(t[k-1]) {
		k--
	}
	return t[k:j]
}

// month reports whether w is a month name written with a capital, as dates
// print them: "March 4", "4 Mar". "may" and "march" in lower case are verbs.
// The names come from the one table of them, [dates.Month]; a trailing dot
// is not part of w here.
func month(w string) bool {
	if w == "" || w[0] < 'A' || w[0] > 'Z' || strings.HasSuffix(w, ".") {
		return false
	}
	_, ok := dates.Month(w)
	return ok
}

// stopwords are the words that cannot begin or continue the noun of a
// count: articles, prepositions, conjunctions, pronouns, auxiliaries and
// comparatives. "30 of 84" has no noun; "84 matching documents" does.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the of and or nor but to in on at by for from with
		without into onto over under above below between among about around after before during
		since until than then as per via vs versus is are was were be been being am has have had
		do does did will would can could should may might must shall it its this that these those
		which who whom whose what when where why how not no so if while because though although
		also only just still yet more most less least fewer each every all any some both either
		neither such same other another out up down off again further very too here there
		i we you he she they me us them my our your his her their one ones times time
		two three four five six seven eight nine ten first second third`) {
		m[w] = true
	}
	return m
}()

func stopword(w string) bool { return stopwords[strings.ToLower(w)] }

func containsString(list []string, s string) bool { return slices.Contains(list, s) }
