package claim

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/units"
)

// maxGroups bounds the comma groups read after the first digits: 34
// digits, the most the arithmetic holds, fill at most 16 groups of two
// after a first group of two. Reading no further keeps "1,11,11,11,…" from
// being read again from every group.
const maxGroups = 16

// numberAt reads the digits of a number at start: an integer part with
// optional Western or Indian grouping, or a leading point, and a fraction.
// dotted reports a second point followed by a digit ("1.2.3", "192.168.0.1"),
// which makes the token a version or an address rather than a number.
func numberAt(t string, start int) (end, places, intLen int, grouped, dotted bool) {
	j := start
	if t[j] != '.' {
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		j, grouped = groups(t, start, j)
		intLen = j - start - strings.Count(t[start:j], ",")
	}
	if j+1 < len(t) && t[j] == '.' && isDigit(t[j+1]) {
		f := j + 1
		for f < len(t) && isDigit(t[f]) {
			f++
		}
		places, j = f-j-1, f
	}
	dotted = j+1 < len(t) && t[j] == '.' && isDigit(t[j+1])
	return j, places, intLen, grouped, dotted
}

// groups extends the integer part t[start:j] over comma groups of two or
// three digits, keeping the longest run that units reads as valid grouping.
// A run that is not valid ("1,5", "12,34") is left alone: its commas are
// punctuation, and each part is a number of its own.
func groups(t string, start, j int) (int, bool) {
	if j-start > 3 || j >= len(t) || t[j] != ',' {
		return j, false // no group follows, or the first is too long to start one
	}
	var ends [maxGroups]int
	n := 0
	for k := j; n < maxGroups && k+1 < len(t) && t[k] == ',' && isDigit(t[k+1]); {
		g := k + 1
		for g < len(t) && g-k <= 4 && isDigit(t[g]) {
			g++
		}
		if l := g - k - 1; l != 2 && l != 3 || g < len(t) && isDigit(t[g]) {
			break
		}
		ends[n] = g
		n++
		k = g
	}
	for n--; n >= 0; n-- {
		if t[ends[n]-4] != ',' {
			continue // a valid grouping ends with a group of three: no need to ask
		}
		if _, err := units.ParseAmount(t[start:ends[n]], units.Number, units.Ones); err == nil {
			return ends[n], true
		}
	}
	return j, false
}

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
