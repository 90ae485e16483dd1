package expr_test

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/internal/expr"
)

func ExampleParse() {
	f, err := expr.Parse("(current_debt + long_term_debt + leases) / (operating_income + da)")
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Names())
	fmt.Println(f)
	// Output:
	// [current_debt long_term_debt leases operating_income da]
	// (current_debt + long_term_debt + leases) / (operating_income + da)
}

func ExampleFormula_Eval() {
	f := expr.MustParse("(799 + 6692 + 3916) / (6708 + 1781)")
	r, err := f.Eval(expr.Vars{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r, r.Inexact)

	g := expr.MustParse("income × 100000 − funds × 100000")
	r, err = g.Eval(expr.Vars{
		"income": apd.New(10963891, -2), // 109638.91
		"funds":  apd.New(2596614, -2),  // 25966.14
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(r, r.Inexact)
	// Output:
	// 1.343738956296383555189068205913535 true
	// 8367277000 false
}

func ExampleError() {
	_, err := expr.Parse("avg(revenue, cost) / units")
	var e *expr.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code)
		fmt.Println(e.Format())
	}
	// Output:
	// unknown_function
	// 1:1: unknown function "avg"
	//   | avg(revenue, cost) / units
	//   | ^^^
	// hint: use mean(…) for an arithmetic mean
}

func ExampleFold() {
	// Count the literals in a formula: any analysis is an Algebra.
	f := expr.MustParse("a * 100 / b + 1")
	n, _ := expr.Fold[int](f.Root, literals{})
	fmt.Println(n)
	// Output: 2
}

type literals struct{}

func (literals) Number(*expr.Number) (int, error)             { return 1, nil }
func (literals) Ident(*expr.Ident) (int, error)               { return 0, nil }
func (literals) Unary(_ *expr.Unary, x int) (int, error)      { return x, nil }
func (literals) Binary(_ *expr.Binary, x, y int) (int, error) { return x + y, nil }
func (literals) Call(_ *expr.Call, args []int) (int, error) {
	n := 0
	for _, a := range args {
		n += a
	}
	return n, nil
}

func ExamplePrint() {
	f := expr.MustParse("(income - funds) * 2")
	fmt.Println(expr.Print(f.Root, expr.Typographic, nil))
	// Output: (income − funds) × 2
}

// Exact gives the true value when Eval had to round: 1 / 8.000…001 is just
// under 0.125, which 34 digits cannot show.
func ExampleFormula_Exact() {
	f := expr.MustParse("a / b")
	b, _, _ := expr.NewContext().NewFromString("8.000000000000000000000000000000001")
	env := expr.Vars{"a": apd.New(1, 0), "b": b}
	res, _ := f.Eval(env)
	exact, _ := f.Exact(env)
	fmt.Println(res, res.Inexact)
	fmt.Println(exact.Cmp(big.NewRat(1, 8)) < 0)
	// Output:
	// 0.125 true
	// true
}
