package quote

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// declarationTests are the printed forms of a declared scale, each with
// what the one reader finds: scale@start-end, then the except clause.
var declarationTests = []struct {
	name, in, want string
	reason         string
}{
	{"in millions", "(in millions)", "million@4-12", ""},
	{"in millions of dollars", "(In millions of dollars)", "million@4-12", "of and a currency name ends a declaration"},
	{"in thousands of USD", "Amounts in thousands of USD", "thousand@11-20", "of and a currency code ends a declaration"},
	{"all amounts line", "All amounts in thousands.\nRevenue 5,007", "thousand@15-24", "a full stop ends a declaration"},
	{"prose: in billions and", "the group held cash in billions and paid out more", "", "prose that uses a scale word declares nothing"},
	{"in thousands of U.S. dollars", "(Amounts in thousands of U.S. dollars)", "thousand@12-21", "of, whose currency, and its name ends a declaration"},
	{"prose: in thousands of U.S. stores", "sales in thousands of U.S. stores last year", "", "of, a country and a noun that is no currency: prose"},
	{"Rs. Lakh line", "Rs. Lakh\nRevenue 5,007", "lakh@4-8", "the dot of Rs. ends no sentence"},
	{"rupee sign in Mn", "(₹ in Mn)", "million@8-10", "a short form after a currency and in, inside a bracket"},
	{"Rs. in Cr.", "(Rs. in Cr.)", "crore@8-10", "a short form after a currency and in, inside a bracket"},
	{"prose: paid Rs in m", "he paid Rs in m the rest", "", "a short form after a currency and in, outside a bracket: prose"},
	{"prose: in millions of units", "sales counted in millions of units each year", "", "of and a noun that is no currency: prose"},
	{"prose: USD millions and", "it spent USD millions and more", "", "a word after the scale: prose"},
	{"prose: a long sentence ends in billion", "the margin and the other liabilities were accrued in billion.", "", "a full stop ends a declaration only on a short line of its own"},
	{"prose: in millions, and", "sales grew in millions, and so did costs", "", "a comma outside a bracket ends no declaration"},
	{"in millions, except", "Amounts in millions, except per share data", "million@11-19 except per share data", ""},
	{"10-K", "(In millions, except per share data)", "million@4-12 except per share data", ""},
	{"Rs. in lacs", "(Rs. in lacs)", "lakh@8-12", ""},
	{"rupee sign in crore", "₹ in crore", "crore@7-12", ""},
	{"Rs. Lakhs", "(Rs. Lakhs)", "lakh@5-10", "a currency sign before the word"},
	{"all amounts", "All amounts in thousands", "thousand@15-24", ""},
	{"USD millions", "Amounts in USD millions", "million@15-23", ""},
	{"$000s", "Segment results ($000s)", "thousand@18-22", ""},
	{"£'000", "£'000", "thousand@3-6", ""},
	{"(000's)", "Turnover (000's)", "thousand@10-15", ""},
	{"a price", "The price was $1,000 a unit", "", "part of a number"},
	{"a decade", "In the 2000s sales grew", "", "a decade, not a mark"},
	{"a number word", "Five million customers", "", "a scale word after a number word is the number's"},
	{"a short letter", "(m)", "", "a letter alone is never a header"},
	{"£m", "Group results (£m)", "million@17-18", ""},
	{"USD mn", "Amounts in USD mn", "million@15-17", ""},
	{"₹ cr.", "(₹ cr.)", "crore@5-7", ""},
	{"US$bn", "Assets US$bn", "billion@10-12", ""},
	{"a glued scale is the number's", "Revenue was $5m and $2bn", "", "after a number a short form is its scale"},
	{"a short word after a code", "The CEO m", "", "no currency code is CEO"},
	{"shares in thousands", "(In millions, except shares in thousands)", "million@4-12 except shares in thousands thousand@31-40", ""},
	{"two declarations", "Revenue ($ millions) | Units (thousands)", "million@11-19 thousand@30-39", ""},
}

func (d Declaration) String() string {
	s := fmt.Sprintf("%s@%d-%d", d.Scale.Word(), d.Start, d.End)
	if d.Except != "" {
		s += " except " + d.Except
	}
	return s
}

func TestDeclarations(t *testing.T) {
	for _, tc := range declarationTests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range declarations(tc.in) {
				got = append(got, d.String())
			}
			require.Equal(t, tc.want, strings.Join(got, " "), "declarations(%q): %s", tc.in, tc.reason)
		})
	}
}

// TestScalesFor: where a declaration applies, and what it never applies to.
func TestScalesFor(t *testing.T) {
	doc := "# Statement\n(In millions, except per share data)\n\n" +
		"Net sales 192,052 for the year.\n" +
		"Margin 44.1% of sales.\n" +
		"Diluted earnings per share 6.13 for the year.\n" +
		"# Headcount\n" +
		"Staff 5,007 at year end.\n"
	s := ReadScales(doc)
	tests := []struct {
		name, quote, display, unit, scale string
		want                              string // the declarations that apply, or ""
	}{
		{"a row under the header", "Net sales 192,052", "192,052", "USD", "", "million"},
		{"a percent", "Margin 44.1% of sales", "44.1%", "percent", "", ""},
		{"per share", "Diluted earnings per share 6.13", "6.13", "USD", "", ""},
		{"a new section", "Staff 5,007 at year end", "5,007", "USD", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, err := units.ParseUnit(tc.unit)
			require.NoError(t, err)
			sc, err := units.ParseScale(tc.scale)
			require.NoError(t, err)
			a, err := units.ParseAmount(tc.display, u, sc)
			require.NoError(t, err)
			at := strings.Index(doc, tc.quote)
			var got []string
			for _, d := range s.For(at, tc.quote, &a) {
				got = append(got, d.Scale.Word())
			}
			require.Equal(t, tc.want, strings.Join(got, " "))
		})
	}
}

// FuzzReadScales: reading the declarations of any text never panics, each
// span holds what it declares, and every place gets an answer.
func FuzzReadScales(f *testing.F) {
	for _, tc := range declarationTests {
		f.Add(tc.in, 0)
		f.Add(tc.in+"\n\nRevenue 5,007\n", len(tc.in)+2)
	}
	f.Add("<p>(in millions)</p><table></table>\n---\n## x\n\f(000s)", 30)
	f.Fuzz(func(t *testing.T, text string, at int) {
		s := ReadScales(text)
		for _, d := range s.decls {
			require.True(t, 0 <= d.Start && d.Start < d.End && d.End <= len(text), "%+v in %q", d, text)
			require.NotEqual(t, units.Ones, d.Scale)
			_ = s.Text(d)
		}
		ds := s.at(at)
		for _, d := range ds {
			require.LessOrEqual(t, d.End, at)
		}
		if at >= 0 && at <= len(text) {
			_ = s.For(at, text[at:], &fuzzAmount)
		}
	})
}

// fuzzAmount is the input FuzzReadScales asks about: 5,007 dollars.
var fuzzAmount = func() units.Amount {
	u, err := units.ParseUnit("USD")
	if err != nil {
		panic(err)
	}
	a, err := units.ParseAmount("5,007", u, units.Ones)
	if err != nil {
		panic(err)
	}
	return a
}()

// FuzzScales: reading the scales of any text and asking which apply to a
// quote found anywhere in it never panics, and every declaration it
// returns lies inside the text.
func FuzzScales(f *testing.F) {
	for _, tc := range declarationTests {
		f.Add(tc.in+"\n\nRevenue was 5,007 for the year\n", "5,007", 0, uint8(0))
	}
	f.Add("(In millions,\nexcept per share data)\n\nShares used in computing earnings per share:\n  Diluted 16,326\n", "16,326", 40, uint8(2))
	f.Add("<p>(In millions, except per share data)</p><table><tr><td>Diluted EPS</td><td>6.13</td></tr></table>", "6.13", 60, uint8(0))
	f.Add("Units in\nthousands\f(in millions) [$ Cr 000's", "5", 3, uint8(1))
	unitNames := []string{"USD", "number", "count:shares", "INR", "percent"}
	f.Fuzz(func(t *testing.T, text, display string, at int, unit uint8) {
		u, err := units.ParseUnit(unitNames[int(unit)%len(unitNames)])
		require.NoError(t, err)
		a, err := units.ParseAmount(display, u, units.Ones)
		if err != nil {
			return
		}
		s := ReadScales(text)
		if at < 0 || at > len(text) {
			at = len(text) / 2
		}
		for _, d := range s.For(at, text[at:], &a) {
			require.True(t, 0 <= d.Start && d.Start <= d.End && d.End <= len(text), "%+v in %d bytes", d, len(text))
			_ = s.Text(d)
		}
	})
}

// TestQualified: the words before "in" that name the amounts in general
// leave a declaration unqualified; any other word names what it scales.
func TestQualified(t *testing.T) {
	tests := []struct {
		before string
		want   bool
	}{
		{"(", false}, {"(in ", false}, {"All amounts in ", false}, {"(Dollars in ", false},
		{"(Euro in ", false}, {"(USD in ", false}, {"(Rs. in ", false}, {"($ in ", false},
		{"(Expressed in ", false}, {"(Unaudited, in ", false}, {"(Unaudited in ", false},
		{"Units in ", true}, {"(1) Units shipped in ", true}, {"We operate in ", true},
		{"Shares in\n", true}, {"Revenue in ", true},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, qualified(tc.before), "%q", tc.before)
	}
}
