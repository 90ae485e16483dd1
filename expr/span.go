package expr

import "fmt"

// Span is a half-open byte range [Start, End) in a source text. Errors and AST
// nodes carry spans so that a caller can point at the exact characters involved.
type Span struct {
	Start int // offset of the first byte
	End   int // offset one past the last byte
}

// String formats s as "start:end".
func (s Span) String() string { return fmt.Sprintf("%d:%d", s.Start, s.End) }

// Len reports the number of bytes s covers.
func (s Span) Len() int { return s.End - s.Start }
