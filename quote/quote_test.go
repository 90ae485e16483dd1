package quote

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

func TestFindTrue(t *testing.T) {
	cases := []struct {
		name, src, quote string
		tier             Tier
		matched          string
		reason           string
	}{
		{"exact", "Revenue was $5,007 million in 2023.", "Revenue was $5,007 million", Exact,
			"Revenue was $5,007 million", ""},
		{"wrapped", "net income\nwas   $5,007\tmillion", "net income was $5,007 million", Whitespace,
			"net income\nwas   $5,007\tmillion", "a line break, spaces and a tab"},
		{"nbsp", "paid $5,007\u00a0million in cash", "paid $5,007 million in cash", Whitespace,
			"paid $5,007\u00a0million in cash", ""},
		{"form feed page break", "the total for the\f\nyear was 12", "the total for the year was 12", Whitespace,
			"the total for the\f\nyear was 12", "a quote crossing a page break"},
		{"case", "NET INCOME WAS $5,007 MILLION", "net income was $5,007 million", Case,
			"NET INCOME WAS $5,007 MILLION", ""},
		{"turkish dotted capital", "listed on the İSTANBUL Stock Exchange", "the istanbul stock exchange", Case,
			"the İSTANBUL Stock Exchange", "İ folds to i"},
		{"german sharp s", "die Straße nach Berlin", "die STRASSE nach berlin", Case,
			"die Straße nach Berlin", ""},
		{"curly quotes", "He said \u201cgrowth was strong\u201d and left.", `He said "growth was strong" and left`, Typography,
			"He said \u201cgrowth was strong\u201d and left", ""},
		{"straight in source, curly in quote", `the "adjusted" margin rose`, "the \u201cadjusted\u201d margin rose", Typography,
			`the "adjusted" margin rose`, ""},
		{"apostrophe", "the company\u2019s net sales", "the company's net sales", Typography,
			"the company\u2019s net sales", ""},
		{"ligature", "our \ufb01nancial statements", "our financial statements", Typography,
			"our \ufb01nancial statements", "ﬁ is one character in the source"},
		{"minus entity", "a change of &minus;4.3% in volume", "a change of -4.3% in volume", Markup,
			"a change of &minus;4.3% in volume", "exported HTML prints the sign as a character reference"},
		{"numeric minus entity", "a change of &#x2212;4.3% in volume", "a change of \u22124.3% in volume", Markup,
			"a change of &#x2212;4.3% in volume", ""},
		{"nbsp entity", "paid 27&nbsp;000 euros in cash", "paid 27 000 euros in cash", Markup,
			"paid 27&nbsp;000 euros in cash", ""},
		{"minus sign", "a change of \u22124.3% in volume", "a change of -4.3% in volume", Typography,
			"a change of \u22124.3% in volume", ""},
		{"en dash", "fiscal 2019\u20132020 results", "fiscal 2019-2020 results", Typography,
			"fiscal 2019\u20132020 results", ""},
		{"soft hyphen", "the inter\u00adnational segment grew", "the international segment grew", Typography,
			"the inter\u00adnational segment grew", ""},
		{"soft hyphen at a line break", "the inter\u00ad\nnational segment grew", "the international segment grew", Typography,
			"the inter\u00ad\nnational segment grew", ""},
		{"zero width space", "net\u200b income rose", "net income rose", Typography, "net\u200b income rose", ""},
		{"ellipsis character", "and so on\u2026 until 2025", "and so on... until 2025", Typography,
			"and so on\u2026 until 2025", "without Options.Ellipsis the dots are literal"},
		{"hyphenated line break", "our inter-\nnational revenue rose", "our international revenue rose", Hyphenation,
			"our inter-\nnational revenue rose", ""},
		{"hyphenated line break quoted with hyphen", "our inter-\nnational revenue rose", "our inter-national revenue rose", Hyphenation,
			"our inter-\nnational revenue rose", ""},
		{"markdown emphasis", "Net income was **$5,007** million", "net income was $5,007 million", Markup,
			"Net income was **$5,007** million", ""},
		{"backticks", "call `Find` to look a quote up", "call Find to look a quote up", Markup,
			"call `Find` to look a quote up", ""},
		{"heading", "Intro\n## Results of operations\nmore", "intro results of operations", Markup,
			"Intro\n## Results of operations", ""},
		{"html tags", "<p>Net <b>income</b> was</p><p>$5,007 million</p>", "net income was $5,007 million", Markup,
			"Net <b>income</b> was</p><p>$5,007 million", "</p><p> separates words"},
		{"page marker and form feed", "total net\n\n\f\n\nsales were 12", "total net sales were 12", Whitespace,
			"total net\n\n\f\n\nsales were 12", ""},
		{"bidi only exact", "see \u202eabc def ghi\u202c here", "\u202eabc def ghi\u202c", Exact,
			"\u202eabc def ghi\u202c", "a quote with bidi controls matches byte for byte"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustIndex(tc.src).Find(tc.quote, Options{MinWords: -1, MinChars: -1})
			require.NoError(t, err)
			require.True(t, m.Found, "Find(%q) in %q: %s %+v", tc.quote, tc.src, m.Reason, m.Nearest)
			require.Equal(t, tc.tier, m.Tier, "tier of %q (%s)", tc.quote, tc.reason)
			require.Equal(t, tc.matched, m.Text, "matched text")
			require.Equal(t, tc.src[m.Start:m.End], m.Text)
		})
	}
}

func TestFindFalse(t *testing.T) {
	cases := []struct {
		name, src, quote string
		reason           Reason
		why              string
	}{
		{"superscript", "grew to 10² units last year", "grew to 102 units last year", NotFound, "NFKC would say 102"},
		{"superscript reverse", "grew to 102 units last year", "grew to 10² units last year", NotFound, ""},
		{"vulgar fraction", "a margin of ½ point overall", "a margin of 1/2 point overall", NotFound, "NFKC would say 1⁄2"},
		{"changed digit", "net income was $5,007 million", "net income was $5,008 million", NotFound, ""},
		{"dropped sign", "sales changed by -4.3% in total", "sales changed by 4.3% in total", NotFound, ""},
		{"dropped sign at the start", "margin: -4.3% in the year", "4.3% in the year", NotFound, "the quote starts inside a signed number"},
		{"dropped minus sign at the start", "margin: \u22124.3% in the year", "4.3% in the year", NotFound, ""},
		{"dropped currency", "paid $5,007 million in cash", "5,007 million in cash", NotFound, "the quote drops the $"},
		{"longer number before", "was 15,007 million in cash", "5,007 million in cash", NotFound, ""},
		{"more decimals after", "revenue rose by 4.35 in the year", "revenue rose by 4.3", NotFound, ""},
		{"percent after", "rose by 4.3% in the year", "the year rose by 4.3", NotFound, ""},
		{"dropped decimal point", "rose by 4.3 points overall", "rose by 43 points overall", NotFound, ""},
		{"decimal part only", "revenue rose 4.5 million in total", ".5 million in total", NotFound, "drops the 4"},
		{"cut after the decimal point", "revenue rose 4.5 million in total", "revenue rose 4.", NotFound, "drops the 5"},
		{"one word changed", "net income was $5,007 million", "net profit was $5,007 million", NotFound, ""},
		{"partial word", "international revenue rose", "national revenue rose", NotFound, "a match starts at a word boundary"},
		{"markup between digits", "the figure 10<sup>2</sup> is large", "the figure 102 is large", NotFound, ""},
		{"emphasis between digits", "code 12*34 was used", "code 1234 was used", NotFound, ""},
		{"bidi override hides order", "value: \u202e001 units\u202c today", "value: 100 stinu today", NotFound, "text inside an override matches only exactly"},
		{"bidi override, logical order", "value: \u202e001 units\u202c today", "value: 001 units today", NotFound, "dropping the controls is no match either"},
		{"zero width between digits", "a total of 1\u200b02 units sold", "a total of 102 units sold", NotFound, "an invisible break still separates digits"},
		{"soft hyphen between digits", "a total of 1\u00ad02 units sold", "a total of 102 units sold", NotFound, ""},
		{"in an HTML comment", "revenue was 84 million <!-- revenue was 27 million --> in total", "revenue was 27 million", NotFound, "a comment is never shown"},
		{"in an unclosed HTML comment", "revenue was 84 million <!-- revenue was 27 million in total", "revenue was 27 million", NotFound, "an unclosed comment runs to the end, as in a browser"},
		{"struck by inline style", `revenue was <span style="text-decoration: line-through">27 million</span> 84 million`, "revenue was 27 million", NotFound, "a redline exported as a styled span"},
		{"hidden by inline style", `revenue was <span style="display:none">27 million</span> 84 million`, "revenue was 27 million", NotFound, ""},
		{"in a script", "revenue was 84 million <script>x = 'revenue was 27 million'</script> in total", "revenue was 27 million", NotFound, "a script is never shown"},
		{"in a script with blank lines", "revenue was 84 million <script>\n\nx = 'revenue was 27 million'\n\n</script> in total", "revenue was 27 million", NotFound, "a script runs to its close tag"},
		{"in a style sheet", "<style>/* revenue was 27 million */</style> revenue was 84 million", "revenue was 27 million", NotFound, ""},
		{"in a template", "<template>revenue was 27 million</template> revenue was 84 million", "revenue was 27 million", NotFound, ""},
		{"hidden attribute", "<div hidden>revenue was 27 million</div> revenue was 84 million", "revenue was 27 million", NotFound, ""},
		{"struck, bidi elsewhere", "\u202eab\u202c <del>revenue was 27 million</del> revenue was 84 million", "revenue was 27 million", NotFound, "the byte-for-byte fallback must not find struck text"},
		{"tilde struck, bidi elsewhere", "\u202eab\u202c ~~revenue was 27 million~~ revenue was 84 million", "revenue was 27 million", NotFound, ""},
		{"comment, bidi elsewhere", "\u202eab\u202c <!-- revenue was 27 million --> revenue was 84 million", "revenue was 27 million", NotFound, ""},
		{"entity digit", "revenue was 2&#55; million in total", "revenue was 2 million in total", NotFound, "&#55; is a 7: the source shows 27"},
		{"bidi in quote", "value: 100 units today", "value: \u202e100 units today", BidiControl, ""},
		{"empty", "anything at all here", "", TooShort, ""},
		{"too few words", "anything at all here", "anything at", TooShort, ""},
		{"too few characters", "a b c d e f", "a b c d", TooShort, ""},
		{"invalid utf8", "anything at all here", "anything \xff all here", InvalidUTF8, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustIndex(tc.src).Find(tc.quote, Options{})
			require.NoError(t, err)
			require.False(t, m.Found, "Find(%q) in %q matched %q at tier %s (%s)", tc.quote, tc.src, m.Text, m.Tier, tc.why)
			require.Equal(t, tc.reason, m.Reason)
			require.Equal(t, None, m.Tier)
		})
	}
}

func TestFindWeakestTierWins(t *testing.T) {
	src := "NET INCOME WAS $5,007 MILLION.\nLater: net income was $5,007 million."
	m, err := MustIndex(src).Find("net income was $5,007 million", Options{})
	require.NoError(t, err)
	require.Equal(t, Exact, m.Tier, "the exact occurrence beats the earlier one found by case")
	require.Equal(t, strings.Index(src, "net income"), m.Start)
	require.Equal(t, 2, m.Line)
	require.Equal(t, 8, m.Column)
}

func TestFindElided(t *testing.T) {
	src := "Net sales rose 9% to $5,007 million, driven by strong demand in every region."
	ix := MustIndex(src)
	q := "net sales rose 9% \u2026 strong demand in every region"
	m, err := ix.Find(q, Options{})
	require.NoError(t, err)
	require.False(t, m.Found, "without the option an ellipsis is literal")
	m, err = ix.Find(q, Options{Ellipsis: true})
	require.NoError(t, err)
	require.True(t, m.Found)
	require.Equal(t, Elided, m.Tier)
	require.Equal(t, "Net sales rose 9% to $5,007 million, driven by strong demand in every region", m.Text)
	m, err = ix.Find("strong demand in every region ... net sales rose 9%", Options{Ellipsis: true})
	require.NoError(t, err)
	require.False(t, m.Found, "parts must be in order")
	m, err = ix.Find(q, Options{Ellipsis: true, MaxGap: 10})
	require.NoError(t, err)
	require.False(t, m.Found, "the gap is bounded")
}

func TestNearest(t *testing.T) {
	src := "Overview\nIn fiscal 2023 net income was $5,007 million, up from $4,100 million.\n"
	m, err := MustIndex(src).Find("net income was $5,008 million, up from", Options{})
	require.NoError(t, err)
	require.False(t, m.Found)
	require.Equal(t, NotFound, m.Reason)
	require.NotNil(t, m.Nearest)
	require.Equal(t, "net income was $5,007 million, up from", m.Nearest.Text)
	require.Equal(t, "source says $5,007 where the quote says $5,008", m.Nearest.Differs)
	require.Equal(t, "0.81", m.Nearest.Similarity)
	require.Equal(t, 2, m.Nearest.Line)

	m, err = MustIndex(src).Find("the moon is made of green cheese", Options{})
	require.NoError(t, err)
	require.Nil(t, m.Nearest, "nothing alike, no hint")
}

func TestOptionsValidate(t *testing.T) {
	_, err := MustIndex("some text here").Find("some text here", Options{MinWords: -2})
	var qe *fault.Error
	require.ErrorAs(t, err, &qe)
	require.Equal(t, fault.InvalidOption, qe.Code)
	m, err := MustIndex("one two").Find("one two", Options{MinWords: -1, MinChars: 1})
	require.NoError(t, err)
	require.True(t, m.Found, "-1 lifts the minimum")
}

func TestTierText(t *testing.T) {
	for tier := None; tier <= Elided; tier++ {
		b, err := tier.MarshalText()
		require.NoError(t, err)
		var back Tier
		require.NoError(t, back.UnmarshalText(b))
		require.Equal(t, tier, back)
	}
	require.Equal(t, "hyphenation", Hyphenation.String())
	require.Error(t, new(Tier).UnmarshalText([]byte("fuzzy")))
}

func TestIndexSize(t *testing.T) {
	src := filing(1 << 20)
	ix := MustIndex(src)
	require.Less(t, float64(ix.Size())/float64(len(src)), 2.5, "index bytes per source byte")
	ix.shortWords()
	require.Less(t, float64(ix.Size())/float64(len(src)), 2.5, "index bytes per source byte, with the table of short-word starts")
}

func TestLookup(t *testing.T) {
	sources := mustSources(map[string]string{
		"a": "Net income was $5,007 million in fiscal 2021.",
		"b": "Revenue grew to $192,052 million in fiscal 2021.",
	})
	tests := []struct {
		name   string
		in     Quote
		found  bool
		reason Reason
	}{
		{"found", Quote{Source: "a", Text: "net income was $5,007 million"}, true, ""},
		{"unknown source", Quote{Source: "c", Text: "net income was $5,007 million"}, false, UnknownSource},
		{"wrong source", Quote{Source: "a", Text: "Revenue grew to $192,052 million"}, false, WrongSource},
		{"not found", Quote{Source: "a", Text: "Net income was $5,008 million"}, false, NotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Lookup(tc.in, sources, Options{})
			require.NoError(t, err)
			require.Equal(t, tc.found, got.Found)
			require.Equal(t, tc.reason, got.Reason)
			if tc.reason == NotFound {
				require.NotNil(t, got.Nearest, "a quote not found carries its nearest candidate")
			}
		})
	}
	_, err := Lookup(Quote{Source: "a", Text: "x"}, sources, Options{MinWords: -2})
	require.Error(t, err, "invalid options are refused")
}
