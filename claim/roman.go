package claim

import "strings"

// isRomanLetter reports the letters of upper-case Roman numerals.
func isRomanLetter(c byte) bool { return strings.IndexByte("IVXLCDM", c) >= 0 }

// romanNumeral reports a Roman numeral used as one: two or more upper-case
// letters in the standard form (XXVII, MCMXC), holding an I, V or X, and
// not a common acronym that happens to be one (CV, XL, MIX, DIV, …).
func romanNumeral(w string) bool {
	if len(w) < 2 || len(w) > 15 || !strings.ContainsAny(w, "IVX") || romanWords[w] {
		return false
	}
	v, last := 0, 10000
	for i := 0; i < len(w); i++ {
		d := romanValue(w[i])
		if d == 0 {
			return false
		}
		if i+1 < len(w) && d < romanValue(w[i+1]) {
			d = romanValue(w[i+1]) - d // IV, IX, XL, XC, CD, CM
			i++
		}
		if d > last {
			return false
		}
		v, last = v+d, d
	}
	// The standard form is the one that prints v: write it in a fixed
	// buffer and compare.
	var buf [16]byte
	n := 0
	for _, r := range romanTable {
		for v >= r.value {
			n += copy(buf[n:], r.text)
			v -= r.value
		}
	}
	return string(buf[:n]) == w
}

// romanValue is the value of a Roman numeral letter, or 0.
func romanValue(c byte) int {
	switch c {
	case 'I':
		return 1
	case 'V':
		return 5
	case 'X':
		return 10
	case 'L':
		return 50
	case 'C':
		return 100
	case 'D':
		return 500
	case 'M':
		return 1000
	}
	return 0
}

// romanTable writes a value in the standard form, largest first.
var romanTable = [...]struct {
	value int
	text  string
}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"},
	{10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

// romanWords are acronyms that are also Roman numerals.
var romanWords = map[string]bool{"CV": true, "XL": true, "MI": true, "LI": true, "CI": true, "DI": true,
	"MIX": true, "DIV": true, "MV": true, "LV": true, "DX": true, "MX": true}

// roman reads the upper-case word at i. A Roman numeral used as a number
// is refused: followed by a count noun ("XXVII documents") and not after a
// capitalised word that it numbers ("World War II", "Phase III trials",
// "Chapter IV"). A numeral standing alone as the answer is refused by
// wholeAnswer.
func (s *scanner) roman(i int) int {
	t := s.text
	j := i
	for j < len(t) && isASCIILetter(t[j]) {
		j++
	}
	// Cheapest test first: most upper-case words are followed by no noun.
	p := skipSpace(t, j)
	if j < len(t) && (isDigit(t[j]) || t[j] == '_') || !nounAfter(t, p) || !romanNumeral(t[i:j]) {
		return j
	}
	if w := wordBefore(t, i); w != "" && w[0] >= 'A' && w[0] <= 'Z' {
		return j
	}
	_, e := word(t, p)
	return s.bad(i, e, "a Roman numeral used as a number", hintForm)
}

// nounAfter reports a lower-case word at p that could be the noun of a
// count: not a stopword.
func nounAfter(t string, p int) bool {
	w, _ := word(t, p)
	return len(w) >= 2 && w[0] >= 'a' && w[0] <= 'z' && !stopword(w)
}
