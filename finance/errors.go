package finance

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// refuse builds a finance error at field: a [*fault.Error], whose code is
// one of package fault's, so receipt.Describe reports it like any other
// refusal.
func refuse(code, field, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
