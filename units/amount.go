package units

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
)

// Amount is one input as the source printed it and as reckon computes with
// it. Value is Printed × [Amount.Factor], exactly.
type Amount struct {
	Display string        // the text as given, for the record
	Printed apd.Decimal   // the number as printed, sign applied, grouping removed
	Scale   numeral.Scale // the scale field, or the scale word printed in display
	Unit    Unit          // the unit field
	Value   apd.Decimal   // canonical: Printed × scale factor × unit factor
}

// ParseAmount reads display, a number as a source prints it, in unit u and
// scale s, through the one reader of printed numbers ([numeral.Next]). It accepts
// Western (1,234,567.8) and Indian (12,34,567.8) grouping, accounting
// parentheses for negatives, a leading + or any minus or dash that prints
// one (-, −, –, —, …), a currency sign or code before or after the number
// that agrees with u, a % sign when u is percent, and a scale word or letter
// after the number ("1.2 million", "$5bn", "₹1.2 lakh crore") when s is
// [numeral.Ones] or has the same factor. It refuses everything it would have to
// guess at: a decimal comma, a dot before three digits beside a currency
// that groups with dots, an exponent, a superscript, a fraction, non-ASCII
// digits, a minus after the number, a scale on a percent, pp, bp, ratio or
// per-unit input, Cr unless s is crore, Dr, a dash or "n/a" where no number
// is printed. Errors are [*fault.Error] values with Field "display", "unit" or
// "scale". See the package documentation for the full list.
func ParseAmount(display string, u Unit, s numeral.Scale) (Amount, error) {
	a := Amount{Display: display, Scale: s, Unit: u}
	if u.IsZero() {
		return a, errorf(fault.UnknownUnit, "give the unit of the input", "missing unit").In("unit")
	}
	if u.per.kind == KindYears {
		return a, errorf(fault.UnsupportedDimension,
			"give the amount per month, or the total and the number of years as two inputs",
			"an input per year does not convert exactly to the canonical per month").In("unit")
	}
	p, tok, err := parsePrinted(display)
	if err != nil {
		return a, err
	}
	if err := a.agree(p, &tok); err != nil {
		return a, err
	}
	d, err := numeral.Decimal(p.digits, p.neg)
	if err != nil {
		return a, err
	}
	a.Printed.Set(d)
	cond, err := expr.NewContext().Mul(&a.Value, d, a.Factor())
	if err == nil && cond.Inexact() {
		// Years convert to months exactly only within the precision: an
		// input must be exact, so a value too long to multiply is refused.
		return a, errorf(fault.BadNumber, "give fewer significant digits, or the value in months",
			"%s × %s cannot be held exactly in 34 digits", d, a.Factor()).In("display")
	}
	if err != nil {
		return a, errorf(fault.BadNumber, "give a smaller scale or number", "%s × %s is out of range", d, a.Factor()).In("display")
	}
	return a, nil
}

// agree checks what display printed around the number against the unit and
// scale fields, and takes a printed scale word when the scale field is empty.
func (a *Amount) agree(p printed, tok *numeral.Token) error {
	if tok.Marker != "" {
		if err := a.marker(tok); err != nil {
			return err
		}
	}
	if p.scale != "" {
		if err := a.printedScale(p, tok); err != nil {
			return err
		}
	}
	if a.Scale != numeral.Ones && a.rate() {
		return errorf(fault.ScaleConflict,
			"a percent, pp, bp, ratio or per-unit figure takes no scale: a table's scale, as in \"(in millions, except percentages)\", was probably copied onto this row; leave the scale empty",
			"scale %q on a %s input", a.Scale.Word(), a.Unit).In("scale")
	}
	if p.percent && a.Unit.Kind() != KindPercent {
		return errorf(fault.SymbolMismatch, "use unit percent for a number printed with %, or drop the %",
			"%% printed but the unit is %s", a.Unit).In("display")
	}
	for _, m := range p.marks {
		if err := a.agreeMark(m); err != nil {
			return err
		}
	}
	if tok.AmbiguousIn(a.Unit.Currency()) {
		// The unit names a currency whose sources group with dots: 1.234
		// is then as ambiguous as €1.234.
		t := *tok
		t.Flags |= numeral.FlagAmbiguousDot
		return t.Err().(*fault.Error).In("display")
	}
	return nil
}

// rate reports whether a's unit is one a scale never applies to: percent,
// pp, bp, ratio, or a unit per another.
func (a *Amount) rate() bool {
	_, per := a.Unit.Per()
	switch a.Unit.Kind() {
	case KindPercent, KindPP, KindBP, KindRatio:
		return true
	}
	return per
}

// printedScale takes the scale display prints, which must agree with the
// scale field when both are given. A compound scale (lakh crore) reads
// exactly when one scale word has its power of ten, and is refused with the
// exact equivalent otherwise.
func (a *Amount) printedScale(p printed, tok *numeral.Token) error {
	ps, exp := tok.Scale, tok.ScaleExp
	if tok.ScaleText == "" {
		ps, _ = numeral.ParseScale(p.scale) // "units" after the number
		exp = ps.Exp()
	}
	if tok.Flags&numeral.FlagCompoundScale != 0 && ps.Exp() != exp {
		return a.compound(tok)
	}
	if a.Scale != numeral.Ones && exp != a.Scale.Exp() {
		return errorf(fault.ScaleConflict,
			"the scale is stated twice; leave the scale field empty or make it agree with the printed word",
			"display says %q but scale is %q", tok.ScaleText, a.Scale.Word()).In("scale")
	}
	a.Scale = ps
	return nil
}

// compound refuses a compound scale no one scale word stands for, giving the
// exact equivalent in its larger word: 5 thousand crore is 5,000 crore.
func (a *Amount) compound(tok *numeral.Token) error {
	last := tok.ScaleText[strings.LastIndexAny(tok.ScaleText, " \u00a0\u202f\u2009")+1:]
	s, _ := numeral.LookupScale(last)
	d, err := numeral.Decimal(tok.Digits(), false)
	if err != nil {
		return err
	}
	d.Exponent += int32(tok.ScaleExp - s.Exp())
	eq := expr.Plain(d)
	return errorf(fault.UnknownScale,
		fmt.Sprintf("%s %s is exactly %s %s (×10^%d): give display %q with scale %s",
			tok.Number, tok.ScaleText, eq, s.Word(), tok.ScaleExp, eq, s.Word()),
		"no one scale word for %q", tok.ScaleText).In("scale")
}

// marker decides a Cr or Dr printed after the amount. Cr is the credit
// marker of Indian bank statements as well as an abbreviation of crore, so
// it reads as crore only when the scale field says crore; Dr is a debit.
func (a *Amount) marker(tok *numeral.Token) error {
	if (tok.Marker[0] == 'C' || tok.Marker[0] == 'c') && a.Scale == numeral.Crore {
		return nil
	}
	if tok.Marker[0] == 'D' || tok.Marker[0] == 'd' {
		return errorf(fault.BadNumber,
			"Dr marks a debit on a bank statement: give the amount without Dr, with the sign the debit has in your calculation",
			"debit marker %q after the number", tok.Marker).In("display")
	}
	return errorf(fault.BadNumber,
		"Cr after an amount is the credit marker of Indian bank statements as well as short for crore: set the scale field to crore if the source means crore, or give the amount without Cr if it marks a credit",
		"%q after the number may be a credit marker or crore", tok.Marker).In("display")
}

// agreeMark checks one currency sign, code or unit word printed with the
// number against the unit field.
func (a *Amount) agreeMark(m mark) error {
	if m.currency {
		codes := numeral.SignCurrencies(m.text)
		ok := codes != nil
		if !ok {
			codes = []string{m.text}
		}
		if !slices.Contains(codes, a.Unit.Currency()) {
			return errorf(fault.SymbolMismatch,
				"make the unit field the currency the source prints, or drop the symbol from display",
				"%q printed but the unit is %s", m.text, a.Unit).In("display")
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
		return errorf(fault.SymbolMismatch, "make the unit field agree with the word printed, or drop the word from display",
			"%q printed but the unit is %s", m.text, a.Unit).In("display")
	}
	return errorf(fault.BadNumber, "give one number, with only a sign, a currency, a scale word or % around it",
		"unexpected %q after the number", m.text).In("display")
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

// numeral.Token returns the number a prints as a [numeral.Token] of the one reader: its
// digits as [Amount.Printed] holds them and its sign, for comparing with the
// numbers of a text by [numeral.Token.SameValue]. Only Number and Neg are set.
func (a *Amount) Token() numeral.Token {
	var abs apd.Decimal
	abs.Abs(&a.Printed)
	n := expr.Plain(&abs)
	return numeral.Token{Number: n, Neg: a.Printed.Negative && !a.Printed.IsZero()}
}
