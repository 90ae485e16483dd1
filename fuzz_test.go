package reckon_test

import (
	"regexp"
	"testing"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/receipt"
)

// exponent matches a number in scientific notation, as apd's String
// prints 1.23456E+10.
var exponent = regexp.MustCompile(`\d[eE][+-]?\d`)

// FuzzConvert feeds Convert what a model might send: it never panics,
// every refusal is a known typed error, and every number it returns is
// plain.
func FuzzConvert(f *testing.F) {
	for _, s := range [][4]string{
		{"836.73", "INR", "crore", "lakh"}, {"8,367,277,000", "INR", "", "crore"},
		{"1,234.5 million", "USD", "", "billion"}, {"(1,09,638.91)", "INR", "lacs", ""},
		{"6.7%", "percent", "", ""}, {"25", "bp", "", ""}, {"1", "USD", "trillion", ""},
		{"1", "USD", "", "trillion"}, {"1e5", "USD", "", ""}, {"", "", "", ""}, {"−0", "EUR", "k", "mn"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, display, unit, from, to string) {
		r, err := reckon.Convert(display, unit, from, to)
		check(t, r, err)
	})
}

// FuzzCalc does the same for a formula over two inputs.
func FuzzCalc(f *testing.F) {
	f.Add("(a + b) / b", "799", "6,692", "USD", "million")
	f.Add("a - b", "6.7%", "4.3%", "percent", "")
	f.Add("a / b", "1", "3", "number", "")
	f.Add("a / b", "1", "0", "USD", "")
	f.Add("min(a, b) * 1", "(1,234.5)", "1,09,638.91", "INR", "lacs")
	f.Fuzz(func(t *testing.T, formula, a, b, unit, scale string) {
		r, err := reckon.Calc(formula, reckon.Inputs(unit, scale, "a", a, "b", b))
		check(t, r, err)
	})
}

func check(t *testing.T, r reckon.Result, err error) {
	t.Helper()
	if err != nil {
		if code := receipt.Describe(err).Code; code == "internal" || code == "" {
			t.Fatalf("refusal without a known code: %T %v", err, err)
		}
		return
	}
	if r.Receipt == nil || r.Value == "" {
		t.Fatalf("a result without a receipt or value: %+v", r)
	}
	for _, s := range []string{r.Value, r.Exact, r.Display, r.Expanded} {
		if exponent.MatchString(s) || s == "-0" {
			t.Fatalf("not plain: %q", s)
		}
	}
}
