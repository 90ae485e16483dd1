package reckon

import "github.com/reckonhq/reckon/fault"

// Error is reckon's one error type, [fault.Error]: every refusal of every
// package is an *Error, so one [errors.As] target gives its Code (stable
// snake_case, listed once in package fault), Field (a request path such as
// "inputs[0].display"), Span (bytes of the formula), Msg and Hint.
//
//	var e *reckon.Error
//	if errors.As(err, &e) {
//		fmt.Println(e.Code, e.Field, e.Hint)
//	}
type Error = fault.Error
