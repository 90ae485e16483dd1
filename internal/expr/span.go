package expr

import "github.com/reckonhq/reckon/fault"

// Span is a half-open byte range [Start, End) in a source text. Errors and AST
// nodes carry spans so that a caller can point at the exact characters
// involved. It is [fault.Span], the span of reckon's one error type.
type Span = fault.Span
