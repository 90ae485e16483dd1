package receipt

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/units"
)

// checkExchangeRate refuses input i when it is an exchange rate written
// A/B and its quote prints the market pair A/B.
func checkExchangeRate(i int, in Input) error {
	pair, found := units.MarketPair(in.Unit, in.Quote)
	if !found {
		return nil
	}
	a, b := pair[:3], pair[4:]
	return fieldErr(fault.AmbiguousExchangeRate, fmt.Sprintf("inputs[%d].unit", i),
		fmt.Sprintf("the source quotes the market pair %s, which is %s per one %s; give the unit as it means it, %q (or %q if the number is %s per %s)",
			pair, b, a, b+" per "+a, a+" per "+b, a, b),
		"the quote prints the pair %s, whose convention is the opposite of unit %s", pair, in.Unit)
}
