package claim_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

// proseFacts are the copilot story's facts, and a few amounts.
var proseFacts = []claim.Fact{
	{Label: "documents matching", Value: "84", Unit: "count:documents"},
	{Label: "margin", Value: "4.3", Unit: "percent"},
	{Label: "grant", Value: "84", Unit: "USD"},
}

// refusalCodes returns the codes of rep's refusals, in order.
func refusalCodes(rep claim.Report) []string {
	out := []string{}
	for _, r := range rep.Refusals {
		out = append(out, r.Code)
	}
	return out
}

// TestProseDefects pins each prose defect of the gate: a number that passed
// unchecked, or was read as another value, is now checked or refused. Every
// text is refused with the facts of the copilot story (84 documents, a 4.3%
// margin, an $84 grant); want is the codes of its refusals.
func TestProseDefects(t *testing.T) {
	const (
		notBacked  = fault.NotBacked
		unreadable = fault.UnreadableNumber
		mismatch   = fault.UnitMismatch
	)
	cases := []struct {
		name, text string
		want       []string
		reason     string
	}{
		{"superscript digits", "Priya Raman authored ²⁷ documents.", []string{unreadable}, "²⁷ was passed over"},
		{"superscript after digits", "Priya Raman authored 2⁷ documents.", []string{unreadable}, "2⁷ is no 2"},
		{"circled numeral", "Priya Raman authored ㉗ documents.", []string{unreadable}, ""},
		{"Roman numeral code point", "Priya Raman authored Ⅻ documents.", []string{unreadable}, ""},
		{"Roman numeral in letters", "Priya Raman authored XXVII documents.", []string{unreadable}, "a Roman numeral used as a count"},
		{"Roman numeral as the whole answer", "XXVII", []string{unreadable}, ""},
		{"decimal entities", "Priya Raman authored &#50;&#55; documents.", []string{unreadable}, "renders as 27"},
		{"hex entities", "Priya Raman authored &#x32;&#x37; documents.", []string{unreadable}, ""},
		{"entity between number and scale", "The grant was $5&nbsp;million.", []string{unreadable}, "read as $5 before"},
		{"entity for a minus", "The margin was &minus;4.3%.", []string{unreadable}, "the sign was lost"},
		{"zero-width space inside", "Priya Raman authored 2\u200b7 documents.", []string{unreadable}, "read as 2 and 7"},
		{"soft hyphen inside", "Priya Raman authored 2\u00ad7 documents.", []string{unreadable}, ""},
		{"word joiner after", "Priya Raman authored 27\u2060 documents.", []string{unreadable}, ""},
		{"zero-width space after the currency", "The grant was $\u200b84.", []string{unreadable}, "read as a bare 84"},
		{"zero-width space before the scale", "The grant was $84 \u200bmillion.", []string{unreadable}, "read as $84, which the fact backs"},
		{"right-to-left override", "Priya Raman authored \u202e72 documents.", []string{unreadable}, "displays as 27"},
		{"digits split by markup", "Priya Raman authored 2**7** documents.", []string{unreadable}, "read as 2 and 7"},
		{"digits split by italics", "Priya Raman authored 2*7* documents.", []string{unreadable}, "renders as 27"},
		{"letter O for a zero", "Priya Raman authored 1O0 documents.", []string{unreadable}, "renders like 100"},
		{"letter O after digits", "Priya Raman authored 2O documents.", []string{unreadable}, "renders like 20"},
		{"superscripts glued to a word", "Priya Raman authored²⁷ documents.", []string{unreadable}, "two superscript digits print a number"},
		{"footnote mark before a count noun", "Priya Raman authored [^27] documents.", []string{notBacked}, "was a citation"},
		{"digits split by a tag", "Priya Raman authored 2<b>7</b> documents.", []string{unreadable}, ""},
		{"Markdown link text", "Priya Raman authored [27](https://example.com/q?page=2) documents.", []string{notBacked}, "was a citation"},
		{"Markdown reference link", "Priya Raman authored [27][1] documents.\n\n[1]: https://example.com", []string{notBacked}, "was a citation"},
		{"Markdown underscores", "Priya Raman authored _27_ documents.", []string{notBacked}, "was an identifier"},
		{"Markdown bold", "Priya Raman authored **27** documents.", []string{notBacked}, "the noun after the emphasis is read"},
		{"label and colon", "Total:27", []string{notBacked}, "was glued to a word"},
		{"whole answer with a point", "27.", []string{notBacked}, "was a list number"},
		{"whole answer in bold", "**27**", []string{notBacked}, ""},
		{"list-shaped count", "(27) documents\n(2) tweets", []string{notBacked, notBacked}, "were list numbers"},
		{"year-shaped count", "Costco runs 1984 warehouses.", []string{notBacked}, "was a year"},
		{"year-shaped units sold", "We sold 2021 units.", []string{notBacked}, ""},
		{"year as the whole answer", "2021", []string{notBacked}, ""},
		{"year-shaped count after a verb", "Costco has 2021. The total was 1984.", []string{notBacked, notBacked}, "was a year"},
		{"day-month-shaped count", "Priya passed 11/12 tests.", []string{notBacked, notBacked}, "was a date"},
		{"score", "I rate it 7/10.", []string{notBacked, notBacked}, "was a date"},
		{"month name before a count", "In March 27 documents were filed.", []string{notBacked}, "a count, not the 27th of March"},
		{"scale letter M", "The grant was $84 M.", []string{notBacked}, "read as $84, which the fact backs"},
		{"scale letter B", "The grant was $84 B.", []string{notBacked}, ""},
		{"scale letter K", "The grant was $84 K.", []string{notBacked}, ""},
		{"scale letter after a bare number", "The grant was 84 M.", []string{unreadable}, "84 million or metres: never guessed"},
		{"spaced k after a bare number", "Priya Raman has 84 k followers.", []string{unreadable}, "84 thousand, or 84"},
		{"day and month after of", "The best score was one of 7/10.", []string{notBacked, notBacked}, "of introduces a fraction as often as a date"},
		{"word stuck before", "Priya Raman authored27 documents.", []string{unreadable}, "was glued to a word"},
		{"word stuck after", "Priya Raman wrote 27docs.", []string{unreadable}, ""},
		{"scale character", "The grant was $27万.", []string{unreadable}, "万 is ten thousand"},
		{"counter character", "Priya Raman wrote 27件.", []string{unreadable}, "件 counts documents"},
		{"German scale abbreviation", "The grant was 84 Mio. euros.", []string{unreadable}, "read as 84"},
		{"milliard", "The grant was $84 milliard.", []string{unreadable}, "read as $84"},
		{"Russian scale", "The grant was $84 млн.", []string{unreadable}, ""},
		{"Chinese scale apart", "The grant was $84 万.", []string{unreadable}, ""},
		{"grand", "The grant was $84 grand.", []string{unreadable}, "read as $84"},
		{"per mille", "The margin was 43‰.", []string{unreadable}, "read as a bare 43"},
		{"unknown currency prefix", "The grant was AU$84.", []string{unreadable}, "passed over as a label"},
		{"dozen", "Priya Raman authored 7 dozen documents.", []string{unreadable}, "read as 7"},
		{"en dash minus", "The margin was –4.3%.", []string{notBacked}, "read as +4.3%, which the fact backs"},
		{"figure dash minus", "The margin was ‒4.3%.", []string{notBacked}, ""},
		{"decimal comma", "The margin was 4,3%.", []string{unreadable}, "read as 4 and 3%"},
		{"middle dot decimal", "The margin was 4·3%.", []string{unreadable}, "read as 4 and 3%"},
		{"Arabic decimal separator", "The margin was 4٫3%.", []string{unreadable}, ""},
		{"full-width comma grouping", "Priya Raman authored 1，084 documents.", []string{unreadable}, "read as 1 and 84 documents"},
		{"en space grouping", "Priya Raman authored 5\u2002084 documents.", []string{unreadable}, "read as 5 and 84 documents"},
		{"credit marker", "The grant was 84 Cr.", []string{unreadable}, "crore or credit: never guessed"},
		{"exponent", "Priya Raman authored 2.7e1 documents.", []string{unreadable}, ""},
		{"space grouping", "Priya Raman authored 5 500 documents.", []string{unreadable}, "one number or two"},
		{"full-width digits", "Priya Raman authored ２７ documents.", []string{unreadable}, ""},
		{"combining mark", "Priya Raman authored 2\u03367\u0336 documents.", []string{unreadable}, "struck through"},
		{"foreign scale bln", "The grant was $84 bln.", []string{unreadable}, "read as $84"},
		{"hyphenated scale", "The grant was a $84-million award.", []string{notBacked}, "read as $84, which the fact backs"},
		{"scale after a line break", "The grant was $84\nmillion.", []string{notBacked}, "read as $84"},
		{"won sign", "The grant was ₩84.", []string{unreadable}, "read as a bare 84"},
		{"cent sign", "The grant was 84¢.", []string{unreadable}, "84 cents read as 84"},
		{"scale after the second end", "The grant was $84–90 million.", []string{unreadable}, "$84 read alone, which the fact backs"},
		{"percent after the second end", "The margin was 4.3–5%.", []string{unreadable}, "4.3 read as a bare number"},
		{"hair space before percent", "Priya Raman authored 84\u200a% of documents.", []string{mismatch}, "read as a bare 84"},
		{"minus apart from the number", "The margin was - 4.3%.", []string{unreadable}, "read as +4.3%, which the fact backs"},
		{"en dash apart after a colon", "Margin: – 4.3%", []string{unreadable}, ""},
		{"minus on a line of its own", "The margin was\n−\n4.3%.", []string{unreadable}, "a PDF broke the line after the sign"},
		{"scale after a closing tag", "The grant was $84</b> million.", []string{unreadable}, "read as $84, which the fact backs"},
		{"scale after bold", "The grant was **$84** million.", []string{unreadable}, ""},
		{"scale in italics", "The grant was $84 _million_.", []string{unreadable}, ""},
		{"scale after a line break tag", "The grant was $84<br>million.", []string{unreadable}, ""},
		{"scale in the next cell", "| Grant | $84 | million |", []string{unreadable}, ""},
		{"scale after an entity space", "The grant was $84 &nbsp;million.", []string{unreadable}, ""},
		{"scale in parentheses", "The grant was $84 (in millions).", []string{unreadable}, ""},
		{"keycap", "Priya Raman authored 2\ufe0f\u20e37\ufe0f\u20e3 documents.", []string{unreadable}, "2️⃣7️⃣"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := claim.Check(claim.Request{Text: tc.text, Facts: proseFacts}, nil, receipt.Policy{}, claim.Options{})
			require.False(t, rep.OK, "%q: %s", tc.text, tc.reason)
			require.Equal(t, tc.want, refusalCodes(rep), "%q: %s; %+v", tc.text, tc.reason, rep.Refusals)
			for _, r := range rep.Refusals {
				require.NotNil(t, r.Span, "%q", tc.text)
				require.NotEmpty(t, r.Hint, "%q", tc.text)
			}
		})
	}
}

// TestProseReleased pins what the gate still releases: labels, the forms
// read through, and numbers that are right.
func TestProseReleased(t *testing.T) {
	for _, text := range []string{
		"Priya Raman authored 84 documents.",
		"Priya Raman authored **84** documents.",
		"Priya Raman authored [84](https://example.com/a/27) documents.",
		"Total:84",
		"84.",
		"In FY2021 and Q3, the 10-K and the H1 report list 84 documents.",
		"The 3D model runs on 4G, v2 and mp3 files.",
		"World War II ended in 1945; Phase III trials begin on 4/3.",
		"In 2021 results were good; 2021 sales rose. 2021 was a good year.",
		"The margin was 4.3% and the grant $84.",
		"The grant was $0.000084 M.",
		"See p.27 and No.5 of COVID-19 notes.",
		"The grant was\n\n1. $84\n2. not more",
		"✔️ 84 documents; 👨‍👩‍👧 a family of three",
		"84 documents, 0x54 in hex, support 24/7; ⓐ and ⓑ are letters.",
		"CO₂ and H₂O per m², as in the report¹; 84 documents [^2].",
		"Found:\n- 84 documents\n- a margin of 4.3%",
		"It rose from 84 - 4.3% of them.",
	} {
		rep := claim.Check(claim.Request{Text: text, Facts: proseFacts}, nil, receipt.Policy{}, claim.Options{})
		require.True(t, rep.OK, "%q: %+v", text, rep.Refusals)
	}
}

// TestScaleLettersAfterCurrency: "$84 M" is 84 million dollars, read by the
// one reader's scale letters; the $84 grant does not back it, and an $84
// million fact does.
func TestScaleLettersAfterCurrency(t *testing.T) {
	for text, want := range map[string]string{"$84 M": "84000000", "$84 B": "84000000000", "$84 K": "84000", "$84M": "84000000", "₹84 K": "84000"} {
		ms := claim.Extract(text, claim.Options{})
		require.Len(t, ms, 1, text)
		require.Equal(t, want, ms[0].Value.Text('f'), text)
		rep := claim.Check(claim.Request{Text: text, Facts: []claim.Fact{{Label: "grant", Value: "84", Unit: "USD", Scale: "million"}}},
			nil, receipt.Policy{}, claim.Options{})
		require.Equal(t, text == "$84 M" || text == "$84M", rep.OK, "%s: %+v", text, rep.Refusals)
	}
}

// TestExtractStopsAtMaxMentions: extraction reads no further than the
// limit, and the gate refuses the text.
func TestExtractStopsAtMaxMentions(t *testing.T) {
	text := strings.Repeat("1 ", 10*(2000))
	x := claim.ExtractAll(text, claim.Options{})
	require.True(t, x.Over)
	require.Len(t, x.Mentions, (2000))
	require.Equal(t, 2*(2000)-1, x.Mentions[len(x.Mentions)-1].End, "it stopped where the limit was reached")

	x = claim.ExtractAll(strings.Repeat("XXVII documents ", 10*(2000)), claim.Options{})
	require.True(t, x.Over, "unreadable numbers count towards the limit")
	require.Len(t, x.Unreadable, (2000))

	x = claim.ExtractAll(strings.Repeat("1 ", (2000)), claim.Options{})
	require.False(t, x.Over)
	require.Len(t, x.Mentions, (2000))
}

// TestExtractLinear extracts each of the worst texts at MaxTextBytes, with
// the text as its own question. Before extraction was linear, "1,11,11,…"
// ran for more than ten minutes; the work of each (see claim.ExtractWork)
// must now stay within workPerByte a byte of text and question, on any
// machine. BenchmarkExtractWorst measures their time.
func TestExtractLinear(t *testing.T) {
	for name, text := range worstTexts() {
		x, work := claim.ExtractWork(text, claim.Options{Question: text})
		require.LessOrEqual(t, work, workPerByte*2*len(text), "%s", name)
		for _, m := range x.Mentions {
			require.LessOrEqual(t, m.End, len(text))
		}
	}
}

// TestRangeEndsRead: a dash between two amounts is a range, not a trailing
// minus: "$5–$10" was refused as "$5–". A dash after a number with nothing
// after it is still a trailing minus.
func TestRangeEndsRead(t *testing.T) {
	facts := []claim.Fact{{Label: "low", Value: "5", Unit: "USD"}, {Label: "high", Value: "10", Unit: "USD"}}
	for _, text := range []string{"It costs $5–$10.", "It costs $5-$10.", "It costs $5–10."} {
		rep := claim.Check(claim.Request{Text: text, Facts: facts}, nil, receipt.Policy{}, claim.Options{})
		require.True(t, rep.OK, "%q: %+v", text, rep.Refusals)
	}
	rep := claim.Check(claim.Request{Text: "It costs 5– and $10.", Facts: facts}, nil, receipt.Policy{}, claim.Options{})
	require.Equal(t, []string{fault.UnreadableNumber}, refusalCodes(rep), "5– is a trailing minus")
}
