package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
)

// TestGroundingHostileReview3: a third hostile review, of readings where
// the rendering does not give a number's column; each pair is the wrong
// reading (refused) and the document's reading (its value).
func TestGroundingHostileReview3(t *testing.T) {
	const (
		// 1. a header row of years under a label's head is a header
		yearsMD  = "Figures in USD millions.\n\n| Region | 2024 | 2023 |\n|:--|--:|--:|\n| EMEA | 845.0 | 812.3 |\n"
		yearsTxt = "Figures in USD millions.\n\n| Item | 2024 | 2023 |\n| EMEA | 845.0 | 812.3 |\n"
		yearsHTM = "<p>Figures in USD millions.</p><table><thead><tr><th>Segment</th><th>2024</th><th>2023</th></tr></thead>" +
			"<tr><td>EMEA</td><td>845.0</td><td>812.3</td></tr></table>"
		// 2. a series of tables: the introducing line declares for each,
		// a table's own caption for it alone
		series = "The following tables show segment results (in millions):\n\nRevenue\n\n| | 2024 | 2023 |\n| A | 5,007 | 4,100 |\n\n" +
			"Stores (in thousands)\n\n| | 2024 | 2023 |\n| A | 412 | 400 |\n\nOperating income\n\n| | 2024 | 2023 |\n| A | 900 | 800 |\n"
		// 3. another statement with the same columns is not a continuation
		regions = "Revenue by region (in millions)\n\n| | Americas | Europe | Asia |\n| Product | 5,007 | 4,100 | 300 |\n\n" +
			"Revenue grew in every region.\n\nEmployees by region\n\n| | Americas | Europe | Asia |\n| Staff | 12,000 | 11,000 | 900 |\n"
		// 4. a sparse row's column is one of several: its period is one of theirs
		sparseYears    = "(In millions)\n\n| | 2024 | 2023 |\n| Revenue | 5,007 | 4,812 |\n| Cost | 4,000 | 3,000 |\n| Other | 77 |\n"
		sparseQuarters = "(In millions)\n\n| | Q1 2024 | Q2 2024 |\n| Revenue | 5,007 | 5,210 |\n| Cost | 4,000 | 4,100 |\n| Other | 77 |\n"
		// 5. a column of euros and one of counts: the number is one or the other
		euros = "(In millions)\n\n| | Units | EUR |\n| A | 12 | 45 |\n| B | 13 | 46 |\n| C | 77 |\n"
	)
	runReview(t, []reviewCase{
		{"4 a year no column is for", "p.txt", sparseYears, "77", "USD", "million", "2019", "Other | 77", "", fault.PeriodMismatch},
		{"4 a year one column is for", "p.txt", sparseYears, "77", "USD", "million", "2023", "Other | 77", "77000000", ""},
		{"4 a quarter no column is for", "q.txt", sparseQuarters, "77", "USD", "million", "Q3 2024", "Other | 77", "", fault.PeriodMismatch},
		{"4 a quarter one column is for", "q.txt", sparseQuarters, "77", "USD", "million", "Q2 2024", "Other | 77", "77000000", ""},
		{"5 dollars where the column is euros or units", "e.txt", euros, "77", "USD", "million", "", "C | 77", "", fault.ScaleMismatch},
		{"2 a sibling's caption scale", "s.txt", series, "900", "USD", "thousand", "2024", "A | 900", "", fault.ScaleMismatch},
		{"2 the introducing line's scale", "s.txt", series, "900", "USD", "million", "2024", "A | 900", "900000000", ""},
		{"2 a table's own caption", "s.txt", series, "412", "count:stores", "thousand", "2024", "A | 412", "412000", ""},
		{"3 employees in the revenue table's millions", "r.txt", regions, "12,000", "count:employees", "million", "", "Staff | 12,000", "", fault.ScaleMismatch},
		{"3 employees as printed", "r.txt", regions, "12,000", "count:employees", "", "", "Staff | 12,000", "12000", ""},
		{"1 a year's value under another year (md)", "y.md", yearsMD, "845.0", "USD", "million", "1999", "EMEA | 845.0", "", fault.PeriodMismatch},
		{"1 the year's value (md)", "y.md", yearsMD, "845.0", "USD", "million", "2024", "EMEA | 845.0", "845000000", ""},
		{"1 a column's year as an amount (md)", "y.md", yearsMD, "2024", "USD", "million", "", "Region | 2024", "", fault.ScaleMismatch},
		{"1 a year's value under another year (txt)", "y.txt", yearsTxt, "845.0", "USD", "million", "1999", "EMEA | 845.0", "", fault.PeriodMismatch},
		{"1 the year's value (txt)", "y.txt", yearsTxt, "812.3", "USD", "million", "2023", "EMEA | 845.0 | 812.3", "812300000", ""},
		{"1 a year's value under another year (htm)", "y.htm", yearsHTM, "845.0", "USD", "million", "1999", "EMEA | 845.0", "", fault.PeriodMismatch},
		{"1 a column's year as an amount (htm)", "y.htm", yearsHTM, "2024", "USD", "million", "", "Segment | 2024", "", fault.ScaleMismatch},
	})
}
