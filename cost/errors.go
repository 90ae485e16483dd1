package cost

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
)

func errorf(code, field, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// fromJSON turns a strict-decoding refusal into a [*fault.Error] of code, as
// every reader at the boundary does: the path in Field, and the one hint
// for a fault (a JSON number where a string belongs) where there is one.
func fromJSON(code string, err error, hint string) *fault.Error {
	var se *strictjson.Error
	if errors.As(err, &se) {
		return &fault.Error{Code: code, Field: se.Field, Msg: se.Msg, Hint: se.Hint(hint)}
	}
	return &fault.Error{Code: code, Msg: err.Error(), Hint: hint}
}
