package finance

import (
	"fmt"

	"github.com/reckonhq/reckon/units"
)

// refuse builds a finance error at field: a [*units.Error], whose code is
// one of package fault's, so receipt.Describe reports it like any other
// refusal.
func refuse(code, field, hint, format string, args ...any) *units.Error {
	return &units.Error{Code: code, Field: field, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
