package quote

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxEntityBytes bounds a character reference, "&" to ";": the longest name
// the markup tier decodes, or a numeric reference to the last code point,
// "&#x10FFFF;", fits.
const maxEntityBytes = 12

// entities are the named character references the markup tier decodes:
// those that change how a number reads (a sign, a space inside a number, a
// bracket, a currency sign, a superscript) and the common punctuation of
// exported HTML. A browser shows "&minus;27" as −27 and "27&nbsp;000" as
// 27 000; read as letters they would leave a bare 27.
var entities = map[string]rune{
	"nbsp": '\u00A0', "ensp": '\u2002', "emsp": '\u2003', "thinsp": '\u2009',
	"hairsp": '\u200A', "numsp": '\u2007', "puncsp": '\u2008', "NoBreak": '\u2060',
	"ZeroWidthSpace": '\u200B', "zwnj": '\u200C', "zwj": '\u200D', "shy": '\u00AD',
	"lrm": '\u200E', "rlm": '\u200F',
	"minus": '\u2212', "ndash": '\u2013', "mdash": '\u2014', "hyphen": '\u2010', "dash": '\u2010',
	"plus": '+', "lpar": '(', "rpar": ')', "lsqb": '[', "rsqb": ']', "comma": ',',
	"period": '.', "colon": ':', "sol": '/', "percnt": '%', "permil": '\u2030',
	"num": '#', "dollar": '$', "cent": '\u00A2', "pound": '\u00A3', "yen": '\u00A5',
	"euro": '\u20AC', "curren": '\u00A4', "inr": '\u20B9',
	"sup1": '\u00B9', "sup2": '\u00B2', "sup3": '\u00B3', "frac12": '\u00BD',
	"frac14": '\u00BC', "frac34": '\u00BE', "times": '\u00D7', "divide": '\u00F7',
	"quot": '"', "apos": '\'',
	"lsquo": '\u2018', "rsquo": '\u2019', "ldquo": '\u201C', "rdquo": '\u201D',
	"hellip": '\u2026', "middot": '\u00B7', "deg": '\u00B0',
}

// legacyEntities are the names a browser decodes even without their ";"
// ("27&nbsp000" shows 27 000), as HTML's legacy references are.
var legacyEntities = []string{"nbsp", "shy", "quot", "cent", "pound", "yen",
	"curren", "sup1", "sup2", "sup3", "frac12", "frac14", "frac34", "times", "divide", "deg", "middot"}

// entity reads the HTML character reference at s[i] == '&': a named one of
// entities, or a numeric one, "&#8722;" or "&#x2212;". It returns the
// character and the offset after the reference. A reference to a character
// the markup tier itself reads as markup ("&amp;", "&lt;", "&#42;") is left
// as it is written: decoded, it would start markup the document does not
// have, and a second fold would read it again.
func entity(s string, i int) (rune, int, bool) {
	r, j, ok := reference(s, i)
	if !ok || r < utf8.RuneSelf && !plain[r] && !isSpaceByte(byte(r)) && r != '-' {
		return 0, 0, false
	}
	return r, j, true
}

// reference reads the character reference at s[i] == '&', whatever the
// character.
func reference(s string, i int) (rune, int, bool) {
	rest := s[i+1 : min(len(s), i+maxEntityBytes)]
	semi := strings.IndexByte(rest, ';')
	if semi > 0 {
		name, end := rest[:semi], i+1+semi+1
		if name[0] == '#' {
			r, ok := numericEntity(name[1:])
			return r, end, ok
		}
		if r, ok := entities[name]; ok {
			return r, end, true
		}
	}
	for _, name := range legacyEntities {
		if strings.HasPrefix(rest, name) {
			return entities[name], i + 1 + len(name), true
		}
	}
	return 0, 0, false
}

// numericEntity reads the digits of a numeric reference, "8722" or "x2212".
// NUL, surrogates and code points beyond Unicode are refused: a browser
// shows U+FFFD for them, which reads as no number.
func numericEntity(d string) (rune, bool) {
	base := 10
	if d != "" && (d[0] == 'x' || d[0] == 'X') {
		base, d = 16, d[1:]
	}
	if d == "" || d[0] == '+' || d[0] == '-' {
		return 0, false
	}
	v, err := strconv.ParseUint(d, base, 32)
	if err != nil || v == 0 || v > unicode.MaxRune || !utf8.ValidRune(rune(v)) {
		return utf8.RuneError, err == nil
	}
	return rune(v), true
}

// foldEntity folds the character r that the reference s[i:j] stands for as
// the character itself folds: a space is white space, a minus a hyphen, a
// zero-width character nothing, a bidirectional control a barrier over the
// rest of its line.
func (f *folder) foldEntity(r rune, i, j int) int {
	switch {
	case isBidi(r):
		// Where an escaped control's embedding ends is not worth working
		// out: the rest of its line is hidden behind barriers, as an
		// unclosed control's would be.
		e := strings.IndexByte(f.src[i:], '\n')
		if e < 0 {
			e = len(f.src) - i
		}
		f.lead(false)
		for k := i; k < i+e; k++ {
			f.put(barrier, k)
		}
		return i + e
	case unicode.IsSpace(r):
		f.space(i)
	case isZeroWidth(r) || r == '\u00AD':
		f.removed(i)
	case typography(r) != "":
		f.lead(false)
		f.putFrom(typography(r), i, j-i)
	default:
		f.lead(unicode.IsNumber(r))
		if f.caseOn() {
			r = caseFold(r)
		}
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], r)
		f.putFrom(string(buf[:n]), i, j-i)
	}
	return j
}
