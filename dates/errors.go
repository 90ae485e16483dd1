package dates

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/units"
)

// errorf builds a *units.Error with a code, a hint and a message.
func errorf(code, hint, format string, args ...any) *units.Error {
	return &units.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// asUnits returns err as the *units.Error it is, or nil. Every error the
// package makes is one; anything else would be a programming error, and is
// kept as the message of a bad_date rather than lost.
func asUnits(err error) *units.Error {
	if err == nil {
		return nil
	}
	var e *units.Error
	if errors.As(err, &e) {
		return e
	}
	return errorf(fault.BadDate, "report this as a bug in reckon", "%v", err)
}

// in sets the field of e and returns it.
func in(e *units.Error, field string) *units.Error {
	e.Field = field
	return e
}
