package fault_test

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// One errors.As target for a refusal of any package: here a printed value
// that is not a number, refused by the reader of printed numbers and
// placed by the pipeline at its path in the request.
func Example() {
	_, err := reckon.Calc("debt / equity", reckon.Inputs("USD", "million", "debt", "799", "equity", "n/a"))
	var e *fault.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Field)
		fmt.Println(e.Code == fault.BadNumber, e.Hint != "")
	}
	// Output:
	// bad_number inputs[1].display
	// true true
}

// Format shows the formula's line with carets under the span, and the hint.
func ExampleError_Format() {
	_, err := expr.Parse("avg(a, b)")
	var e *fault.Error
	if errors.As(err, &e) {
		fmt.Println(e.Format())
	}
	// Output:
	// 1:1: unknown function "avg"
	//   | avg(a, b)
	//   | ^^^
	// hint: use mean(…) for an arithmetic mean
}
