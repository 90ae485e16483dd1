package dates

import "unicode/utf8"

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
