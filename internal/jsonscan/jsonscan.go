// Package jsonscan reads JSON laid out exactly as encoding/json writes a
// known struct, without reflection or token-by-token decoding. It is for
// fast paths that fall back to a strict decoder whenever the layout is not
// the expected one: a Scanner never says a document is valid, only that it
// matched what was expected.
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
