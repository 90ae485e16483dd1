package claim_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
)

// brief renders a mention on one line: text, value at ones, unit, places,
// scale, noun and classes, leaving out what is empty.
func brief(m claim.Mention) string {
	s := fmt.Sprintf("%s=%s", m.Text, m.Value.Text('f'))
	if m.Unit != "" {
		s += " " + m.Unit
	}
	if m.Places > 0 {
		s += fmt.Sprintf(" .%d", m.Places)
	}
	if w := m.Scale.Word(); w != "" {
		s += " @" + w
	}
	if m.Noun != "" {
		s += " (" + m.Noun + ")"
	}
	if m.Classes != 0 {
		s += " [" + m.Classes.String() + "]"
	}
	return s
}

func briefs(ms []claim.Mention) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = brief(m)
	}
	return strings.Join(out, "; ")
}

func TestExtract(t *testing.T) {
	cases := []struct{ name, in, want, reason string }{
		{"integer", "27 of them", "27=27", ""},
		{"count", "authored 27 documents.", "27 documents=27 count (documents)", ""},
		{"count phrase", "84 matching documents", "84 matching documents=84 count (matching documents)", ""},
		{"no noun after a stopword", "30 of 84", "30=30; 84=84", ""},
		{"western", "1,234,567.5", "1,234,567.5=1234567.5 .1", ""},
		{"indian", "1,09,638.91", "1,09,638.91=109638.91 .2", ""},
		{"bad grouping is refused", "1,5 and 12,34", "", "a comma not followed by a group of three may be a decimal comma: unreadable, never two numbers"},
		{"minus", "-5 and −4.3", "-5=-5; −4.3=-4.3 .1", ""},
		{"range is no minus", "10-15 days", "10=10; 15 days=15 days", ""},
		{"accounting", "(1,234.5) and ($1,234) and $(7)", "(1,234.5)=-1234.5 .1; ($1,234)=-1234 currency; $(7)=-7 currency", ""},
		{"aside", "see (84) and (2.5)", "84=84; 2.5=2.5 .1", "a bare number in parentheses is an aside"},
		{"rupee sign", "₹8,367,277,000", "₹8,367,277,000=8367277000 INR", ""},
		{"crore", "₹836.73 crore", "₹836.73 crore=8367300000 INR .2 @crore", ""},
		{"rupees", "8.37 billion rupees", "8.37 billion rupees=8370000000 currency .2 @billion", ""},
		{"Rs lakh", "Rs 12 lakh and Rs. 3 lacs", "Rs 12 lakh=1200000 currency @lakh; Rs. 3 lacs=300000 currency @lakh", ""},
		{"bn glued", "$1.2bn", "$1.2bn=1200000000 currency .1 @billion", ""},
		{"k glued", "10k users", "10k users=10000 count @thousand (users)", ""},
		{"m apart is no scale", "5 m", "5=5", "m after a space may be metres"},
		{"code before", "USD 5 million", "USD 5 million=5000000 USD @million", ""},
		{"code after", "1,234 EUR", "1,234 EUR=1234 EUR", ""},
		{"lower-case code is a word", "all 5 cup", "5 cup=5 count (cup)", ""},
		{"US dollars", "5 US dollars", "5 US dollars=5 USD", ""},
		{"percent", "35.8% and 12 per cent and 7 percent", "35.8%=35.8 percent .1; 12 per cent=12 percent; 7 percent=7 percent", ""},
		{"percent apart", "35.8 %", "35.8 %=35.8 percent .1", ""},
		{"pp", "2.4 percentage points, 2.4 pp, 2.4pp", "2.4 percentage points=2.4 pp .1; 2.4 pp=2.4 pp .1; 2.4pp=2.4 pp .1", ""},
		{"bp", "25 bps and 25 basis points", "25 bps=25 bp; 25 basis points=25 bp", ""},
		{"ratio", "1.344× and 1.34x", "1.344×=1.344 ratio .3; 1.34x=1.34 ratio .2", ""},
		{"time", "30 years, a 30-year loan, 6 months", "30 years=30 years; 30-year=30 years; 6 months=6 months", ""},
		{"leading point", "$.50 and .5", "$.50=0.50 currency .2; .5=0.5 .1", ""},
		{"names", "FY2021 COVID-19 4G 3D mp3 B-52 10-K #42 @3 v2", "", "digits glued to letters are names"},
		{"not read", "1e5, ½, ٣ and twenty-seven", "", "exponents are names; non-ASCII digits and words are not read"},
		{"decimal comma never guessed", "1.234,5", "", "unreadable: refused by the gate, never read as 1.234 and 5"},
		{"versions and addresses", "v1.2.3, 1.2.3 and 192.168.0.1", "", ""},
		{"url", "see https://example.com/a/2021/5?page=3 now", "", ""},
		{"year", "In 2021, revenue rose.", "2021=2021 [year]", ""},
		{"year with noun", "2021 documents", "2021 documents=2021 count (documents)", "a year-shaped number followed by a count noun is a count"},
		{"year with a noun a year qualifies", "2021 results were strong", "2021=2021 [year]", "the results of 2021, not 2021 of them"},
		{"not a year", "2,021 and 2021.5 and 2200 and $2021", "2,021=2021; 2021.5=2021.5 .1; 2200=2200; $2021=2021 currency", ""},
		{"dates", "March 4, 2021; 4 Mar 2021; Mar. 4; 2021-03-04; 03/04/2021; 10:30", "4=4 [date]; 2021=2021 [year]; 4=4 [date]; 2021=2021 [year|date]; 4=4 [date]; 2021-03-04=2021 [date]; 03/04/2021=3 [date]; 10:30=10 [date]", ""},
		{"may the verb", "you may 5 times", "5=5", ""},
		{"ordinals", "1st, 2nd, 3rd and 21st", "1st=1 [ordinal]; 2nd=2 [ordinal]; 3rd=3 [ordinal]; 21st=21 [ordinal]", ""},
		{"list numbers", "1. one\n  2) two\n(3) three\n> 4. four", "1.=1 [list_number]; 2)=2 [list_number]; (3)=3 [list_number]; 4.=4 [list_number|quoted]", ""},
		{"not list numbers", "x 1. one\n1.5 million", "1=1; 1.5 million=1500000 .1 @million", ""},
		{"citations", "as shown [1] and [^12]", "[1]=1 [citation]; [^12]=12 [citation]", ""},
		{"quoted", "He said \"we sold 99 units\" and “17 more”; then 5.", "99 units=99 count (units) [quoted]; 17=17 [quoted]; 5=5", ""},
		{"stray quote", "a \"b 5\n\nc 6\"", "5=5; 6=6", "a pair of straight quotes does not cross a paragraph"},
		{"zero", "-0 and (0.00)", "-0=0; 0.00=0.00 .2", ""},
		{"too many digits", "12345678901234567890123456789012345 items", "", "an identifier, not a number"},
		{"count needs an integer", "1.5 documents", "1.5=1.5 .1", ""},
		{"scaled count", "1.2 million users", "1.2 million users=1200000 count .1 @million (users)", ""},
		{"link text", "see [27](https://x.com/a/5) now", "27=27", "the link's text is read, its target is not"},
		{"emphasis", "_27_ and **27** documents", "27=27; **27** documents=27 count (documents)", ""},
		{"label and colon", "Total:27", "27=27", ""},
		{"scale letters after a currency", "$84 M, ₹84 K and $84B", "$84 M=84000000 currency @million; ₹84 K=84000 INR @thousand; $84B=84000000000 currency @billion", ""},
		{"metres", "5 m and 5% m/m", "5=5; 5%=5 percent", "a spaced m after a bare number is not a scale"},
		{"en dash minus", "fell –4.3% in 10–15 days", "–4.3%=-4.3 percent .1; 10=10; 15 days=15 days", ""},
		{"currency after", "5 € and 1,234 EUR", "5 €=5 EUR; 1,234 EUR=1234 EUR", ""},
		{"year-shaped count", "runs 1984 warehouses; 2021 results", "1984 warehouses=1984 count (warehouses); 2021=2021 [year]", ""},
		{"fraction", "11/12 tests and 7/10", "11=11; 12 tests=12 count (tests); 7=7; 10=10", ""},
		{"day and month after a date word", "on 4/3 and 24/7", "4/3=4 [date]", ""},
		{"list-shaped count", "(27) documents\n(3) three", "(27) documents=27 count (documents); (3)=3 [list_number]", ""},
		{"time and decade", "at 10am in the 1990s", "10am=10 [date]; 1990s=1990 [year]", ""},
		{"whole answer", "2021.", "2021=2021", "the answer is what it claims: no class"},
		{"miles are no scale", "27 miles", "27 miles=27 count (miles)", "miles is English, not the Spanish thousands"},
		{"parenthesised percent", "rose (4.3%) and fell (4.3)%", "4.3%=4.3 percent .1; (4.3)%=-4.3 percent .1", "an aside, and a table's negative"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := claim.Extract(tc.in, claim.Options{Ignore: claim.IgnoreNone})
			require.Equal(t, tc.want, briefs(got), "Extract(%q): %s", tc.in, tc.reason)
			checkSpans(t, tc.in, got)
		})
	}
}

// checkSpans asserts the properties every extraction has: spans in order,
// not overlapping, within the text, and each mention's text its span.
func checkSpans(t testing.TB, text string, ms []claim.Mention) {
	t.Helper()
	end := 0
	for _, m := range ms {
		require.True(t, end <= m.Start && m.Start < m.End && m.End <= len(text), "span [%d, %d) after %d in %q", m.Start, m.End, end, text)
		require.Equal(t, text[m.Start:m.End], m.Text)
		end = m.End
	}
}

func TestExtractQuestion(t *testing.T) {
	q := "What is the monthly payment on 300k dollars at 6.00% over 30 years?"
	text := "On $300,000 at 6% APR over 30 years, the payment is $1,798.65; 6 banks agree, and 30 months is too short."
	ms := claim.Extract(text, claim.Options{Question: q})
	var asked, not []string
	for _, m := range ms {
		if m.Classes&claim.InQuestion != 0 {
			asked = append(asked, m.Text)
			require.True(t, m.Ignored)
		} else {
			not = append(not, m.Text)
		}
	}
	require.Equal(t, []string{"$300,000", "6%", "30 years"}, asked)
	require.Equal(t, []string{"$1,798.65", "6 banks agree", "30 months"}, not, "same value, another unit; a noun may take a verb")
}

func TestClasses(t *testing.T) {
	c, err := claim.ParseClasses([]string{"year", "Citation"})
	require.NoError(t, err)
	require.Equal(t, claim.Year|claim.Citation, c)
	require.Equal(t, "year|citation", c.String())
	c, err = claim.ParseClasses([]string{})
	require.NoError(t, err)
	require.Equal(t, claim.IgnoreNone, c)
	require.Equal(t, "ignore_none", c.String())
	require.Equal(t, "none", claim.Class(0).String())
	_, err = claim.ParseClasses([]string{"years"})
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.BadIgnore, e.Code)
	require.Equal(t, "year|date|ordinal|list_number|question|citation", claim.DefaultIgnore.String())
}
