package quote

import (
	"strings"
)

// Marker is a "[NEEDS INPUT: question]" marker: a place where a model asks
// for information it could not find instead of inventing it.
type Marker struct {
	Start    int    `json:"start"`    // byte offset of '['
	End      int    `json:"end"`      // byte offset after ']', or see Problem
	Question string `json:"question"` // the question, trimmed
	// Problem is empty for a well-formed marker. A malformed marker is
	// still reported: "unterminated" (no ']' before the end of its line;
	// End is the end of the line), "missing_colon" ("[NEEDS INPUT]" or
	// "[NEEDS INPUT what?]") or "empty_question".
	Problem string `json:"problem,omitempty"`
}

// markerWord is the marker's keyword. It is matched without regard to ASCII
// case, with any run of spaces, tabs or underscores between its two words.
const markerWord = "needs input"

// NeedsInput returns every "[NEEDS INPUT: question]" marker in text, in
// order. A marker ends at the first ']' on its line; one without is reported
// with Problem "unterminated" rather than dropped.
func NeedsInput(text string) []Marker {
	var ms []Marker
	for i := 0; i < len(text); i++ {
		j := strings.IndexByte(text[i:], '[')
		if j < 0 {
			break
		}
		i += j
		q, colon, ok := markerHead(text, i+1)
		if !ok {
			continue
		}
		m := Marker{Start: i}
		if !colon {
			m.Problem = "missing_colon"
		}
		eol := strings.IndexAny(text[q:], "\n\r")
		if eol < 0 {
			eol = len(text) - q
		}
		line := text[q : q+eol]
		if k := strings.IndexByte(line, ']'); k >= 0 {
			m.End, m.Question = q+k+1, strings.TrimSpace(line[:k])
		} else {
			m.End, m.Question, m.Problem = q+eol, strings.TrimSpace(line), "unterminated"
		}
		if m.Problem == "" && m.Question == "" {
			m.Problem = "empty_question"
		}
		ms = append(ms, m)
		i = m.End - 1
	}
	return ms
}

// markerHead matches "NEEDS INPUT:" (with optional blanks around the words)
// at i and returns the offset after the colon, or after the keyword when the
// colon is missing.
func markerHead(s string, i int) (q int, colon, ok bool) {
	i = skipBlank(s, i)
	for _, w := range strings.Fields(markerWord) {
		if len(s)-i < len(w) || !strings.EqualFold(s[i:i+len(w)], w) {
			return 0, false, false
		}
		i = skipBlank(s, i+len(w))
	}
	if i < len(s) && s[i] == ':' {
		return i + 1, true, true
	}
	return i, false, true
}

func skipBlank(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '_') {
		i++
	}
	return i
}
