package fault

import (
	"encoding/json"
	"fmt"
)

// Span is a half-open byte range [Start, End) in a source text. Errors and
// formula nodes carry spans so that a caller can point at the exact
// characters involved. Its JSON form is the contract's pair [start, end].
type Span struct {
	Start int // offset of the first byte
	End   int // offset one past the last byte
}

// String formats s as "start:end".
func (s Span) String() string { return fmt.Sprintf("%d:%d", s.Start, s.End) }

// Len reports the number of bytes s covers.
func (s Span) Len() int { return s.End - s.Start }

// MarshalJSON encodes s as [start, end].
func (s Span) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{s.Start, s.End}) }

// UnmarshalJSON decodes [start, end].
func (s *Span) UnmarshalJSON(b []byte) error {
	var p [2]int
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	s.Start, s.End = p[0], p[1]
	return nil
}
