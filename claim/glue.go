package claim

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/units"
)

// glue is what letters touching a number make of it.
type glue uint8

const (
	glueNone  glue = iota // nothing, or what is read with the number: a number
	glueLabel             // part of a name or a label: not a number ("FY2021", "Q3", "10-K", "4G")
	glueStuck             // glued to a word that is no label ("authored27", "27docs"): unreadable
)

// maxLabelLetters bounds how far back the letters before a number are read.
// A label's letters are few; a run this long is a word.
const maxLabelLetters = 32

// glue says what is glued in front of the token the reader read, which
// starts at i with its sign or currency sign, and where the word it is
// glued to starts. Markdown emphasis ("_27_") and a lower-case word joined
// by a colon ("Total:27"), a slash or a hyphen ("mid-2021") leave the
// number a number. Letters touching the digits make a label when they look
// like one (see labelShape); so does an upper-case word joined by a hyphen
// ("COVID-19"), and "#42" and "@3" are labels too.
func (s *scanner) glue(i int) (glue, int) {
	t := s.text
	if i == 0 {
		return glueNone, i
	}
	r, n := utf8.DecodeLastRuneInString(t[:i])
	switch {
	case r == '#' || r == '@':
		return glueLabel, i
	case r == '_':
		k := i - 1
		for k > 0 && t[k-1] == '_' {
			k--
		}
		if isWordRune(lastRune(t[:k])) {
			return glueLabel, i // an identifier: "snake_27"
		}
		return glueNone, i // emphasis: "_27_", "__27__"
	case unicode.IsLetter(r):
		return wordGlue(t, i)
	case unicode.IsNumber(r):
		return glueLabel, i
	case r == '.':
		if p := lastRune(t[:i-n]); unicode.IsLetter(p) {
			return wordGlue(t, i-n) // "p.27", "No.5" are labels; "approx.27" is not
		} else if unicode.IsDigit(p) {
			return glueLabel, i
		}
	case isHyphen(r):
		if p := lastRune(t[:i-n]); unicode.IsLetter(p) {
			if w, _ := lettersBefore(t, i-n); hasUpper(w) {
				return glueLabel, i // "COVID-19", "B-52", "S-1"
			}
		}
	}
	return glueNone, i
}

// wordGlue judges the letters that end at j, just before a number.
func wordGlue(t string, j int) (glue, int) {
	w, from := lettersBefore(t, j)
	if from > 0 {
		if p := lastRune(t[:from]); unicode.IsDigit(p) || p == '_' {
			return glueLabel, from // letters between digits: an identifier ("3a5")
		}
	}
	if labelShape(w) {
		return glueLabel, from
	}
	return glueStuck, from
}

// lettersBefore returns the letters that end at j, at most maxLabelLetters
// of them, and where they start.
func lettersBefore(t string, j int) (string, int) {
	k := j
	for n := 0; k > 0 && n < maxLabelLetters; n++ {
		r, size := utf8.DecodeLastRuneInString(t[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	return t[k:j], k
}

// labelShape reports whether letters glued in front of digits look like a
// label rather than a word whose space was lost: an upper-case letter
// anywhere (an acronym or a name: "FY2021", "Q3", "H1", "GPT4", "iPhone15"),
// or at most three lower-case letters that are not a stopword ("v2", "mp3",
// "x86"). "authored27" and "in27" are words stuck to a number.
func labelShape(w string) bool {
	if hasUpper(w) {
		return true
	}
	return utf8.RuneCountInString(w) <= 3 && !stopword(w)
}

// hasUpper reports an upper-case letter in w.
func hasUpper(w string) bool {
	for _, r := range w {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// isHyphen reports the hyphens and dashes that join a word to a number.
func isHyphen(r rune) bool {
	return r == '-' || r == '\u2010' || r == '\u2011' || r == '\u2013'
}

// gluedSuffix reads letters glued to the digits: an ordinal suffix ("3rd"),
// a scale ("$1.2bn", "10k"), x for a ratio ("1.34x"), pp or bp, am or pm
// after an hour ("10am", a time), s after a decade ("1990s", a year). A
// single Latin letter ("3D", "4G", "7a") or letters running into more
// digits ("0x1F") make a label; any other letters are a word stuck to the
// number, and it returns glueStuck with the end of the word: "27docs", and
// a counter or scale of another script, "27件", "27万" (270,000). It also reads a unit
// or noun joined by a hyphen: "30-year", "5-page"; "10-K" is a label.
func (s *scanner) gluedSuffix() (int, glue) {
	t, m, j := s.text, s.cur, s.num.end
	if e := s.tok.End; e > j {
		// The reader has read the letters glued after the digits.
		if e < len(t) && (isDigit(t[e]) || t[e] == '_') {
			return e, glueLabel
		}
		lw := strings.ToLower(t[j:e])
		switch {
		case s.plain && (lw == "st" || lw == "nd" || lw == "rd" || lw == "th"):
			m.Classes |= Ordinal
		case lw == "x" && !s.seen.unit:
			m.Kind, s.seen.unit = units.KindRatio, true
		case (lw == "pp" || lw == "bp" || lw == "bps") && !s.seen.unit:
			u, _ := units.ParseUnit(lw)
			m.Kind, s.seen.unit = u.Kind(), true
		case (lw == "am" || lw == "pm") && s.hour():
			m.Classes |= Date
			s.seen.unit = true
		case lw == "s" && s.decade():
			m.Classes |= Year
			s.seen.unit = true
		case lookalike(t[j:e]):
			return wordEnd(t, e), glueStuck // "2O" prints like 20
		case utf8.RuneCountInString(lw) == 1 && unicode.Is(unicode.Latin, []rune(lw)[0]):
			return e, glueLabel
		default:
			return wordEnd(t, e), glueStuck
		}
		m.End, s.pos = e, e
		return e, glueNone
	}
	return j, glueNone
}

// hyphenSuffix reads a unit or noun joined to the number by a hyphen:
// "30-year" is 30 years, "5-page" a bare 5; "10-K" and "S-1" are names.
func (s *scanner) hyphenSuffix() (int, glue) {
	t, m, j := s.text, s.cur, s.pos
	if j+1 < len(t) && t[j] == '-' && isASCIILetter(t[j+1]) {
		if t[j+1] < 'a' {
			return j, glueLabel
		}
		w, e := word(t, j+1)
		if k := timeKind(w); k != 0 && !s.seen.unit {
			m.Kind, s.seen.unit = k, true
			m.End, s.pos = e, e
		}
	}
	return j, glueNone
}

// hour reports a plain integer from 1 to 12 with nothing printed around
// it: the hour of "10am".
func (s *scanner) hour() bool {
	v, err := s.cur.Printed.Int64()
	return s.plain && !s.cur.Signed && s.cur.Kind == 0 && s.intLen <= 2 && err == nil && v >= 1 && v <= 12
}

// decade reports a plain integer of two or four digits that ends in 0:
// the decade of "1990s" or "90s".
func (s *scanner) decade() bool {
	v, err := s.cur.Printed.Int64()
	return s.plain && !s.cur.Signed && s.cur.Kind == 0 && (s.intLen == 2 || s.intLen == 4) && err == nil && v%10 == 0
}
