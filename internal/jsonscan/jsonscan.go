// Package jsonscan reads JSON of a known shape without reflection or
// token-by-token decoding: laid out exactly as encoding/json writes a known
// struct (Lit, Str, Skip), or in any layout, token by token, accepting only
// what encoding/json accepts with the same meaning (Key, Text, Whole,
// Truth, Null). It is for fast paths that fall back to a strict decoder
// whenever the input is not the expected one: a Scanner never says a
// document is valid, only that it matched what was expected.
package jsonscan

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Scanner walks a byte slice. After the first mismatch OK reports false and
// every method does nothing.
type Scanner struct {
	p   []byte
	src string // p as a string, once, so that strings are slices of it
	i   int
	ok  bool
}

// New returns a Scanner at the start of p. It copies p once, so that the
// strings it returns share one allocation.
func New(p []byte) *Scanner { return &Scanner{p: p, src: string(p), ok: true} }

// OK reports whether everything so far matched.
func (s *Scanner) OK() bool { return s.ok }

// Done reports whether everything matched and all of p was read.
func (s *Scanner) Done() bool { return s.ok && s.i == len(s.p) }

// Peek returns the next byte, or 0 at the end.
func (s *Scanner) Peek() byte {
	if s.i < len(s.p) {
		return s.p[s.i]
	}
	return 0
}

// Lit consumes want or fails.
func (s *Scanner) Lit(want string) {
	if s.ok = s.ok && s.Lit0(want); !s.ok {
		s.i = len(s.p)
	}
}

// Lit0 consumes want if it comes next and reports whether it did.
func (s *Scanner) Lit0(want string) bool {
	if s.ok && bytes.HasPrefix(s.p[s.i:], []byte(want)) {
		s.i += len(want)
		return true
	}
	return false
}

// Str reads a JSON string; one with escapes is decoded by encoding/json.
func (s *Scanner) Str() string {
	if !s.ok || s.Peek() != '"' {
		s.ok = false
		return ""
	}
	escaped := false
	for j := s.i + 1; j < len(s.p); j++ {
		switch s.p[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			raw := s.p[s.i : j+1]
			s.i = j + 1
			if !escaped {
				return s.src[s.i-len(raw)+1 : s.i-1]
			}
			var v string
			if json.Unmarshal(raw, &v) != nil {
				s.ok = false
			}
			return v
		}
	}
	s.ok = false
	return ""
}

// Bool reads true or false.
func (s *Scanner) Bool() bool {
	if s.Lit0("true") {
		return true
	}
	s.Lit("false")
	return false
}

// Int reads an integer.
func (s *Scanner) Int() int {
	if !s.ok {
		return 0
	}
	j := s.i
	for j < len(s.p) && (s.p[j] >= '0' && s.p[j] <= '9' || j == s.i && s.p[j] == '-') {
		j++
	}
	n, err := strconv.Atoi(string(s.p[s.i:j]))
	if err != nil {
		s.ok = false
	}
	s.i = j
	return n
}

// Skip passes over one string, array or object, minding strings, and
// returns its bytes. It does not check what it skips.
func (s *Scanner) Skip() []byte {
	start, depth := s.i, 0
	for s.ok && s.i < len(s.p) {
		switch c := s.p[s.i]; c {
		case '"':
			s.Str()
			if depth == 0 {
				return s.p[start:s.i]
			}
			continue
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
		s.i++
		if depth == 0 {
			return s.p[start:s.i]
		}
	}
	s.ok = false
	return nil
}

// The methods below read JSON in any layout (white space anywhere a token
// may be, members in any order) and accept only what encoding/json accepts
// with the same meaning, so that a decoder built on them can hand every
// other input to a strict decoder and agree with it on the rest. They do
// not check that the bytes are UTF-8: a caller checks the whole document
// once, as encoding/json would otherwise read invalid bytes as U+FFFD.

// Space skips JSON white space: space, tab, line feed and carriage return.
func (s *Scanner) Space() {
	for s.i < len(s.p) {
		switch s.p[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// Byte skips white space, then consumes c if it comes next and reports
// whether it did. It never fails the scan.
func (s *Scanner) Byte(c byte) bool {
	if !s.ok {
		return false
	}
	s.Space()
	if s.i < len(s.p) && s.p[s.i] == c {
		s.i++
		return true
	}
	return false
}

// Want skips white space and consumes c, or fails.
func (s *Scanner) Want(c byte) {
	if !s.Byte(c) {
		s.fail()
	}
}

// Null skips white space and consumes the literal null if it comes next.
func (s *Scanner) Null() bool {
	if !s.ok {
		return false
	}
	s.Space()
	return s.Lit0("null")
}

// Key reads an object key followed by its colon. A key with an escape fails
// the scan: encoding/json would match it only after decoding it, and the
// strict decoder is the one to judge such keys.
func (s *Scanner) Key() string {
	if !s.ok {
		return ""
	}
	s.Space()
	if s.Peek() != '"' {
		s.fail()
		return ""
	}
	for j := s.i + 1; j < len(s.p); j++ {
		switch c := s.p[j]; {
		case c == '"':
			k := s.src[s.i+1 : j]
			s.i = j + 1
			s.Want(':')
			return k
		case c == '\\' || c < ' ':
			s.fail()
			return ""
		}
	}
	s.fail()
	return ""
}

// Text skips white space and reads a string value as encoding/json decodes
// it. It fails on what a strict reader refuses or reads differently: a raw
// control byte, a malformed escape and an escaped UTF-16 surrogate (lone
// ones decode to U+FFFD; even paired ones are left to the strict decoder,
// which is rare enough not to matter for speed).
func (s *Scanner) Text() string {
	if !s.ok {
		return ""
	}
	s.Space()
	if s.Peek() != '"' {
		s.fail()
		return ""
	}
	escaped := false
	for j := s.i + 1; j < len(s.p); j++ {
		switch c := s.p[j]; {
		case c < ' ':
			s.fail()
			return ""
		case c == '\\':
			if j+1 < len(s.p) && s.p[j+1] == 'u' && (j+2 >= len(s.p) || s.p[j+2] == 'd' || s.p[j+2] == 'D') {
				s.fail() // \uD800–\uDFFF, or \uD… of another kind: rare, and the strict decoder's
				return ""
			}
			escaped = true
			j++
		case c == '"':
			raw := s.p[s.i : j+1]
			s.i = j + 1
			if !escaped {
				return s.src[s.i-len(raw)+1 : s.i-1]
			}
			var v string
			if json.Unmarshal(raw, &v) != nil {
				s.fail()
			}
			return v
		}
	}
	s.fail()
	return ""
}

// Truth skips white space and reads true or false.
func (s *Scanner) Truth() bool {
	if !s.ok {
		return false
	}
	s.Space()
	return s.Bool()
}

// Whole skips white space and reads a JSON number that is a whole number
// in the range of int, as encoding/json reads one into an int: no leading
// zero, fraction or exponent.
func (s *Scanner) Whole() int {
	if !s.ok {
		return 0
	}
	s.Space()
	j := s.i
	if j < len(s.p) && s.p[j] == '-' {
		j++
	}
	digits := j
	for j < len(s.p) && s.p[j] >= '0' && s.p[j] <= '9' {
		j++
	}
	switch {
	case j == digits, s.p[digits] == '0' && j-digits > 1:
		s.fail() // no digits, or a leading zero
		return 0
	case j < len(s.p) && (s.p[j] == '.' || s.p[j] == 'e' || s.p[j] == 'E'):
		s.fail() // a fraction or an exponent: not an int to encoding/json
		return 0
	}
	n, err := strconv.Atoi(s.src[s.i:j])
	if err != nil {
		s.fail()
		return 0
	}
	s.i = j
	return n
}

// End skips trailing white space and reports whether everything matched
// and nothing else follows.
func (s *Scanner) End() bool {
	if s.ok {
		s.Space()
	}
	return s.Done()
}

// Fail marks a mismatch, for a caller that has found one the scanner
// cannot see, such as an unknown key.
func (s *Scanner) Fail() { s.fail() }

// fail marks a mismatch.
func (s *Scanner) fail() { s.ok, s.i = false, len(s.p) }
