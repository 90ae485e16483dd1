package gen

import (
	"fmt"
	"strings"
)

// Formula is a formula with a value for each name it uses.
type Formula struct {
	Name   string            `json:"name"`   // a short label for the table
	Source string            `json:"source"` // the formula
	Vars   map[string]string `json:"vars"`   // each name's value, in plain decimal notation
}

// Seeds are the formulas of the seed requests, spelled as the comparisons
// spell them, and one of 30 terms.
func Seeds() []Formula {
	return []Formula{
		{Name: "debt/EBITDA", Source: "(debt_current + debt_long + leases) / (operating_income + da)",
			Vars: map[string]string{"debt_current": "799", "debt_long": "6692", "leases": "3916",
				"operating_income": "6708", "da": "1781"}},
		{Name: "income - funds", Source: "income - funds",
			Vars: map[string]string{"income": "10963891000", "funds": "2596614000"}},
		{Name: "abs shortfall", Source: "abs((forecast - actual) / forecast)",
			Vars: map[string]string{"forecast": "6.7", "actual": "4.3"}},
		Terms(30),
	}
}

// termOps cycles through the four operators, so that a long formula mixes
// precedence levels: t01 + t02 * t03 - t04 / t05 + t06 * …
var termOps = []string{" + ", " * ", " - ", " / "}

// Terms returns a flat formula over n distinct names, 2n-1 nodes, with
// values between 1 and 999.99, so no divisor is zero and no product nears
// the magnitude limit.
func Terms(n int) Formula {
	var b strings.Builder
	vars := make(map[string]string, n)
	width := len(fmt.Sprint(n))
	for i := range n {
		if i > 0 {
			b.WriteString(termOps[(i-1)%len(termOps)])
		}
		name := fmt.Sprintf("t%0*d", width, i+1)
		b.WriteString(name)
		vars[name] = fmt.Sprintf("%d.%02d", 1+(i*37)%999, (i*13)%100)
	}
	return Formula{Name: fmt.Sprintf("%d terms", n), Source: b.String(), Vars: vars}
}
