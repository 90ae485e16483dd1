package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// reviewCase is one transcription of a review document: what reckon must
// sign (want a value) or refuse (want "", with code).
type reviewCase struct {
	name, file, doc                  string
	display, unit, scale, period, qt string
	want, code                       string
}

func runReview(t *testing.T, tests []reviewCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := groundOne(t, tc.file, tc.doc, Input{Display: tc.display, Unit: tc.unit, Scale: tc.scale, Period: tc.period, Quote: tc.qt})
			if tc.want == "" {
				require.Error(t, err, "must be refused")
				require.Equal(t, tc.code, Describe(err).Code, "%v", err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Result.Value)
		})
	}
}

// groundOne registers doc as file and calculates the formula "x" over
// input in, quoted from it as text.
func groundOne(t *testing.T, file, doc string, in Input) (*Receipt, error) {
	t.Helper()
	src, err := quote.NewSources(map[string]string{file: doc})
	require.NoError(t, err)
	in.Name, in.Provenance, in.Source = "x", ProvenanceText, file
	return Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{in}})
}

const (
	reviewCrore = "Balance sheet as at 31 March 2024\n                                               (₹ in crore)\n" +
		"Particulars                              31 March 2024      31 March 2023\n" +
		"Equity share capital                            628.88             612.10\n" +
		"Securities premium                            4,221.09           4,117.65\n"
	reviewCashFlow = "<p>CONSOLIDATED STATEMENTS OF CASH FLOWS</p><p>(Dollars in millions)</p>\n<table>\n" +
		"<tr><td></td><td>2024</td><td>2023</td></tr>\n<tr><td>Net income</td><td>5,100</td><td>4,800</td></tr>\n" +
		"<tr><td>Share-based compensation</td><td>312</td><td>290</td></tr>\n<tr><td>Repurchases of shares</td><td>(900)</td><td>(650)</td></tr>\n</table>"
	reviewEPS = "STATEMENTS OF OPERATIONS\n(In thousands, except per share data)\n" +
		"                                             2025              2024\n" +
		"Revenue                                  $ 45,210          $ 40,118\n" +
		"Net loss                                 $ (3,412)         $  2,004\n" +
		"Net income (loss) per share, basic       $  (0.12)         $   0.07\n" +
		"Earnings (loss) per share:\n" +
		"  Basic                                  $  (0.12)         $   0.07\n"
	reviewWiki = "# Q3 review\n\nFigures are in USD millions unless noted.\n\n## Revenue by region\n\n" +
		"| Region | Q3 FY2023 | Q3 FY2024 |\n|:--|--:|--:|\n| EMEA | 845.0 | 812.3 |\n| Total | 2,452.2 | 2,655.4 |\n"
	reviewIndiaPL = `                        SHREE GANESH INDUSTRIES LIMITED
     STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31ST MARCH, 2024
                                                               (Rs. in lacs)
 Particulars                              Note       Year ended       Year ended
                                           No.       31.03.2024       31.03.2023
 I.   Revenue from operations               22      1,09,638.91        98,412.37
 VIII.Earnings per equity share
      (Face value of Rs. 10 each)
      (1) Basic (in Rs.)                                  25.43            20.30
`
)

// TestGroundingReviewedDocuments: a careful reader's transcriptions of
// report shapes the corpus lacks, and the wrong readings next to them.
func TestGroundingReviewedDocuments(t *testing.T) {
	runReview(t, []reviewCase{
		// "share" as a modifier names money: the caption's scale governs
		{"share capital in crore", "bs.txt", reviewCrore, "628.88", "INR", "crore", "31 March 2024", "Equity share capital                            628.88             612.10", "6288800000", ""},
		{"share capital as printed", "bs.txt", reviewCrore, "628.88", "INR", "", "31 March 2024", "Equity share capital                            628.88             612.10", "", fault.ScaleMismatch},
		{"share-based compensation in millions", "cf.htm", reviewCashFlow, "312", "USD", "million", "2024", "Share-based compensation | 312 | 290", "312000000", ""},
		{"repurchases of shares as printed", "cf.htm", reviewCashFlow, "(900)", "USD", "", "2024", "Repurchases of shares | (900) | (650)", "", fault.ScaleMismatch},
		{"repurchases of shares in millions", "cf.htm", reviewCashFlow, "(900)", "USD", "million", "2024", "Repurchases of shares | (900) | (650)", "-900000000", ""},
		// a date under a date is the same year: the prior year's column is not this one's
		{"a dated period on the other column", "bs.txt", reviewCrore, "4,221.09", "INR", "crore", "31 March 2023", "Securities premium                            4,221.09           4,117.65", "", "period_mismatch"},
		{"a dated period on its column", "bs.txt", reviewCrore, "4,221.09", "INR", "crore", "31 March 2024", "Securities premium                            4,221.09           4,117.65", "42210900000", ""},
		// "31.03.2024" is a date
		{"a dotted date's column", "pl.txt", reviewIndiaPL, "1,09,638.91", "INR", "lacs", "FY2019", "Revenue from operations               22      1,09,638.91        98,412.37", "", "period_mismatch"},
		{"lakhs under (Rs. in lacs)", "pl.txt", reviewIndiaPL, "1,09,638.91", "INR", "lacs", "FY2024", "Revenue from operations               22      1,09,638.91        98,412.37", "10963891000", ""},
		// "(in Rs.)" states its row as printed
		{"EPS in Rs. under lacs", "pl.txt", reviewIndiaPL, "25.43", "INR/count:shares", "", "FY2024", "(1) Basic (in Rs.)                                  25.43            20.30", "25.43", ""},
		// "(loss)" is an aside: earnings (loss) per share is per share
		{"earnings (loss) per share group", "e.txt", reviewEPS, "(0.12)", "USD/count:shares", "", "2025", "Basic                                  $  (0.12)         $   0.07", "-0.12", ""},
		{"net income (loss) per share row", "e.txt", reviewEPS, "(0.12)", "USD/count:shares", "", "2025", "Net income (loss) per share, basic       $  (0.12)         $   0.07", "-0.12", ""},
		{"a dollar one space before a parenthesis", "e.txt", reviewEPS, "(3,412)", "USD", "thousand", "2025", "Net loss                                 $ (3,412)         $  2,004", "-3412000", ""},
		// a subsection keeps its section's declaration; a row with its outer pipes is the row
		{"a subsection's table", "w.md", reviewWiki, "812.3", "USD", "million", "Q3 FY2024", "EMEA | 845.0 | 812.3", "812300000", ""},
		{"the last row with its outer pipes", "w.md", reviewWiki, "2,655.4", "USD", "million", "Q3 FY2024", "| Total | 2,452.2 | 2,655.4 |", "2655400000", ""},
		// pence are a hundredth of a pound
		{"pence read as pounds", "d.txt", "The Board proposes a total dividend of 5.0 pence for the year.\n", "5.0", "GBP", "", "FY2025", "a total dividend of 5.0 pence for the year", "", fault.QuoteMismatch},
	})
}

// TestGroundingHostileReview: readings a hostile model tried, each of a
// number the document does not mean, refused; beside each, the honest
// reading that grounds.
func TestGroundingHostileReview(t *testing.T) {
	const (
		prose   = "Net change in cash was (3,709) for the year.\n"
		omitted = "(000's omitted)\n\n| Revenue | 5,007 |\n| Cost | 4,000 |\n"
		group   = "(In millions, except per share data)\n\n| Net income | 5,007 |\n| Earnings per share: |\n| Basic | 6.16 |\n| Diluted | 6.13 |\n| Net sales | 9,000 |\n"
		stores  = "(In millions)\n\n| Revenue | 5,007 |\n| Cost | 4,000 |\n\nStore count\n\n| Stores | 412 |\n| Warehouses | 398 |\n"
		people  = "(In millions, except number of employees)\n\n| Net income | 5,007 |\n| Employees | 161,000 |\n"
		ratios  = "(In thousands, except ratios)\n\n| Revenue | 5,007 |\n| Current ratio | 1.8 |\n"
		signs   = "<table><tr><td>Net loss</td><td>(</td><td>$</td><td>3,709</td><td>)</td></tr></table>"
		twice   = "Segment A (in millions)\n\n| Revenue | 5,007 |\n\nThe segments are reported apart.\n\nSegment B (in thousands)\n\n| REVENUE | 5,007 |\n"
	)
	runReview(t, []reviewCase{
		{"a sign the quote cut off", "p.txt", prose, "3,709", "USD", "", "", "3,709) for the year", "", fault.QuoteMismatch},
		{"a sign the quote cut off, read whole", "p.txt", prose, "(3,709)", "USD", "", "", "(3,709) for the year", "-3709", ""},
		{"000's omitted, as printed", "o.txt", omitted, "5,007", "USD", "", "", "Revenue | 5,007", "", fault.ScaleMismatch},
		{"000's omitted, in thousands", "o.txt", omitted, "5,007", "USD", "thousand", "", "Revenue | 5,007", "5007000", ""},
		{"a scale in words reckon has none for", "j.txt", "(百万円)\n\n| 売上高 | 5,007 |\n| 原価 | 4,000 |\n", "5,007", "JPY", "", "", "売上高 | 5,007", "", fault.ScaleMismatch},
		{"a row after a per-share group", "g.txt", group, "9,000", "USD", "", "", "Net sales | 9,000", "", fault.ScaleMismatch},
		// a flat table does not say where a group ends: "Net sales" under
		// "Earnings per share:" may be a line item after it or an amount per
		// share in it, and the two readings' scales differ
		{"a row after a per-share group, in millions", "g.txt", group, "9,000", "USD", "million", "", "Net sales | 9,000", "", fault.ScaleMismatch},
		{"a titled table inherits nothing", "s.txt", stores, "412", "count:stores", "million", "", "Stores | 412", "", fault.ScaleMismatch},
		{"a titled table as printed", "s.txt", stores, "412", "count:stores", "", "", "Stores | 412", "412", ""},
		{"an excepted noun in millions", "e.txt", people, "161,000", "count:employees", "million", "", "Employees | 161,000", "", fault.ScaleMismatch},
		{"an excepted noun as printed", "e.txt", people, "161,000", "count:employees", "", "", "Employees | 161,000", "161000", ""},
		{"a ratio as dollars in thousands", "r.txt", ratios, "1.8", "USD", "thousand", "", "Current ratio | 1.8", "", fault.ScaleMismatch},
		{"a ratio as printed", "r.txt", ratios, "1.8", "ratio", "", "", "Current ratio | 1.8", "1.8", ""},
		{"a parenthesis two cells away", "l.htm", signs, "3,709", "USD", "", "", "Net loss | ( | $ | 3,709 | )", "", fault.QuoteMismatch},
		{"a parenthesis two cells away, read whole", "l.htm", signs, "(3,709)", "USD", "", "", "Net loss | ( | $ | 3,709 | )", "-3709", ""},
		{"printed again in capitals, in thousands", "t.txt", twice, "5,007", "USD", "thousand", "", "Revenue | 5,007", "", "ambiguous_quote"},
	})
}

// TestGroundingPeriods: an input's period must not contradict the one its
// column, its table's caption or its sentence names.
func TestGroundingPeriods(t *testing.T) {
	const (
		quarters = "(In millions)\n\n| Item | Q1 2024 | Q2 2024 |\n|---|---|---|\n| Revenue | 5,007 | 5,210 |\n"
		fiscal   = "(In millions)\n\n| Item | FY24 | FY23 |\n|---|---|---|\n| Revenue | 5,007 | 4,812 |\n"
		caption  = "Year ended December 31, 2023 (in millions)\n\n| Revenue | 5,007 |\n| Cost | 4,000 |\n"
		prose    = "Net sales were $4,000 million in 2022.\n"
	)
	runReview(t, []reviewCase{
		{"another quarter", "q.txt", quarters, "5,007", "USD", "million", "Q2 2024", "Revenue | 5,007", "", "period_mismatch"},
		{"its quarter", "q.txt", quarters, "5,007", "USD", "million", "Q1 2024", "Revenue | 5,007", "5007000000", ""},
		{"a two-digit fiscal year", "f.txt", fiscal, "5,007", "USD", "million", "FY2023", "Revenue | 5,007", "", "period_mismatch"},
		{"its two-digit fiscal year", "f.txt", fiscal, "5,007", "USD", "million", "FY2024", "Revenue | 5,007", "5007000000", ""},
		{"another year than the caption's", "c.txt", caption, "5,007", "USD", "million", "2024", "Revenue | 5,007", "", "period_mismatch"},
		{"the caption's year", "c.txt", caption, "5,007", "USD", "million", "2023", "Revenue | 5,007", "5007000000", ""},
		{"another year than the sentence's", "p.txt", prose, "4,000", "USD", "million", "2023", "Net sales were $4,000 million in 2022", "", "period_mismatch"},
		{"the sentence's year", "p.txt", prose, "4,000", "USD", "million", "FY2022", "Net sales were $4,000 million in 2022", "4000000000", ""},
	})
}

// TestGroundingFixNamesTheQuotedNumber: a refusal's fix names only a
// number inside the quote, not another of its line.
func TestGroundingFixNamesTheQuotedNumber(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"p.txt": "Cash rose 3,709 this year; the prior change was (3,709).\n"})
	require.NoError(t, err)
	_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "-3,709",
		Unit: "USD", Provenance: ProvenanceText, Source: "p.txt", Quote: "Cash rose 3,709 this year"}}})
	require.Error(t, err)
	for _, f := range Describe(err).Fix {
		require.NotEqual(t, "(3,709)", f.Value, "the (3,709) is outside the quote")
	}
}

// A plain number in a column of "$" amounts: the fix names USD where the
// document names no other dollar, and a country named without its dollar
// ("Canadian operations") names none; "Canadian dollars" does, and the
// fix is left to the model.
func TestGroundingDollarFix(t *testing.T) {
	table := "Deferred Tax Assets: |  | \nNet operating loss carry-forwards | $255,269 | $255,235\nTax credits | 2,261 | 2,458\n\n"
	for _, tc := range []struct {
		name, prose string
		fix         string
	}{
		{"no other dollar", "The Company has European, Mexican, Canadian and Asian operations.\n", "USD"},
		{"Canadian dollars", "Amounts are in Canadian dollars.\n", ""},
		{"CAD", "Figures in CAD unless stated.\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := quote.NewSources(map[string]string{"t.txt": table + tc.prose})
			require.NoError(t, err)
			_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "2,261",
				Unit: "number", Provenance: ProvenanceText, Source: "t.txt", Quote: "Tax credits | 2,261"}}})
			require.Error(t, err)
			var got string
			for _, f := range Describe(err).Fix {
				if f.Field == "inputs[0].unit" {
					got = f.Value
				}
			}
			require.Equal(t, tc.fix, got, "%v", err)
		})
	}
}
