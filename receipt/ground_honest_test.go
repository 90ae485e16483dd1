package receipt

import "testing"

// TestGroundingHonestReview: an honest user's transcriptions of documents
// in shapes the corpus lacks, each accepted with the document's value;
// and where a reading is refused, the fix the refusal gave does not lead
// to a wrong value.
func TestGroundingHonestReview(t *testing.T) {
	const (
		// 1. the UK prior-year comparative in prose
		ukProse = "Revenue was £1,234.5m (2023: £1,101.2m), an increase of 12%.\n"
		// 2. a bank's CSV export
		csv        = "Date,Description,Amount\n2024-01-03,TESCO STORES,-45.67\n2024-01-04,SALARY,2500.00\n"
		csvBalance = "Date,Description,Amount,Balance\n2024-01-03,TESCO STORES,45.67,5386.43\n"
		// 3. a PDF text layer's wrapped label under an except clause
		wrapped = "CONSOLIDATED BALANCE SHEETS\n(In thousands, except par value)\n" +
			"                                                     2024        2023\n" +
			"Common stock, $0.001 par value; 500,000 shares\n" +
			"  authorized; 123,456 and 120,000 shares issued       123         120\n" +
			"Total stockholders' equity                         567,890     501,234\n"
		// 4. a Markdown units row under the years
		unitsRow = "| | 2024 | 2023 |\n|---|---|---|\n| | £m | £m |\n| Revenue | 1,234.5 | 1,101.2 |\n"
		// 5. a currency's equivalent in brackets
		equivalent = "Baz Technologies raised ₹150 crore ($18 million) in a Series C.\n"
	)
	runReview(t, []reviewCase{
		{"1 this year's figure", "uk.txt", ukProse, "1,234.5", "GBP", "million", "2024", "Revenue was £1,234.5m", "1234500000", ""},
		{"1 the prior year's figure", "uk.txt", ukProse, "1,101.2", "GBP", "million", "2023", "(2023: £1,101.2m)", "1101200000", ""},
		{"1 a fiscal year's comparative", "uk2.txt", "Operating profit was £85.2m (FY23: £70.1m).\n", "85.2", "GBP", "million", "FY2024", "Operating profit was £85.2m", "85200000", ""},
		{"1 the prior year's figure as this year's", "uk.txt", ukProse, "1,101.2", "GBP", "million", "2024", "(2023: £1,101.2m)", "", "period_mismatch"},
		{"2 a debit in a CSV", "b.csv", csv, "-45.67", "GBP", "", "", "2024-01-03,TESCO STORES,-45.67", "-45.67", ""},
		{"2 a debit's sign dropped", "b.csv", csv, "45.67", "GBP", "", "", "2024-01-03,TESCO STORES,-45.67", "", CodeQuoteMismatch},
		{"2 a CSV balance", "c.csv", csvBalance, "5386.43", "GBP", "", "", "2024-01-03,TESCO STORES,45.67,5386.43", "5386.43", ""},
		{"3 a total under a wrapped label", "w.txt", wrapped, "567,890", "USD", "thousand", "2024", "Total stockholders' equity                         567,890", "567890000", ""},
		{"3 a total under a wrapped label as printed", "w.txt", wrapped, "567,890", "USD", "", "2024", "Total stockholders' equity                         567,890", "", CodeScaleMismatch},
		{"4 a units row", "u.md", unitsRow, "1,234.5", "GBP", "million", "2024", "Revenue | 1,234.5", "1234500000", ""},
		{"4 a units row as printed", "u.md", unitsRow, "1,234.5", "GBP", "", "2024", "Revenue | 1,234.5", "", CodeScaleMismatch},
		{"5 the equivalent", "e.txt", equivalent, "18", "USD", "million", "", "₹150 crore ($18 million)", "18000000", ""},
		{"5 the equivalent as a negative", "e.txt", equivalent, "-18", "USD", "million", "", "₹150 crore ($18 million)", "", CodeQuoteMismatch},
		{"5 the amount", "e.txt", equivalent, "150", "INR", "crore", "", "raised ₹150 crore", "1500000000", ""},
	})
}
