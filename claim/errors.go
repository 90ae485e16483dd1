package claim

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

func errorf(code, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
