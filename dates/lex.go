package dates

import (
	"strings"
	"unicode/utf8"
)

// tokKind is the kind of a token of printed text.
type tokKind uint8

const (
	tNum   tokKind = iota + 1 // a run of ASCII digits
	tWord                     // a run of ASCII letters
	tSpace                    // a run of white space, the no-break and thin spaces included
	tPunct                    // one of , - / . ' (dashes and quotes normalised to these)
	tOther                    // any other character; no date contains one
)

// token is one token with its byte span in the text it was read from. text
// is the token as the reader sees it: the digits or letters themselves, a
// single space for white space, the ASCII form of a punctuation mark.
type token struct {
	kind       tokKind
	start, end int
	text       string
}

// lex splits s into tokens. Runs of digits and runs of letters are never
// split, so "FY2024" is a word glued to a number and "31st" a number glued
// to a word; PDFs print hyphens and apostrophes in several code points, and
// all of them read as one.
func lex(s string) []token {
	// Prose runs about one token to three bytes; sizing the slice once
	// saves the copies of growing it over a long text.
	toks := make([]token, 0, len(s)/3+4)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case isDigit(c):
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			toks = append(toks, token{tNum, i, j, s[i:j]})
			i = j
		case isLetter(c):
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			toks = append(toks, token{tWord, i, j, s[i:j]})
			i = j
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			kind, text := classify(r)
			if kind == tSpace && len(toks) > 0 && toks[len(toks)-1].kind == tSpace {
				toks[len(toks)-1].end = i + n
			} else {
				toks = append(toks, token{kind, i, i + n, text})
			}
			i += n
		}
	}
	return toks
}

// classify returns the kind of a character that is neither a digit nor an
// ASCII letter, and its normalised text.
func classify(r rune) (tokKind, string) {
	switch r {
	case ' ', '\t', '\n', '\r', '\u00a0', '\u2007', '\u2009', '\u202f':
		return tSpace, " "
	case ',', '-', '/', '.', '\'':
		return tPunct, string(r)
	case '\u2010', '\u2011', '\u2012', '\u2013': // hyphen, non-breaking hyphen, figure dash, en dash
		return tPunct, "-"
	case '\u2018', '\u2019': // typographic apostrophes: '03
		return tPunct, "'"
	}
	return tOther, ""
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// cursor walks the tokens of a date.
type cursor struct {
	toks []token
	i    int
	// badOrdinal is a day printed with a suffix that does not go with
	// it, as in "1nd"; "" when there is none.
	badOrdinal string
}

// peek returns the token k after the cursor, or the zero token past the end.
func (c *cursor) peek(k int) token {
	if c.i+k < len(c.toks) {
		return c.toks[c.i+k]
	}
	return token{}
}

// word consumes a word of kind k.
func (c *cursor) word(k wordKind) (wordInfo, bool) {
	t := c.peek(0)
	if t.kind != tWord {
		return wordInfo{}, false
	}
	w, ok := lookup(t.text)
	if !ok || w.kind != k {
		return wordInfo{}, false
	}
	c.i++
	return w, true
}

// lit consumes the word w, ignoring case.
func (c *cursor) lit(w string) bool {
	if t := c.peek(0); t.kind == tWord && strings.EqualFold(t.text, w) {
		c.i++
		return true
	}
	return false
}

// abbrevDot consumes the dot after an abbreviated month or weekday: "Mar.".
func (c *cursor) abbrevDot(w wordInfo) {
	t, n := c.peek(0), c.peek(1)
	if t.kind == tPunct && t.text == "." && isAbbrev(c.toks[c.i-1].text, w) && n.kind != tNum && n.kind != tWord {
		c.i++ // glued to the next field, the dot separates: 31.Mar.2003
	}
}

// gap consumes the separator between two fields of a date: white space with
// at most one comma, hyphen or slash in it ("31 March, 2003", "31-Mar-03"),
// a lone dot between glued fields ("31.Mar.2003"), or nothing between digits
// and letters ("31MAR2003"). A dot followed by a space ends a sentence, not a
// field. It reports whether there was one.
func (c *cursor) gap() bool {
	if c.i > 0 && c.i < len(c.toks) {
		// Digits glued to letters, as bank statements and PDFs that lose
		// their spaces print dates: 31MAR2003, 31Mar03. The month name
		// is a whole token, so the fields are still distinct.
		p, n := c.toks[c.i-1], c.toks[c.i]
		if p.kind == tNum && n.kind == tWord || p.kind == tWord && n.kind == tNum {
			return true
		}
	}
	start, punct := c.i, 0
	for {
		t := c.peek(0)
		switch {
		case t.kind == tSpace:
		case t.kind == tPunct && (t.text == "," || t.text == "-" || t.text == "/") && punct == 0:
			punct++
		case t.kind == tPunct && t.text == "." && c.i == start:
			c.i++
			if n := c.peek(0); n.kind == tNum || n.kind == tWord {
				return true
			}
			c.i = start
			return false
		default:
			return c.i > start
		}
		c.i++
	}
}

// day consumes a day of one or two digits and a glued ordinal suffix: 31,
// 03, 31st. A suffix that does not go with the day (1nd, 3st, 11st) is
// recorded in badOrdinal: a digit lost or misread ("3st" for 31st) would
// otherwise be read as another day, so the date is refused, as a weekday
// that disagrees is.
func (c *cursor) day() (int, bool) {
	t := c.peek(0)
	if t.kind != tNum || len(t.text) > 2 {
		return 0, false
	}
	c.i++
	d := atoi(t.text)
	if s := c.peek(0); s.kind == tWord {
		if _, ok := c.word(wOrdinal); ok && !strings.EqualFold(s.text, ordinalSuffix(d)) {
			c.badOrdinal = t.text + s.text
		}
	}
	return d, true
}

// ordinalSuffix returns the English suffix of day d: st, nd, rd or th.
func ordinalSuffix(d int) string {
	if d%100 >= 11 && d%100 <= 13 {
		return "th"
	}
	switch d % 10 {
	case 1:
		return "st"
	case 2:
		return "nd"
	case 3:
		return "rd"
	}
	return "th"
}

// yearAfterGap consumes a gap and a year: four digits, or two digits
// (31-Mar-03, 31 Mar '03), which it reports.
func (c *cursor) yearAfterGap() (y int, two, ok bool) {
	save := c.i
	if !c.gap() {
		c.i = save
		return 0, false, false
	}
	apostrophe := false
	if t := c.peek(0); t.kind == tPunct && t.text == "'" {
		apostrophe = true
		c.i++
	}
	t := c.peek(0)
	if t.kind != tNum || !(len(t.text) == 4 && !apostrophe || len(t.text) == 2) {
		c.i = save
		return 0, false, false
	}
	c.i++
	return atoi(t.text), len(t.text) == 2, true
}

// numeric consumes three runs of digits joined by one separator used
// twice: 2003-03-31, 03/04/2023, 03.04.2023.
func (c *cursor) numeric() ([3]string, bool) {
	a, s1, b, s2, d := c.peek(0), c.peek(1), c.peek(2), c.peek(3), c.peek(4)
	if s1.kind != tPunct || s1.text == "," || s1.text == "'" || s2 != (token{tPunct, s2.start, s2.end, s1.text}) ||
		a.kind != tNum || b.kind != tNum || d.kind != tNum {
		return [3]string{}, false
	}
	c.i += 5
	return [3]string{a.text, b.text, d.text}, true
}
