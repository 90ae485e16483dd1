package receipt

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

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
		// 6. a column of basis points under a caption's millions
		bps = "(£m unless stated)\n\n| Segment | Revenue 2024 | Margin 2024 (%) | Change (bps) |\n|---|---|---|---|\n| Retail | 1,234.5 | 12.4 | 60 |\n"
		// 7. a list marker before a variant label
		sebi = "(₹ in lakhs)\n\n| Particulars | 30.06.2024 | 31.03.2024 |\n|---|---|---|\n| Revenue from operations | 45,678.12 | 43,210.98 |\n" +
			"| Earnings per share | | |\n| (a) Basic (₹) | 17.28 | 16.05 |\n| (b) Diluted (₹) | 17.20 | 16.01 |\n"
		// 8. an Indian results statement's text layer with a serial column
		sebiTxt = "(₹ in lakhs)\nSr.   Particulars                Quarter ended\nNo.                           30.06.2024    31.03.2024\n" +
			"1     Revenue from operations   45,678.12     43,210.98\n6     Earnings per share\n      (a) Basic (₹)             17.28         16.05\n"
		// 9. a row that names nothing, among rows of shares, under a
		// scale for amounts and another for shares
		eps = " | 2019 | 2018\nNet income attributable to stockholders | $1,887.8 | $1,236.4\n" +
			"Basic weighted average common shares outstanding | 442,319 | 439,606\nDilutive securities | 3,201 | 3,354\n\n" +
			"NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Tabular amounts in millions, unless otherwise disclosed)\n\n" +
			"The following table sets forth basic and diluted net income per common share (shares in thousands, except per share data):\n"
		// 5. a currency's equivalent in brackets
		equivalent = "Baz Technologies raised ₹150 crore ($18 million) in a Series C.\n"
	)
	runReview(t, []reviewCase{
		{"1 this year's figure", "uk.txt", ukProse, "1,234.5", "GBP", "million", "2024", "Revenue was £1,234.5m", "1234500000", ""},
		{"1 the prior year's figure", "uk.txt", ukProse, "1,101.2", "GBP", "million", "2023", "(2023: £1,101.2m)", "1101200000", ""},
		{"1 a fiscal year's comparative", "uk2.txt", "Operating profit was £85.2m (FY23: £70.1m).\n", "85.2", "GBP", "million", "FY2024", "Operating profit was £85.2m", "85200000", ""},
		{"1 the prior year's figure as this year's", "uk.txt", ukProse, "1,101.2", "GBP", "million", "2024", "(2023: £1,101.2m)", "", "period_mismatch"},
		{"2 a debit in a CSV", "b.csv", csv, "-45.67", "GBP", "", "", "2024-01-03,TESCO STORES,-45.67", "-45.67", ""},
		{"2 a debit's sign dropped", "b.csv", csv, "45.67", "GBP", "", "", "2024-01-03,TESCO STORES,-45.67", "", fault.QuoteMismatch},
		{"2 a CSV balance", "c.csv", csvBalance, "5386.43", "GBP", "", "", "2024-01-03,TESCO STORES,45.67,5386.43", "5386.43", ""},
		{"3 a total under a wrapped label", "w.txt", wrapped, "567,890", "USD", "thousand", "2024", "Total stockholders' equity                         567,890", "567890000", ""},
		{"3 a total under a wrapped label as printed", "w.txt", wrapped, "567,890", "USD", "", "2024", "Total stockholders' equity                         567,890", "", fault.ScaleMismatch},
		{"4 a units row", "u.md", unitsRow, "1,234.5", "GBP", "million", "2024", "Revenue | 1,234.5", "1234500000", ""},
		{"4 a units row as printed", "u.md", unitsRow, "1,234.5", "GBP", "", "2024", "Revenue | 1,234.5", "", fault.ScaleMismatch},
		{"5 the equivalent", "e.txt", equivalent, "18", "USD", "million", "", "₹150 crore ($18 million)", "18000000", ""},
		{"5 the equivalent as a negative", "e.txt", equivalent, "-18", "USD", "million", "", "₹150 crore ($18 million)", "", fault.QuoteMismatch},
		{"6 basis points", "p.md", bps, "60", "bp", "", "", "Retail | 1,234.5 | 12.4 | 60", "60", ""},
		{"6 basis points as millions", "p.md", bps, "60", "GBP", "million", "", "Retail | 1,234.5 | 12.4 | 60", "", fault.ScaleMismatch},
		{"7 a variant under a list marker", "s.md", sebi, "17.28", "INR/count:shares", "", "2024", "(a) Basic (₹) | 17.28", "17.28", ""},
		{"7 a variant under a list marker in lakhs", "s.md", sebi, "17.28", "INR", "lakh", "2024", "(a) Basic (₹) | 17.28", "", fault.ScaleMismatch},
		{"7 an amount in lakhs", "s.md", sebi, "45,678.12", "INR", "lakh", "2024", "Revenue from operations | 45,678.12", "4567812000", ""},
		{"8 a variant under a serial's group", "s.txt", sebiTxt, "17.28", "INR/count:shares", "", "", "(a) Basic (₹)             17.28", "17.28", ""},
		{"8 an amount beside a serial", "s.txt", sebiTxt, "45,678.12", "INR", "lakh", "2024", "Revenue from operations   45,678.12", "4567812000", ""},
		{"8 a fiscal quarter under a date", "s.txt", sebiTxt, "45,678.12", "INR", "lakh", "Q1 FY25", "Revenue from operations   45,678.12", "", "period_mismatch"},
		{"9 a number whose unit says nothing", "t.txt", eps, "3,201", "number", "", "2019", "Dilutive securities | 3,201", "", fault.ScaleMismatch},
		{"9 shares, which its labels do not say", "t.txt", eps, "3,201", "count:shares", "thousand", "2019", "Dilutive securities | 3,201", "", fault.ScaleMismatch},
		{"9 an amount", "t.txt", eps, "1,887.8", "USD", "million", "2019", "Net income attributable to stockholders | $1,887.8", "1887800000", ""},
		{"5 the amount", "e.txt", equivalent, "150", "INR", "crore", "", "raised ₹150 crore", "1500000000", ""},
	})
}

// A fiscal period under a date is refused without a fix: which fiscal
// year the date is in is the filer's convention, and a fix naming the date
// would drop the quarter.
func TestGroundingFiscalPeriodHasNoFix(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"r.txt": "(₹ in lakhs)\n\n| Particulars | 30.06.2024 | 31.03.2024 |\n|---|---|---|\n| Revenue | 45,678.12 | 43,210.98 |\n"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "45,678.12", Unit: "INR", Scale: "lakh",
		Period: "Q1 FY25", Provenance: ProvenanceText, Source: "r.txt", Quote: "Revenue | 45,678.12"}}})
	if err == nil || Describe(err).Code != "period_mismatch" || len(Describe(err).Fix) != 0 {
		t.Fatalf("want period_mismatch with no fix, got %v (fix %v)", err, Describe(err).Fix)
	}
}

// A number printed with European separators is not grounded, and the
// refusal says so rather than naming a display that would not match.
func TestGroundingEuropeanSeparatorsSaySo(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"de.txt": "Umsatzerlöse (in Tsd. €)  45.678,5\n"})
	if err != nil {
		t.Fatal(err)
	}
	for _, display := range []string{"45678.5"} {
		_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: display, Unit: "EUR", Scale: "thousand",
			Provenance: ProvenanceText, Source: "de.txt", Quote: "Umsatzerlöse (in Tsd. €)  45.678,5"}}})
		if err == nil || len(Describe(err).Fix) != 0 || strings.Contains(Describe(err).Hint, "for 1.234,5") {
			t.Fatalf("%s: want a refusal without a fix that says European separators are not read, got %v (hint %q)", display, err, Describe(err).Hint)
		}
	}
}
