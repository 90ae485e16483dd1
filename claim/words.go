package claim

import (
	"strings"
	"unicode/utf8"
)

// hintWords is the hint of a number written in words.
const hintWords = "write the number with the digits 0-9: 27 documents, not twenty-seven documents; 24, not two dozen"

// Number words. A number in words past ten is a claim like any other, but
// no reader turns it into a value: left to pass it would release
// "twenty-seven documents" whatever the facts say. So it is refused as
// unreadable. One to ten alone stay prose ("one of them", "two options"):
// refusing every "one" would refuse all prose.
var (
	// teenWords and tensWords are the words that always print a number
	// past ten.
	teenWords = []string{"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
		"seventeen", "eighteen", "nineteen"}
	tensWords = []string{"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	// smallWords are the numbers to ten, and "a", which print a number
	// past ten only with a multiplier word after them: "two dozen", "a
	// hundred", "one million".
	smallWords = []string{"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight",
		"nine", "ten"}
	// multiplierWords multiply the number in words before them.
	multiplierWords = []string{"dozen", "score", "hundred", "thousand", "million", "billion", "trillion",
		"lakh", "crore"}
)

// spelledNumber reports a number written in words past ten at the start of
// a word at i ("twenty-seven", "Seventeen", "two dozen", "a million") and
// returns its end. It looks at most three words ahead.
func spelledNumber(t string, i int) (int, bool) {
	w, e := letters(t, i)
	switch {
	case oneOf(w, teenWords) || oneOf(w, tensWords):
		end := e
		for k := 0; k < 3; k++ {
			// "twenty-seven", "twenty seven", "ninety-nine thousand"
			p, ok := joiner(t, end)
			if !ok {
				break
			}
			nw, ne := letters(t, p)
			if !oneOf(nw, smallWords[2:]) && !oneOf(nw, multiplierWords) {
				break
			}
			end = ne
		}
		return end, true
	case oneOf(w, smallWords) || oneOf(w, multiplierWords[:3]):
		p, ok := joiner(t, e)
		if !ok {
			return 0, false
		}
		if nw, ne := letters(t, p); oneOf(nw, multiplierWords) {
			return ne, true
		}
	}
	return 0, false
}

// joiner reports one space or hyphen (ASCII, U+2010, U+2011) at i followed
// by a letter, and returns the offset of that letter.
func joiner(t string, i int) (int, bool) {
	if i >= len(t) {
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(t[i:])
	if r != ' ' && r != '-' && r != '\u2010' && r != '\u2011' {
		return 0, false
	}
	return i + n, i+n < len(t) && isASCIILetter(t[i+n])
}

// oneOf reports whether w is one of words, in any case.
func oneOf(w string, words []string) bool {
	if w == "" {
		return false
	}
	for _, x := range words {
		if strings.EqualFold(w, x) {
			return true
		}
	}
	return false
}
