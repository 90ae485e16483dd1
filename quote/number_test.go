package quote

import (
	"strings"
	"testing"

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
