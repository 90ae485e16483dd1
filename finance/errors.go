package finance

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/units"
)

// The error codes of the finance operations, beside those of [units]. They
// are part of the JSON contract: a code, once published, keeps its meaning.
// Every error is a [*units.Error], so receipt.Describe reports it like any
// other refusal.
// Each code is described once, in package fault.
const (
	CodeMissingConvention = fault.MissingRateConvention
	CodeBadParam          = fault.BadParam
	CodeMissingInput      = fault.MissingInput
	CodeUnexpectedInput   = fault.UnexpectedInput
	CodeBadInputUnit      = fault.BadInputUnit
	CodeRateOutOfRange    = fault.RateOutOfRange
	CodeBadPeriod         = fault.BadPeriod
	CodeNoSolution        = fault.NoSolution
	CodeOutOfRange        = fault.OutOfRange
)

// refuse builds a finance error at field.
func refuse(code, field, hint, format string, args ...any) *units.Error {
	return &units.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
