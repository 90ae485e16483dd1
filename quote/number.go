package quote

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ContainsNumber reports whether printed, a number as printed such as
// "109,638.91", appears in text as a whole number token. See [FindNumber].
func ContainsNumber(text, printed string) bool {
	_, _, ok := FindNumber(text, printed)
	return ok
}

// FindNumber returns the byte span of the first occurrence of printed in text
// that is a whole number token: not part of a longer number ("1109,638.912"),
// not followed by more decimals or groups ("109,638.91.5"), not glued to a
// letter or digit in front ("FY2021" holds no "2021"), and not carrying a
// sign that printed lacks ("-4.3" holds no "4.3", and neither the accounting
// negatives "(799)" nor "$(799)" hold "799"). A unit or scale after the
// number ("12.5%", "5bn") does not matter. The comparison is byte for byte,
// after surrounding whitespace is trimmed from printed.
func FindNumber(text, printed string) (start, end int, ok bool) {
	printed = strings.TrimSpace(printed)
	if printed == "" {
		return 0, 0, false
	}
	for p := 0; p <= len(text)-len(printed); p++ {
		k := strings.Index(text[p:], printed)
		if k < 0 {
			break
		}
		p += k
		if wholeNumber(text, p, p+len(printed)) {
			return p, p + len(printed), true
		}
	}
	return 0, 0, false
}

// wholeNumber checks the characters around text[s:e].
func wholeNumber(text string, s, e int) bool {
	if s > 0 {
		prev, n := utf8.DecodeLastRuneInString(text[:s])
		switch {
		case isWordRune(prev):
			return false
		case prev == '.' || prev == ',':
			if pp, _ := utf8.DecodeLastRuneInString(text[:s-n]); unicode.IsNumber(pp) {
				return false
			}
		case prev == '-' || prev == '+' || prev == '\u2212':
			// A sign, unless it joins two tokens, as in "2019-2020".
			if pp, _ := utf8.DecodeLastRuneInString(text[:s-n]); !isWordRune(pp) {
				return false
			}
		}
	}
	if accountingNegative(text, s, e) {
		return false
	}
	if e < len(text) {
		next, n := utf8.DecodeRuneInString(text[e:])
		switch {
		case unicode.IsNumber(next):
			return false
		case next == '.' || next == ',':
			if nn, _ := utf8.DecodeRuneInString(text[e+n:]); unicode.IsNumber(nn) {
				return false
			}
		}
	}
	return true
}

// accountingNegative reports whether text[s:e] stands in parentheses, with
// only a currency sign or spaces between, as statements print negatives:
// "(799)", "$(799)", "( 799 )".
func accountingNegative(text string, s, e int) bool {
	i := s
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:i])
		if r != ' ' && !strings.ContainsRune("$€£₹¥", r) {
			break
		}
		i -= n
	}
	if i == 0 || text[i-1] != '(' {
		return false
	}
	j := e
	for j < len(text) && text[j] == ' ' {
		j++
	}
	return j < len(text) && text[j] == ')'
}
