package units

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// errorf builds a *fault.Error without position; at and in add one.
func errorf(code, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
