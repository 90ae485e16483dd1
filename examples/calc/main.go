// Command calc computes three figures from printed numbers in a dozen
// lines: a ratio, a percent change and an amount from crore to lakh.
package main

import (
	"errors"
	"fmt"
	"log"

	"github.com/reckonhq/reckon"
)

func main() {
	ratio, err1 := reckon.Calc("(current_debt + long_term_debt + leases) / (operating_income + depreciation)",
		reckon.Inputs("USD", "million", "current_debt", "799", "long_term_debt", "6,692", "leases", "3,916",
			"operating_income", "6,708", "depreciation", "1,781"), reckon.Places(3))
	change, err2 := reckon.Calc("(new - old) / old", reckon.Inputs("USD", "million", "old", "192,052", "new", "195,929"),
		reckon.Unit("percent"), reckon.Places(2))
	lakh, err3 := reckon.Convert("836.73", "INR", "crore", "lakh")
	if err := errors.Join(err1, err2, err3); err != nil {
		log.Fatal(err)
	}
	fmt.Println("debt/EBITDA", ratio, "exact", ratio.Exact)
	fmt.Println("change", change, "=", change.Expanded)
	fmt.Println("836.73 crore =", lakh)
}
