package claim

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/numeral"
)

// The hints of the unreadable numbers, one per way to fix them.
const (
	hintForm         = "write numbers with the digits 0-9, without exponents, superscripts or markup inside them: 27, not ²⁷, ㉗, XXVII, &#50;&#55; or 2.7e1; write a footnote mark as [1]"
	hintGlued        = "put a space between a number and the word after or before it: 27 documents, not 27docs"
	hintInvisible    = "remove the invisible characters (zero-width space, soft hyphen, word joiner, direction marks) around the number"
	hintScaleLetter  = "write the scale as a word, 84 million, or print the currency with it: $84 M"
	hintMarker       = "write crore in full (500 crore), and a debit as a negative amount (-500)"
	hintCompound     = "write the amount with one scale word: 5,000 crore, not 5 thousand crore"
	hintCurrency     = "write the currency as its ISO 4217 code or a known sign: AUD 5 or A$5, not AU$5"
	hintForeignScale = "write the scale in English (thousand, lakh, million, crore, billion) or the number in full: 27 million, not 27 Mio. or 27 milliard"
	hintFraction     = "write a fraction as a decimal, or as two numbers in words: 11 of 12"
	hintSeparators   = "write numbers with a dot for decimals and commas (1,234,567 or 12,34,567) or nothing for grouping"
	hintRange        = "print the unit and scale with both ends of a range: $84 million–$90 million or 4.3%–5%, not $84–90 million or 4.3–5%"
	hintScaleApart   = "print the scale word right after the number, outside any markup: **$84 million**, not **$84** million"
	hintSign         = "put one sign before the number: -799, not 799- or --799"
)

// maxNear bounds how far, in bytes, the tokens around an invisible
// character are read to find a number beside it.
const maxNear = 64

// oddRune says what r is when it may not touch a number: a numeral other
// than the digits 0-9, an invisible character, or a combining mark; ""
// otherwise.
func oddRune(r rune) string {
	switch {
	case r < utf8.RuneSelf:
		return ""
	case isSuperscript(r):
		return "a superscript or subscript digit"
	case unicode.Is(unicode.Nd, r):
		return "a digit outside 0-9"
	case unicode.Is(unicode.Nl, r):
		return "a Roman numeral"
	case unicode.IsNumber(r) && (r >= 0x2460 && r <= 0x24ff || r >= 0x2776 && r <= 0x2793 || r >= 0x3251 && r <= 0x32bf):
		return "a circled numeral"
	case unicode.IsNumber(r):
		return "a numeral outside 0-9"
	case invisible(r):
		return "an invisible character"
	case unicode.In(r, unicode.Mn, unicode.Me):
		return "a combining mark on a digit"
	}
	return ""
}

// isSuperscript reports the superscript and subscript digits.
func isSuperscript(r rune) bool {
	return r == '¹' || r == '²' || r == '³' || r >= 0x2070 && r <= 0x2089
}

// invisible reports a default-ignorable code point: format characters (the
// zero-width space, soft hyphen, word joiner, byte-order mark, direction
// marks and overrides), variation selectors and the other fillers Unicode
// says to display as nothing. Beside a number they can split, hide or
// reorder its digits.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// emojiJoiner reports the invisible characters that emoji are built with:
// the variation selectors and the zero-width joiner. Between symbols they
// are harmless; after a digit they make a keycap ("5️⃣"), which tail
// refuses.
func emojiJoiner(r rune) bool {
	return r == '\u200d' || unicode.Is(unicode.Variation_Selector, r)
}

// tail checks what follows the digits that end at e for a form that makes
// the number unreadable, and returns the end of the unreadable run: a
// numeral or invisible character or combining mark touching the digits
// ("27²", "2½", "27\u200b"), a character reference ("5&nbsp;million"), an
// exponent ("2.7e1"), or markup between digits ("2**7**", "2<b>7</b>").
func (s *scanner) tail(e int) (int, string, bool) {
	t := s.text
	if e >= len(t) {
		return 0, "", false
	}
	switch c := t[e]; {
	case c >= utf8.RuneSelf:
		r, n := utf8.DecodeRuneInString(t[e:])
		if what := oddRune(r); what != "" {
			return numeralRunEnd(t, e+n), what, true
		}
		if e+n < len(t) && isDigit(t[e+n]) && strings.ContainsRune(separators, r) {
			return numeralRunEnd(t, e+n), "a decimal point or group separator that is not read", true // "27·5", "1，234"
		}
		if unicode.Is(unicode.Zs, r) && threeDigits(t, e+n) {
			return numeralRunEnd(t, e+n), "digits grouped with spaces", true // "5\u2002500"
		}
	case c == '&':
		if _, _, ok := entityAt(t, e); ok {
			return entityRunEnd(t, e), "an HTML character reference beside a number", true
		}
	case c == 'e' || c == 'E':
		j := e + 1
		if j < len(t) && (t[j] == '+' || t[j] == '-') {
			j++
		}
		k := j
		for k < len(t) && isDigit(t[k]) {
			k++
		}
		if k > j && (k >= len(t) || !isWordByte(t[k])) {
			return k, "a number with an exponent", true
		}
	case c == '*' || c == '_' || c == '~' || c == '`' || c == '<':
		if k := skipMarkup(t, e); k > e && k < len(t) && isDigit(t[k]) {
			return numeralRunEnd(t, k), "digits split by markup", true
		}
		if k := numeralRunEnd(t, e+1); c == '*' && k > e+1 && k < len(t) && t[k] == '*' && isDigit(t[e+1]) {
			return k + 1, "digits split by markup", true // "2*7*": 2 and an italic 7
		}
	}
	return 0, "", false
}

// separators are the marks other scripts and typesetting print between
// digits as a decimal point or a group separator: the Arabic decimal and
// thousands separators, the middle dot of old British decimals, one-dot
// leaders, and full-width and small full stops and commas. Read as
// punctuation, "27·5" would be two numbers.
const separators = "\u066b\u066c\u00b7\u2024\u2027\uff0e\ufe52\uff0c\ufe50"

// threeDigits reports exactly three ASCII digits at j.
func threeDigits(t string, j int) bool {
	k := j
	for k < len(t) && isDigit(t[k]) {
		k++
	}
	return k-j == 3
}

// numeralRunEnd returns the end of the run at i of digits, other numerals,
// invisible characters, combining marks, and points or commas between
// them.
func numeralRunEnd(t string, i int) int {
	for i < len(t) {
		c := t[i]
		switch {
		case isDigit(c):
			i++
		case (c == '.' || c == ',') && i+1 < len(t) && (isDigit(t[i+1]) || t[i+1] >= utf8.RuneSelf):
			i++
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(t[i:])
			if oddRune(r) == "" {
				return i
			}
			i += n
		default:
			return i
		}
	}
	return i
}

// skipMarkup returns the end of the Markdown or HTML markup at i that could
// sit inside a number: "**", "__", "~~", "_", "`", or up to four tags
// ("</b><i>") of at most maxNear bytes each. A single "*" is a
// multiplication sign and is not skipped.
func skipMarkup(t string, i int) int {
	k := i
	for n := 0; n < 4 && k < len(t); n++ {
		switch c := t[k]; {
		case c == '*' && k+1 < len(t) && t[k+1] == '*', c == '~' && k+1 < len(t) && t[k+1] == '~':
			k += 2
		case c == '_' || c == '`':
			k++
		case c == '<':
			e := strings.IndexAny(t[k+1:min(len(t), k+1+maxNear)], "<>\n")
			if e < 0 || t[k+1+e] != '>' {
				return k
			}
			k += e + 2
		default:
			return k
		}
	}
	return k
}

// entityAt reads an HTML character reference at i: &#NNN;, &#xHHH; or
// &name;. It returns its end, and the rune of a numeric one or -1.
func entityAt(t string, i int) (int, rune, bool) {
	j := i + 1
	if j >= len(t) {
		return 0, 0, false
	}
	if t[j] == '#' {
		j++
		base := 10
		if j < len(t) && (t[j] == 'x' || t[j] == 'X') {
			base, j = 16, j+1
		}
		k, v := j, rune(0)
		for k < len(t) && k-j < 8 {
			d := hexVal(t[k])
			if d < 0 || d >= base {
				break
			}
			v = v*rune(base) + rune(d)
			k++
		}
		if k == j || k >= len(t) || t[k] != ';' {
			return 0, 0, false
		}
		return k + 1, v, true
	}
	k := j
	for k < len(t) && k-j < 32 && (isASCIILetter(t[k]) || k > j && isDigit(t[k])) {
		k++
	}
	if k == j || k >= len(t) || t[k] != ';' {
		return 0, 0, false
	}
	return k + 1, -1, true
}

// hexVal is the value of a hexadecimal digit, or -1.
func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// entityRunEnd returns the end of the run at i of character references,
// digits and the points and commas between them.
func entityRunEnd(t string, i int) int {
	for i < len(t) {
		if e, _, ok := entityAt(t, i); t[i] == '&' && ok {
			i = e
			continue
		}
		if e := numeralRunEnd(t, i); e > i {
			i = e
			continue
		}
		return i
	}
	return i
}

// entity reads a character reference at i. One that prints a numeral
// ("&#50;", "&sup2;", "&frac12;"), or any one touching digits ("&#36;5",
// "5&nbsp;million", "&minus;5"), makes the run it is in unreadable.
func (s *scanner) entity(i int) int {
	t := s.text
	e, r, ok := entityAt(t, i)
	if !ok {
		return i + 1
	}
	end := entityRunEnd(t, i)
	numeral := r >= 0 && (unicode.IsNumber(r) || oddRune(r) != "") ||
		r < 0 && strings.ContainsAny(t[i:e], "0123456789")
	touches := strings.ContainsAny(t[i:end], "0123456789")
	if numeral || touches {
		return s.bad(i, end, "an HTML character reference in a number", hintForm)
	}
	return e
}

// nonASCII looks at the rune at i: a numeral other than 0-9 is refused
// with the digits around it; an invisible character is refused when a
// number is beside it.
func (s *scanner) nonASCII(i int) int {
	t := s.text
	r, n := utf8.DecodeRuneInString(t[i:])
	what := oddRune(r)
	switch {
	case what == "" || unicode.In(r, unicode.Mn, unicode.Me):
		return i + n
	case invisible(r) && emojiJoiner(r) && !unicode.IsNumber(lastRune(t[:i])):
		return i + n // part of an emoji: "✔️ 84", "👨‍👩‍👧"; after a digit it is a keycap, "5️⃣"
	case invisible(r):
		return s.invisibleNear(i, n)
	case formulaMark(t, i, r, n):
		return i + n
	}
	tok := s.readAt(i, s.floor)
	return s.bad(min(i, tok.Start), max(numeralRunEnd(t, i+n), tok.End), what, hintForm)
}

// formulaMark reports a superscript or subscript that belongs to the word
// it is glued to rather than printing a number: subscripts after a letter,
// as chemistry prints them ("CO₂", "H₂O", "C₆H₁₂O₆"), and one superscript
// digit after a letter, a unit's power or a footnote mark ("m²",
// "revenue¹"). Two superscript digits ("authored²⁷") print a number.
func formulaMark(t string, i int, r rune, n int) bool {
	if !isSuperscript(r) || !unicode.IsLetter(lastRune(t[:i])) {
		return false
	}
	if r >= 0x2080 && r <= 0x2089 {
		return true
	}
	next, _ := utf8.DecodeRuneInString(t[i+n:])
	return !unicode.IsNumber(next)
}

// invisibleNear refuses the invisible character at i when its token, or
// the token before or after it on the line, holds a digit or a numeral:
// "$\u200b27", "5 \u200bmillion", "USD\u00ad 5". It returns the end of
// what it has looked at, past the digits it refused.
func (s *scanner) invisibleNear(i, n int) int {
	t := s.text
	lo, hi := tokenStart(t, i), tokenEnd(t, i+n)
	switch {
	case hasNumeral(t[lo:hi]):
	case hasNumeral(t[tokenStart(t, gapBefore(t, lo)):lo]):
		lo = tokenStart(t, gapBefore(t, lo))
	case hasNumeral(t[hi:tokenEnd(t, gapAfter(t, hi))]):
		hi = tokenEnd(t, gapAfter(t, hi))
	default:
		return hi
	}
	return s.bad(lo, hi, "an invisible character beside a number", hintInvisible)
}

// tokenStart returns the start of the run of non-blank runes that ends at
// i, looking back at most maxNear bytes.
func tokenStart(t string, i int) int {
	stop := max(0, i-maxNear)
	for i > stop {
		r, n := utf8.DecodeLastRuneInString(t[:i])
		if unicode.IsSpace(r) {
			break
		}
		i -= n
	}
	return i
}

// tokenEnd returns the end of the run of non-blank runes at i, looking at
// most maxNear bytes ahead.
func tokenEnd(t string, i int) int {
	stop := min(len(t), i+maxNear)
	for i < stop {
		r, n := utf8.DecodeRuneInString(t[i:])
		if unicode.IsSpace(r) {
			break
		}
		i += n
	}
	return i
}

// gapBefore returns the start of the blanks, without a line break, that
// end at i: at most a few.
func gapBefore(t string, i int) int {
	k := i
	for k > 0 && i-k < 8 && (t[k-1] == ' ' || t[k-1] == '\t') {
		k--
	}
	return k
}

// gapAfter returns the end of the blanks, without a line break, at i.
func gapAfter(t string, i int) int {
	k := i
	for k < len(t) && k-i < 8 && (t[k] == ' ' || t[k] == '\t') {
		k++
	}
	return k
}

// hasNumeral reports an ASCII digit or another numeral in s.
func hasNumeral(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= utf8.RuneSelf && unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

// foreignScale reports a scale word of another language at p, in any
// script, and its end (past a final point): "27 Mio.", "27 млн", "27 万";
// or a per-mille or per-myriad sign, "5‰", which no unit of the table
// reads and a percent would back ten times too large.
func foreignScale(t string, p int) (int, bool) {
	for _, sg := range []string{"‰", "‱"} {
		if strings.HasPrefix(t[p:], sg) {
			return p + len(sg), true // per mille, per ten thousand: no unit of the table
		}
	}
	e := p
	for e < len(t) && e-p < maxNear {
		r, n := utf8.DecodeRuneInString(t[e:])
		if !unicode.IsLetter(r) {
			break
		}
		e += n
		if r >= 0x2e80 {
			break // CJK: one character is one word
		}
	}
	if e == p || !numeral.ForeignScale(t[p:e]) {
		return 0, false
	}
	if e < len(t) && t[e] == '.' {
		e++
	}
	return e, true
}
