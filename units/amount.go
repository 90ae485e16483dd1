package units

import (
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
)

// Amount is one input as the source printed it and as reckon computes with
// it. Value is Printed × [Amount.Factor], exactly.
type Amount struct {
	Display string      // the text as given, for the record
	Printed apd.Decimal // the number as printed, sign applied, grouping removed
	Scale   Scale       // the scale field, or the scale word printed in display
	Unit    Unit        // the unit field
	Value   apd.Decimal // canonical: Printed × scale factor × unit factor
}

// ParseAmount reads display, a number as a source prints it, in unit u and
// scale s. It accepts Western (1,234,567.8) and Indian (12,34,567.8)
// grouping, accounting parentheses for negatives, a leading -, − (U+2212) or
// +, a currency sign or code before or after the number that agrees with u,
// a % sign when u is percent, and a scale word after the number ("1.2
// million") when s is [Ones] or has the same factor. It refuses everything it
// would have to guess at: a decimal comma, an exponent, non-ASCII digits, a
// dash or "n/a" where no number is printed. Errors are [*Error] values with
// Field "display", "unit" or "scale".
func ParseAmount(display string, u Unit, s Scale) (Amount, error) {
	a := Amount{Display: display, Scale: s, Unit: u}
	if u.IsZero() {
		return a, errorf(CodeUnknownUnit, "give the unit of the input", "missing unit").in("unit")
	}
	if u.per.kind == KindYears {
		return a, errorf(CodeUnsupportedDimension,
			"give the amount per month, or the total and the number of years as two inputs",
			"an input per year does not convert exactly to the canonical per month").in("unit")
	}
	p, err := parsePrinted(display)
	if err != nil {
		return a, err
	}
	if err := a.agree(p); err != nil {
		return a, err
	}
	d, err := decimal(p.digits, p.neg)
	if err != nil {
		return a, err
	}
	a.Printed.Set(d)
	cond, err := expr.NewContext().Mul(&a.Value, d, a.Factor())
	if err == nil && cond.Inexact() {
		// Years convert to months exactly only within the precision: an
		// input must be exact, so a value too long to multiply is refused.
		return a, errorf(CodeBadNumber, "give fewer significant digits, or the value in months",
			"%s × %s cannot be held exactly in 34 digits", d, a.Factor()).in("display")
	}
	if err != nil {
		return a, errorf(CodeBadNumber, "give a smaller scale or number", "%s × %s is out of range", d, a.Factor()).in("display")
	}
	return a, nil
}

// agree checks what display printed around the number against the unit and
// scale fields, and takes a printed scale word when the scale field is empty.
func (a *Amount) agree(p printed) error {
	if p.scale != "" {
		ps, _ := ParseScale(p.scale) // suffix only collects known words
		if a.Scale != Ones && ps.Exp() != a.Scale.Exp() {
			return errorf(CodeScaleConflict,
				"the scale is stated twice; leave the scale field empty or make it agree with the printed word",
				"display says %q but scale is %q", p.scale, a.Scale.Word()).in("scale")
		}
		a.Scale = ps
	}
	if p.percent && a.Unit.Kind() != KindPercent {
		return errorf(CodeSymbolMismatch, "use unit percent for a number printed with %, or drop the %",
			"%% printed but the unit is %s", a.Unit).in("display")
	}
	for _, m := range p.marks {
		if err := a.agreeMark(m); err != nil {
			return err
		}
	}
	return nil
}

// agreeMark checks one currency sign, code or unit word printed with the
// number against the unit field.
func (a *Amount) agreeMark(m mark) error {
	if m.currency {
		codes, ok := symbolCodes[m.text]
		if !ok {
			codes = []string{m.text}
		}
		if !slices.Contains(codes, a.Unit.Currency()) {
			return errorf(CodeSymbolMismatch,
				"make the unit field the currency the source prints, or drop the symbol from display",
				"%q printed but the unit is %s", m.text, a.Unit).in("display")
		}
		return nil
	}
	if k, ok := keywords[m.text]; ok && k == a.Unit.Kind() && a.Unit.Noun() == "" {
		return nil
	}
	if a.Unit.Noun() != "" && (m.text == a.Unit.Noun() || strings.TrimSuffix(a.Unit.Noun(), "s") == m.text) {
		return nil
	}
	if _, ok := keywords[m.text]; ok {
		return errorf(CodeSymbolMismatch, "make the unit field agree with the word printed, or drop the word from display",
			"%q printed but the unit is %s", m.text, a.Unit).in("display")
	}
	return errorf(CodeBadNumber, "give one number, with only a sign, a currency, a scale word or % around it",
		"unexpected %q after the number", m.text).in("display")
}

// Factor returns what Printed is multiplied by to give Value: the scale
// factor times the unit factor (0.01 for percent and pp, 0.0001 for bp, 12
// for years, 1 otherwise).
func (a *Amount) Factor() *apd.Decimal {
	f := a.Scale.Factor()
	switch a.Unit.num.kind {
	case KindPercent, KindPP:
		f.Exponent -= 2 // exact: the factors are powers of ten
	case KindBP:
		f.Exponent -= 4
	case KindYears:
		_, _ = expr.NewContext().Mul(f, f, a.Unit.num.factor())
	}
	return f
}

// Conversion is the record of one input's conversion, as a receipt stores
// it: every number a plain decimal string, so that Printed × Factor = Value
// can be checked by hand.
type Conversion struct {
	Name    string `json:"name"`    // the input's name in the formula
	Display string `json:"display"` // the text as given
	Printed string `json:"printed"` // the number read from Display
	Scale   string `json:"scale"`   // the canonical scale word, "" for ones
	Factor  string `json:"factor"`  // scale factor × unit factor
	Value   string `json:"value"`   // Printed × Factor, the value computed with
	Unit    string `json:"unit"`    // the canonical unit
}

// Conversion returns the record of a, named name.
func (a *Amount) Conversion(name string) Conversion {
	return Conversion{
		Name:    name,
		Display: a.Display,
		Printed: expr.Plain(&a.Printed),
		Scale:   a.Scale.Word(),
		Factor:  expr.Plain(a.Factor()),
		Value:   expr.Plain(&a.Value),
		Unit:    a.Unit.String(),
	}
}
