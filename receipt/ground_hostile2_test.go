package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
)

// TestGroundingHostileReview2: a second hostile review; each pair is the wrong reading
// (refused) and the document's reading (its value).
func TestGroundingHostileReview2(t *testing.T) {
	const (
		// 1. a per-share group whose rows name line items
		perShareMD = "(In millions, except per share data)\n\n| | 2024 |\n|---|---|\n| Net income | 5,007 |\n" +
			"| Per share data: | |\n| Net income | 2.45 |\n| Dividends declared | 0.80 |\n"
		perShareTxt = "CONSOLIDATED STATEMENTS OF INCOME\n(In millions, except per share data)\n" +
			"                                  2024        2023\n" +
			"Net income                       5,007       4,000\n" +
			"Per common share:\n" +
			"Net income - diluted              2.45        1.98\n" +
			"Dividends declared                0.80        0.70\n"
		perShareHTM = "<p>(In millions, except per share amounts)</p><table><tr><td></td><td>2024</td></tr>" +
			"<tr><td>Net income</td><td>5,007</td></tr><tr><td>Per share:</td></tr><tr><td>Net income</td><td>2.45</td></tr></table>"
		// 2. a per-share column whose header does not say "per share"
		options = "(In thousands, except per share data)\n\n| | Shares | Weighted-average exercise price |\n|---|---|---|\n" +
			"| Outstanding at January 1, 2024 | 1,200 | 25.40 |\n| Granted | 300 | 31.10 |\n"
		// 3. a colon line introducing a list, read as the caption of the table above it
		list = "## Operations\n\n| Metric | 2024 |\n|---|---|\n| Stores | 412 |\n| Employees | 9,800 |\n\n" +
			"Financial highlights were as follows (in millions):\n\n- Revenue: 5,007\n- Net income: 800\n"
		// 4. a numbered note title taken for a footnote: the next note's table continues the last
		ifrs = "3 Revenue (in EUR millions)\n\n| Product A | 5,007 |\n| Product B | 4,000 |\n\n4 Employees\n\n| Germany | 1,200 |\n| France | 800 |\n"
		// 5. a "table below" sentence above two tables becomes a running foot for the whole document
		foot = "Store count\n\n| Stores | 412 |\n| Warehouses | 398 |\n\n" +
			"Amounts in the table below are in thousands of dollars.\n\n| Revenue | 5,007 |\n| Cost | 4,000 |\n\n" +
			"Amounts in the table below are in thousands of dollars.\n\n| Revenue | 6,000 |\n| Cost | 5,000 |\n"
		// 6. "in thousands of <noun>" declares nothing
		shipments = "Shipments (in thousands of units)\n\n| Product A | 5,007 |\n| Product B | 4,000 |\n"
		barrels   = "Production (thousands of barrels per day)\n\n| Field A | 5,007 |\n| Field B | 4,000 |\n"
		// 7. "All amounts in thousands." scales counts whose noun is not a plural in -s
		prose = "All amounts in thousands.\n\nRevenue was $5,007 for the year.\n\n" +
			"At year end we employed 5,007 people and had capacity of 1,200 MW. We sold 3,400 units.\n"
		// 8. per-share amounts in pence or cents
		pence = "(£m)\n\n| Revenue | 5,007 |\n| Basic earnings per share (pence) | 25.4 |\n"
		cents = "(In millions, except per share amounts)\n\n| Net income | 5,007 |\n| Dividends per share (in cents) | 80 |\n"
		// 9. a GitHub table with no title row: its first row of values is its header
		gfmHead = "(In millions)\n\n| Net sales | 5,007 |\n|---|---|\n| Cost of sales | 4,000 |\n"
		// 10. a row of values that look like years, read as a header row
		yearRow = "(In thousands)\n                 2024      2023\nSubscribers      2019      1987\nRevenue         5,007     4,000\n"
		// 11. Printings' anchor is the match's longest word: a quote that stops
		// short of a cell's ")" or "*" finds no other printing
		twiceNeg  = "Segment A (in millions)\n\n| Net loss | (5,007) |\n\nThe segments are reported apart.\n\nSegment B (in thousands)\n\n| NET LOSS | (5,007) |\n"
		twiceFoot = "Segment A (in millions)\n\n| Revenue | 5,007* |\n\nThe segments are reported apart.\n\nSegment B (in thousands)\n\n| REVENUE | 5,007* |\n"
	)
	runReview(t, []reviewCase{
		{"1 per-share group row read as millions (md)", "g.md", perShareMD, "2.45", "USD", "million", "2024", "Net income | 2.45", "", fault.ScaleMismatch},
		{"1 dividends in a per-share group as millions (md)", "g.md", perShareMD, "0.80", "USD", "million", "2024", "Dividends declared | 0.80", "", fault.ScaleMismatch},
		{"1 per-share group row as printed (md)", "g.md", perShareMD, "2.45", "USD/count:shares", "", "2024", "Net income | 2.45", "2.45", ""},
		{"1 per-share group row read as millions (txt)", "g.txt", perShareTxt, "2.45", "USD", "million", "2024", "Net income - diluted              2.45", "", fault.ScaleMismatch},
		{"1 per-share group row read as millions (htm)", "g.htm", perShareHTM, "2.45", "USD", "million", "2024", "Net income | 2.45", "", fault.ScaleMismatch},

		{"2 exercise price read as thousands", "o.md", options, "25.40", "USD", "thousand", "", "Outstanding at January 1, 2024 | 1,200 | 25.40", "", fault.ScaleMismatch},
		{"2 exercise price as printed", "o.md", options, "25.40", "USD/count:shares", "", "", "Outstanding at January 1, 2024 | 1,200 | 25.40", "25.4", ""},

		{"3 store count read as millions", "l.md", list, "412", "count:stores", "million", "2024", "Stores | 412", "", fault.ScaleMismatch},
		{"3 store count as printed", "l.md", list, "412", "count:stores", "", "2024", "Stores | 412", "412", ""},
		{"3 listed revenue as printed", "l.md", list, "5,007", "USD", "", "", "Revenue: 5,007", "", fault.ScaleMismatch},
		{"3 listed revenue in millions", "l.md", list, "5,007", "USD", "million", "", "Revenue: 5,007", "5007000000", ""},

		{"4 employees read as millions", "i.txt", ifrs, "1,200", "count:employees", "million", "", "Germany | 1,200", "", fault.ScaleMismatch},
		{"4 employees as printed", "i.txt", ifrs, "1,200", "count:employees", "", "", "Germany | 1,200", "1200", ""},

		{"5 stores read as thousands", "f.txt", foot, "412", "count:stores", "thousand", "", "Stores | 412", "", fault.ScaleMismatch},
		{"5 stores as printed", "f.txt", foot, "412", "count:stores", "", "", "Stores | 412", "412", ""},

		{"6 units as printed", "u.txt", shipments, "5,007", "count:units", "", "", "Product A | 5,007", "", fault.ScaleMismatch},
		{"6 units in thousands", "u.txt", shipments, "5,007", "count:units", "thousand", "", "Product A | 5,007", "5007000", ""},
		{"6 barrels as printed", "b.txt", barrels, "5,007", "count:barrels", "", "", "Field A | 5,007", "", fault.ScaleMismatch},

		{"7 people read as thousands", "p.txt", prose, "5,007", "count:people", "thousand", "", "we employed 5,007 people", "", fault.ScaleMismatch},
		{"7 people as printed", "p.txt", prose, "5,007", "count:people", "", "", "we employed 5,007 people", "5007", ""},
		{"7 megawatts read as thousands", "p.txt", prose, "1,200", "count:MW", "thousand", "", "capacity of 1,200 MW", "", fault.ScaleMismatch},
		{"7 units read as thousands", "p.txt", prose, "3,400", "count:units", "thousand", "", "We sold 3,400 units", "", fault.ScaleMismatch},
		{"7 units as printed", "p.txt", prose, "3,400", "count:units", "", "", "We sold 3,400 units", "3400", ""},

		{"8 pence read as pounds", "e.txt", pence, "25.4", "GBP/count:shares", "", "", "Basic earnings per share (pence) | 25.4", "", fault.QuoteMismatch},
		{"8 cents read as dollars", "c.txt", cents, "80", "USD/count:shares", "", "", "Dividends per share (in cents) | 80", "", fault.QuoteMismatch},

		{"9 first row as printed", "h.md", gfmHead, "5,007", "USD", "", "", "Net sales | 5,007", "", fault.ScaleMismatch},
		{"9 first row in millions", "h.md", gfmHead, "5,007", "USD", "million", "", "Net sales | 5,007", "5007000000", ""},

		{"10 year-like count as printed", "y.txt", yearRow, "2019", "count:subscribers", "", "2024", "Subscribers      2019", "", fault.ScaleMismatch},
		{"10 year-like count in thousands", "y.txt", yearRow, "2019", "count:subscribers", "thousand", "2024", "Subscribers      2019", "2019000", ""},

		{"11 quote stops before the parenthesis", "t.txt", twiceNeg, "(5,007)", "USD", "thousand", "", "NET LOSS | (5,007", "", "ambiguous_quote"},
		{"11 quote stops before the footnote mark", "t.txt", twiceFoot, "5,007", "USD", "thousand", "", "REVENUE | 5,007", "", "ambiguous_quote"},
	})
}
