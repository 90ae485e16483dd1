package units

import "github.com/reckonhq/reckon/internal/expr"

// Plain returns a's canonical Value as a plain decimal string, never with
// an exponent and never "-0": 12345600000 where a.Value.String() prints
// 1.23456E+10. It is the form receipts record.
func (a Amount) Plain() string { return expr.Plain(&a.Value) }
