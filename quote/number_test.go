package quote

import (
	"strings"
	"testing"

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

func TestContainsNumberReadsMeaning(t *testing.T) {
	cases := []struct {
		name, text, printed string
		want                bool
		reason              string
	}{
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
}

func TestFindAmountComparesMeaning(t *testing.T) {
	amount := func(display, unit, scale string) *units.Amount {
		u, err := units.ParseUnit(unit)
		require.NoError(t, err)
		s, err := units.ParseScale(scale)
		require.NoError(t, err)
		a, err := units.ParseAmount(display, u, s)
		require.NoError(t, err)
		return &a
	}
	cases := []struct {
		name, text           string
		display, unit, scale string
		want                 bool
		reason               string
	}{
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
		{"currency disagrees", "a fee of €5", "5", "USD", "", false, ""},
		{"currency for a count", "a fee of $5", "5", "count:shares", "", false, ""},
		{"Cr in crore", "balance 12,345.67 Cr", "12,345.67", "INR", "crore", true, "the field says crore"},
		{"Cr elsewhere", "balance 12,345.67 Cr", "12,345.67", "INR", "", false, ""},
		{"Dr", "balance 12,345.67 Dr", "12,345.67", "INR", "crore", false, ""},
		{"negative", "Net loss (Rs 799)", "(799)", "INR", "", true, ""},
		{"sign flipped", "Net loss (Rs 799)", "799", "INR", "", false, ""},
		{"whole token", "a fee of 5 500 EUR", "5", "EUR", "", false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := amount(tc.display, tc.unit, tc.scale)
			require.Equal(t, tc.want, ContainsAmount(tc.text, a), "ContainsAmount(%q, %s %s %s) %s", tc.text, tc.display, tc.unit, tc.scale, tc.reason)
		})
	}
	s, e, ok := FindAmount("Net loss (Rs 799) in FY2021", amount("-799", "INR", ""))
	require.True(t, ok)
	require.Equal(t, "(Rs 799)", "Net loss (Rs 799) in FY2021"[s:e], "the span is the whole printed number")
}
