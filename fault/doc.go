// Package fault holds reckon's one error type and the one list of its
// codes. Every refusal of every reckon package is a [*Error]; one
// [errors.As] target gives what went wrong (Code, Msg), where (Field, Span,
// Line) and what to do about it (Hint):
//
//	var e *fault.Error
//	if errors.As(err, &e) {
//		switch e.Code {
//		case fault.UnitMismatch: // …
//		}
//	}
//
// Every package returns this one type, so one target matches a refusal
// from any package.
//
// # Codes
//
// A code is stable snake_case, one per fault, and part of the JSON
// contract. The constants of this package are the one list, one line
// each, alphabetical; the packages' own Code constants are the same
// values. A code is never renamed or reused; a code that has been
// replaced stays listed, with what replaced it.
//
// # Where
//
// Field is a path into what the function was given, in one format:
// dotted names and [index] for list elements, as in "inputs[0].display",
// "output.unit", "rubric.criteria[2].weight". A function that passes part
// of its input on prefixes the error with [Error.Under]. Span is a byte range
// [start, end) into the formula, or into the text Field names; Line is the
// 1-based line of a multi-line input such as the verdict blocks.
//
// # Printing
//
// Error() prints "field: line:col: message", each part only when known;
// the position is 1-based with the column in bytes, as go/scanner prints
// it, and "line: message" when only the line is known. [Error.Format]
// adds the formula's line with carets under the span, and the hint.
// Messages are lower-case with no final period.
//
// # JSON
//
// An *Error encodes as the contract's error object: {"code", "message",
// "hint", "field", "span": [start, end], "line"}, the last four only when
// known.
package fault
