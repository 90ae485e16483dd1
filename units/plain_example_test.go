package units_test

import (
	"fmt"

	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

func ExampleAmount_Plain() {
	inr, _ := units.ParseUnit("INR")
	crore, _ := numeral.ParseScale("crore")
	a, err := units.ParseAmount("1,234.56", inr, crore)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Plain())
	// Output: 12345600000
}
