package units

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// Error is the one error type the package returns: reckon's one error type,
// [fault.Error]. Every error has a stable Code, a lower-case Msg, and a
// Hint a model can act on; Span and Field say where the problem is when
// that is known. Field is relative to what the function was given:
// "display", "unit" or "scale" of an input (callers prefix "inputs[2]."),
// an input name, or "output.unit" and the like.
type Error = fault.Error

// errorf builds an *Error without position; at and in add one.
func errorf(code, hint, format string, args ...any) *Error {
	return &Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
