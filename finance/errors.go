package finance

import (
	"fmt"

	"github.com/reckonhq/reckon/units"
)

// The error codes of the finance operations, beside those of [units]. They
// are part of the JSON contract: a code, once published, keeps its meaning.
// Every error is a [*units.Error], so receipt.Describe reports it like any
// other refusal.
const (
	CodeMissingConvention = "missing_rate_convention" // a rate with no rate_convention param: reckon never guesses one
	CodeBadParam          = "bad_param"               // an unknown param, or a value the operation does not accept
	CodeMissingInput      = "missing_input"           // an input the operation needs is absent
	CodeUnexpectedInput   = "unexpected_input"        // an input the operation does not take
	CodeBadInputUnit      = "bad_input_unit"          // an input in a unit the operation cannot use, such as a rate in USD
	CodeRateOutOfRange    = "rate_out_of_range"       // a stated rate outside −100%..100%: 7 passed meaning 7%
	CodeBadPeriod         = "bad_period"              // a period number of 0, past the number of periods, or not whole
	CodeNoSolution        = "no_solution"             // no rate, term or plan satisfies the inputs
	CodeOutOfRange        = "out_of_range"            // a value grows past the range reckon computes in
)

// refuse builds a finance error at field.
func refuse(code, field, hint, format string, args ...any) *units.Error {
	return &units.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
