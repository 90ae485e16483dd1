package receipt

import (
	"unicode/utf8"

	"github.com/reckonhq/reckon/internal/jsonscan"
	"github.com/reckonhq/reckon/units"
)

// The fast request decoder. DecodeRequest is a large share of answering a
// request when it goes through the strict decoder, which walks the JSON
// three times with reflection (keys, values, exact names). Most requests
// are plain: known keys, once each, strings where strings belong. For
// those, decodeRequestFast reads the bytes once, driven by one table of
// members per JSON object below, and reports false for anything else:
// an unknown, repeated or case-variant key, null, a number where a string
// belongs, an escaped surrogate, invalid UTF-8, trailing data. Those go to
// the strict decoder, which words the refusal. So the fast path never
// refuses and never accepts what the strict decoder would not:
// FuzzDecodeRequestFast holds the two to the same [Request], and
// TestRequestFieldTables holds the tables to the struct tags.

// member is one JSON member of an object of type T: its key and how to
// read its value into a T.
type member[T any] struct {
	key  string
	read func(s *jsonscan.Scanner, v *T)
}

// requestMembers are the members of a [Request].
var requestMembers = []member[Request]{
	{"id", func(s *jsonscan.Scanner, r *Request) { r.ID = s.Text() }},
	{"formula", func(s *jsonscan.Scanner, r *Request) { r.Formula = s.Text() }},
	{"inputs", func(s *jsonscan.Scanner, r *Request) { r.Inputs = readInputs(s) }},
	{"output", func(s *jsonscan.Scanner, r *Request) { readObject(s, &r.Output, outputMembers) }},
	{"interpretation", func(s *jsonscan.Scanner, r *Request) {
		if s.Null() {
			r.Interpretation = nil // as encoding/json sets a pointer
			return
		}
		r.Interpretation = &Interpretation{}
		readObject(s, r.Interpretation, interpretationMembers)
	}},
	{"same_period", func(s *jsonscan.Scanner, r *Request) { r.SamePeriod = s.Truth() }},
	{"operation", func(s *jsonscan.Scanner, r *Request) { r.Operation = s.Text() }},
	{"params", func(s *jsonscan.Scanner, r *Request) { r.Params = readParams(s) }},
}

// inputMembers are the members of an [Input].
var inputMembers = []member[Input]{
	{"name", func(s *jsonscan.Scanner, in *Input) { in.Name = s.Text() }},
	{"display", func(s *jsonscan.Scanner, in *Input) { in.Display = s.Text() }},
	{"unit", func(s *jsonscan.Scanner, in *Input) { in.Unit = s.Text() }},
	{"scale", func(s *jsonscan.Scanner, in *Input) { in.Scale = s.Text() }},
	{"period", func(s *jsonscan.Scanner, in *Input) { in.Period = s.Text() }},
	{"label", func(s *jsonscan.Scanner, in *Input) { in.Label = s.Text() }},
	{"support", func(s *jsonscan.Scanner, in *Input) { in.Support = s.Text() }},
	{"provenance", func(s *jsonscan.Scanner, in *Input) { in.Provenance = s.Text() }},
	{"quote", func(s *jsonscan.Scanner, in *Input) { in.Quote = s.Text() }},
	{"source", func(s *jsonscan.Scanner, in *Input) { in.Source = s.Text() }},
}

// outputMembers are the members of a [units.Output].
var outputMembers = []member[units.Output]{
	{"unit", func(s *jsonscan.Scanner, o *units.Output) { o.Unit = s.Text() }},
	{"scale", func(s *jsonscan.Scanner, o *units.Output) { o.Scale = s.Text() }},
	{"rounding", func(s *jsonscan.Scanner, o *units.Output) { o.Rounding = s.Text() }},
	{"places", func(s *jsonscan.Scanner, o *units.Output) {
		if s.Null() {
			o.Places = nil
			return
		}
		n := s.Whole()
		o.Places = &n
	}},
	{"grouping", func(s *jsonscan.Scanner, o *units.Output) { o.Grouping = s.Text() }},
}

// interpretationMembers are the members of an [Interpretation].
var interpretationMembers = []member[Interpretation]{
	{"kind", func(s *jsonscan.Scanner, it *Interpretation) { it.Kind = s.Text() }},
	{"note", func(s *jsonscan.Scanner, it *Interpretation) { it.Note = s.Text() }},
}

// decodeRequestFast reads a plain request, or reports false; see above.
func decodeRequestFast(data []byte) (*Request, bool) {
	if !utf8.Valid(data) {
		return nil, false // the strict decoder refuses it and says where
	}
	s := jsonscan.New(data)
	req := &Request{}
	readObject(s, req, requestMembers)
	if !s.End() {
		return nil, false
	}
	return req, true
}

// readObject reads one JSON object whose keys are each one of members,
// given once, into v. Tables have far fewer than 64 members, so one word
// records which were seen.
func readObject[T any](s *jsonscan.Scanner, v *T, members []member[T]) {
	s.Want('{')
	if s.Byte('}') {
		return
	}
	var seen uint64
	for s.OK() {
		key := s.Key()
		i := 0
		for i < len(members) && members[i].key != key {
			i++
		}
		if i == len(members) || seen&(1<<i) != 0 {
			s.Fail() // unknown or repeated: the strict decoder's to judge
			return
		}
		seen |= 1 << i
		members[i].read(s, v)
		if !s.Byte(',') {
			s.Want('}')
			return
		}
	}
}

// readInputs reads the array of inputs. An empty array is an empty, non-nil
// slice, as encoding/json makes it.
func readInputs(s *jsonscan.Scanner) []Input {
	s.Want('[')
	ins := make([]Input, 0, 4)
	if s.Byte(']') {
		return ins
	}
	for s.OK() {
		ins = append(ins, Input{})
		readObject(s, &ins[len(ins)-1], inputMembers)
		if !s.Byte(',') {
			s.Want(']')
			break
		}
	}
	return ins
}

// maxFastParams is the most params the fast path reads: every operation
// takes a handful, and compared pairwise a few dozen cost nothing, while a
// hostile request of thousands goes to the strict decoder, which hashes.
const maxFastParams = 32

// readParams reads params, an object of strings. A key that is not plain
// ASCII fails the scan, so that two keys the strict decoder takes for one
// (differing only in case) are found by comparing ASCII letters.
func readParams(s *jsonscan.Scanner) map[string]string {
	s.Want('{')
	m := map[string]string{}
	if s.Byte('}') {
		return m
	}
	for s.OK() {
		key := s.Key()
		if len(m) == maxFastParams {
			s.Fail() // the pairwise comparison below stays small
			return nil
		}
		for i := 0; i < len(key); i++ {
			if key[i] >= utf8.RuneSelf {
				s.Fail()
				return nil
			}
		}
		for k := range m {
			if len(k) == len(key) && asciiFold(k, key) {
				s.Fail() // repeated, perhaps in another case
				return nil
			}
		}
		m[key] = s.Text()
		if !s.Byte(',') {
			s.Want('}')
			break
		}
	}
	return m
}

// asciiFold reports whether the ASCII strings a and b, of one length, are
// equal when upper and lower case are not told apart.
func asciiFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
