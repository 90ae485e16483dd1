// Command quickstart evaluates Costco's FY2021 debt-to-EBITDA exactly: the
// model supplies the formula and the printed line items, reckon does the
// arithmetic.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	f, err := expr.Parse("(current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)")
	if err != nil {
		return err
	}
	// USD millions, as printed in the 10-K.
	vars := expr.Vars{
		"current_debt": apd.New(799, 0), "long_term_debt": apd.New(6692, 0),
		"lease_liabilities": apd.New(3916, 0), "operating_income": apd.New(6708, 0),
		"depreciation": apd.New(1781, 0),
	}
	r, err := f.Eval(vars)
	if err != nil {
		return err
	}
	var rounded apd.Decimal
	if _, err := expr.NewContext().Quantize(&rounded, &r.Value, -3); err != nil {
		return err
	}
	fmt.Fprintf(w, "formula:  %s\n", f)
	fmt.Fprintf(w, "exact:    %s (inexact: %v)\n", r, r.Inexact)
	fmt.Fprintf(w, "result:   %s×\n", rounded.String())
	return nil
}
