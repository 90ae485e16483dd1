package claim

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// Error is a refused request: one that cannot be decoded, a fact that does
// not parse, or input over a limit. It is reckon's one error type,
// [fault.Error]: Code is stable snake_case that callers may branch on;
// Hint is one line a model can act on.
type Error = fault.Error

func errorf(code, hint, format string, args ...any) *Error {
	return &Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
