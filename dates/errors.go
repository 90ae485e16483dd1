package dates

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// errorf builds a *fault.Error with a code, a hint and a message.
func errorf(code, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// asUnits returns err as the *fault.Error it is, or nil. Every error the
// package makes is one; anything else would be a programming error, and is
// kept as the message of a bad_date rather than lost.
func asUnits(err error) *fault.Error {
	if err == nil {
		return nil
	}
	var e *fault.Error
	if errors.As(err, &e) {
		return e
	}
	return errorf(fault.BadDate, "report this as a bug in reckon", "%v", err)
}

// in sets the field of e and returns it.
func in(e *fault.Error, field string) *fault.Error {
	e.Field = field
	return e
}
