package receipt

import (
	"testing"

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
			src, err := NewSources(map[string]string{tc.file: tc.doc})
			require.NoError(t, err)
			r, err := Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: tc.display,
				Unit: tc.unit, Scale: tc.scale, Period: tc.period, Provenance: ProvenanceText, Source: tc.file, Quote: tc.qt}}})
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
		{"share capital as printed", "bs.txt", reviewCrore, "628.88", "INR", "", "31 March 2024", "Equity share capital                            628.88             612.10", "", CodeScaleMismatch},
		{"share-based compensation in millions", "cf.htm", reviewCashFlow, "312", "USD", "million", "2024", "Share-based compensation | 312 | 290", "312000000", ""},
		{"repurchases of shares as printed", "cf.htm", reviewCashFlow, "(900)", "USD", "", "2024", "Repurchases of shares | (900) | (650)", "", CodeScaleMismatch},
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
		{"pence read as pounds", "d.txt", "The Board proposes a total dividend of 5.0 pence for the year.\n", "5.0", "GBP", "", "FY2025", "a total dividend of 5.0 pence for the year", "", CodeQuoteMismatch},
	})
}
