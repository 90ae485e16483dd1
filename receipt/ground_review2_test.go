package receipt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// TestGroundingSecondReviews: the second hostile and honest reviews of
// documents as users register them; each pair is the wrong reading
// (refused) and the document's reading (its value).
func TestGroundingSecondReviews(t *testing.T) {
	const (
		// a units cell in the corner, beside a Note column; a titled
		// header row over a units row
		corner = "| £m | Note | 2024 | 2023 |\n|---|---|---|---|\n| Revenue | 2 | 2,345.6 | 2,101.9 |\n"
		key    = "| Key figures | 2024 | 2023 | Change |\n|---|---|---|---|\n| | €m | €m | |\n| Revenue | 8,912 | 8,345 | 6.8% |\n"
		keyTxt = "Key figures                      2024          2023       Change\n" +
			"                                   €m            €m            %\nRevenue                         8,912         8,345          6.8\n"
		// bank exports
		balance  = "Date,Description,Amount,Balance\n2024-01-03,Tesco,-45.67,1188.89\n"
		semi     = "Datum;Buchungstext;Betrag;Saldo\n01.03.2024;Miete;-1234,56;5000,00\n"
		preamble = "Statement of income\nItem,2024,2023\nRevenue,\"1,100\",\"1,000\"\n"
		account  = "Account,12345678\nDate,Description,Amount (EUR)\n2024-03-02,Hotel,120.00\n"
		spaced   = "Item,2024,2023\nRevenue, \"1,100\",\"1,000\"\nCost,400,350\n"
		currency = "Date,Description,Amount,Currency\n2024-03-02,Taxi,30.00,USD\n"
		dated    = "Date,Description,Amount\n2024-03-01,TESCO,-45.67\n"
		// prose: the prior year's figure; comparatives; a negative after a year
		prior  = "Revenue for fiscal 2024 was $10.2 billion, compared with $9.1 billion in the prior year.\n"
		upFrom = "Group revenue in 2024 rose to £1.24bn, up from £1.07bn a year earlier.\n"
		comps  = "Group revenue was £1,234.5m in 2024 (2023: £1,101.2m; 2022: £998.0m).\n"
		inCell = "| | 2024 |\n|---|---|\n| Revenue | £1,234.5m (2023: £1,101.2m) |\n"
		loss   = "Key figures: operating loss in 2024 (1,234) thousand; revenue 5,000 thousand.\n"
		// pence and cents
		pence  = "| | Note | 2024 | 2023 |\n|---|---|---|---|\n| Basic earnings per share (pence) | 10 | 34.2p | 29.8p |\n"
		pSign  = "| | 2024 |\n|---|---|\n| Revenue (£m) | 1,234 |\n| Basic earnings per share (p) | 34.2 |\n"
		pProse = "Basic earnings per share were 8.4p per share, and the dividend 87 cents.\n"
		// a declaration printed after a table, past another declaration
		after = "| Fee | Amount |\n|---|---|\n| Audit fees | 1,250,000 |\n| Tax fees | 250,000 |\n\nThe fees above are in dollars.\n\n" +
			"NOTES TO THE CONSOLIDATED FINANCIAL STATEMENTS (in thousands)\n\nThe notes follow.\n"
		// fiscal and calendar quarters under dates
		quarters = "(₹ in lakhs)\n\n| Particulars | 30.06.2024 | 31.03.2024 |\n|---|---|---|\n| Revenue | 45,678.12 | 43,210.98 |\n"
		// a sparse row under a column of shares and one of money
		sharesMoney = "| Item | Shares | Amount |\n| Issued | 1,000 | 5,000 |\n| Repurchased | 200 |\n"
	)
	runReview(t, []reviewCase{
		{"corner units", "a.md", corner, "2,345.6", "GBP", "million", "2024", "Revenue | 2 | 2,345.6", "2345600000", ""},
		{"corner units as printed", "a.md", corner, "2,345.6", "GBP", "", "2024", "Revenue | 2 | 2,345.6", "", fault.ScaleMismatch},
		{"corner units, another year", "a.md", corner, "2,345.6", "GBP", "million", "2023", "Revenue | 2 | 2,345.6", "", "period_mismatch"},
		{"titled header over units", "k.md", key, "8,912", "EUR", "million", "2024", "Revenue | 8,912", "8912000000", ""},
		{"titled header over units as printed", "k.md", key, "8,912", "EUR", "", "2024", "Revenue | 8,912", "", fault.ScaleMismatch},
		{"titled header over units (txt)", "k.txt", keyTxt, "8,912", "EUR", "million", "2024", "Revenue                         8,912", "8912000000", ""},
		{"titled header over units, another year (txt)", "k.txt", keyTxt, "8,912", "EUR", "million", "2023", "Revenue                         8,912", "", "period_mismatch"},

		{"a debit before a balance", "b.csv", balance, "-45.67", "GBP", "", "", "2024-01-03,Tesco,-45.67", "-45.67", ""},
		{"a semicolon export's fragment", "s.csv", semi, "-1234", "EUR", "", "", "Miete;-1234,56", "", fault.QuoteMismatch},
		{"a preamble above the header, another year", "p.csv", preamble, "1100", "USD", "", "2023", "Revenue,\"1,100\"", "", "period_mismatch"},
		{"a preamble above the header", "p.csv", preamble, "1,100", "USD", "", "2024", "Revenue,\"1,100\"", "1100", ""},
		{"an account line above the header, another currency", "q.csv", account, "120.00", "USD", "", "", "2024-03-02,Hotel,120.00", "", fault.QuoteMismatch},
		{"an account line above the header", "q.csv", account, "120.00", "EUR", "", "", "2024-03-02,Hotel,120.00", "120", ""},
		{"a spaced quoted field, another column", "sp.csv", spaced, "1,000", "USD", "", "2024", "\"1,000\"", "", "period_mismatch"},
		{"a spaced quoted field's fragment", "sp.csv", spaced, "100", "USD", "", "", "Revenue, \"1,100\"", "", fault.QuoteMismatch},
		{"a currency column", "c.csv", currency, "30.00", "EUR", "", "", "2024-03-02,Taxi,30.00", "", fault.QuoteMismatch},
		{"a row's date, another year", "d.csv", dated, "-45.67", "GBP", "", "2022", "2024-03-01,TESCO,-45.67", "", "period_mismatch"},
		{"a row's date", "d.csv", dated, "-45.67", "GBP", "", "2024-03-01", "2024-03-01,TESCO,-45.67", "-45.67", ""},
		{"a currency column's currency", "c.csv", currency, "30.00", "USD", "", "", "2024-03-02,Taxi,30.00", "30", ""},

		{"the prior year's figure", "p.txt", prior, "9.1", "USD", "billion", "2023", "compared with $9.1 billion in the prior year", "9100000000", ""},
		{"this year's figure, another year", "p.txt", prior, "10.2", "USD", "billion", "2023", "Revenue for fiscal 2024 was $10.2 billion", "", "period_mismatch"},
		{"up from a year earlier", "u.txt", upFrom, "1.07", "GBP", "billion", "2023", "up from £1.07bn a year earlier", "1070000000", ""},
		{"the second comparative as the first's year", "c.txt", comps, "998.0", "GBP", "million", "2023", "(2023: £1,101.2m; 2022: £998.0m)", "", "period_mismatch"},
		{"the second comparative", "c.txt", comps, "998.0", "GBP", "million", "2022", "(2023: £1,101.2m; 2022: £998.0m)", "998000000", ""},
		{"a comparative in a cell as the column's year", "i.md", inCell, "1,101.2", "GBP", "million", "2024", "Revenue | £1,234.5m (2023: £1,101.2m)", "", "period_mismatch"},
		{"a comparative in a cell", "i.md", inCell, "1,101.2", "GBP", "million", "2023", "Revenue | £1,234.5m (2023: £1,101.2m)", "1101200000", ""},
		{"a negative after a year", "l.txt", loss, "-1234", "USD", "thousand", "", "operating loss in 2024 (1,234) thousand", "-1234000", ""},
		{"a negative after a year, positive", "l.txt", loss, "1234", "USD", "thousand", "", "operating loss in 2024 (1,234) thousand", "", fault.QuoteMismatch},

		{"pence glued", "e.md", pence, "34.2", "GBP/count:shares", "", "2024", "Basic earnings per share (pence) | 10 | 34.2p", "", fault.QuoteMismatch},
		{"pence as (p)", "f.md", pSign, "34.2", "GBP/count:shares", "", "2024", "Basic earnings per share (p) | 34.2", "", fault.QuoteMismatch},
		{"pence in prose", "g.txt", pProse, "8.4", "GBP/count:shares", "", "", "Basic earnings per share were 8.4p per share", "", fault.QuoteMismatch},
		{"cents in prose", "g.txt", pProse, "87", "USD/count:shares", "", "", "the dividend 87 cents", "", fault.QuoteMismatch},

		{"dollars under a later notes title", "n.md", after, "1,250,000", "USD", "", "", "Audit fees | 1,250,000", "", fault.ScaleMismatch},

		{"a fiscal quarter under a date", "r.md", quarters, "45,678.12", "INR", "lakh", "Q1 FY24", "Revenue | 45,678.12", "", "period_mismatch"},
		{"another calendar quarter under a date", "r.md", quarters, "45,678.12", "INR", "lakh", "Q4 2024", "Revenue | 45,678.12", "", "period_mismatch"},
		{"the calendar quarter a date ends", "r.md", quarters, "45,678.12", "INR", "lakh", "Q2 2024", "Revenue | 45,678.12", "4567812000", ""},

		{"shares or money, as money", "m.txt", sharesMoney, "200", "USD", "", "", "Repurchased | 200", "", fault.ScaleMismatch},
		{"shares or money, as shares", "m.txt", sharesMoney, "200", "count:shares", "", "", "Repurchased | 200", "", fault.ScaleMismatch},
	})
}

// A declaration printed after a table, past another declaration, governs
// it but names no fix: following one could scale a table of dollars.
func TestGroundingDisplacedNoFix(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"n.md": "| Fee | Amount |\n|---|---|\n| Audit fees | 1,250,000 |\n| Tax fees | 250,000 |\n\nThe fees above are in dollars.\n\n" +
		"NOTES TO THE CONSOLIDATED FINANCIAL STATEMENTS (in thousands)\n\nThe notes follow.\n"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "1,250,000", Unit: "USD",
		Provenance: ProvenanceText, Source: "n.md", Quote: "Audit fees | 1,250,000"}}})
	if err == nil {
		t.Fatal("want a refusal, got a receipt")
	}
	if fix := Describe(err).Fix; len(fix) != 0 {
		t.Fatalf("want no fix, got %v: %v", fix, err)
	}
}

// A bank statement's Cr or Dr marker: refused with a hint that says what
// reckon cannot tell, never with a display that loops back.
func TestGroundingCreditDebitMarkers(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"s.txt": "Opening Balance: 12,345.67 Cr\nClosing Balance: 1,234.50 Dr\n"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ display, quote string }{
		{"12,345.67", "Opening Balance: 12,345.67 Cr"},
		{"-1,234.50", "Closing Balance: 1,234.50 Dr"},
		{"1,234.50", "Closing Balance: 1,234.50 Dr"},
	} {
		_, err := Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: tc.display, Unit: "INR",
			Provenance: ProvenanceText, Source: "s.txt", Quote: tc.quote}}})
		if err == nil {
			t.Fatalf("%s: accepted", tc.display)
		}
		if info := Describe(err); len(info.Fix) != 0 || !strings.Contains(info.Hint, "credit or debit marker") {
			t.Fatalf("%s: want a hint about the marker and no fix, got %v (fix %v)", tc.display, err, info.Fix)
		}
	}
}

// TestGroundingThirdReview: a hostile review of the rules above.
func TestGroundingThirdReview(t *testing.T) {
	base := "# Notes\n\nAmounts in USD millions.\n\n| Item | 2024 | 2023 |\n|:--|--:|--:|\n| Revenue | 4,009 | 3,800 |\n%s| Senior notes | 500 | 450 |\n"
	words := fmt.Sprintf(base, "| Segment | North | South |\n")
	notAvail := fmt.Sprintf(base, "| Dividend | n.a. | n.a. |\n")
	rating := fmt.Sprintf(base, "| Rating | AAA | AA (%) |\n")
	const (
		gdp      = "| Country | Currency | GDP (USD bn) |\n|---|---|---|\n| Japan | JPY | 4,200 |\n"
		rates    = "Date,Currency,Rate to USD\n2024-01-02,EUR,1.0956\n"
		original = "Account currency: GBP\nDate,Description,Amount,Original currency,Original amount\n2024-03-01,Hotel Paris,100.00,EUR,117.00\n"
		opened   = "Balances as at 31 December 2024\nAccount,Opened,Balance\nCash,2019-05-01,100.00\n"
		semiPre  = "Statement of income, in thousands, EUR;\nRegion;2024;2023\nEMEA;1,234;1,100\n"
		drField  = "Date,Particulars,Balance,Type\n2024-03-31,Closing balance,1234.00,Dr\n"
		commas   = "Revenue was £1,234.5m in 2024 (2023: £1,101.2m, 2022: £998.0m).\n"
		against  = "In 2024 we charged impairments against revenue of £1,234.5m.\n"
		target   = "In 2024 revenue was £1,234.5m versus our target of £1,300.0m for 2024.\n"
		later    = "# Notes\n\nAmounts in USD millions.\n\n| Item | 2024 | 2023 |\n|:--|--:|--:|\n| Revenue | 4,009 | 3,800 |\n\n" +
			"Other current assets consisted of the following (in thousands):\n\nDeposits of 1,234 and prepaid expenses of 567 were held at year end.\n"
	)
	runReview(t, []reviewCase{
		{"a row of words is no header", "w.md", words, "500", "USD", "million", "2023", "Senior notes | 500", "", "period_mismatch"},
		{"a row of n.a. is no header", "n.md", notAvail, "500", "USD", "million", "2023", "Senior notes | 500", "", "period_mismatch"},
		{"a row with a % is no header", "r.md", rating, "450", "percent", "", "2023", "Senior notes | 500 | 450", "", fault.ScaleMismatch},
		{"a currency column beside a column in USD", "g.md", gdp, "4,200", "JPY", "billion", "", "Japan | JPY | 4,200", "", fault.QuoteMismatch},
		{"a rate beside a currency", "x.csv", rates, "1.0956", "EUR", "", "", "2024-01-02,EUR,1.0956", "", fault.QuoteMismatch},
		{"an amount beside an original currency", "o.csv", original, "100.00", "EUR", "", "", "2024-03-01,Hotel Paris,100.00", "", fault.QuoteMismatch},
		{"a date that is not the row's", "b.csv", opened, "100.00", "GBP", "", "2024", "Cash,2019-05-01,100.00", "100", ""},
		{"a semicolon export under a prose preamble", "s.csv", semiPre, "234", "EUR", "thousand", "2024", "EMEA;1,234", "", fault.QuoteMismatch},
		{"a debit marker in a field of its own", "d.csv", drField, "1234.00", "INR", "", "", "2024-03-31,Closing balance,1234.00,Dr", "", fault.QuoteMismatch},
		{"a comparative after a comma", "c.txt", commas, "998.0", "GBP", "million", "2023", "(2023: £1,101.2m, 2022: £998.0m)", "", "period_mismatch"},
		{"a comparative after a comma, its year", "c.txt", commas, "998.0", "GBP", "million", "2022", "(2023: £1,101.2m, 2022: £998.0m)", "998000000", ""},
		{"against is no comparison", "a.txt", against, "1,234.5", "GBP", "million", "2023", "impairments against revenue of £1,234.5m", "", "period_mismatch"},
		{"a later line after a table its section already scales", "l.md", later, "4,009", "USD", "million", "2024", "Revenue | 4,009", "4009000000", ""},
		{"a later line after a table its section already scales, as its scale", "l.md", later, "4,009", "USD", "thousand", "2024", "Revenue | 4,009", "", fault.ScaleMismatch},
		{"versus far before the number", "v.txt", target, "1,300.0", "GBP", "million", "2023", "versus our target of £1,300.0m for 2024", "", "period_mismatch"},
	})
}

// A bracket after a number that is a label ("Tier 1", "Note 12") holds a
// negative, as it does anywhere; only a bracket whose number carries its
// own currency or scale is an equivalent of the amount before it.
func TestGroundingBracketAfterLabelNumber(t *testing.T) {
	const (
		tier = "In 2024, Tier 1 (250) was charged against capital.\n"
		note = "Amounts in USD millions.\n\n| Item | 2024 |\n|:--|--:|\n| Provisions, Note 12 | 12 (4,500) |\n"
		both = "In 2024 revenue was 5,000 (4,200) in the segment.\n"
	)
	runReview(t, []reviewCase{
		{"a bracket after a label number, bare", "t.txt", tier, "250", "USD", "", "2024", "Tier 1 (250)", "", fault.QuoteMismatch},
		{"a bracket after a label number, as printed", "t.txt", tier, "(250)", "USD", "", "2024", "Tier 1 (250)", "-250", ""},
		{"a bracket after a cell's first number, bare", "n.md", note, "4,500", "USD", "million", "2024", "12 (4,500)", "", fault.QuoteMismatch},
		{"a bracket after an amount, bare", "b.txt", both, "4,200", "USD", "", "2024", "5,000 (4,200)", "", fault.QuoteMismatch},
	})
}

// A caption's short scale after "in" and before a currency, and the
// trillions' "tn", scale the table: the number read as printed is refused.
func TestGroundingShortScaleCaptions(t *testing.T) {
	const (
		mio = "Revenue (in Mio. EUR)\n\n| Item | 2024 |\n|:--|--:|\n| Revenue | 5,007 |\n"
		tn  = "Public debt (£tn)\n\n| Item | 2024 |\n|:--|--:|\n| Debt | 2.5 |\n"
	)
	runReview(t, []reviewCase{
		{"Mio. before a currency, as printed", "m.md", mio, "5,007", "EUR", "", "2024", "Revenue | 5,007", "", fault.ScaleMismatch},
		{"Mio. before a currency, in millions", "m.md", mio, "5,007", "EUR", "million", "2024", "Revenue | 5,007", "5007000000", ""},
		{"tn, as printed", "t.md", tn, "2.5", "GBP", "", "2024", "Debt | 2.5", "", fault.ScaleMismatch},
		{"tn, in trillions", "t.md", tn, "2.5", "GBP", "trillion", "2024", "Debt | 2.5", "2500000000000", ""},
	})
}

// "₹1,234 Cr" is refused under every scale, with no fix: a credit marker
// or crore, the text does not say, and neither refusal sends the model to
// the other.
func TestGroundingCrNoLoop(t *testing.T) {
	doc := "Closing balance on 31 March 2024 was ₹1,234 Cr as per the statement.\n"
	for _, sc := range []string{"", "crore"} {
		src, err := quote.NewSources(map[string]string{"c.txt": doc})
		require.NoError(t, err)
		_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "1,234",
			Unit: "INR", Scale: sc, Provenance: ProvenanceText, Source: "c.txt", Quote: "₹1,234 Cr"}}})
		d := Describe(err)
		require.Equal(t, fault.QuoteMismatch, d.Code, "scale %q: %v", sc, err)
		require.Empty(t, d.Fix, "scale %q", sc)
		require.NotContains(t, d.Hint, "give scale", "scale %q", sc)
	}
}

// Digits grouped by spaces are one number or several, and a text line
// does not say which: no group of one is grounded as a cell of its own.
func TestGroundingSpaceGroupedNotSplit(t *testing.T) {
	const (
		wide   = "                 2024          2023\nRevenue     1 234 567     1 100 000\nCosts         234 000       200 000\n"
		single = "Stores by year  2024 2023 2022\nStores 412 398 377\nStaff 1,412 1,398 1,377\n"
	)
	runReview(t, []reviewCase{
		{"the last group of a space-grouped number", "w.txt", wide, "567", "USD", "", "2024", "Revenue     1 234 567", "", fault.QuoteMismatch},
		{"the middle of three numbers that may be one", "s.txt", single, "398", "number", "", "2023", "Stores 412 398 377", "", fault.QuoteMismatch},
		{"three numbers that cannot be one", "s.txt", single, "1,398", "number", "", "2023", "Staff 1,412 1,398 1,377", "1398", ""},
	})
}

// The hostile re-check of the review's mends: hidden text with a spaced
// "! important", space-grouped numbers with a sign, a currency or
// decimals, a one-letter scale before a currency, and a bracket with a
// currency after a label's number.
func TestGroundingReviewRecheck(t *testing.T) {
	const (
		hidden   = "Revenue for 2024 was $5,000 million.\n\n<span style=\"display:none ! important\">Revenue for 2024 was $9,999 million.</span>\n"
		loss     = "Stores by year  2024 2023 2022\nLoss -1 234 567\n"
		euro     = "Stores by year  2024 2023 2022\nRevenue €1 234 567\n"
		decimals = "                 2024          2023\nRevenue     1 234 567.89     1 100 000.00\n"
		oneT     = "Revenue (in T EUR)\n\n| Item | 2024 |\n|:--|--:|\n| Revenue | 5,007 |\n"
		tier     = "In 2024, Tier 1 ($250) was charged against capital.\n"
	)
	runReview(t, []reviewCase{
		{"hidden with a spaced important", "h.md", hidden, "9,999", "USD", "million", "2024", "Revenue for 2024 was $9,999 million", "", fault.QuoteNotFound},
		{"a signed space-grouped number", "l.txt", loss, "567", "number", "", "2024", "Loss -1 234 567", "", fault.QuoteMismatch},
		{"a space-grouped number after a currency", "e.txt", euro, "567", "EUR", "", "2024", "Revenue €1 234 567", "", fault.QuoteMismatch},
		{"a space-grouped number with decimals", "d.txt", decimals, "567.89", "USD", "", "2024", "Revenue     1 234 567.89", "", fault.QuoteMismatch},
		{"a one-letter scale before a currency", "t.md", oneT, "5,007", "EUR", "", "2024", "Revenue | 5,007", "", fault.ScaleMismatch},
		{"a bracket with a currency after a label's number", "b.txt", tier, "250", "USD", "", "2024", "Tier 1 ($250)", "", fault.QuoteMismatch},
		{"a bracket with a currency after a label's number, as printed", "b.txt", tier, "($250)", "USD", "", "2024", "Tier 1 ($250)", "-250", ""},
	})
}

// TestGroundingCaptionBelowTable: extracts that print a report's table
// first and its page's head or introducing line after it (TAT-QA's
// layout) give a fix naming the line's scale; a numbered note's heading
// between, or a scale stated between, withholds it.
func TestGroundingCaptionBelowTable(t *testing.T) {
	const table = " | 2019 | 2018\nWorking capital | $207,599 | $237,416\n\n"
	for _, tc := range []struct {
		name, after string
		fix         bool
	}{
		{"a section's title", "BALANCE SHEET DATA\n\n(In thousands)\n\n(1) Working capital consists of current assets less current liabilities.\n", false},
		{"the notes' running head", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS\n\n(In thousands)\n\n(1) Working capital consists of current assets less current liabilities.\n", true},
		{"company and period titles", "GasLog Ltd. and its Subsidiaries\nNotes to the consolidated financial statements (Continued)\nFor the years ended December 31, 2018 and 2019\n(All amounts expressed in thousands of U.S. Dollars, except share and per share data)\n", true},
		{"continued past prose", "The Company acquired Cloudmark, Inc. in 2017.\n\nProofpoint, Inc. Notes to Consolidated Financial Statements (Continued) (dollars and share amounts in thousands, except per share amounts)\n", true},
		{"introducing line far below", "14. DEFINED BENEFIT PLANS\n\nWe assumed the plans of Rofin-Sinar Inc. (\"RS Inc\").\n\nAbout 97% of our sales are under fixed-price contracts.\n\nComponents of net periodic cost are as follows (in thousands):\n", true},
		{"numbered note between", "NOTE 6 — DEBT\n\n(In thousands)\n\nThe notes bear interest at 4%.\n", false},
		{"sentence between", "The amounts above are in dollars.\n\nNOTES TO THE CONSOLIDATED FINANCIAL STATEMENTS (in thousands)\n", false},
		{"scale between", "All amounts below are in millions.\n\nComponents of net periodic cost are as follows (in thousands):\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := quote.NewSources(map[string]string{"r.txt": table + tc.after})
			require.NoError(t, err)
			in := Input{Name: "x", Display: "207,599", Unit: "USD", Provenance: ProvenanceText, Source: "r.txt", Quote: "Working capital | $207,599"}
			_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{in}})
			require.Error(t, err, "the table's numbers are in thousands")
			fix := Describe(err).Fix
			if !tc.fix {
				require.Empty(t, fix, "%v", err)
				return
			}
			require.Len(t, fix, 1, "%v", err)
			require.Equal(t, "thousand", fix[0].Value)
			in.Scale = "thousand"
			_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{in}})
			require.NoError(t, err)
		})
	}
}

// TestGroundingBeginningBalance: a balance at the start of a year is
// printed under the year's column when "Years ended" heads the dates: it
// is the year before's close, not the column's own date nor a year
// further off.
func TestGroundingBeginningBalance(t *testing.T) {
	const doc = "CONSOLIDATED STATEMENTS OF SHAREHOLDERS’ EQUITY\n(In millions, except per-share amounts)\nYears ended\n" +
		"September 28, 2024 | September 30, 2023 | September 24, 2022\n" +
		"Total shareholders’ equity, beginning balances | $ | 62,146 | $ | 50,672 | $ | 63,090\n" +
		"Net income | 93,736 | 96,995 | 99,803\n"
	src, err := quote.NewSources(map[string]string{"a.txt": doc})
	require.NoError(t, err)
	for _, tc := range []struct {
		period string
		ok     bool
	}{{"2022-09-24", true}, {"2023-09-30", false}, {"2021-09-25", false}} {
		_, err := Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "50,672", Unit: "USD", Scale: "million",
			Period: tc.period, Provenance: ProvenanceText, Source: "a.txt", Quote: "Total shareholders’ equity, beginning balances | $ | 62,146 | $ | 50,672"}}})
		if tc.ok {
			require.NoError(t, err, tc.period)
		} else {
			require.Error(t, err, tc.period)
			require.Equal(t, fault.PeriodMismatch, Describe(err).Code, "%v", err)
		}
	}
}

// TestGroundingCurrencyFromStructure: the currency a number is in comes
// from its column's and table's declarations; a row's label that is a
// currency's name alone says what is held in it, and a label's own "14
// cents" is no subunit of the row's values.
func TestGroundingCurrencyFromStructure(t *testing.T) {
	const (
		byCurrency = " | Total | Fixed rate financial assets\n2019 | £m | £m\nSterling | 29.1 | –\nEuro | 115.9 | 1.4\nGroup total | 431.9 | 6.8\n"
		dollars    = " |  | Combined Pension Plan | \n | 2019 | 2018 | 2017\n |  | (Dollars in millions) | \nBenefit obligation at beginning of year | $11,594 | 13,064 | 13,244\nSpecial termination benefits charge | 6 | 15 | —\n"
		canadian   = "(In thousands of Canadian dollars)\n | 2019 | 2018\n | $ | $\nService delivery costs | 661,214 | 615,267\n"
		rmb        = " | 2019 | 2018\n | RMB’Million | RMB’Million\nAdditions | 44,618 | 60,807\n"
		prose      = "Payments of S$123 million were made for the acquisition of Videology assets in August 2018.\n"
		cents      = " | 2019 | 2018\n | US$’000 | US$’000\nFinal dividend for the year ended 30 June 2018 of AU 14 cents (2017: AU 12 cents) | 13,327 | 12,534\n"
	)
	for _, tc := range []struct {
		name, doc, display, quote, unit, scale string
		fix                                    string // the unit fix, or "" for accepted
	}{
		{"currency label under £m, GBP", byCurrency, "115.9", "Euro | 115.9", "GBP", "million", ""},
		{"currency label under £m, EUR", byCurrency, "115.9", "Euro | 115.9", "EUR", "million", "GBP"},
		{"dollars in millions, number", dollars, "15", "Special termination benefits charge | 6 | 15", "number", "million", "USD"},
		{"dollars in millions, USD", dollars, "15", "Special termination benefits charge | 6 | 15", "USD", "million", ""},
		{"Canadian dollars over $", canadian, "615,267", "Service delivery costs | 661,214 | 615,267", "number", "thousand", "CAD"},
		{"RMB million", rmb, "60,807", "Additions | 44,618 | 60,807", "number", "million", "CNY"},
		{"S$ in prose, number", prose, "123", "Payments of S$123 million were made", "number", "million", "SGD"},
		{"S$ in prose, USD", prose, "123", "Payments of S$123 million were made", "USD", "million", "SGD"},
		{"a label's own cents", cents, "12,534", "Final dividend for the year ended 30 June 2018 of AU 14 cents (2017: AU 12 cents) | 13,327 | 12,534", "USD", "thousand", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := groundOne(t, "d.txt", tc.doc, Input{Display: tc.display, Unit: tc.unit, Scale: tc.scale, Quote: tc.quote})
			if tc.fix == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			info := Describe(err)
			require.Len(t, info.Fix, 1, "%v", err)
			require.Equal(t, "inputs[0].unit", info.Fix[0].Field, "%v", err)
			require.Equal(t, tc.fix, info.Fix[0].Value, "%v", err)
		})
	}
}

// TestGroundingNameNumber: "Level 2" in a value column is a name; a
// transcription that drops the parentheses of "(2)" is refused, not
// grounded on it.
func TestGroundingNameNumber(t *testing.T) {
	src, err := quote.NewSources(map[string]string{"f.txt": "(In millions)\n | Fair Value Hierarchy | Amortized Cost | Unrealized Gain | Unrealized Loss | Fair Value\n" +
		"Debt securities issued by U.S. government agencies | Level 2 | 2,238 | 7 | (2) | 2,243\n"})
	require.NoError(t, err)
	const q = "Debt securities issued by U.S. government agencies | Level 2 | 2,238 | 7 | (2) | 2,243"
	_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "2", Unit: "USD", Scale: "million", Provenance: ProvenanceText, Source: "f.txt", Quote: q}}})
	require.Error(t, err)
	require.Empty(t, Describe(err).Fix, "%v", err)
	r, err := Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "(2)", Unit: "USD", Scale: "million", Provenance: ProvenanceText, Source: "f.txt", Quote: q}}})
	require.NoError(t, err)
	require.Equal(t, "-2000000", r.Result.Value)
}

// TestGroundingCountsUnderMoneyScale: a count ("Number of branches", a
// cell's "3 years") under a scale stated for dollars is printed as it
// is; no fix scales it.
func TestGroundingCountsUnderMoneyScale(t *testing.T) {
	const (
		selected = "SELECTED FINANCIAL DATA\n(Dollars in millions, except per share data)\n | 2024 | 2023\nNet interest income | $ | 14,201 | $ | 13,877\n" +
			"Number of full-time equivalent employees | 42,310 | 43,002\nNumber of branches | 1,204 | 1,251\n"
		ppe = "Property and equipment, net consisted of the following (in thousands):\n\n| | Estimated Useful Lives | December 31, 2024 | December 31, 2023 |\n|---|---|---|---|\n" +
			"| Computer equipment | 3 years | $12,420 | $10,118 |\n"
	)
	for _, tc := range []struct {
		name, file, doc, display, unit, scale, quote string
		ok                                           bool
	}{
		{"employees as printed", "s.txt", selected, "42,310", "count:employees", "", "Number of full-time equivalent employees | 42,310", true},
		{"employees in millions", "s.txt", selected, "42,310", "count:employees", "million", "Number of full-time equivalent employees | 42,310", false},
		{"branches as printed", "s.txt", selected, "1,204", "number", "", "Number of branches | 1,204", true},
		{"dollars still in millions", "s.txt", selected, "14,201", "USD", "million", "Net interest income | $ | 14,201", true},
		{"useful life as printed", "p.md", ppe, "3", "number", "", "Computer equipment | 3 years", true},
		{"useful life in thousands", "p.md", ppe, "3", "number", "thousand", "Computer equipment | 3 years", false},
		{"cost in thousands", "p.md", ppe, "12,420", "USD", "thousand", "Computer equipment | 3 years | $12,420", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := groundOne(t, tc.file, tc.doc, Input{Display: tc.display, Unit: tc.unit, Scale: tc.scale, Quote: tc.quote})
			if tc.ok {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, f := range Describe(err).Fix {
				require.NotEqual(t, "inputs[0].scale", f.Field, "no fix scales a count: %v", err)
			}
		})
	}
}

// TestGroundingHostileFourth: a hostile review of the readings above. A
// scale line below a table that may head the next section gives no fix;
// "Years ended" lets only a beginning balance be the year before's;
// years under two titles go under the one whose columns print alike.
func TestGroundingHostileFourth(t *testing.T) {
	const (
		fees       = "Fee | 2024 | 2023\nAudit fees | $1,250,000 | $1,100,000\nTax fees | $250,000 | $200,000\n\n"
		section    = fees + "LIQUIDITY AND CAPITAL RESOURCES\n\n(In thousands)\n\nCash at year end was 5,000.\n"
		directors  = "DIRECTOR COMPENSATION\n\nName | Fees Earned ($) | Total ($)\nJane Doe | 95,000 | 245,000\n\nEQUITY COMPENSATION PLAN INFORMATION\n\n(In thousands, except per share amounts)\n\nThe plan was approved by shareholders.\n"
		contNote   = fees + "NOTE 9 — INCOME TAXES\n\nThe provision is computed at 21%.\n\nNotes to Financial Statements (Continued) (in thousands)\n"
		yearsEnded = "CONSOLIDATED STATEMENTS OF SHAREHOLDERS’ EQUITY\n(In millions)\nYears ended\nSeptember 28, 2024 | September 30, 2023\n" +
			"Total shareholders’ equity, beginning balances | $ | 62,146 | $ | 50,672\nNet income | 93,736 | 96,995\n"
		life = "Intangible assets (in thousands)\nRemaining life as of December 31, | Carrying value\n2024 | 2023\nCustomer relationships | 6.2 | $ | 1,200 | $ | 1,100\nTrade names | 3.5 | $ | 800 | $ | 750\n"
	)
	far := fees + "NOTE 7 — DEBT\n\n" + strings.Repeat("The Company's credit agreement contains customary covenants.\n\n", 10) + "Long-term debt consisted of the following (in thousands):\n"
	noFix := func(t *testing.T, doc, display, q string) {
		t.Helper()
		src, err := quote.NewSources(map[string]string{"d.txt": doc})
		require.NoError(t, err)
		_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: display, Unit: "USD", Period: "2024",
			Provenance: ProvenanceText, Source: "d.txt", Quote: q}}})
		require.Error(t, err)
		require.Empty(t, Describe(err).Fix, "%v", err)
	}
	t.Run("a section's title and scale", func(t *testing.T) { noFix(t, section, "1,250,000", "Audit fees | $1,250,000") })
	t.Run("dollar columns then a plan's scale", func(t *testing.T) { noFix(t, directors, "95,000", "Jane Doe | 95,000") })
	t.Run("continued head past a numbered note", func(t *testing.T) { noFix(t, contNote, "1,250,000", "Audit fees | $1,250,000") })
	t.Run("introducing line far past a numbered note", func(t *testing.T) { noFix(t, far, "1,250,000", "Audit fees | $1,250,000") })
	runReview(t, []reviewCase{
		{"net income is the column's year's", "y.txt", yearsEnded, "93,736", "USD", "million", "2023-09-30", "Net income | 93,736", "", fault.PeriodMismatch},
		{"a beginning balance is the year before's", "y.txt", yearsEnded, "62,146", "USD", "million", "2023-09-30", "Total shareholders’ equity, beginning balances | $ | 62,146", "62146000000", ""},
		{"carrying value 2024", "l.txt", life, "1,200", "USD", "thousand", "2024", "Customer relationships | 6.2 | $ | 1,200", "1200000", ""},
		{"carrying value is not 2023's", "l.txt", life, "1,200", "USD", "thousand", "2023", "Customer relationships | 6.2 | $ | 1,200", "", fault.PeriodMismatch},
	})
}

// TestGroundingLabelAndValue: a row's label and its values both print
// the number. A row quoted across its cells is grounded on a value, or
// refused without a fix where only the label's number would read as the
// input says; a label quoted alone means its own number.
func TestGroundingLabelAndValue(t *testing.T) {
	const par = "(In thousands, except per share data)\n | 2024 | 2023\nPreferred stock, $1,000 par value; 1,000 shares issued | 1,000 | 1,000\n"
	const row = "Preferred stock, $1,000 par value; 1,000 shares issued | 1,000"
	src, err := quote.NewSources(map[string]string{"p.txt": par})
	require.NoError(t, err)
	calc := func(unit, scale, quote string) (*Receipt, error) {
		return Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "1,000", Unit: unit, Scale: scale, Period: "2024",
			Provenance: ProvenanceText, Source: "p.txt", Quote: quote}}})
	}
	_, err = calc("USD", "", row)
	require.Error(t, err, "the column's 1,000 is in thousands; the par value is not what a row quote grounds")
	require.Empty(t, Describe(err).Fix, "%v", err)
	r, err := calc("USD", "thousand", row)
	require.NoError(t, err)
	require.Equal(t, "1000000", r.Result.Value)
	r, err = calc("USD/count:shares", "", "Preferred stock, $1,000 par value")
	require.NoError(t, err)
	require.Equal(t, "1000", r.Result.Value)
}

// TestGroundingCurrencyColumns: a column's own currency sign ("US$")
// beside a caption's currency; a bare "$" under a caption that names the
// currency ("Chilean pesos"); a label's own rate per share is no row of
// amounts per share.
func TestGroundingCurrencyColumns(t *testing.T) {
	const (
		hk      = "(In millions of Hong Kong dollars)\n | 2024 | 2023 | 2024\n |  |  | US$\nRevenue | 5,000 | 4,000 | 641\nCost | 3,000 | 2,500 | 385\n"
		chile   = "(In millions of Chilean pesos)\n | 2024 | 2023\nRevenue | $ | 5,000 | $ | 4,000\nCost | 3,000 | 2,500\n"
		canada  = "(In thousands of Canadian dollars)\n | 2024 | 2024\n | $ | US$\nRevenue | 5,000 | 3,700\nCost | 3,000 | 2,200\n"
		divided = " | 2019 | 2018\n | US$’000 | US$’000\nFinal dividend of 14 cents per share | 13,327 | 12,534\nRevenue | 50,000 | 45,000\n"
	)
	for _, tc := range []struct {
		name, doc, display, unit, scale, period, quote, fix string
	}{
		{"the caption's currency in its column", hk, "3,000", "number", "million", "2024", "Cost | 3,000", "HKD"},
		{"the US$ column", hk, "385", "HKD", "million", "", "Cost | 3,000 | 2,500 | 385", "USD"},
		{"the $ of Chilean pesos", chile, "5,000", "USD", "million", "2024", "Revenue | $ | 5,000", "CLP"},
		{"a US$ column under Canadian dollars", canada, "2,200", "number", "thousand", "", "Cost | 3,000 | 2,200", "USD"},
		{"a $ column under Canadian dollars", canada, "3,000", "USD", "thousand", "", "Cost | 3,000", "CAD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := groundOne(t, "d.txt", tc.doc, Input{Display: tc.display, Unit: tc.unit, Scale: tc.scale, Period: tc.period, Quote: tc.quote})
			require.Error(t, err)
			fix := Describe(err).Fix
			require.Len(t, fix, 1, "%v", err)
			require.Equal(t, tc.fix, fix[0].Value, "%v", err)
		})
	}
	runReview(t, []reviewCase{
		{"a dividend row's total in US$'000", "v.txt", divided, "12,534", "USD", "thousand", "2018", "Final dividend of 14 cents per share | 13,327 | 12,534", "12534000", ""},
		{"not as printed", "v.txt", divided, "12,534", "USD", "", "2018", "Final dividend of 14 cents per share | 13,327 | 12,534", "", fault.ScaleMismatch},
	})
}

// TestGroundingHonestFourth: an honest review's layouts. A face value "₹
// 10 each" is an amount per share; an exchange rate in a table without a
// scale is no amount a scale could govern; a note's reference "Note
// 12(a)" is no column's value; a span of years is no amount.
func TestGroundingHonestFourth(t *testing.T) {
	const (
		india = "(All amounts in ₹ crore, unless otherwise stated)\n | Note | 31 March 2024 | 31 March 2023\nRevenue from operations | 22 | 1,234.56 | 1,100.00\n" +
			"Earnings per equity share (Face value of ₹ 10 each)\nBasic (₹) | 35 | 12.34 | 11.00\n"
		lakhs = "(₹ in lakhs)\n | 31 March 2024 | 31 March 2023\nEquity share capital (Face value Rs. 2/- each) | 1,234.56 | 1,234.56\n"
		rates = "Exchange rates\n | Average 2024 | Average 2023\nUS dollar | 1.28 | 1.24\n\nRevenue by region\n | 2024 £m | 2023 £m\nUK | 1,234 | 1,100\n"
		notes = "(In millions)\n | Note | 2024 | 2023\nRevenue | Note 12(a) | 1,234 | 1,100\nCost | Note 13 | 900 | 800\n"
		debt  = "(In millions)\n | Maturity | 2024 | 2023\nSenior notes | 2025 – 2030 | 1,500 | 1,500\n"
	)
	runReview(t, []reviewCase{
		{"face value of ₹ 10 each", "i.txt", india, "10", "INR/count:shares", "", "", "Earnings per equity share (Face value of ₹ 10 each)", "10", ""},
		{"face value Rs. 2/- each", "l.txt", lakhs, "2", "INR/count:shares", "", "", "Equity share capital (Face value Rs. 2/- each)", "2", ""},
		{"an exchange rate", "r.txt", rates, "1.28", "USD/GBP", "", "", "US dollar | 1.28", "1.28", ""},
		{"revenue beside a note's reference", "n.txt", notes, "1,234", "USD", "million", "2024", "Revenue | Note 12(a) | 1,234", "1234000000", ""},
		{"revenue is not 2023's", "n.txt", notes, "1,234", "USD", "million", "2023", "Revenue | Note 12(a) | 1,234", "", fault.PeriodMismatch},
		{"a maturity's year is no amount", "d.txt", debt, "2030", "USD", "million", "", "Senior notes | 2025 – 2030", "", fault.QuoteMismatch},
	})
}

// TestGroundingEquityLines: capital lines that name shares, in money:
// under a caption that states a currency and no scale for shares, and in
// a column headed "£m" of a share-capital note.
func TestGroundingEquityLines(t *testing.T) {
	const (
		ifrs = "CONSOLIDATED STATEMENT OF FINANCIAL POSITION\n(€ million)\n | Note | 31 Dec 2024 | 31 Dec 2023\nEquity\nSubscribed capital | 21 | 1,117 | 1,117\n" +
			"Treasury shares | 21 | (412) | (388)\n"
		shares   = "(In millions, except shares in thousands)\n | 2024 | 2023\nRevenue | 5,000 | 4,000\nShares outstanding | 1,234 | 1,200\n"
		ukShares = "27. Share capital\n2024 | 2023\nNumber | £m | Number | £m\nAllotted, called up and fully paid\nOrdinary shares of 10p each | 1,234,567,890 | 123.5 | 1,230,000,000 | 123.0\n"
	)
	const ukRow = "Ordinary shares of 10p each | 1,234,567,890 | 123.5 | 1,230,000,000 | 123.0"
	runReview(t, []reviewCase{
		{"treasury shares in € million", "i.txt", ifrs, "(412)", "EUR", "million", "2024-12-31", "Treasury shares | 21 | (412)", "-412000000", ""},
		{"shares with a scale of their own", "s.txt", shares, "1,234", "USD", "million", "2024", "Shares outstanding | 1,234", "", fault.ScaleMismatch},
		{"share capital in £m", "u.txt", ukShares, "123.5", "GBP", "million", "2024", ukRow, "123500000", ""},
		{"share capital is 2024's", "u.txt", ukShares, "123.5", "GBP", "million", "2023", ukRow, "", fault.PeriodMismatch},
		{"the number of shares", "u.txt", ukShares, "1,230,000,000", "count:shares", "", "2023", ukRow, "1230000000", ""},
	})
}

// TestGroundingBalanceDate: a balance under a column headed by a date is
// that day's: another day of the same year is refused, with the column's
// date as the fix.
func TestGroundingBalanceDate(t *testing.T) {
	const bs = "CONSOLIDATED BALANCE SHEETS\n(In millions)\nDecember 31, 2024 | December 31, 2023\nCash and cash equivalents | $ | 5,000 | $ | 4,000\n"
	runReview(t, []reviewCase{
		{"the column's day", "b.txt", bs, "5,000", "USD", "million", "2024-12-31", "Cash and cash equivalents | $ | 5,000", "5000000000", ""},
		{"the column's day as printed", "b.txt", bs, "5,000", "USD", "million", "December 31, 2024", "Cash and cash equivalents | $ | 5,000", "5000000000", ""},
		{"the column's year", "b.txt", bs, "5,000", "USD", "million", "2024", "Cash and cash equivalents | $ | 5,000", "5000000000", ""},
		{"another day of the year", "b.txt", bs, "5,000", "USD", "million", "2024-03-31", "Cash and cash equivalents | $ | 5,000", "", fault.PeriodMismatch},
	})
}

// TestGroundingHostileFifth: a second hostile review. Titles and
// introducing lines below a table that may head the next section give no
// fix; national currencies named in words; share counts are no money.
func TestGroundingHostileFifth(t *testing.T) {
	const fees = "Fee Category | 2024 | 2023\nAudit fees | $1,250,000 | $1,100,000\nTax fees | $250,000 | $200,000\n\n"
	paragraphs := strings.Repeat("The Company's credit agreement contains customary covenants.\n\n", 9)
	for _, tc := range []struct {
		name, after string
		fix         bool
	}{
		{"a comparison titled with the years", "Item 7. Management's Discussion and Analysis\n\nComparison of Fiscal 2024 to Fiscal 2023 (In millions)\n\nNet sales grew.\n", false},
		{"results for the years", "RESULTS OF OPERATIONS FOR 2024 COMPARED TO 2023 (in thousands)\n\nNet sales grew.\n", false},
		{"one word in common, far past a note", "NOTE 9 — CREDIT FACILITY\n\n" + paragraphs + "Commitment fees under the facility were as follows (in thousands):\n", false},
		{"the next statement's title", "CONSOLIDATED STATEMENTS OF CASH FLOWS\n\n(In thousands)\n\nNet cash provided by operations was 5,000.\n", false},
		{"a section's highlights", "Balance Sheet Highlights\n\n(In thousands)\n\nCash rose.\n", false},
		{"a bare declaration right below", "(In thousands, except per share data)\n\nThe fees were approved.\n", true},
		{"the company's running head", "ACME HOLDINGS, INC. AND SUBSIDIARIES\n(Dollars in thousands, except per share data)\n\nThe fees were approved.\n", true},
		{"the notes' head under a company's name", "Table of Contents\nACME HOLDINGS, INC.\nNOTES TO CONSOLIDATED FINANCIAL STATEMENTS\n(In thousands, except per share data)\n\nThe notes follow.\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := groundOne(t, "f.txt", fees+tc.after, Input{Display: "1,250,000", Unit: "USD", Period: "2024", Quote: "Audit fees | $1,250,000"})
			require.Error(t, err)
			if tc.fix {
				require.NotEmpty(t, Describe(err).Fix, "%v", err)
			} else {
				require.Empty(t, Describe(err).Fix, "%v", err)
			}
		})
	}
	const (
		twd    = "(In Thousands of New Taiwan Dollars)\n | 2024 | 2023\nRevenue | NT$ | 5,000 | NT$ | 4,000\n"
		brl    = "(R$ million)\n | 2024 | 2023\nNet revenue | 5,000 | 4,000\n"
		counts = "(€ million)\n | 2024 | 2023\nRevenue | 5,000 | 4,000\nNumber of shares outstanding | 412 | 415\nTreasury shares | (12) | (10)\n"
		uk     = " | 2024 £m | 2023 £m\nRevenue | 5,000 | 4,000\nWeighted average number of ordinary shares (million) | 1,234.5 | 1,230.1\n"
	)
	runReview(t, []reviewCase{
		{"New Taiwan dollars are no USD", "t.txt", twd, "5,000", "USD", "thousand", "2024", "Revenue | NT$ | 5,000", "", fault.QuoteMismatch},
		{"New Taiwan dollars", "t.txt", twd, "5,000", "TWD", "thousand", "2024", "Revenue | NT$ | 5,000", "5000000", ""},
		{"R$ million are no USD", "b.txt", brl, "5,000", "USD", "million", "2024", "Net revenue | 5,000", "", fault.QuoteMismatch},
		{"a count of shares is no money", "c.txt", counts, "412", "EUR", "million", "2024", "Number of shares outstanding | 412", "", fault.ScaleMismatch},
		{"treasury shares are money", "c.txt", counts, "(12)", "EUR", "million", "2024", "Treasury shares | (12)", "-12000000", ""},
		{"a weighted average of shares under £m", "u.txt", uk, "1,234.5", "GBP", "million", "2024", "Weighted average number of ordinary shares (million) | 1,234.5", "", fault.QuoteMismatch},
		{"the shares themselves", "u.txt", uk, "1,234.5", "count:shares", "million", "2024", "Weighted average number of ordinary shares (million) | 1,234.5", "1234500000", ""},
	})
}

// TestGroundingCountsUnderTableScale: a scale stated for a whole table
// may or may not speak of the counts a row names ("Number of stores"
// under "(In millions, except per share data)" is no count of millions;
// "Number of passengers carried" under "(In thousands)" may be): the
// number is refused whatever its scale, without a fix. A declaration
// that names the counts ("(Units in thousands)") governs them.
func TestGroundingCountsUnderTableScale(t *testing.T) {
	const (
		stats = "OPERATING STATISTICS\n(In thousands)\n | 2024 | 2023\nRevenue | $ | 5,000 | $ | 4,000\nNumber of passengers carried | 12,345 | 11,000\n"
		units = "(Units in thousands)\n | 2024 | 2023\nNumber of units sold | 1,789 | 1,700\n"
	)
	for _, scale := range []string{"", "thousand"} {
		src, err := quote.NewSources(map[string]string{"s.txt": stats})
		require.NoError(t, err)
		_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "12,345", Unit: "count:passengers", Scale: scale, Period: "2024",
			Provenance: ProvenanceText, Source: "s.txt", Quote: "Number of passengers carried | 12,345"}}})
		require.Error(t, err, scale)
		require.Empty(t, Describe(err).Fix, "%v", err)
	}
	runReview(t, []reviewCase{{"units in thousands", "u.txt", units, "1,789", "count:units", "thousand", "2024", "Number of units sold | 1,789", "1789000", ""}})
}

// TestGroundingGluedScales: a corner cell or caption that glues a code to
// its scale ("DKKm", "mEUR"), states the scale as a count without a
// bracket ("Amounts in DKK 1,000") or prints "$000" scales the table; a
// cell's "EUR 1,000" stays an amount.
func TestGroundingGluedScales(t *testing.T) {
	for _, x := range []struct{ corner, unit, scale string }{
		{"DKKm", "DKK", "million"}, {"(EURm)", "EUR", "million"}, {"mEUR", "EUR", "million"},
		{"DKK 1,000", "DKK", "thousand"}, {"Amounts in DKK 1,000", "DKK", "thousand"}, {"$000", "USD", "thousand"},
	} {
		for _, layout := range []string{"Income statement\n%s | Note | 2024 | 2023\nRevenue | 2 | 12,041 | 11,184\n", "Income statement\n%s\n | Note | 2024 | 2023\nRevenue | 2 | 12,041 | 11,184\n"} {
			src, err := quote.NewSources(map[string]string{"c.txt": fmt.Sprintf(layout, x.corner)})
			require.NoError(t, err)
			calc := func(scale string) error {
				_, err := Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "12,041", Unit: x.unit, Scale: scale, Period: "2024",
					Provenance: ProvenanceText, Source: "c.txt", Quote: "Revenue | 2 | 12,041"}}})
				return err
			}
			require.NoError(t, calc(x.scale), x.corner)
			err = calc("")
			require.Error(t, err, x.corner)
			require.Equal(t, []fault.Fix{{Field: "inputs[0].scale", Value: x.scale}}, Describe(err).Fix, x.corner)
		}
	}
	runReview(t, []reviewCase{{"a cell's amount", "v.txt", " | 2024 | 2023\nFee | EUR 1,000 | EUR 900\n", "1,000", "EUR", "", "2024", "Fee | EUR 1,000", "1000", ""}})
}

// TestGroundingPeriodLength: a quarter is no half year: an input whose
// period runs another length than its column's is refused with the
// column's period as the fix; a row that names its own period, a row of
// its own that names one, and a row printed for two periods are read by
// the period they name.
func TestGroundingPeriodLength(t *testing.T) {
	const (
		quarterly = "(In millions)\n | Three Months Ended June 30, 2024 | Six Months Ended June 30, 2024\nRevenue | 1,200 | 2,300\n"
		rows      = "(In millions)\n | Asset-Related Costs | Total\nCosts incurred for the six months ended December 31, 2024 | 41 | 933\nCosts incurred for the three months ended March 31, 2025 | 27 | 55\n"
		twice     = "Nine months ended September 30, 2022\nNet loss | $ | (17,993)\nWeighted average common shares outstanding | 138,848,177\n\n" +
			"Three months ended September 30, 2022\nNet loss | $ | (10,438)\nWeighted average common shares outstanding | 138,848,177\n"
	)
	runReview(t, []reviewCase{
		{"the quarter", "q.txt", quarterly, "1,200", "USD", "million", "Q2 2024", "Revenue | 1,200", "1200000000", ""},
		{"the half year is no quarter", "q.txt", quarterly, "2,300", "USD", "million", "Q2 2024", "Revenue | 1,200 | 2,300", "", fault.PeriodMismatch},
		{"the half year", "q.txt", quarterly, "2,300", "USD", "million", "H1 2024", "Revenue | 1,200 | 2,300", "2300000000", ""},
		{"the quarter is no half year", "q.txt", quarterly, "1,200", "USD", "million", "H1 2024", "Revenue | 1,200", "", fault.PeriodMismatch},
		{"the half year as a range", "q.txt", quarterly, "2,300", "USD", "million", "2024-01-01..2024-06-30", "Revenue | 1,200 | 2,300", "2300000000", ""},
		{"a row's own period", "r.txt", rows, "933", "USD", "million", "2024-07-01..2024-12-31", "Costs incurred for the six months ended December 31, 2024 | 41 | 933", "933000000", ""},
		{"a row's own period, not a quarter", "r.txt", rows, "933", "USD", "million", "Q4 2024", "Costs incurred for the six months ended December 31, 2024 | 41 | 933", "", fault.PeriodMismatch},
		{"a row printed for two periods", "w.txt", twice, "138,848,177", "count:shares", "", "2022-01-01..2022-09-30", "Weighted average common shares outstanding | 138,848,177", "138848177", ""},
	})
}

// TestGroundingBeginningBalances: a beginning balance under a column
// headed by the date the period closes is the year before's close; a
// column headed by a day's start ("As at 1 April 2023") is the day
// before's close.
func TestGroundingBeginningBalances(t *testing.T) {
	const (
		roll    = "(In thousands)\n | December 31, 2024 | December 31, 2023\nBalance at beginning of year | $ | 1,000 | $ | 900\nAdditions | 300 | 200\nBalance at end of year | $ | 1,200 | $ | 1,000\n"
		india   = "(₹ in crore)\n | As at 1 April 2023 | Additions | Utilised | As at 31 March 2024\nWarranty | 120.40 | 30.10 | (25.00) | 125.50\n"
		quarter = "(In thousands)\n | Three Months Ended March 31, 2024 | Three Months Ended March 31, 2023\nBalance at beginning of period | $ | 1,000 | $ | 900\n" +
			"Additions | 200 | 100\nBalance at end of period | $ | 1,200 | $ | 1,000\n"
	)
	runReview(t, []reviewCase{
		{"the year before's close", "r.txt", roll, "1,000", "USD", "thousand", "2023-12-31", "Balance at beginning of year | $ | 1,000", "1000000", ""},
		{"the year's first day", "r.txt", roll, "1,000", "USD", "thousand", "2024-01-01", "Balance at beginning of year | $ | 1,000", "1000000", ""},
		{"not a period's close", "r.txt", roll, "1,000", "USD", "thousand", "2024-05-15", "Balance at beginning of year | $ | 1,000", "", fault.PeriodMismatch},
		{"not a half year's close for a year's opening", "r.txt", roll, "1,000", "USD", "thousand", "2024-06-30", "Balance at beginning of year | $ | 1,000", "", fault.PeriodMismatch},
		{"the end of year is the column's", "r.txt", roll, "1,200", "USD", "thousand", "2024-12-31", "Balance at end of year | $ | 1,200", "1200000", ""},
		{"a day's start is the day before's close", "i.txt", india, "120.40", "INR", "crore", "2023-03-31", "Warranty | 120.40", "1204000000", ""},
		{"a period's opening under a date is a year before's close", "p.txt", strings.Replace(roll, "beginning of year", "beginning of period", 1), "1,000", "USD", "thousand", "2024-09-30", "Balance at beginning of period | $ | 1,000", "", fault.PeriodMismatch},
		{"a quarter's opening", "q.txt", quarter, "1,000", "USD", "thousand", "2023-12-31", "Balance at beginning of period | $ | 1,000", "1000000", ""},
		{"a quarter's opening is not its close", "q.txt", quarter, "1,000", "USD", "thousand", "2024-03-31", "Balance at beginning of period | $ | 1,000", "", fault.PeriodMismatch},
		{"a quarter's opening is not a year before", "q.txt", quarter, "1,000", "USD", "thousand", "2023-03-31", "Balance at beginning of period | $ | 1,000", "", fault.PeriodMismatch},
		{"a quarter's close", "q.txt", quarter, "1,200", "USD", "thousand", "2024-03-31", "Balance at end of period | $ | 1,200", "1200000", ""},
		{"a quarter's close is not its opening", "q.txt", quarter, "1,200", "USD", "thousand", "2023-12-31", "Balance at end of period | $ | 1,200", "", fault.PeriodMismatch},
	})
	src, err := quote.NewSources(map[string]string{"r.txt": roll})
	require.NoError(t, err)
	_, err = Calculate(&Request{ID: "x", Formula: "x", Sources: src, Inputs: []Input{{Name: "x", Display: "1,000", Unit: "USD", Scale: "thousand", Period: "2024-05-15",
		Provenance: ProvenanceText, Source: "r.txt", Quote: "Balance at beginning of year | $ | 1,000"}}})
	require.Empty(t, Describe(err).Fix, "no fix names the column's close for a beginning balance: %v", err)
}

// TestGroundingNumericDates: a column headed by a numeric date read in
// the one order that reads it ("31/12/2024", "31.12.2024") is that day's;
// a label's year is no amount; a row quoted past its label in a text
// layout's spaces means its value, not the label's number.
func TestGroundingNumericDates(t *testing.T) {
	const (
		slash = "(EUR million)\n | 31/12/2024 | 31/12/2023\nCash | 5,000 | 4,000\n"
		dots  = "(EUR million)\n | 31.12.2024 | 31.12.2023\nCash | 5,000 | 4,000\n"
		loan  = "(In millions)\n | 2024 | 2023\nTerm loan due 2026 | 2,026 | 1,900\n"
		par   = "(In thousands, except per share data)\n                                                      2024       2023\n" +
			"Preferred stock, $1,000 par value; 1,000 shares issued     1,000      1,000\n"
	)
	runReview(t, []reviewCase{
		{"the slash date's day", "s.txt", slash, "5,000", "EUR", "million", "2024-12-31", "Cash | 5,000", "5000000000", ""},
		{"not another day", "s.txt", slash, "5,000", "EUR", "million", "2024-06-30", "Cash | 5,000", "", fault.PeriodMismatch},
		{"not another day, dots", "d.txt", dots, "5,000", "EUR", "million", "2024-06-30", "Cash | 5,000", "", fault.PeriodMismatch},
		{"a label's year is no amount", "l.txt", loan, "2026", "USD", "million", "2024", "Term loan due 2026", "", fault.QuoteMismatch},
		{"the loan itself", "l.txt", loan, "2,026", "USD", "million", "2024", "Term loan due 2026 | 2,026", "2026000000", ""},
		{"a value past the label's spaces", "p.txt", par, "1,000", "USD", "", "2024", "Preferred stock, $1,000 par value; 1,000 shares issued     1,000", "", fault.ScaleMismatch},
	})
}

// TestGroundingHostileSixth: a third hostile review, of the periods. A
// column's length is read from all its headers ("Three Months Ended"
// over "June 30, 2024"), and an input's from words as well as codes; a
// range must end where its column does; a row naming its own period does
// not override dated columns; glued codes beside a number are its unit;
// a section's "Amounts in EUR 1,000" does not scale prose.
func TestGroundingHostileSixth(t *testing.T) {
	const (
		tenQ     = "(In millions)\nThree Months Ended | Six Months Ended\nJune 30, 2024 | June 30, 2023 | June 30, 2024 | June 30, 2023\nRevenue | 1,200 | 1,100 | 2,300 | 2,150\n"
		release  = "(In millions)\n | Q4 2024 | Q4 2023 | FY 2024 | FY 2023\nRevenue | 1,300 | 1,200 | 4,900 | 4,600\n"
		quarter9 = "(In millions)\n | Three Months Ended September 30, 2024 | Nine Months Ended September 30, 2024\nRevenue | 1,200 | 3,600\n"
		deferred = "(In millions)\n | December 31, 2024 | December 31, 2023\nDeferred revenue expected to be recognized in the twelve months ending December 31, 2025 | 800 | 700\n"
		prose    = "Amounts in EUR 1,000\n\nThe entry fee is EUR 1,000 per participant.\n"
		glued    = "Order intake was 5 mEUR in 2024, and 120 orders were booked.\n"
	)
	runReview(t, []reviewCase{
		{"a half year under an upper row is no quarter", "q.txt", tenQ, "2,300", "USD", "million", "Q2 2024", "Revenue | 1,200 | 1,100 | 2,300", "", fault.PeriodMismatch},
		{"a quarter under an upper row is no half year", "q.txt", tenQ, "1,200", "USD", "million", "H1 2024", "Revenue | 1,200", "", fault.PeriodMismatch},
		{"the quarter under an upper row", "q.txt", tenQ, "1,200", "USD", "million", "Q2 2024", "Revenue | 1,200", "1200000000", ""},
		{"a year is no quarter", "r.txt", release, "4,900", "USD", "million", "Q4 2024", "Revenue | 1,300 | 1,200 | 4,900", "", fault.PeriodMismatch},
		{"a quarter is no year", "r.txt", release, "1,300", "USD", "million", "FY2024", "Revenue | 1,300", "", fault.PeriodMismatch},
		{"a period in words", "n.txt", quarter9, "3,600", "USD", "million", "Three months ended September 30, 2024", "Revenue | 1,200 | 3,600", "", fault.PeriodMismatch},
		{"a quarter that ends elsewhere", "n.txt", quarter9, "1,200", "USD", "million", "2024-04-01..2024-06-30", "Revenue | 1,200", "", fault.PeriodMismatch},
		{"the quarter as a range", "n.txt", quarter9, "1,200", "USD", "million", "2024-07-01..2024-09-30", "Revenue | 1,200", "1200000000", ""},
		{"a row's words do not override dated columns", "d.txt", deferred, "700", "USD", "million", "2023-12-31", "Deferred revenue expected to be recognized in the twelve months ending December 31, 2025 | 800 | 700", "700000000", ""},
		{"a fee in prose", "p.txt", prose, "1,000", "EUR", "", "", "The entry fee is EUR 1,000 per participant.", "1000", ""},
		{"a number beside a glued code", "g.txt", glued, "120", "count:orders", "", "2024", "120 orders were booked", "120", ""},
	})
}

// TestGroundingHonestPeriods: an honest review of the period rules.
// "Six Months Ended" on a line of its own over the dates gives the
// columns their length; a length before a fiscal year ("H1 FY25", "9M
// FY25") is that length; the close of the day before a column headed by
// a day's start is its balance, across a year's end.
func TestGroundingHonestPeriods(t *testing.T) {
	const (
		cash    = "(In millions)\nSix Months Ended\nJul 27, 2025 | Jul 28, 2024\nCash and cash equivalents at beginning of year | 8,589 | 7,280\nNet income | 45,197 | 31,480\n"
		half    = "(In millions)\n | Six Months Ended March 29, 2025 | Six Months Ended March 30, 2024\nRevenue | 219,659 | 209,586\n"
		opening = "(EUR million)\n | 31 December 2024 | 31 December 2023 | 1 January 2023\nTotal equity | 5,200 | 4,900 | 4,700\n"
	)
	runReview(t, []reviewCase{
		{"a fiscal year's opening in a half year's statement", "c.txt", cash, "8,589", "USD", "million", "2025-01-26", "Cash and cash equivalents at beginning of year | 8,589", "8589000000", ""},
		{"a half year is no quarter, over its own line", "c.txt", cash, "45,197", "USD", "million", "Q2 2025", "Net income | 45,197", "", fault.PeriodMismatch},
		{"H1 before a fiscal year", "h.txt", half, "219,659", "USD", "million", "6M FY2025", "Revenue | 219,659", "219659000000", ""},
		{"the day before a day's start, across a year's end", "o.txt", opening, "4,700", "EUR", "million", "2022-12-31", "Total equity | 5,200 | 4,900 | 4,700", "4700000000", ""},
	})
}

// TestGroundingMaturityYear: a year in a column of maturities is no
// amount; the amounts beside it are.
func TestGroundingMaturityYear(t *testing.T) {
	const debt = "(In millions)\n | Maturity | 2024 | 2023\nTerm loan | 2026 | 400 | 450\nSenior notes | 2030 | 1,500 | 1,500\n"
	runReview(t, []reviewCase{
		{"the maturity's year", "d.txt", debt, "2026", "USD", "million", "2024", "Term loan | 2026", "", fault.QuoteMismatch},
		{"the loan", "d.txt", debt, "400", "USD", "million", "2024", "Term loan | 2026 | 400", "400000000", ""},
		{"the notes", "d.txt", debt, "1,500", "USD", "million", "2024", "Senior notes | 2030 | 1,500", "1500000000", ""},
	})
}

// A note's roll-forward that states no scale and ends on the statement's
// balance is in the statement's scale: the fix names the statement's
// caption and where the figures tie; columns that are not the table's
// shares column hold amounts whatever a row's label names.
func TestGroundingTiedTable(t *testing.T) {
	const doc = "STATEMENTS OF STOCKHOLDERS' DEFICIT\n(in thousands, except share data)\n" +
		" | Common Stock Shares | Amount | Additional Paid-In Capital | Accumulated Deficit\n" +
		"Balance as of July 22, 2023 | 37,159,600 | $ | 4 | $ | 359,753 | $ | (467,023)\n\n" +
		"Note 3. Merger\n\nThe shares issued and amounts recorded are reflected below.\n\n" +
		"Common shares | Common stock amount | APIC | Accumulated Deficit\n" +
		"Shares issued as consideration | 16,500,000 | 2 | 189,633 | —\n" +
		"Total | 37,159,600 | $ | 4 | $ | 359,753 | $ | (467,023)\n"
	runReview(t, []reviewCase{
		{"an amount in thousands", "d.txt", doc, "189,633", "USD", "thousand", "", "Shares issued as consideration | 16,500,000 | 2 | 189,633", "189633000", ""},
		{"as printed", "d.txt", doc, "189,633", "USD", "", "", "Shares issued as consideration | 16,500,000 | 2 | 189,633", "", fault.ScaleMismatch},
		{"the shares", "d.txt", doc, "16,500,000", "count:shares", "", "", "Shares issued as consideration | 16,500,000", "16500000", ""},
		{"the shares in thousands", "d.txt", doc, "16,500,000", "count:shares", "thousand", "", "Shares issued as consideration | 16,500,000", "", fault.ScaleMismatch},
		{"the stock amount", "d.txt", doc, "2", "USD", "thousand", "", "Shares issued as consideration | 16,500,000 | 2", "2000", ""},
	})
	_, err := groundOne(t, "d.txt", doc, Input{Display: "189,633", Unit: "USD", Quote: "Shares issued as consideration | 16,500,000 | 2 | 189,633"})
	e := Describe(err)
	require.Contains(t, e.Message, `the caption of table 1, whose row "Balance as of July 22, 2023" prints every figure of the row "Total"`)
	require.Contains(t, e.Hint, `give scale "thousand"`)
	require.NotNil(t, e.Fix)
}

// A text rendering of a statement of equity that dropped empty cells: a
// sparse row that foots says which of its values are amounts and which
// is the shares column's.
func TestGroundingFootedRows(t *testing.T) {
	const doc = "CONSOLIDATED STATEMENTS OF SHAREHOLDERS' EQUITY\n" +
		"Dollars in millions; shares in thousands | Common Stock | Preferred Stock | Retained Earnings | Treasury Stock | Total Equity\n" +
		"Shares | Amount\n" +
		"BALANCE JUNE 30, 2024 | 2,357,051 | $4,009 | $798 | $123,811 | ($77,737) | $50,882\n" +
		"Net earnings | 12,359 | 80 | 12,439\n" +
		"Treasury stock purchases | (34,235) | (5,813) | (5,813)\n" +
		"BALANCE MARCH 31, 2025 | 2,344,542 | $4,009 | $781 | $128,919 | ($82,445) | $51,265\n"
	runReview(t, []reviewCase{
		{"net earnings", "d.txt", doc, "12,359", "USD", "million", "", "Net earnings | 12,359", "12359000000", ""},
		{"net earnings as shares", "d.txt", doc, "12,359", "count:shares", "thousand", "", "Net earnings | 12,359", "", fault.ScaleMismatch},
		{"shares bought back", "d.txt", doc, "(34,235)", "count:shares", "thousand", "", "Treasury stock purchases | (34,235)", "-34235000", ""},
		{"shares bought back as dollars", "d.txt", doc, "(34,235)", "USD", "million", "", "Treasury stock purchases | (34,235)", "", fault.ScaleMismatch},
		{"their cost", "d.txt", doc, "(5,813)", "USD", "million", "", "Treasury stock purchases | (34,235) | (5,813)", "-5813000000", ""},
	})
}

// Zero is zero at any scale: "$0" in a label that states millions, under
// a caption that states thousands, is accepted either way.
func TestGroundingZeroAnyScale(t *testing.T) {
	const doc = "(in thousands)\n | 2024 | 2023\nNet gains, net of tax of $(2) million, $0, and $0, respectively | 7,113 | —\n"
	const q = "Net gains, net of tax of $(2) million, $0, and $0, respectively"
	runReview(t, []reviewCase{
		{"millions", "d.txt", doc, "0", "USD", "million", "", q, "0", ""},
		{"thousands", "d.txt", doc, "0", "USD", "thousand", "", q, "0", ""},
		{"the dash", "d.txt", doc, "7,113", "USD", "million", "2024", q + " | 7,113", "", fault.ScaleMismatch},
	})
}

// A honest review of ties: a table of percents whose rows print 100.0 three
// times, which a segment table's total prints too, and an option table
// whose body repeats its years, as a statement's body does, tie to
// nothing; a repurchase table's "Approximate Dollar Value of Shares That
// May Yet Be Purchased" is money.
func TestGroundingTiesThatAreNot(t *testing.T) {
	const pct = "Results of Operations\n\nRevenue by segment (dollars in millions):\n" +
		" | 2024 | % of total | 2023 | % of total | 2022 | % of total\n" +
		"Consumer | $ | 2,231.4 | 54.1 | % | $ | 2,050.2 | 52.6 | % | $ | 1,880.7 | 51.0 | %\n" +
		"Enterprise | 1,893.1 | 45.9 | % | 1,847.6 | 47.4 | % | 1,806.9 | 49.0 | %\n" +
		"Total revenue | $ | 4,124.5 | 100.0 | % | $ | 3,897.8 | 100.0 | % | $ | 3,687.6 | 100.0 | %\n\n" +
		"The following table sets forth our results of operations as a percentage of revenue:\n" +
		" | 2024 | 2023 | 2022\n" +
		"Revenue | 100.0 | % | 100.0 | % | 100.0 | %\n" +
		"Gross margin | 58.8 | 58.0 | 56.5\n"
	const years = "CONSOLIDATED STATEMENTS OF INCOME\n(In millions except per share data)\n" +
		"Year Ended December 31, | 2024 | 2023 | 2022\n" +
		"Net operating revenues | 47,061 | 45,754 | 43,004\n" +
		"Supplemental data | 2024 | 2023 | 2022\n" +
		"Depreciation | 1,075 | 1,128 | 1,260\n\n" +
		"NOTE 13: STOCK-BASED COMPENSATION\n\n" +
		"The following table summarizes stock option activity under all plans:\n" +
		"Year Ended December 31, | 2024 | 2023 | 2022\n" +
		"Options granted | 6,421,300 | 7,112,550 | 7,842,100\n" +
		"As of December 31, | 2024 | 2023 | 2022\n" +
		"Shares available for future grant | 120,442,000 | 128,660,000 | 136,402,000\n"
	const repurchase = "Share repurchase activity during the three months ended September 28, 2024 was as follows (in millions, except number of shares, which are reflected in thousands, and per-share amounts):\n" +
		"Periods | Total Number of Shares Purchased | Average Price Paid Per Share | Total Number of Shares Purchased as Part of Publicly Announced Plans or Programs | Approximate Dollar Value of Shares That May Yet Be Purchased Under the Plans or Programs (1)\n" +
		"Open market and privately negotiated purchases | 42,910 | $ | 221.39 | 42,910\n" +
		"Total | 112,260 | $ | 89,074\n"
	runReview(t, []reviewCase{
		{"a percent", "m.txt", pct, "58.8", "percent", "", "2024", "Gross margin | 58.8 | 58.0 | 56.5", "58.8", ""},
		{"a percent as millions", "m.txt", pct, "58.8", "USD", "million", "2024", "Gross margin | 58.8 | 58.0 | 56.5", "", fault.ScaleMismatch},
		{"options as millions", "y.txt", years, "6,421,300", "count:shares", "million", "2024", "Options granted | 6,421,300 | 7,112,550 | 7,842,100", "", fault.ScaleMismatch},
		{"dollars left as printed", "r.txt", repurchase, "89,074", "USD", "", "", "Total | 112,260 | $ | 89,074", "", fault.ScaleMismatch},
		{"dollars left per share", "r.txt", repurchase, "89,074", "USD/count:shares", "", "", "Total | 112,260 | $ | 89,074", "", fault.ScaleMismatch},
	})
	r, err := groundOne(t, "y.txt", years, Input{Display: "6,421,300", Unit: "count:shares", Period: "2024", Quote: "Options granted | 6,421,300 | 7,112,550 | 7,842,100"})
	require.NoError(t, err, "a count of options as printed")
	require.Equal(t, "6421300", r.Result.Value)
	_, err = groundOne(t, "r.txt", repurchase, Input{Display: "89,074", Unit: "USD", Quote: "Total | 112,260 | $ | 89,074"})
	require.Error(t, err)
	require.Nil(t, Describe(err).Fix, "the column is not known: no scale is a fix")
}

// A hostile review of footing: a row whose values net to nothing, with
// its total left blank, does not foot; that the values after its first
// foot says nothing of the first.
func TestGroundingFootedBlankTotal(t *testing.T) {
	const doc = "CONSOLIDATED STATEMENTS OF SHAREHOLDERS' EQUITY\n" +
		"Dollars in millions; shares in thousands | Common Stock | Preferred Stock | Retained Earnings | Treasury Stock | Total Equity\n" +
		"Shares | Amount\n" +
		"BALANCE JUNE 30, 2024 | 2,357,051 | $4,009 | $798 | $123,811 | ($77,737) | $50,882\n" +
		"Conversion of preferred to common | (1,000) | 500 | 500\n" +
		"BALANCE MARCH 31, 2025 | 2,344,542 | $4,009 | $781 | $128,919 | ($82,445) | $51,265\n"
	runReview(t, []reviewCase{
		{"as shares", "d.txt", doc, "(1,000)", "count:shares", "thousand", "", "Conversion of preferred to common | (1,000)", "", fault.ScaleMismatch},
		{"as dollars", "d.txt", doc, "(1,000)", "USD", "million", "", "Conversion of preferred to common | (1,000)", "", fault.ScaleMismatch},
	})
}

// Reviews of what a column counts: a column that prints "$" in a table
// with a shares column holds money whatever a row's label names, but
// columns that only name a class hold what the rows count; a tie gives
// each column what the tied statement's column that prints the same
// figure means, and a per-share row ties no scale; the lowest head and a
// head that names its quantity outrank a row's label; a head that only
// declares names nothing.
func TestGroundingWhatColumnsCount(t *testing.T) {
	const classes = "(in thousands, except share amounts)\n\n" +
		" | Class A common shares | Class B | Total\n" +
		"Shares outstanding at December 31, 2024 | 120,500,000 | 30,250,000 | 150,750,000\n" +
		"Shares outstanding at December 31, 2023 | 119,000,000 | 30,250,000 | 149,250,000\n"
	const stmt = "CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY\n(in thousands, except share data)\n" +
		" | Class A Shares | Class A Amount | Class B Shares | Class B Amount | Treasury Shares | Treasury Amount | Additional Paid-In Capital | Total\n" +
		"Balance at December 31, 2023 | 30,000,000 | 3 | 5,000,000 | 1 | (1,250,000) | (12,500) | 359,753 | 347,257\n" +
		"Balance at December 31, 2024 | 30,500,000 | 3 | 5,000,000 | 1 | (1,450,000) | (14,900) | 369,753 | 354,857\n\n" +
		"Note 9. Capital stock\n\nThe changes in the number of shares were as follows.\n\n" +
		" | Class A | Class B | Treasury\n" +
		"Balance at December 31, 2023 | 30,000,000 | 5,000,000 | (1,250,000)\n" +
		"Issued under equity plans | 500,000 | — | —\n" +
		"Balance at December 31, 2024 | 30,500,000 | 5,000,000 | (1,450,000)\n"
	const eps = "CONSOLIDATED STATEMENTS OF OPERATIONS\n(in thousands, except per share data)\n" +
		" | 2024 | 2023 | 2022\n" +
		"Net income | 123,450 | 102,220 | 98,760\n" +
		"Basic net income per share | 12.30 | 10.21 | 9.874\n\n" +
		"Note 12. Earnings per share\n\n(Amounts in whole dollars)\n\n" +
		" | 2024 | 2023 | 2022\n" +
		"Net income | $ 123,450,112 | $ 102,220,400 | $ 98,760,020\n" +
		"Basic net income per share | 12.30 | 10.21 | 9.874\n"
	const rsu = "Restricted stock unit activity\n(in thousands)\n" +
		" | Shares | Weighted-Average Remaining Term | Aggregate Intrinsic Value\n" +
		"Nonvested shares at December 31, 2023 | 1,120 | 2.1 | 40,210\n" +
		"Nonvested shares at December 31, 2024 | 1,234 | 2.3 | 45,678\n"
	const options = "<p>STOCK OPTION ACTIVITY</p><p>(in thousands, except per share data)</p><table>" +
		"<tr><td></td><td>Shares</td><td>Weighted-average exercise price</td><td>Aggregate intrinsic value</td></tr>" +
		"<tr><td>Outstanding at December 31, 2024</td><td>4,475</td><td>$ 21.74</td><td>$ 61,905</td></tr>" +
		"<tr><td>Shares exercisable at December 31, 2024</td><td>2,890</td><td>$ 16.02</td><td>$ 48,120</td></tr></table>"
	const spac = "<p>STATEMENTS OF CHANGES IN SHAREHOLDERS' DEFICIT</p><p>(in thousands, except share data)</p><table>" +
		"<tr><td></td><td colspan=\"2\">Class A Ordinary Shares</td><td colspan=\"2\">Class B Ordinary Shares</td><td>Additional Paid-in Capital</td><td>Total</td></tr>" +
		"<tr><td></td><td>Shares</td><td>Amount</td><td>Shares</td><td>Amount</td><td></td><td></td></tr>" +
		"<tr><td>Balance as of December 31, 2023</td><td>1,250,000</td><td>$ 125</td><td>5,750,000</td><td>$ 575</td><td>$ 1,204,330</td><td>$ 1,205,030</td></tr></table>"
	const declaring = "<p>EARNINGS PER SHARE</p><table>" +
		"<tr><td></td><td colspan=\"2\">Amounts in millions; shares in thousands</td></tr>" +
		"<tr><td></td><td>2024</td><td>2023</td></tr>" +
		"<tr><td>Net earnings</td><td>$ 14,879</td><td>$ 14,653</td></tr>" +
		"<tr><td>Weighted average common shares outstanding</td><td>2,357,051</td><td>2,368,124</td></tr></table>"
	const q = "Shares outstanding at December 31, 2024 | 120,500,000 | 30,250,000"
	runReview(t, []reviewCase{
		{"a class's shares", "d.txt", classes, "30,250,000", "count:shares", "", "2024-12-31", q, "30250000", ""},
		{"a class's shares as dollars", "d.txt", classes, "30,250,000", "USD", "thousand", "2024-12-31", q, "", fault.ScaleMismatch},
		{"tied shares", "d.txt", stmt, "500,000", "count:shares", "", "2024", "Issued under equity plans | 500,000", "500000", ""},
		{"tied shares as dollars", "d.txt", stmt, "500,000", "USD", "thousand", "2024", "Issued under equity plans | 500,000", "", fault.ScaleMismatch},
		{"whole dollars", "d.txt", eps, "123,450,112", "USD", "", "2024", "Net income | $ 123,450,112", "123450112", ""},
		{"whole dollars in thousands", "d.txt", eps, "123,450,112", "USD", "thousand", "2024", "Net income | $ 123,450,112", "", fault.ScaleMismatch},
		{"a term", "d.txt", rsu, "2.3", "years", "", "2024-12-31", "Nonvested shares at December 31, 2024 | 1,234 | 2.3", "2.3", ""},
		{"a term in thousands", "d.txt", rsu, "2.3", "USD", "thousand", "2024-12-31", "Nonvested shares at December 31, 2024 | 1,234 | 2.3", "", fault.ScaleMismatch},
		{"an exercise price", "o.htm", options, "16.02", "USD/count:shares", "", "December 31, 2024", "Shares exercisable at December 31, 2024", "16.02", ""},
		{"the options", "o.htm", options, "2,890", "count:shares", "thousand", "December 31, 2024", "Shares exercisable at December 31, 2024", "2890000", ""},
		{"a class's amount", "s.htm", spac, "125", "USD", "thousand", "December 31, 2023", "Balance as of December 31, 2023", "125000", ""},
		{"a class's shares", "s.htm", spac, "1,250,000", "count:shares", "", "December 31, 2023", "Balance as of December 31, 2023", "1250000", ""},
		{"earnings under a declaring head", "e.htm", declaring, "14,879", "USD", "million", "2024", "Net earnings", "14879000000", ""},
		{"shares under a declaring head", "e.htm", declaring, "2,357,051", "count:shares", "thousand", "2024", "Weighted average common shares outstanding", "2357051000", ""},
	})
}

// Second reviews of what a column counts and of ties: a tie to a
// statement whose columns are periods gives a note's rows no scale (a
// count of dilutive awards is no amount in millions, a key metric's price
// no amount in thousands); a row's "useful lives" names no length; a year
// over "Amount | % of Revenue" leaves earnings per share and share counts
// to their rows; a head that declares for one column ("Shares in
// thousands") still names shares; a column headed shares is no currency
// at any scale; a length of time under a scale has no fix.
func TestGroundingWhatColumnsCountAgain(t *testing.T) {
	const stmt = "CONSOLIDATED STATEMENTS OF INCOME\n(in millions, except per share amounts)\n" +
		" | 2024 | 2023 | 2022\n" +
		"Net sales | 391,035 | 383,285 | 394,328\n" +
		"Net income | 93,736 | 96,995 | 99,803\n\n" +
		"Note 3. Earnings Per Share\n\n" +
		" | 2024 | 2023 | 2022\n" +
		"Net income | 93,736 | 96,995 | 99,803\n" +
		"Effect of dilutive share-based awards | 64,312 | 68,316 | 109,856\n"
	const kpi = "CONSOLIDATED STATEMENTS OF OPERATIONS\n(in thousands, except share and per share data)\n" +
		" | 2024 | 2023 | 2022\n" +
		"Total revenues | 1,234,560 | 1,102,220 | 998,760\n\n" +
		"Key operating metrics\n\n" +
		" | 2024 | 2023 | 2022\n" +
		"Total revenues | 1,234,560 | 1,102,220 | 998,760\n" +
		"Average daily rate | 245.67 | 231.10 | 220.45\n"
	const intangibles = "Intangible assets (in millions)\n | December 31, 2024 | December 31, 2023\n" +
		"Intangible assets with finite useful lives, gross | $ 4,210 | $ 3,980\n" +
		"Intangible assets with indefinite useful lives | 610 | 610\n"
	const mdna = "<p>RESULTS OF OPERATIONS</p><p>(in thousands, except share and per share amounts)</p><table>" +
		"<tr><td></td><td colspan=\"2\">2024</td><td colspan=\"2\">2023</td></tr>" +
		"<tr><td></td><td>Amount</td><td>% of Revenue</td><td>Amount</td><td>% of Revenue</td></tr>" +
		"<tr><td>Revenue</td><td>$ 412,450</td><td>100.0 %</td><td>$ 389,780</td><td>100.0 %</td></tr>" +
		"<tr><td>Diluted earnings per share</td><td>$ 2.41</td><td></td><td>$ 2.12</td><td></td></tr>" +
		"<tr><td>Diluted weighted average shares outstanding</td><td>25,410,332</td><td></td><td>25,480,114</td><td></td></tr></table>"
	const rsu = "<p>RSU activity</p><p>(in millions, except per share amounts)</p><table>" +
		"<tr><td></td><td>Shares in thousands</td><td>Weighted Average Grant Date Fair Value</td></tr>" +
		"<tr><td>Nonvested at December 31, 2024</td><td>3,410</td><td>$ 45.67</td></tr></table>"
	const sharesAmount = "<p>Share repurchases</p><p>(in thousands)</p><table>" +
		"<tr><td></td><td>Shares</td><td>Amount</td></tr>" +
		"<tr><td>Repurchased in 2024</td><td>1,000</td><td>$ 45,000</td></tr></table>"
	const deposits = "Average balances (Dollars in millions)\n | 2024 | 2023\nAverage term deposits | 12,345.6 | 11,002.3\n"
	const dil = "Effect of dilutive share-based awards | 64,312"
	runReview(t, []reviewCase{
		{"no tie: awards as millions", "a.txt", stmt, "64,312", "USD", "million", "2024", dil, "", fault.ScaleMismatch},
		{"no tie: a rate as thousands", "k.txt", kpi, "245.67", "USD", "thousand", "2024", "Average daily rate | 245.67", "", fault.ScaleMismatch},
		{"a useful-lives row", "i.txt", intangibles, "4,210", "USD", "million", "December 31, 2024", "Intangible assets with finite useful lives, gross | $ 4,210", "4210000000", ""},
		{"an indefinite-lives row", "i.txt", intangibles, "610", "USD", "million", "December 31, 2024", "Intangible assets with indefinite useful lives | 610", "610000000", ""},
		{"EPS under Amount", "m.htm", mdna, "2.41", "USD/count:shares", "", "2024", "Diluted earnings per share", "2.41", ""},
		{"EPS under Amount as thousands", "m.htm", mdna, "2.41", "USD", "thousand", "2024", "Diluted earnings per share", "", fault.ScaleMismatch},
		{"shares under Amount", "m.htm", mdna, "25,410,332", "count:shares", "", "2024", "Diluted weighted average shares outstanding", "25410332", ""},
		{"revenue under Amount", "m.htm", mdna, "412,450", "USD", "thousand", "2024", "Revenue $ 412,450", "412450000", ""},
		{"shares in thousands", "r.htm", rsu, "3,410", "count:shares", "thousand", "December 31, 2024", "Nonvested at December 31, 2024", "3410000", ""},
		{"shares in thousands as millions of dollars", "r.htm", rsu, "3,410", "USD", "million", "December 31, 2024", "Nonvested at December 31, 2024", "", fault.QuoteMismatch},
		{"a shares column as dollars", "s.htm", sharesAmount, "1,000", "USD", "thousand", "2024", "Repurchased in 2024", "", fault.QuoteMismatch},
		{"the shares", "s.htm", sharesAmount, "1,000", "count:shares", "thousand", "2024", "Repurchased in 2024", "1000000", ""},
		{"deposits as years", "b.txt", deposits, "12,345.6", "years", "", "2024", "Average term deposits | 12,345.6", "", fault.ScaleMismatch},
		{"deposits", "b.txt", deposits, "12,345.6", "USD", "million", "2024", "Average term deposits | 12,345.6", "12345600000", ""},
	})
	_, err := groundOne(t, "b.txt", deposits, Input{Display: "12,345.6", Unit: "years", Period: "2024", Quote: "Average term deposits | 12,345.6"})
	require.Nil(t, Describe(err).Fix, "no scale makes a deposit a number of years")
	_, err = groundOne(t, "s.htm", sharesAmount, Input{Display: "1,000", Unit: "USD", Scale: "thousand", Period: "2024", Quote: "Repurchased in 2024"})
	require.Equal(t, "count:shares", Describe(err).Fix[0].Value, "the column counts shares")
}

// An earnings-per-share reconciliation says by its columns what its
// numbers count: income, shares and the amount per share, whatever the
// row names ("Basic EPS"); the income as printed is no fix.
func TestGroundingEPSReconciliation(t *testing.T) {
	const doc = "NOTE 14. EARNINGS PER SHARE\n(in thousands, except per share amounts)\n" +
		"Year ended December 31, 2024 | Income (Numerator) | Shares (Denominator) | Per-Share Amount\n" +
		"Basic EPS | $ 123,450 | 45,120 | $ 2.74\n" +
		"Diluted EPS | $ 123,450 | 46,330 | $ 2.66\n"
	runReview(t, []reviewCase{
		{"income", "e.txt", doc, "123,450", "USD", "thousand", "2024", "Basic EPS | $ 123,450", "123450000", ""},
		{"income as printed", "e.txt", doc, "123,450", "USD", "", "2024", "Basic EPS | $ 123,450", "", fault.ScaleMismatch},
		{"shares", "e.txt", doc, "45,120", "count:shares", "thousand", "2024", "Basic EPS | $ 123,450 | 45,120", "45120000", ""},
		{"per share", "e.txt", doc, "2.74", "USD/count:shares", "", "2024", "Basic EPS | $ 123,450 | 45,120 | $ 2.74", "2.74", ""},
	})
	_, err := groundOne(t, "e.txt", doc, Input{Display: "123,450", Unit: "USD", Period: "2024", Quote: "Basic EPS | $ 123,450"})
	require.Equal(t, "thousand", Describe(err).Fix[0].Value, "the income's fix is its table's thousands")
}

// A third hostile review: a row's "average price" or "weighted average
// fair value" names an amount (only a column's head names a price per
// share); a per-share row under a column that names nothing stays per
// share unless the table gives per-share amounts a column of their own;
// "(m)" in a row's label is a footnote's mark; "Number (m)" heads a column
// of millions; "Stated capital" under "Common shares" is money.
func TestGroundingThirdReviewOfColumns(t *testing.T) {
	h7Repurch := "<p>Share repurchases</p><p>(in thousands, except per share amounts)</p><table>" +
		"<tr><td></td><td colspan=\"2\">2024</td><td colspan=\"2\">2023</td></tr>" +
		"<tr><td></td><td>Shares</td><td>Amount</td><td>Shares</td><td>Amount</td></tr>" +
		"<tr><td>Shares repurchased</td><td>1,234</td><td>$ 56,789</td><td>1,100</td><td>$ 45,100</td></tr>" +
		"<tr><td>Average price paid per share</td><td></td><td>$ 46.02</td><td></td><td>$ 41.00</td></tr></table>"
	h7Variance := "Revenue variance analysis\n(in millions)\n" +
		" | 2024 vs. 2023\n" +
		"Revenue, 2023 | $ 12,450\n" +
		"Change in average price | 1,234\n" +
		"Change in volume | (456)\n" +
		"Revenue, 2024 | $ 13,228\n"
	h7CashFlow := "CONSOLIDATED STATEMENTS OF CASH FLOWS\n(in millions)\n" +
		" | 2024 | 2023\n" +
		"Net income | 5,100 | 4,800\n" +
		"Repurchases of common stock at an average price of $52.31 per share | (1,250) | (980)\n" +
		"Weighted average fair value of awards vested during the year | 312 | 290\n"
	h7Equity := "<p>CONSOLIDATED STATEMENTS OF SHAREHOLDERS' EQUITY</p><p>(in thousands, except per share data)</p><table>" +
		"<tr><td></td><td>Shares</td><td>Common Stock</td><td>Retained Earnings</td><td>Total</td></tr>" +
		"<tr><td>Balance at December 31, 2023</td><td>45,120</td><td>$ 451</td><td>$ 912,340</td><td>$ 912,791</td></tr>" +
		"<tr><td>Cash dividends declared</td><td></td><td></td><td>(39,705)</td><td>(39,705)</td></tr>" +
		"<tr><td>Dividends declared per share</td><td></td><td></td><td>$ 0.88</td><td></td></tr>" +
		"<tr><td>Balance at December 31, 2024</td><td>45,120</td><td>$ 451</td><td>$ 872,635</td><td>$ 873,086</td></tr></table>"
	h7Canada := "<p>CONSOLIDATED STATEMENTS OF CHANGES IN EQUITY</p><p>(in thousands of Canadian dollars, except number of shares)</p><table>" +
		"<tr><td></td><td colspan=\"2\">Common shares</td><td></td><td></td></tr>" +
		"<tr><td></td><td>Number</td><td>Stated capital</td><td>Retained earnings</td><td>Total</td></tr>" +
		"<tr><td>Balance, December 31, 2023</td><td>98,765,432</td><td>1,234,567</td><td>456,789</td><td>1,691,356</td></tr>" +
		"<tr><td>Balance, December 31, 2024</td><td>99,000,000</td><td>1,250,000</td><td>500,000</td><td>1,750,000</td></tr></table>"
	h7UK := "Share capital\n" +
		" | 2024 Number of shares (m) | 2024 £m | 2023 Number (m) | 2023 £m\n" +
		"Ordinary shares of 25p each | 2,410.3 | 602.5 | 2,455.8 | 613.9\n"
	h7Proxy := "SECURITY OWNERSHIP OF CERTAIN BENEFICIAL OWNERS\n" +
		"Name of Beneficial Owner | Shares Beneficially Owned | Percent of Class\n" +
		"Jane Doe (l) | 1,234,567 | 2.1%\n" +
		"Restricted shares (m) | 45,678 | *\n" +
		"All directors and executive officers as a group | 2,345,678 | 4.0%\n"
	runReview(t, []reviewCase{
		{"a price variance", "v.txt", h7Variance, "1,234", "USD", "million", "", "Change in average price | 1,234", "1234000000", ""},
		{"a price variance as printed", "v.txt", h7Variance, "1,234", "USD", "", "", "Change in average price | 1,234", "", fault.ScaleMismatch},
		{"repurchases at an average price", "c.txt", h7CashFlow, "(1,250)", "USD", "million", "2024", "Repurchases of common stock at an average price of $52.31 per share | (1,250)", "-1250000000", ""},
		{"an average price paid", "r.htm", h7Repurch, "46.02", "USD/count:shares", "", "2024", "Average price paid per share", "46.02", ""},
		{"an average price paid in thousands", "r.htm", h7Repurch, "46.02", "USD", "thousand", "2024", "Average price paid per share", "", fault.ScaleMismatch},
		{"a dividend per share", "e.htm", h7Equity, "0.88", "USD/count:shares", "", "2024", "Dividends declared per share", "0.88", ""},
		{"a dividend per share in thousands", "e.htm", h7Equity, "0.88", "USD", "thousand", "2024", "Dividends declared per share", "", fault.ScaleMismatch},
		{"stated capital", "a.htm", h7Canada, "1,250,000", "CAD", "thousand", "December 31, 2024", "Balance, December 31, 2024", "1250000000", ""},
		{"a second year's shares", "u.txt", h7UK, "2,455.8", "count:shares", "million", "2023", "Ordinary shares of 25p each | 2,410.3 | 602.5 | 2,455.8", "2455800000", ""},
		{"a second year's shares as printed", "u.txt", h7UK, "2,455.8", "count:shares", "", "2023", "Ordinary shares of 25p each | 2,410.3 | 602.5 | 2,455.8", "", fault.ScaleMismatch},
		{"a footnote's mark", "p.txt", h7Proxy, "45,678", "count:shares", "", "", "Restricted shares (m) | 45,678", "45678", ""},
	})
}

// A third honest review: a text statement of equity whose rows name the
// shares they moved holds money in its other columns; a UK statement's
// "Ordinary shares £m" and "Share premium £m" hold money in every row; an
// option table's one-value summary rows under "Shares" mean what their
// labels name; an "Average Price" of homes is an amount in the table's
// thousands.
func TestGroundingThirdHonestReview(t *testing.T) {
	equity := "CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY\n(In thousands, except share data)\n" +
		" | Common Stock | Additional Paid-In | Accumulated | Total\n" +
		" | Shares | Amount | Capital | Deficit | Equity\n" +
		"Balance, December 31, 2023 | 45,210,334 | $ | 452 | $ | 512,330 | $ | (204,556) | $ | 308,226\n" +
		"Issuance of common stock upon exercise of stock options | 512,300 | 5 | 18,400 | — | 18,405\n" +
		"Shares issued in connection with acquisition | 1,000,000 | 10 | 44,990 | — | 45,000\n" +
		"Common shares withheld for taxes on vesting of RSUs | (120,000) | (1) | (5,399) | — | (5,400)\n" +
		"Issuance of common stock in public offering, net of issuance costs of $2,100 | 3,000,000 | 30 | 97,870 | — | 97,900\n" +
		"Net loss | — | — | — | (12,000) | (12,000)\n" +
		"Balance, December 31, 2024 | 49,602,634 | $ | 496 | $ | 668,191 | $ | (216,556) | $ | 452,131\n"
	homes := "Homebuilding operations\n(Dollars in thousands)\n" +
		" | Homes Delivered | Average Price | Revenues\n" +
		"East | 4,210 | $ | 512.3 | $ | 2,156,783\n" +
		"West | 3,105 | $ | 645.8 | $ | 2,005,209\n"
	soce := "Consolidated statement of changes in equity\n" +
		" | Ordinary shares £m | Share premium £m | Own shares £m | Retained earnings £m | Total equity £m\n" +
		"At 1 January 2024 | 614.0 | 1,204.5 | (45.6) | 3,210.8 | 4,983.7\n" +
		"Shares repurchased and cancelled | (12.2) | — | — | (310.4) | (322.6)\n" +
		"Shares issued under employee share schemes | 0.8 | 12.1 | — | — | 12.9\n" +
		"At 31 December 2024 | 602.6 | 1,216.6 | (45.6) | 2,900.4 | 4,674.0\n"
	options := "<p>Stock option activity</p><p>(shares in thousands)</p><table>" +
		"<tr><td></td><td>Shares</td><td>Weighted-average exercise price</td></tr>" +
		"<tr><td>Outstanding at December 31, 2024</td><td>4,475</td><td>$ 21.74</td></tr>" +
		"<tr><td>Aggregate intrinsic value (in millions)</td><td>61.9</td><td></td></tr>" +
		"<tr><td>Weighted-average grant-date fair value of options granted</td><td>12.34</td><td></td></tr>" +
		"</table>"
	const acq = "Shares issued in connection with acquisition | 1,000,000 | 10 | 44,990"
	runReview(t, []reviewCase{
		{"the shares issued", "e.txt", equity, "1,000,000", "count:shares", "", "2024", "Shares issued in connection with acquisition | 1,000,000", "1000000", ""},
		{"their paid-in capital", "e.txt", equity, "44,990", "USD", "thousand", "2024", acq, "44990000", ""},
		{"share capital in £m", "s.txt", soce, "0.8", "GBP", "million", "2024", "Shares issued under employee share schemes | 0.8", "800000", ""},
		{"share premium in £m", "s.txt", soce, "12.1", "GBP", "million", "2024", "Shares issued under employee share schemes | 0.8 | 12.1", "12100000", ""},
		{"an intrinsic value in millions", "o.htm", options, "61.9", "USD", "million", "", "Aggregate intrinsic value (in millions)", "61900000", ""},
		{"a grant-date fair value", "o.htm", options, "12.34", "USD/count:shares", "", "", "Weighted-average grant-date fair value of options granted", "12.34", ""},
		{"an average home's price", "h.txt", homes, "512.3", "USD", "thousand", "", "East | 4,210 | $ | 512.3", "512300", ""},
		{"an average home's price as printed", "h.txt", homes, "512.3", "USD", "", "", "East | 4,210 | $ | 512.3", "", fault.ScaleMismatch},
	})
}

// A price quoted per barrel or per Mcf is no amount in the table's
// millions: "(in millions, except per unit amounts)" excepts it, and no
// fix names millions for it.
func TestGroundingPricePerPhysicalUnit(t *testing.T) {
	const doc = "Results of operations (in millions, except per unit amounts)\n | 2024 | 2023\n" +
		"Oil revenues | $ | 4,120 | $ | 3,980\nAverage price per Bbl | $ | 76.45 | $ | 79.10\n"
	runReview(t, []reviewCase{
		{"the price", "o.txt", doc, "76.45", "USD", "", "2024", "Average price per Bbl | $ | 76.45", "76.45", ""},
		{"the price in millions", "o.txt", doc, "76.45", "USD", "million", "2024", "Average price per Bbl | $ | 76.45", "", fault.ScaleMismatch},
		{"the revenues", "o.txt", doc, "4,120", "USD", "million", "2024", "Oil revenues | $ | 4,120", "4120000000", ""},
	})
}
