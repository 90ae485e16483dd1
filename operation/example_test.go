package operation_test

import (
	"fmt"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// double is a toy operation: twice its one input, amount. A real operation
// lives in its own package (finance, dates, cost) and registers in package
// receipt's table.
type double struct{}

func (double) Name() string { return "double" }

func (double) Run(args operation.Args) (operation.Outcome, error) {
	in, ok := args.Input("amount")
	if !ok || in.Amount == nil {
		return operation.Outcome{}, &fault.Error{Code: "missing_input", Field: args.Field("amount"),
			Msg: "double needs an input named amount", Hint: "add an input named amount"}
	}
	var v apd.Decimal
	if _, err := apd.BaseContext.WithPrecision(34).Mul(&v, &in.Amount.Value, apd.New(2, 0)); err != nil {
		return operation.Outcome{}, &fault.Error{Code: "out_of_range", Field: args.Field("amount") + ".display",
			Msg: err.Error(), Hint: "give a smaller amount"}
	}
	return operation.Outcome{Value: &v, Unit: in.Amount.Unit,
		Steps: []operation.Step{{Name: "factor", Value: "2", Unit: "number"}}}, nil
}

// An operation reads its inputs as the receipt package read them, and
// returns its result with the intermediates a person needs to redo it.
func Example() {
	usd, _ := units.CurrencyUnit("USD")
	a, _ := units.ParseAmount("$1,250", usd, numeral.Ones)
	out, err := double{}.Run(operation.Args{Inputs: []operation.Input{
		{Name: "amount", Display: "$1,250", Unit: "USD", Amount: &a},
	}})
	fmt.Println(out.Value, out.Unit, out.Steps, err)
	_, err = double{}.Run(operation.Args{})
	fmt.Println(err)
	// Output:
	// 2500 USD [{factor 2 number}] <nil>
	// inputs: double needs an input named amount
}
