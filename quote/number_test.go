package quote

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/printed"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

func TestContainsNumber(t *testing.T) {
	cases := []struct {
		name, text, printed string
		want                bool
		reason              string
	}{
		{"whole", "revenue of 109,638.91 crore", "109,638.91", true, ""},
		{"at the ends", "109,638.91", "109,638.91", true, ""},
		{"longer in front", "revenue of 1109,638.91 crore", "109,638.91", false, "part of a longer number"},
		{"more decimals", "revenue of 109,638.912 crore", "109,638.91", false, ""},
		{"another decimal part", "version 109,638.91.5 shipped", "109,638.91", false, ""},
		{"more groups", "total 109,638.91,000 units", "109,638.91", false, ""},
		{"sentence full stop", "revenue was 109,638.91.", "109,638.91", true, "a full stop is not a decimal part"},
		{"comma after", "109,638.91, up from 90,000", "109,638.91", true, ""},
		{"percent", "margin of 12.5% in the year", "12.5", true, "a unit after the number does not matter"},
		{"scale suffix", "a loss of 5bn", "5", true, ""},
		{"currency in front", "paid $5,007 million", "5,007", true, ""},
		{"sign dropped", "a change of -4.3% this year", "4.3", false, "the text's number is negative"},
		{"minus sign dropped", "a change of \u22124.3% this year", "4.3", false, ""},
		{"sign kept", "a change of -4.3% this year", "-4.3", true, ""},
		{"range", "pages 10-12 of the report", "12", true, "a hyphen between tokens is not a sign"},
		{"glued to a word", "in FY2021 the company", "2021", false, ""},
		{"later occurrence", "1109 and then 109 again", "109", true, ""},
		{"empty", "anything", "", false, ""},
		{"parentheses", "net loss (4,100) in total", "4,100", false, "an accounting negative holds no positive"},
		{"parentheses printed", "net loss (4,100) in total", "(4,100)", true, ""},
		{"en dash minus", "Operating margin was –4.3% in FY2021", "4.3%", false, "the en dash is the usual minus of a typeset PDF"},
		{"en dash kept", "Operating margin was –4.3% in FY2021", "–4.3%", true, ""},
		{"hyphen for en dash", "Operating margin was –4.3% in FY2021", "-4.3%", true, "any dash that prints a minus is one"},
		{"em dash", "a change of —4.3 points", "4.3", false, ""},
		{"full-width minus", "a change of －4.3", "4.3", false, ""},
		{"Rs in parentheses", "Net cash used (Rs 799)", "799", false, "the accounting check once knew only 5 currency signs"},
		{"Rs. in parentheses", "Net cash used (Rs. 799)", "799", false, ""},
		{"code in parentheses", "Net cash used (USD 799)", "799", false, ""},
		{"Rs in parentheses printed", "Net cash used (Rs 799)", "(799)", true, ""},
		{"space-grouped thousands", "a fee of 5 500 EUR", "5", false, "decided: a continuation"},
		{"space-grouped whole", "a fee of 5 500 EUR", "5500", false, "never guessed either way"},
		{"trailing minus", "balance 799- at year end", "799", false, ""},
		{"exponent", "about 5e3 units", "5", false, ""},
		{"superscript", "an area of 5² units", "5", false, ""},
		{"fraction", "a stake of 5/8", "5", false, ""},
		{"credit marker", "balance 12,345.67 Cr", "12,345.67", false, "Cr may be a credit or crore"},
		{"grouping differs", "income of 109,638.91 lakh", "1,09,638.91", true, "meaning, not digits"},
		{"trailing zeros", "a rate of 6.70%", "6.7%", true, ""},
		{"percent printed", "a rate of 6.7 points", "6.7%", false, "the display prints a % the text does not"},
		{"scale printed", "paid $5 billion", "5 million", false, ""},
		{"scale printed agrees", "paid $5,000 million", "5 billion", true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ContainsNumber(tc.text, tc.printed), "ContainsNumber(%q, %q) %s", tc.text, tc.printed, tc.reason)
		})
	}
	s, e, ok := FindNumber("1109 and then 109 again", "109")
	require.True(t, ok)
	require.Equal(t, [2]int{14, 17}, [2]int{s, e})
}

func TestAccountingNegativesHoldNoPositive(t *testing.T) {
	for _, text := range []string{
		"Net cash used in investing activities (799)", "Net loss $(799)", "Net loss ( 799 )", "loss (₹799)",
	} {
		require.False(t, ContainsNumber(text, "799"), "%q prints a negative", text)
		require.True(t, ContainsNumber(text, "(799)") || ContainsNumber(text, "$(799)") || strings.Contains(text, "( 799 )") || strings.Contains(text, "(₹799)"), text)
	}
	require.True(t, ContainsNumber("Current portion of long-term debt 799", "799"))
	require.True(t, ContainsNumber("the debt (799 in total", "799"), "an open parenthesis alone is no accounting negative")
}

func TestFindAmountComparesMeaning(t *testing.T) {
	runAmountCases(t, []amountCase{
		{"scale word disagrees", "paid $5 billion in fines", "5", "USD", "million", false, "display 5 scale million once matched"},
		{"scale letter glued", "paid $5bn in fines", "5", "USD", "million", false, ""},
		{"scale letter spaced", "paid $5 M in fines", "5", "USD", "billion", false, ""},
		{"scale agrees", "paid $5 billion in fines", "5", "USD", "billion", true, ""},
		{"scale stated by the table", "Fines 5", "5", "USD", "billion", true, "no scale in the quote: the header's"},
		{"same value in another scale", "paid $5 billion in fines", "5,000", "USD", "million", true, ""},
		{"compound", "₹1.2 lakh crore of deposits", "1.2", "INR", "trillion", true, ""},
		{"compound disagrees", "₹1.2 lakh crore of deposits", "1.2", "INR", "crore", false, ""},
		{"percent for a number", "a margin of 12.5% in FY2021", "12.5", "number", "", false, "display 12.5 number once matched"},
		{"percent for a percent", "a margin of 12.5% in FY2021", "12.5", "percent", "", true, ""},
		{"column of percents", "Margin (%) 12.5", "12.5", "percent", "", true, "a table prints % once"},
		{"pp for a percent", "rose 2.4 pp", "2.4", "percent", "", false, ""},
		{"pp", "rose 2.4 percentage points", "2.4 pp", "pp", "", true, ""},
		{"a year for millions", "In 2027 revenue was 84 million", "2027", "USD", "million", false, "2027 is the year the 84 million is from"},
		{"a year in ones", "In 2027 revenue was 84 million", "2027", "number", "", true, "read as itself it is 2027"},
		{"a year-like amount under a header", "(in millions) Revenue 2027", "2027", "USD", "million", true, "the header states the scale"},
		{"points for a percent", "margin rose 5 points to 30%", "5", "percent", "", false, "5 points is a change in points, not 5%"},
		{"pts for a percent", "margin rose 5 pts to 30%", "5", "percent", "", false, ""},
		{"points for a number", "the index rose 5 points", "5", "number", "", true, "points of an index are a number"},
		{"currency disagrees", "a fee of €5", "5", "USD", "", false, ""},
		{"sign the table does not know", "a fee of AU$5", "5", "USD", "", false, "AU$ is no $ of USD"},
		{"currency for a count", "a fee of $5", "5", "count:shares", "", false, ""},
		{"Cr in crore", "balance 12,345.67 Cr", "12,345.67", "INR", "crore", true, "the field says crore"},
		{"Cr elsewhere", "balance 12,345.67 Cr", "12,345.67", "INR", "", false, ""},
		{"Dr", "balance 12,345.67 Dr", "12,345.67", "INR", "crore", false, ""},
		{"negative", "Net loss (Rs 799)", "(799)", "INR", "", true, ""},
		{"sign flipped", "Net loss (Rs 799)", "799", "INR", "", false, ""},
		{"whole token", "a fee of 5 500 EUR", "5", "EUR", "", false, ""},
		{"mixed fraction", "a fee of 5 1/2 dollars", "5", "USD", "", false, ""},
		{"range of percents", "margins of 50%-60%", "60%", "percent", "", true, "a hyphen after % joins a range"},
		{"range is no minus", "margins of 50%-60%", "-60%", "percent", "", false, ""},
		{"dot in a dot-grouping currency", "Umsatz 5.500", "5.5", "EUR", "", false, "5500 in a German source"},
		{"dot in another currency", "Sales 5.500", "5.5", "USD", "", true, ""},
	})
	s, e, ok := FindAmount("Net loss (Rs 799) in FY2021", mustAmount(t, "-799", "INR", ""))
	require.True(t, ok)
	require.Equal(t, "(Rs 799)", "Net loss (Rs 799) in FY2021"[s:e], "the span is the whole printed number")
}

// TestPrintedTestdata runs the quote check against the spec vectors of the
// one reader (numeral/testdata/printed.txt). A readable text backs the input
// that has its value, unit and scale, and not the input with the other
// sign, another scale, or, for a percent, no percent unit. A refused text
// backs no number printed in it.
func TestPrintedTestdata(t *testing.T) {
	for _, c := range printed.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			if c.Code == fault.UnknownScale {
				compoundBacksItsEquivalent(t, c)
				return
			}
			if c.Refused() {
				for _, d := range candidates(c.Text) {
					require.False(t, ContainsNumber(c.Text, d), "%q is refused, yet backs %q", c.Text, d)
				}
				return
			}
			u, err := units.ParseUnit(c.Unit)
			require.NoError(t, err)
			a, err := units.ParseAmount(c.Text, u, numeral.Ones)
			require.NoError(t, err, "ParseAmount(%q, %s)", c.Text, c.Unit)
			require.True(t, ContainsAmount(c.Text, &a), "%q backs itself as a display", c.Text)
			if s, err := numeral.ParseScale(c.Scale); err == nil {
				if b, err := units.ParseAmount(c.Value, u, s); err == nil {
					require.True(t, ContainsAmount(c.Text, &b), "%q backs %s %s %s", c.Text, c.Value, c.Unit, c.Scale)
				}
			}
			if !a.Printed.IsZero() {
				flipped := a
				flipped.Printed.Neg(&a.Printed)
				require.False(t, ContainsAmount(c.Text, &flipped), "%q backs the opposite sign", c.Text)
			}
			if c.Scale != "" {
				other := a
				other.Scale = numeral.Thousand
				if a.Scale == numeral.Thousand {
					other.Scale = numeral.Million
				}
				require.False(t, ContainsAmount(c.Text, &other), "%q backs scale %s", c.Text, other.Scale)
			}
			if c.Unit == "percent" {
				number := a
				number.Unit = units.Number
				require.False(t, ContainsAmount(c.Text, &number), "%q backs a number", c.Text)
			}
		})
	}
}

// compoundBacksItsEquivalent checks a compound scale no one word holds: the
// reader reads it exactly, so it backs the value in its larger word (5
// thousand crore is 5000 crore) and not the number in that word alone.
func compoundBacksItsEquivalent(t *testing.T, c printed.Case) {
	tok, ok := numeral.Next(c.Text, 0)
	require.True(t, ok)
	words := strings.Fields(tok.ScaleText)
	larger, err := numeral.ParseScale(words[len(words)-1])
	require.NoError(t, err)
	equivalent := tok.Number + strings.Repeat("0", tok.ScaleExp-larger.Exp())
	unit := units.Number
	if codes := numeral.SignCurrencies(tok.Currency); codes != nil {
		unit, err = units.CurrencyUnit(codes[0])
		require.NoError(t, err)
	}
	for value, want := range map[string]bool{equivalent: true, tok.Number: false} {
		a, err := units.ParseAmount(value, unit, larger)
		require.NoError(t, err)
		require.Equal(t, want, ContainsAmount(c.Text, &a), "%q backs %s %s", c.Text, value, larger)
	}
}

// candidates lists the numbers a refused text might be taken to print: each
// run of digits, all its digits, and its digits with their points.
func candidates(text string) []string {
	isDigit := func(r rune) bool { return r >= '0' && r <= '9' }
	out := strings.FieldsFunc(text, func(r rune) bool { return !isDigit(r) })
	keep := func(points bool) string {
		return strings.Map(func(r rune) rune {
			if isDigit(r) || points && r == '.' {
				return r
			}
			return -1
		}, text)
	}
	for _, s := range []string{keep(false), strings.Trim(keep(true), ".")} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// FuzzFindNumber checks the quote's number check on any text and printed
// number: it never panics, a span it returns lies in the text, and the
// number at that span backs printed by itself. Its seeds are the texts of
// numeral/testdata/printed.txt, each with its own digits.
func FuzzFindNumber(f *testing.F) {
	for _, c := range printed.Cases(f) {
		for _, d := range candidates(c.Text) {
			f.Add("In FY2021 it was "+c.Text+".", d)
		}
		f.Add(c.Text, c.Text)
	}
	f.Fuzz(func(t *testing.T, text, number string) {
		s, e, ok := FindNumber(text, number)
		if !ok {
			return
		}
		require.True(t, 0 <= s && s < e && e <= len(text), "FindNumber(%q, %q) = %d, %d", text, number, s, e)
		require.True(t, ContainsNumber(text[s:e], number), "%q alone backs %q", text[s:e], number)
	})
}

func ExampleContainsAmount() {
	usd, _ := units.ParseUnit("USD")
	five, _ := units.ParseAmount("5", usd, numeral.Million)
	fmt.Println(ContainsAmount("paid $5 million in fines", &five))
	fmt.Println(ContainsAmount("paid $5 billion in fines", &five))
	fmt.Println(ContainsAmount("paid $(5) million in fines", &five))
	fmt.Println(ContainsAmount("paid 5 500 dollars in fines", &five))
	// Output:
	// true
	// false
	// false
	// false
}

// TestPartOfSomethingLargerBacksNothing pins numbers that print inside a
// range, a time, a date, a form name, or beside a currency or scale the
// reader does not know: each once backed a display whose meaning differs.
func TestPartOfSomethingLargerBacksNothing(t *testing.T) {
	runAmountCases(t, []amountCase{
		{"first end of a percent range", "margins of 10–12%", "10", "number", "", false, "10 is 10% here"},
		{"first end of a percent range as percent", "margins of 10–12%", "10", "percent", "", false, "a range is not its first end"},
		{"second end of a range", "margins of 10–12%", "12", "percent", "", true, ""},
		{"first end of a scaled range", "fines of $5–$10 million", "5", "USD", "", false, "$5 is $5 million here"},
		{"second end of a scaled range", "fines of $5–$10 million", "10", "USD", "million", true, ""},
		{"time", "at 10:30 the board met", "30", "number", "", false, ""},
		{"hour", "at 10:30 the board met", "10", "number", "", false, ""},
		{"ratio", "a 3:1 split", "3", "number", "", false, ""},
		{"month of a date", "on 2021-03-04", "3", "number", "", false, ""},
		{"day of a date", "on 2021-03-04", "4", "number", "", false, ""},
		{"form name", "the Form 10-K says", "10", "number", "", false, ""},
		{"form 20-F", "its 20-F filing", "20", "number", "", false, ""},
		{"hyphenated count", "a 5-year plan", "5", "number", "", true, "a lower-case word after the hyphen is the number's noun"},
		{"won", "a fee of ₩5", "5", "USD", "", false, "₩ is no currency the reader knows"},
		{"ruble after", "a fee of 5₽", "5", "USD", "", false, ""},
		{"euros for dollars", "a fee of 5 euros", "5", "USD", "", false, ""},
		{"euros for euros", "a fee of 5 euros", "5", "EUR", "", true, ""},
		{"mln", "revenue of £5 mln", "5", "GBP", "", false, "5 million"},
		{"Mio", "Umsatz 5 Mio", "5", "EUR", "", false, "5 million"},
		{"Mrd", "Umsatz 5 Mrd", "5", "EUR", "", false, "5 billion"},
		{"hair space before %", "a margin of 12.5\u200a%", "12.5", "number", "", false, "12.5% once backed a number"},
		{"hair space grouping", "a fee of 5\u200a500 EUR", "5", "EUR", "", false, ""},
		{"times ten to the", "about 5×10^6 cells", "5", "number", "", false, "five million"},
		{"spaced times ten", "about 5 x 10³ cells", "5", "number", "", false, ""},
		{"ppts for a percent", "up 5 ppts", "5", "percent", "", false, "percentage points"},
		{"hyphenated percentage points", "up 5 percentage-points", "5", "percent", "", false, ""},
		{"minus apart", "the margin was - 4.3% in FY2021", "4.3%", "percent", "", false, "prints -4.3%"},
		{"bullet", "Margins:\n- 4.3% in FY2021", "4.3%", "percent", "", true, "a list bullet is no sign"},
		{"em dash aside", "Common stock, $0.25 par value; authorized — 11,200 shares", "11,200", "count:shares", "", true, "an em dash sets off an aside"},
		{"header scale disagrees", "Revenue (in billions): $5", "5", "USD", "million", false, "the header says billions"},
		{"header scale agrees", "Revenue (in billions): $5", "5", "USD", "billion", true, ""},
		{"code header", "USD millions: Revenue 5", "5", "USD", "", false, "5 million, not 5"},
		{"sign header", "Revenue, ₹ crore 5", "5", "INR", "crore", true, ""},
		{"millions of users", "millions of users paid $84", "84", "USD", "", true, "not a header"},
		{"hyphenated scale", "a $84-million grant", "84", "USD", "", false, "84 million"},
		{"hyphenated scale agrees", "a $84-million grant", "84", "USD", "million", true, ""},
		{"scale after a line break", "a grant of $84\nmillion", "84", "USD", "", false, "84 million"},
		{"cents", "a fee of 84¢", "84", "USD", "", false, "84 cents"},
		{"bln", "a fee of $84 bln", "84", "USD", "", false, "84 billion"},
		{"metres, not millions", "the site has a 5 m wall", "5", "number", "million", false, "a lone m with no currency may be metres"},
		{"shares, not dollars", "the company repurchased 5 million shares", "5", "USD", "million", false, "a count of shares is no amount of money"},
		{"employees, not rupees", "it had 161,000 employees", "161,000", "INR", "", false, ""},
		{"shares as a count", "the company repurchased 5 million shares", "5", "count:shares", "million", true, ""},
		{"dollars in words", "revenue of 5 million dollars", "5", "USD", "million", true, "a currency's name is no count"},
		{"a dollar sign and a noun", "paid $5 million bonuses", "5", "USD", "million", true, "the sign says it is money"},
		{"an amount in a row", "Net sales 192,052 for the year", "192,052", "USD", "", true, ""},
		{"a word ending in s that counts nothing", "Net change 27 million this year", "27", "USD", "million", true, ""},
		{"was after the amount", "the fee 300 was paid", "300", "USD", "", true, ""},
		{"metres, not millions, in dollars", "the site has a 5 m wall", "5", "USD", "million", false, ""},
		{"a currency makes m millions", "a fee of $5 m in the year", "5", "USD", "million", true, ""},
		{"mn is millions", "5 mn users in the year", "5", "number", "million", true, ""},
	})
}

// amountCase is one quote checked against one input: want is whether text
// backs the input of display, unit and scale.
type amountCase struct {
	name, text           string
	display, unit, scale string
	want                 bool
	reason               string
}

// runAmountCases runs each case as a subtest of ContainsAmount.
func runAmountCases(t *testing.T, cases []amountCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := mustAmount(t, tc.display, tc.unit, tc.scale)
			require.Equal(t, tc.want, ContainsAmount(tc.text, a), "ContainsAmount(%q, %s %s %s) %s", tc.text, tc.display, tc.unit, tc.scale, tc.reason)
		})
	}
}

// mustAmount parses an input for a test.
func mustAmount(t *testing.T, display, unit, scale string) *units.Amount {
	t.Helper()
	u, err := units.ParseUnit(unit)
	require.NoError(t, err)
	s, err := numeral.ParseScale(scale)
	require.NoError(t, err)
	a, err := units.ParseAmount(display, u, s)
	require.NoError(t, err)
	return &a
}
