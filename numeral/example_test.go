package numeral_test

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
)

// Next reads every number of a text, with its sign, currency, scale and
// suffix; a number it cannot read is returned with the reason.
func ExampleNext() {
	text := "Margin was –4.3% in FY2021; a loss of (Rs 799); ₹1.2 lakh crore; 5e3."
	for tok, ok := numeral.Next(text, 0); ok; tok, ok = numeral.Next(text, tok.End) {
		v, err := tok.Value()
		if err != nil {
			fmt.Printf("%-18q %v\n", tok.Text, err)
			continue
		}
		fmt.Printf("%-18q %s %s scale 10^%d %v\n", tok.Text, v, tok.Currency, tok.ScaleExp, tok.Suffix == numeral.SuffixPercent)
	}
	// Output:
	// "–4.3%"            -4.3  scale 10^0 true
	// "2021"             digits glued to a word in "2021"
	// "(Rs 799)"         -799 Rs scale 10^0 false
	// "₹1.2 lakh crore"  1.2 ₹ scale 10^12 false
	// "5e3"              exponent in "5e3"
}

// ParseScale knows the Western and Indian scale words.
func ExampleParseScale() {
	for _, w := range []string{"lacs", "Crore", "mn", "'000", "zillion"} {
		s, err := numeral.ParseScale(w)
		if err != nil {
			fmt.Println(err.(*fault.Error).Code)
			continue
		}
		fmt.Println(w, "=", s.Word(), "= 10^", s.Exp())
	}
	// Output:
	// lacs = lakh = 10^ 5
	// Crore = crore = 10^ 7
	// mn = million = 10^ 6
	// '000 = thousand = 10^ 3
	// unknown_scale
}

// Infer refuses to add two currencies, and says where.
