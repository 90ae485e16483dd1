package cost

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/units"
)

// Error is a refusal: the rates or the usage cannot be read. It is the
// error type of package units, so that every refusal of reckon maps to the
// same JSON error object.
type Error = units.Error

func errorf(code, field, hint, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// fromJSON turns a strict-decoding refusal into an [*Error] of code, as
// every reader at the boundary does: the path in Field, and the one hint
// for a fault (a JSON number where a string belongs) where there is one.
func fromJSON(code string, err error, hint string) *Error {
	var se *strictjson.Error
	if errors.As(err, &se) {
		return &Error{Code: code, Field: se.Field, Msg: se.Msg, Hint: se.Hint(hint)}
	}
	return &Error{Code: code, Msg: err.Error(), Hint: hint}
}
