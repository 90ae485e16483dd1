package receipt

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// scanRecorded reads the fields of [recorded] from a payload laid out as
// [Receipt.Encode] lays it out, without reflection: verification spends most
// of its decoding time here otherwise. It accepts only the canonical layout
// and reports false for anything else, in which case the caller decodes with
// encoding/json. It need not be a complete JSON parser: whatever it reads is
// recalculated, re-encoded and compared with the payload byte for byte, so a
// payload it misreads is refused, never accepted.
func scanRecorded(p []byte) (rec recorded, ok bool) {
	s := scanner{p: p, ok: true}
	s.lit(`{"type":`)
	rec.Type = s.str()
	s.lit(`,"id":`)
	rec.ID = s.str()
	s.lit(`,"operation":`)
	rec.Operation = s.str()
	s.lit(`,"formula":`)
	rec.Formula = s.str()
	s.lit(`,"interpretation":{"kind":`)
	rec.Interpretation.Kind = s.str()
	s.lit(`,"note":`)
	rec.Interpretation.Note = s.str()
	s.lit(`},"inputs":[`)
	for i := 0; s.ok && s.peek() != ']'; i++ {
		if i > 0 {
			s.lit(",")
		}
		rec.Inputs = append(rec.Inputs, s.input())
	}
	s.lit(`],"constants":`)
	s.skip()
	s.lit(`,"conversions":`)
	s.skip()
	s.lit(`,"expanded":`)
	s.str()
	s.lit(`,"periods":`)
	s.skip()
	s.lit(`,"same_period":`)
	rec.SamePeriod = s.boolean()
	s.lit(`,"result":{"exact":`)
	s.str()
	s.lit(`,"value":`)
	s.str()
	s.lit(`,"unit":`)
	rec.Result.Unit = s.str()
	s.lit(`,"scale":`)
	rec.Result.Scale = s.str()
	s.lit(`,"places":`)
	if !s.lit0("null") {
		n := s.integer()
		rec.Result.Places = &n
	}
	s.lit(`,"rounding":`)
	rec.Result.Rounding = s.str()
	s.lit(`,"grouping":`)
	rec.Result.Grouping = s.str()
	s.lit(`,"display":`)
	s.str()
	s.lit(`,"inexact":`)
	s.boolean()
	s.lit(`},"engine":{"name":`)
	rec.Engine.Name = s.str()
	s.lit(`,"version":`)
	rec.Engine.Version = s.str()
	s.lit(`,"precision":`)
	rec.Engine.Precision = s.integer()
	s.lit(`}}`)
	return rec, s.ok && s.i == len(p)
}

// scanner walks a byte slice; after the first mismatch ok is false and every
// method is a no-op.
type scanner struct {
	p  []byte
	i  int
	ok bool
}

func (s *scanner) input() (in Input) {
	s.lit(`{"name":`)
	in.Name = s.str()
	s.lit(`,"display":`)
	in.Display = s.str()
	s.lit(`,"value":`)
	s.str()
	s.lit(`,"unit":`)
	in.Unit = s.str()
	s.lit(`,"scale":`)
	in.Scale = s.str()
	s.lit(`,"factor":`)
	s.str()
	s.lit(`,"period":`)
	in.Period = s.str()
	s.lit(`,"label":`)
	in.Label = s.str()
	s.lit(`,"support":`)
	in.Support = s.str()
	s.lit(`,"provenance":`)
	in.Provenance = s.str()
	s.lit(`,"quote":`)
	in.Quote = s.str()
	s.lit(`}`)
	return in
}

func (s *scanner) peek() byte {
	if s.i < len(s.p) {
		return s.p[s.i]
	}
	return 0
}

// lit consumes want or fails.
func (s *scanner) lit(want string) {
	if s.ok = s.ok && s.lit0(want); !s.ok {
		s.i = len(s.p)
	}
}

// lit0 consumes want if it comes next.
func (s *scanner) lit0(want string) bool {
	if bytes.HasPrefix(s.p[s.i:], []byte(want)) {
		s.i += len(want)
		return true
	}
	return false
}

// str reads a JSON string; escaped ones go through encoding/json.
func (s *scanner) str() string {
	if !s.ok || s.peek() != '"' {
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
				return string(raw[1 : len(raw)-1])
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

func (s *scanner) boolean() bool {
	if s.lit0("true") {
		return true
	}
	s.lit("false")
	return false
}

func (s *scanner) integer() int {
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

// skip passes over one array or object, minding strings.
func (s *scanner) skip() {
	depth := 0
	for s.ok && s.i < len(s.p) {
		switch c := s.p[s.i]; c {
		case '"':
			s.str()
			continue
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
		s.i++
		if depth == 0 {
			return
		}
	}
	s.ok = false
}
