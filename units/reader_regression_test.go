package units

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// These cases were each once answered with a wrong number, or refused where
// the right one was printed, and are read now by the one reader.

func TestEveryDashReadsAsAMinus(t *testing.T) {
	for _, dash := range []string{"-", "\u2212", "\u2012", "\u2013", "\u2014", "\u2015", "\ufe63", "\uff0d"} {
		a, err := ParseAmount(dash+"4.3%", Percent, numeral.Ones)
		require.NoError(t, err, "ParseAmount(%q) once said: no digits in \"\"", dash+"4.3%")
		require.Equal(t, "-4.3", a.Printed.String(), "%U prints a minus", []rune(dash)[0])
		a, err = ParseAmount(dash+"$5", mustUnit(t, "USD"), numeral.Ones)
		require.NoError(t, err)
		require.Equal(t, "-5", a.Printed.String())
	}
}

func TestScaleOnARateIsRefused(t *testing.T) {
	for _, tc := range []struct{ display, unit, scale string }{
		{"12.5%", "percent", "million"},
		{"12.5", "percent", "million"},
		{"2.4", "pp", "thousand"},
		{"25", "bp", "million"},
		{"3.6", "ratio", "thousand"},
		{"8.24", "USD/count:shares", "million"},
		{"12.5% million", "percent", ""},
	} {
		s, err := numeral.ParseScale(tc.scale)
		require.NoError(t, err)
		_, err = ParseAmount(tc.display, mustUnit(t, tc.unit), s)
		var e *fault.Error
		require.ErrorAs(t, err, &e, "%q %s in %s once became a factor of a million", tc.display, tc.unit, tc.scale)
		require.Equal(t, fault.ScaleConflict, e.Code)
		require.Equal(t, "scale", e.Field)
		require.Contains(t, e.Hint, "except percentages", "the hint names the likely cause")
	}
	a, err := ParseAmount("8,240", mustUnit(t, "count:shares"), numeral.Million)
	require.NoError(t, err, "a count keeps its scale")
	require.Equal(t, "8240000000", expr.Plain(&a.Value))
}

func TestCreditAndDebitMarkers(t *testing.T) {
	inr := mustUnit(t, "INR")
	for _, display := range []string{"12,345.67 Cr", "12,345.67 CR", "12,345.67 cr", "12,345.67 Cr.", "₹12,345.67 Cr"} {
		_, err := ParseAmount(display, inr, numeral.Ones)
		var e *fault.Error
		require.ErrorAs(t, err, &e, "%q was once read as crore: ₹123,456,700,000", display)
		require.Equal(t, fault.BadNumber, e.Code)
		require.Contains(t, e.Hint, "credit marker", "the hint says why")
	}
	a, err := ParseAmount("12,345.67 Cr", inr, numeral.Crore)
	require.NoError(t, err, "the scale field says crore")
	require.Equal(t, "123456700000", expr.Plain(&a.Value))
	for _, s := range []numeral.Scale{numeral.Ones, numeral.Crore, numeral.Lakh} {
		_, err := ParseAmount("12,345.67 Dr", inr, s)
		require.Equal(t, fault.BadNumber, codeOf(t, err), "Dr is a debit, whatever the scale")
	}
	a, err = ParseAmount("12,345.67 crore", inr, numeral.Ones)
	require.NoError(t, err, "the word crore is no marker")
	require.Equal(t, numeral.Crore, a.Scale)
}

func TestDotBeforeThreeDigitsBesideADotCurrencyIsAmbiguous(t *testing.T) {
	eur, usd := mustUnit(t, "EUR"), mustUnit(t, "USD")
	for _, display := range []string{"€1.234", "1.234 EUR", "EUR 1.234", "1.234", "€ 12.345", "(€1.234)"} {
		_, err := ParseAmount(display, eur, numeral.Ones)
		require.Equal(t, fault.EuropeanSeparators, codeOf(t, err), "%q was once read as 1.234 while €1.234.567 was refused", display)
	}
	for _, tc := range []struct {
		display string
		unit    Unit
		want    string
	}{{"€1.23", eur, "1.23"}, {"€0.125", eur, "0.125"}, {"€1,234.567", eur, "1234.567"},
		{"€1.234bn", eur, "1234000000"}, {"$1.234", usd, "1.234"}, {"1.234", usd, "1.234"}} {
		a, err := ParseAmount(tc.display, tc.unit, numeral.Ones)
		require.NoError(t, err, tc.display)
		require.Equal(t, tc.want, expr.Plain(&a.Value), tc.display)
	}
}

func TestCompoundScalesReadExactly(t *testing.T) {
	inr, usd := mustUnit(t, "INR"), mustUnit(t, "USD")
	for _, tc := range []struct {
		display string
		unit    Unit
		value   string
		scale   numeral.Scale
	}{
		{"₹1.2 lakh crore", inr, "1200000000000", numeral.Trillion},
		{"₹1.2 lakh crores", inr, "1200000000000", numeral.Trillion},
		{"$5 thousand million", usd, "5000000000", numeral.Billion},
		{"$5 thousand billion", usd, "5000000000000", numeral.Trillion},
		{"₹3 hundred crore", inr, "3000000000", numeral.Billion},
	} {
		a, err := ParseAmount(tc.display, tc.unit, numeral.Ones)
		require.NoError(t, err, "%q was once refused with: print one scale word", tc.display)
		require.Equal(t, tc.value, expr.Plain(&a.Value), tc.display)
		require.Equal(t, tc.scale.Exp(), a.Scale.Exp(), tc.display)
	}
	a, err := ParseAmount("₹1.2 lakh crore", inr, numeral.Trillion)
	require.NoError(t, err, "the scale field may name the compound's power")
	require.Equal(t, "1200000000000", expr.Plain(&a.Value))
	_, err = ParseAmount("₹1.2 lakh crore", inr, numeral.Crore)
	require.Equal(t, fault.ScaleConflict, codeOf(t, err))

	for display, equivalent := range map[string]string{
		"₹5 thousand crore":   `give display "5000" with scale crore`,
		"₹1.5 thousand crore": `give display "1500" with scale crore`,
		"5 hundred million":   `give display "500" with scale million`,
	} {
		_, err := ParseAmount(display, inr, numeral.Ones)
		var e *fault.Error
		require.ErrorAs(t, err, &e, display)
		require.Equal(t, fault.UnknownScale, e.Code)
		require.Contains(t, e.Hint, equivalent, "the hint gives the exact equivalent")
		require.NotContains(t, e.Hint, "print one scale word")
	}
}

// A value reckon prints must read back: leading zeros are no significant
// digits, so 0E-34, printed plainly with 35 digits, reads again.
func TestPrintedValuesReadBack(t *testing.T) {
	for _, display := range []string{".0000000000000000000000000000000000", "0.0000000000000000000000000000000000",
		"0.0000000000000000000000000000000001", "-0.000"} {
		a, err := ParseAmount(display, Number, numeral.Ones)
		require.NoError(t, err, display)
		b, err := ParseAmount(expr.Plain(&a.Printed), Number, numeral.Ones)
		require.NoError(t, err, "%q formats as %q", display, expr.Plain(&a.Printed))
		require.Zero(t, a.Printed.Cmp(&b.Printed))
	}
	_, err := ParseAmount("1.0000000000000000000000000000000000", Number, numeral.Ones)
	require.Equal(t, fault.BadNumber, codeOf(t, err), "35 significant digits do not fit")
	_, err = ParseAmount("0."+zeros(96)+"1", Number, numeral.Ones)
	require.Equal(t, fault.BadNumber, codeOf(t, err), "below the exponent range, never rounded to 0")
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestReaderAllocatesNothing(t *testing.T) {
	text := "Revenue of ₹1,09,638.91 crore (Rs 799) fell –4.3% to $5bn in FY2021; 5 500 EUR, 5e3, 5², 5/8."
	n := testing.AllocsPerRun(100, func() {
		for tok, ok := numeral.Next(text, 0); ok; tok, ok = numeral.Next(text, tok.End) {
			_ = tok.Readable() && numeral.IsNumberAt(text, tok.NumStart) && numeral.NumberEnd(text, tok.NumStart) > 0
		}
	})
	require.Zero(t, n)
	u := numeral.Token{Number: "109638.910"}
	n = testing.AllocsPerRun(100, func() {
		tok, _ := numeral.Next(text, 0)
		_ = tok.SameNumber(&u)
	})
	require.Zero(t, n)
}

func TestRangeDashIsNoTrailingMinus(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // the readable tokens, in order
		reason   string
	}{
		{"dollar range", "It costs $5–$10.", []string{"$5", "$10"}, "the dash joins two amounts; it once read as $5 with a trailing minus"},
		{"euro range", "€5-€10", []string{"€5", "€10"}, ""},
		{"range to an amount", "5–$10", []string{"5", "$10"}, ""},
		{"rupee range", "₹5–₹10 lakh", []string{"₹5", "₹10 lakh"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for tok, ok := numeral.Next(tc.in, 0); ok; tok, ok = numeral.Next(tc.in, tok.End) {
				require.True(t, tok.Readable(), "%q in %q: %s %s", tok.Text, tc.in, tok.Flags, tc.reason)
				require.False(t, tok.Neg, "%q in %q is no negative", tok.Text, tc.in)
				got = append(got, tok.Text)
			}
			require.Equal(t, tc.want, got, tc.reason)
		})
	}
	for _, in := range []string{"799–", "799-", "$799–", "799– $", "799–$", "799–$ 5", "(799–)"} {
		tok, ok := numeral.Next(in, 0)
		require.True(t, ok)
		require.True(t, tok.Flags&(numeral.FlagTrailingSign|numeral.FlagTwoSigns) != 0, "%q keeps its trailing minus: %+v", in, tok)
		require.False(t, tok.Readable(), "%q", in)
	}
}

func TestScaleLettersDoNotCompound(t *testing.T) {
	for _, tc := range []struct{ in, text string }{
		{"a $5 K M&A deal", "$5 K"},
		{"5 k million", "5 k"},
		{"$5 M B2B", "$5 M"},
	} {
		tok, ok := numeral.Next(tc.in, 0)
		require.True(t, ok)
		require.Equal(t, tc.text, tok.Text, "%q once read as a compound of letters", tc.in)
		require.Zero(t, tok.Flags&numeral.FlagCompoundScale)
	}
	_, err := ParseAmount("5 K M", mustUnit(t, "USD"), numeral.Ones)
	require.Error(t, err, "5 K M was once read as five billion")
	a, err := ParseAmount("$5 thousand million", mustUnit(t, "USD"), numeral.Ones)
	require.NoError(t, err, "spelled-out words still compound")
	require.Equal(t, numeral.Billion, a.Scale)
}

func TestDotBeforeThreeDigitsInAPesoSource(t *testing.T) {
	for _, code := range []string{"ARS", "CLP", "COP"} {
		_, err := ParseAmount("$1.234", mustUnit(t, code), numeral.Ones)
		var e *fault.Error
		require.ErrorAs(t, err, &e, "$1.234 in %s was once read as 1.234: peso sources group with dots", code)
		require.Equal(t, fault.EuropeanSeparators, e.Code)
	}
	a, err := ParseAmount("$1.234", mustUnit(t, "USD"), numeral.Ones)
	require.NoError(t, err)
	require.Equal(t, "1.234", a.Printed.String())
	a, err = ParseAmount("$1.234 million", mustUnit(t, "ARS"), numeral.Ones)
	require.NoError(t, err, "a scale word makes the dot a decimal point")
	require.Equal(t, "1.234", a.Printed.String())
}
