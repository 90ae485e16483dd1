package claim

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// skipToken returns the end of the word-like token holding the digit at i:
// letters, digits and underscores, joined by . , : / - when a letter or
// digit follows.
func skipToken(t string, i int) int {
	j := i
	for j < len(t) {
		c := t[j]
		switch {
		case isWordByte(c):
			j++
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(t[j:])
			if !unicode.IsLetter(r) {
				return j
			}
			j += n
		case strings.IndexByte(".,:/-", c) >= 0 && j+1 < len(t) && isWordByte(t[j+1]):
			j += 2
		default:
			return j
		}
	}
	return j
}

// wordEnd returns the end of the run of letters, digits and underscores at
// i, in any script.
func wordEnd(t string, i int) int {
	for i < len(t) {
		r, n := utf8.DecodeRuneInString(t[i:])
		if !isWordRune(r) {
			break
		}
		i += n
	}
	return i
}
