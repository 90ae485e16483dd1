package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// scaleRequest is a one-input request that quotes quote from the document
// doc, read as display in unit and scale.
func scaleRequest(t *testing.T, doc, q, display, unit, scale string) *Request {
	t.Helper()
	src, err := quote.NewSources(map[string]string{"doc": doc})
	require.NoError(t, err)
	return &Request{ID: "x", Formula: "v", Sources: src, Inputs: []Input{{Name: "v", Display: display,
		Unit: unit, Scale: scale, Provenance: ProvenanceText, Source: "doc", Quote: q}}}
}

// TestGroundingDeclaredScale: a scale the source declares outside the
// quote, above a table or a paragraph, applies to the quote's number. An
// input in another scale is refused with scale_mismatch, and a hint that
// names the declaration; the declared scale grounds.
func TestGroundingDeclaredScale(t *testing.T) {
	tests := []struct {
		name, doc, quote, display, unit, right, wrong string
		declared                                      string // the declaration the refusal must name
	}{
		{"in millions", "CONSOLIDATED STATEMENTS OF OPERATIONS\n(in millions)\n\nRevenue was 5,007 for the year.\n",
			"Revenue was 5,007 for the year", "5,007", "USD", "million", "", "(in millions)"},
		{"10-K except per share", "CONSOLIDATED STATEMENTS OF INCOME\n(In millions, except per share data)\n\n| | 2023 | 2022 |\n|---|---|---|\n| Net sales | 192,052 | 211,915 |\n",
			"Net sales | 192,052 | 211,915", "192,052", "USD", "million", "", "(In millions, except per share data)"},
		{"10-K wrong scale", "(In millions, except per share data)\n\n| Net sales | 192,052 | 211,915 |\n",
			"Net sales | 192,052 | 211,915", "192,052", "USD", "million", "thousand", "(In millions, except per share data)"},
		{"Rs. in lacs", "Standalone Balance Sheet as at 31 March 2024\n(Rs. in lacs)\nParticulars\nRevenue from operations 5,007.25 for the year\n",
			"Revenue from operations 5,007.25", "5,007.25", "INR", "lakh", "", "(Rs. in lacs)"},
		{"₹ in crore", "Financial highlights (₹ in crore)\n\nTotal income 1,234.56 for the year\n",
			"Total income 1,234.56 for the year", "1,234.56", "INR", "crore", "", "(₹ in crore)"},
		{"All amounts in thousands", "All amounts in thousands, except per share amounts.\n\nRevenue was 5,007 in the third quarter.\n",
			"Revenue was 5,007 in the third quarter", "5,007", "USD", "thousand", "", "All amounts in thousands"},
		{"$000s", "Segment results ($000s)\nNet sales 192,052 in the year\n",
			"Net sales 192,052 in the year", "192,052", "USD", "thousand", "", "($000s)"},
		{"£'000", "Group income statement\n£'000\n\nTurnover 5,007 for the period\n",
			"Turnover 5,007 for the period", "5,007", "GBP", "thousand", "million", "£'000"},
		{"Amounts in USD millions", "Amounts in USD millions\n\nNet sales 192,052 in fiscal 2024\n",
			"Net sales 192,052 in fiscal 2024", "192,052", "USD", "million", "", "Amounts in USD millions"},
		{"HTML caption above the table", "<p>(In millions)</p><table><tr><td>Net sales</td><td>192,052</td></tr></table>",
			"Net sales 192,052", "192,052", "USD", "million", "", "(In millions)"},
		{"(£m)", "Group income statement (£m)\n\nTurnover 5,007 for the period\n",
			"Turnover 5,007 for the period", "5,007", "GBP", "million", "", "(£m)"},
		{"(₹ cr.)", "Segment revenue (₹ cr.)\n\nRetail 1,234.56 for the year\n",
			"Retail 1,234.56 for the year", "1,234.56", "INR", "crore", "lakh", "(₹ cr.)"},
		{"except shares in thousands", "(In millions, except per share amounts and shares in thousands)\n\n| Net sales | 192,052 | 211,915 |\n",
			"Net sales | 192,052 | 211,915", "192,052", "USD", "million", "thousand", "except per share amounts and shares in thousands"},
		{"of U.S. dollars", "(Amounts in thousands of U.S. dollars)\n\nRevenue 1,234 for the year\n",
			"Revenue 1,234 for the year", "1,234", "USD", "thousand", "", "(Amounts in thousands of U.S. dollars)"},
		{"of Canadian dollars", "(in millions of Canadian dollars)\n\nRevenue 1,234 for the year\n",
			"Revenue 1,234 for the year", "1,234", "CAD", "million", "", "(in millions of Canadian dollars)"},
		{"Rs. Lakh on its own line", "Standalone results\nRs. Lakh\n\nRevenue from operations 1,234 in the year\n",
			"Revenue from operations 1,234 in the year", "1,234", "INR", "lakh", "", "Rs. Lakh"},
		{"(₹ in Mn)", "Segment results (₹ in Mn)\n\nRevenue from operations 1,234 in the year\n",
			"Revenue from operations 1,234 in the year", "1,234", "INR", "million", "", "(₹ in Mn)"},
		{"a count in a table's scale", "(in thousands)\n\n| Customers at year end | 5,007 |\n",
			"Customers at year end | 5,007", "5,007", "count:customers", "thousand", "", "(in thousands)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, tc.unit, tc.wrong))
			require.Error(t, err, "scale %q beside %q", tc.wrong, tc.declared)
			info := Describe(err)
			require.Equal(t, fault.ScaleMismatch, info.Code, "%v", err)
			require.Equal(t, "inputs[0].scale", info.Field)
			require.Contains(t, info.Message, tc.declared, "the refusal names the declaration")
			require.NotEmpty(t, info.Fix, "the refusal names the fix")

			r, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, tc.unit, tc.right))
			require.NoError(t, err, "scale %q beside %q", tc.right, tc.declared)
			require.NotNil(t, r.Inputs[0].Grounding)
		})
	}
}

// TestGroundingDeclaredScaleExempt: a declared scale never applies to a
// percent, a ratio, a per-share figure when it says "except per share", a
// count that prints its noun, a year, or a number the quote scales itself.
func TestGroundingDeclaredScaleExempt(t *testing.T) {
	doc := "CONSOLIDATED STATEMENTS OF INCOME\n(In millions, except per share data)\n\n" +
		"Net sales were 192,052, up 12.5% from last year, a current ratio of 1.8×.\n" +
		"Diluted earnings per share 6.13 for the year.\n" +
		"We employ 161,000 employees at year end.\n" +
		"In 2027 we expect revenue of 84 billion dollars.\n" +
		"Margin rose 50 bp to 44.1% of sales.\n"
	tests := []struct {
		name, quote, display, unit, scale string
	}{
		{"percent", "up 12.5% from last year", "12.5%", "percent", ""},
		{"ratio", "a current ratio of 1.8×", "1.8×", "ratio", ""},
		{"basis points", "Margin rose 50 bp to 44.1%", "50", "bp", ""},
		{"per share", "Diluted earnings per share 6.13 for the year", "6.13", "USD", ""},
		{"count with its noun", "We employ 161,000 employees at year end", "161,000", "count:employees", ""},
		{"year", "In 2027 we expect revenue", "2027", "number", ""},
		{"the quote's own scale word", "we expect revenue of 84 billion dollars", "84", "USD", "billion"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(scaleRequest(t, doc, tc.quote, tc.display, tc.unit, tc.scale))
			require.NoError(t, err)
			require.NotNil(t, r.Inputs[0].Grounding)
		})
	}
	t.Run("per share under a row label", func(t *testing.T) {
		doc := "(In millions, except per share data)\n\nNet income per share:\n  Basic, as reported     $ 6.16\n  Diluted, as reported   $ 6.13\n"
		r, err := Calculate(scaleRequest(t, doc, "Diluted, as reported   $ 6.13", "6.13", "USD", ""))
		require.NoError(t, err)
		require.NotNil(t, r.Inputs[0].Grounding)
	})
	t.Run("the hint names the exception", func(t *testing.T) {
		doc := "(In millions, except per share data)\n\n| Diluted | 6.13 | 5.61 |\n"
		_, err := Calculate(scaleRequest(t, doc, "Diluted | 6.13 | 5.61", "6.13", "USD", ""))
		require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
		require.Contains(t, Describe(err).Hint, "per share data", "a per-share row with no label in the quote is told how to ground")
	})
	t.Run("per share without the exception is still per share", func(t *testing.T) {
		// An amount per share is never in millions: a declaration that
		// forgets to except it does not make $6.13 a share $6,130,000.
		doc := "(In millions)\n\nDiluted earnings per share 6.13 for the year.\n"
		_, err := Calculate(scaleRequest(t, doc, "Diluted earnings per share 6.13 for the year", "6.13", "USD", ""))
		require.NoError(t, err)
		_, err = Calculate(scaleRequest(t, doc, "Diluted earnings per share 6.13 for the year", "6.13", "USD", "million"))
		require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
	})
}

// TestGroundingDeclaredScaleScope: a declaration heads its table or
// section, up to the next heading or the end of an HTML table, and two
// that could apply are refused, never guessed between.
func TestGroundingDeclaredScaleScope(t *testing.T) {
	tests := []struct {
		name, doc, quote, display, scale string
		code                             string // "" when it grounds
		reason                           string
	}{
		{"the nearest declaration wins", "(in millions)\n\nSales 9\n\n(in thousands)\n\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "thousand", "", "a later table declares its own scale"},
		{"the nearest declaration refuses the earlier one", "(in millions)\n\nSales 9\n\n(in thousands)\n\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "million", fault.ScaleMismatch, ""},
		{"a heading ends the section", "## Income (in millions)\n\nSales 9\n\n## Other figures\n\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "", "", "the new section declares nothing"},
		{"a setext heading ends the section", "Income (in millions)\n\nSales 9\n\nOther figures\n-------------\n\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "", "", ""},
		{"a column heading's underline does not end it", "(In millions)\n\n                 2023\n               --------\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "", fault.ScaleMismatch, "plain-text statements underline their column headings"},
		{"the end of an HTML table ends it", "<p>(in millions)</p><table><tr><td>Sales 9</td></tr></table><p>Royalties were 5,007 for the year</p>",
			"Royalties were 5,007 for the year", "5,007", "", "", ""},
		{"a blank line does not end it", "(in millions)\n\n\n\nRoyalties were 5,007 for the year\n",
			"Royalties were 5,007 for the year", "5,007", "", fault.ScaleMismatch, "10-Ks print the declaration a blank line above the table"},
		{"one scale per column: the number's column", "| Segment | Revenue ($ millions) | Units (thousands) |\n|---|---|---|\n| Cloud services | 5,007 | 12 |\n",
			"Cloud services | 5,007 | 12", "5,007", "million", "", "the grid says which column the number is in"},
		{"one scale per column: the other column's scale", "| Segment | Revenue ($ millions) | Units (thousands) |\n|---|---|---|\n| Cloud services | 5,007 | 12 |\n",
			"Cloud services | 5,007 | 12", "5,007", "thousand", fault.ScaleMismatch, "the units column's scale is not the revenue's"},
		{"shares under an except clause, as dollars", "(In millions, except shares in thousands)\n\n| Diluted shares outstanding | 443,000 |\n",
			"Diluted shares outstanding | 443,000", "443,000", "thousand", fault.ScaleMismatch, "the row counts shares; read as dollars its scale would be another"},
		{"shares under an except clause: not millions", "(In millions, except shares in thousands)\n\n| Diluted shares outstanding | 443,000 |\n",
			"Diluted shares outstanding | 443,000", "443,000", "million", fault.ScaleMismatch, ""},
		{"a four-digit amount in a table is not a year", "(in millions)\n\n| Other income | 2024 | 1990 |\n",
			"Other income | 2024 | 1990", "2024", "", fault.ScaleMismatch, "only a year the text introduces as one is exempt"},
		{"a declaration after the quote does not apply", "Royalties were 5,007 for the year\n\n(in millions)\n\nSales 9\n",
			"Royalties were 5,007 for the year", "5,007", "", "", ""},
		{"a header inside the quote wins", "(in millions)\n\nRoyalties (in thousands) were 5,007 for the year\n",
			"Royalties (in thousands) were 5,007 for the year", "5,007", "thousand", "", "the quote states its own scale"},
		{"a price in dollars is not a thousands mark", "(in millions)\n\nThe unit price was $1,000 for the year\n",
			"The unit price was $1,000 for the year", "1,000", "million", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, "USD", tc.scale))
			if tc.code == "" {
				require.NoError(t, err, tc.reason)
				require.NotNil(t, r.Inputs[0].Grounding)
				return
			}
			require.Error(t, err, tc.reason)
			require.Equal(t, tc.code, Describe(err).Code, "%v", err)
		})
	}
}

// TestGroundingSharesTakeTheirClause: a share count under "except shares
// in thousands" is in thousands, read as the shares it is.
func TestGroundingSharesTakeTheirClause(t *testing.T) {
	doc := "(In millions, except shares in thousands)\n\n| Diluted shares outstanding | 443,000 |\n"
	r, err := Calculate(scaleRequest(t, doc, "Diluted shares outstanding | 443,000", "443,000", "count:shares", "thousand"))
	require.NoError(t, err)
	require.Equal(t, "443000000", r.Result.Value)
	_, err = Calculate(scaleRequest(t, doc, "Diluted shares outstanding | 443,000", "443,000", "count:shares", "million"))
	require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
}

// TestVerifyDeclaredScale: verification with the sources applies the
// same rule, so a receipt whose input scale was edited after grounding,
// and signed again, is refused.
func TestVerifyDeclaredScale(t *testing.T) {
	doc := "(in millions)\n\nRevenue was 5,007 for the year.\n"
	r, err := Calculate(scaleRequest(t, doc, "Revenue was 5,007 for the year", "5,007", "USD", "million"))
	require.NoError(t, err)
	s, pub := testSigner(7)
	ring := testRing(t, pub)
	src, err := quote.NewSources(map[string]string{"doc": doc})
	require.NoError(t, err)

	rep := verifyWith(resign(t, r, s), VerifyOptions{Trusted: ring, Sources: src})
	require.True(t, rep.OK, "%+v", rep.Reasons)

	r.Inputs[0].Scale = ""
	rep = verifyWith(resign(t, r, s), VerifyOptions{Trusted: ring, Sources: src})
	require.False(t, rep.OK)
	require.Contains(t, codes(rep), fault.ScaleMismatch, "%+v", rep.Reasons)
}

// TestGroundingDeclaredScaleMessyPDF: declarations as a PDF's text layer
// and a hostile quote print them. Each case names the scale that must be
// refused and the one that must ground; a wrong scale that grounds signs a
// number 10^3 to 10^7 off.
func TestGroundingDeclaredScaleMessyPDF(t *testing.T) {
	tests := []struct {
		name, doc, quote, display, unit, right, wrong string
		reason                                        string
	}{
		{"a header wrapped over two lines", "CONSOLIDATED BALANCE SHEETS (in\nmillions)\n\nRevenue was 5,007 for the year\n",
			"Revenue was 5,007 for the year", "5,007", "USD", "million", "",
			"the text layer breaks the line where the page wrapped the header"},
		{"Cr after a dollar sign is a credit column", "Statement of account\nDate | Narration | Amount $ Cr\n\nDeposit received 5,007 on 3 March\n",
			"Deposit received 5,007 on 3 March", "5,007", "USD", "", "-",
			"Cr is crore only after the rupee: the honest amount grounds"},
		{"Cr after USD is a credit column", "Amount (USD) Cr\n\nDeposit received 5,007 on 3 March\n",
			"Deposit received 5,007 on 3 March", "5,007", "USD", "", "-", ""},
		{"Cr. after Rs. is crore", "Highlights (Rs. Cr.)\n\nRevenue was 5,007 for the year\n",
			"Revenue was 5,007 for the year", "5,007", "INR", "crore", "", ""},
		{"a share count whose label says per share", "(In millions, except per share data)\n\n| Shares used in computing earnings per share | 16,326 |\n",
			"Shares used in computing earnings per share | 16,326", "16,326", "count:shares", "million", "",
			"the row counts shares; the except clause is for amounts per share"},
		{"a share count read as a plain number", "(In millions, except per share data)\n\n| Shares used in computing earnings per share | 16,326 |\n",
			"Shares used in computing earnings per share | 16,326", "16,326", "number", "million", "", ""},
		{"a share count under a per-share label", "(In millions, except per share data)\n\nShares used in computing earnings per share:\n  Basic      16,215\n  Diluted    16,326\n",
			"Basic      16,215\n  Diluted    16,326", "16,326", "number", "million", "", ""},
		{"a quote spanning a per-share row and the next", "(In millions, except per share data)\n\nDiluted earnings per share 6.13\nNet sales 192,052\n",
			"Diluted earnings per share 6.13\nNet sales 192,052", "192,052", "USD", "million", "",
			"only the number's own row says what it is"},
		{"an HTML table on one line", "<p>(In millions, except per share data)</p><table><tr><td>Diluted EPS</td><td>6.13</td></tr><tr><td>Net sales</td><td>192,052</td></tr></table>",
			"Diluted EPS 6.13 Net sales 192,052", "192,052", "USD", "million", "", ""},
		{"an except clause wrapped to the next line", "(In millions,\nexcept per share data)\n\nDiluted earnings per share 6.13 for the year\n",
			"Diluted earnings per share 6.13 for the year", "6.13", "USD", "", "-",
			"the clause continues inside the bracket the declaration opened"},
		{"an except clause that wraps a second scale", "(In millions, except per share data and\nshares in thousands)\n\n| Net sales | 192,052 |\n",
			"Net sales | 192,052", "192,052", "USD", "million", "thousand",
			"shares in thousands is the clause's, not a rival for net sales"},
		{"the per-share row itself still exempt", "(In millions, except per share data)\n\nDiluted earnings per share 6.13\nNet sales 192,052\n",
			"Diluted earnings per share 6.13\nNet sales 192,052", "6.13", "USD", "", "-", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.wrong != "-" { // "-": no scale to refuse, only the honest one to ground
				_, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, tc.unit, tc.wrong))
				require.Error(t, err, "scale %q must be refused: %s", tc.wrong, tc.reason)
				require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
			}

			r, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, tc.unit, tc.right))
			require.NoError(t, err, "scale %q must ground: %s", tc.right, tc.reason)
			require.NotNil(t, r.Inputs[0].Grounding)
		})
	}
}

// TestGroundingDeclaredScaleQualified: a declaration that names what it
// scales ("Units in thousands", a footnote's "Units shipped in
// thousands", prose's "operate in thousands of communities") need not be
// the scale of the figures after it. When the section declares another
// scale too, a figure under both is refused in either scale, never
// grounded in the nearer one.
func TestGroundingDeclaredScaleQualified(t *testing.T) {
	tests := []struct{ name, doc, quote, display, message string }{
		{"a paragraph per scale", "Dollars in millions.\n\nUnits in thousands.\n\nWe sold 192,052 for the year\n",
			"We sold 192,052 for the year", "192,052", "two scales"},
		{"a footnote between the table and the text", "(in millions)\n\n| Revenue | 5,007 |\n\n(1) Units shipped in thousands.\n\nOperating income was 1,234 for the year\n",
			"Operating income was 1,234 for the year", "1,234", "no scale"},
	}
	for _, tc := range tests {
		for _, scale := range []string{"thousand", "million"} {
			t.Run(tc.name+" "+scale, func(t *testing.T) {
				_, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, "USD", scale))
				require.Error(t, err)
				require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
				require.Contains(t, Describe(err).Message, tc.message, "%v", err)
			})
		}
	}
	t.Run("prose that says in thousands of declares nothing", func(t *testing.T) {
		doc := "(in millions)\n\nWe operate in thousands of communities.\n\nRevenue was 5,007 for the year\n"
		_, err := Calculate(scaleRequest(t, doc, "Revenue was 5,007 for the year", "5,007", "USD", "thousand"))
		require.Error(t, err, "the table's millions still apply")
		require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
		_, err = Calculate(scaleRequest(t, doc, "Revenue was 5,007 for the year", "5,007", "USD", "million"))
		require.NoError(t, err, "thousands of communities is no scale of amounts")
	})
	t.Run("a general declaration still applies alone", func(t *testing.T) {
		doc := "(in millions)\n\nAll amounts in thousands.\n\nRevenue was 5,007 for the year\n"
		_, err := Calculate(scaleRequest(t, doc, "Revenue was 5,007 for the year", "5,007", "USD", "thousand"))
		require.NoError(t, err, "the nearest declaration of the amounts in general wins")
	})
}

// TestGroundingUnstatedScale: an input's scale must be one the source
// states — beside the number, in a header inside the quote, or in a
// declaration that heads its section. A scale nothing states would sign a
// number the document never printed: "Deposit received 5,007" with scale
// million is $5,007,000,000.
func TestGroundingUnstatedScale(t *testing.T) {
	// A declaration in a body row's label scales that row alone.
	const rowDeclared = "| Item | 2021 |\n|---|---|\n| Revenue (in millions) | 5 |\n| Units sold in the year | 300 |\n"
	tests := []struct {
		name, doc, quote, display, unit, scale string
		ok                                     bool
	}{
		{"no scale anywhere, million given", "Statement\n\nDeposit received 5,007 on 3 March\n", "Deposit received 5,007 on 3 March", "5,007", "USD", "million", false},
		{"no scale anywhere, crore given", "Statement\n\nDeposit received 5,007 on 3 March\n", "Deposit received 5,007 on 3 March", "5,007", "INR", "crore", false},
		{"no scale anywhere, ones", "Statement\n\nDeposit received 5,007 on 3 March\n", "Deposit received 5,007 on 3 March", "5,007", "USD", "", true},
		{"the scale beside the number", "Net income was $5,007 million for the year\n", "Net income was $5,007 million for the year", "$5,007", "USD", "million", true},
		{"a count with its noun", "The company had 161,000 employees at year end\n", "had 161,000 employees at year end", "161,000", "count:employees", "thousand", false},
		{"a declared section", "(in millions)\n\nNet sales 192,052 for the year\n", "Net sales 192,052 for the year", "192,052", "USD", "million", true},
		{"a row's own declaration, the next row in millions", rowDeclared, "Units sold in the year | 300", "300", "number", "million", false},
		{"a row's own declaration, the next row as printed", rowDeclared, "Units sold in the year | 300", "300", "number", "", true},
		{"a row's own declaration, its row", rowDeclared, "Revenue (in millions) | 5", "5", "USD", "million", true},
		{"a row's own declaration under the table's", "(in thousands)\n\n" + rowDeclared, "Units sold in the year | 300", "300", "number", "thousand", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Calculate(scaleRequest(t, tc.doc, tc.quote, tc.display, tc.unit, tc.scale))
			if tc.ok {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			require.Equal(t, fault.ScaleMismatch, Describe(err).Code, "%v", err)
		})
	}
}
