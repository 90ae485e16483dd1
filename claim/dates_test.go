package claim_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

// sealedRequest calculates req and seals its receipt with testsign.Key(1).
func sealedRequest(t testing.TB, req *receipt.Request) *dsse.Envelope {
	t.Helper()
	return groundedEnvelope(t, req, testsign.Signer(testsign.Key(1)))
}

func dateIn(name, display string) receipt.Input {
	return receipt.Input{Name: name, Display: display, Unit: "date", Provenance: receipt.ProvenanceText}
}

func amountIn(name, display, unit string) receipt.Input {
	return receipt.Input{Name: name, Display: display, Unit: unit, Provenance: receipt.ProvenanceSystemOfRecord}
}

// The date receipts of the tests: the days of a coupon period, and the
// last 10 days resolved against an injected today of 2026-11-30.
func couponDays(t testing.TB) *dsse.Envelope {
	return sealedRequest(t, &receipt.Request{ID: "coupon", Operation: "days_between",
		Inputs: []receipt.Input{dateIn("start", "31 March 2003"), dateIn("end", "30 September 2003")}})
}

func lastTenDays(t testing.TB) *dsse.Envelope {
	return sealedRequest(t, &receipt.Request{ID: "filter", Operation: "date_range",
		Params: map[string]string{"phrase": "the last 10 days"}, Today: "2026-11-30"})
}

// invoice is a cost receipt of $0.0277: 3,080 tokens at $2.50 and 2,000 at
// $10 per million.
func invoice(t testing.TB) *dsse.Envelope {
	return sealedRequest(t, &receipt.Request{ID: "invoice", Operation: "cost", Inputs: []receipt.Input{
		amountIn("items[0].tokens", "3,080", "count:tokens"), amountIn("items[0].price", "2.50", "USD"),
		amountIn("items[0].per", "1,000,000", "number"), amountIn("items[1].tokens", "2,000", "count:tokens"),
		amountIn("items[1].price", "10", "USD"), amountIn("items[1].per", "1,000,000", "number")}})
}

// invoiceFacts are the application's token counts and prices the invoice
// receipt reads (its inputs are of provenance system_of_record).
var invoiceFacts = []claim.Fact{
	{Label: "input tokens", Value: "3,080", Unit: "count:tokens"}, {Label: "input price", Value: "2.50", Unit: "USD"},
	{Label: "per", Value: "1,000,000", Unit: "number"}, {Label: "output tokens", Value: "2,000", Unit: "count:tokens"},
	{Label: "output price", Value: "10", Unit: "USD"},
}

// TestGateBacksDates checks that a date receipt backs the dates and day
// counts it records, and that a date it contradicts (a guessed year) is
// refused.
func TestGateBacksDates(t *testing.T) {
	for _, tc := range []struct {
		name    string
		receipt func(testing.TB) *dsse.Envelope
		text    string
		refused []string
		reason  string
	}{
		{"day count", couponDays, "The coupon period is 183 days.", []string{}, "the days_between result"},
		{"wrong day count", couponDays, "The coupon period is 182 days.", []string{fault.NotBacked}, "one day off"},
		{"period", couponDays, "The coupon period runs from 31 March 2003 to 30 September 2003.", []string{},
			"the start and end the receipt read"},
		{"wrong period", couponDays, "The coupon period runs from 31 March 2003 to 30 September 2004.",
			[]string{fault.DateNotBacked}, "a year the receipt does not have"},
		{"range ISO", lastTenDays, "Documents created from 2026-11-21 to 2026-11-30 are listed below.", []string{},
			"the date_range interval"},
		{"range printed", lastTenDays, "Documents created from 21 November 2026 to 30 November 2026 are listed below.", []string{},
			"the same dates as printed"},
		{"last 10 days", lastTenDays, "Documents created in the last 10 days, from 2026-11-21 to 2026-11-30.", []string{},
			"the count of days is a step"},
		{"guessed year", lastTenDays, "Documents created from 2024-11-21 to 2024-11-30 are listed below.",
			[]string{fault.DateNotBacked}, "a model that guessed today from its training data"},
		{"one day off", lastTenDays, "Documents created from 2026-11-20 to 2026-11-30 are listed below.",
			[]string{fault.DateNotBacked}, "eleven days, not ten"},
		{"today", lastTenDays, "As of 30 November 2026, these are the documents.", []string{}, "today is a step of the receipt"},
		{"another date", lastTenDays, "As of 29 November 2026, these are the documents.", []string{fault.DateNotBacked},
			"a date the receipt does not record"},
		{"ambiguous", lastTenDays, "Documents created since 03/04/2026.", []string{"ambiguous_date"},
			"a date the reader cannot read is refused, never guessed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{tc.receipt(t)}},
				testRing(t, 1), receipt.Policy{}, claim.Options{})
			require.Equal(t, tc.refused, refusalCodes(rep), "%s: %+v", tc.reason, rep.Refusals)
			require.Equal(t, len(tc.refused) == 0, rep.OK)
		})
	}
}

// TestDateRefusalNamesTheReceiptsRange checks that a guessed range is
// refused with a message naming the range the receipt has.
func TestDateRefusalNamesTheReceiptsRange(t *testing.T) {
	text := "Documents created from 2024-11-21 to 2024-11-30."
	rep := claim.Check(claim.Request{Text: text, Receipts: []*dsse.Envelope{lastTenDays(t)}},
		testRing(t, 1), receipt.Policy{}, claim.Options{})
	require.Len(t, rep.Refusals, 1)
	r := rep.Refusals[0]
	require.Contains(t, r.Message, "2026-11-21/2026-11-30")
	require.Equal(t, "from 2024-11-21 to 2024-11-30", text[r.Span[0]:r.Span[1]])
	require.NotEmpty(t, r.Hint)
}

// TestDatesAreLabelsWithoutDateReceipts checks that, as before, dates are
// not claims when no receipt records a date.
func TestDatesAreLabelsWithoutDateReceipts(t *testing.T) {
	text := "Filed on 2 March 2024; documents from 2024-11-21 to 2024-11-30; the total is $0.0277."
	rep := claim.Check(claim.Request{Text: text, Receipts: []*dsse.Envelope{invoice(t)}, Facts: invoiceFacts},
		testRing(t, 1), receipt.Policy{}, claim.Options{})
	require.True(t, rep.OK, "%+v", rep.Refusals)
}

// TestCostReceiptBacksInvoice checks that a cost receipt backs an invoice
// figure in prose, and refuses one it contradicts.
func TestCostReceiptBacksInvoice(t *testing.T) {
	for _, tc := range []struct {
		text    string
		backed  bool
		mention string
	}{
		{"This conversation cost $0.0277.", true, "$0.0277"},
		{"This conversation cost $0.0278.", false, "$0.0278"},
		{"This conversation cost $0.03.", true, "$0.03"},
	} {
		rep := claim.Check(claim.Request{Text: tc.text, Receipts: []*dsse.Envelope{invoice(t)}, Facts: invoiceFacts},
			testRing(t, 1), receipt.Policy{}, claim.Options{})
		m := mention(t, rep, tc.mention)
		require.Equal(t, tc.backed, m.Backed, "%s: %+v", tc.text, m)
		require.Equal(t, tc.backed, rep.OK)
		if tc.backed {
			require.Equal(t, "result", m.By.Field)
		}
	}
}

// TestDateFacts checks that an application's date or interval fact backs
// dates as a date receipt does, and that a bad one is refused.
func TestDateFacts(t *testing.T) {
	facts := []claim.Fact{{Label: "today", Value: "2026-11-30", Unit: "date"},
		{Label: "filter", Value: "2026-11-21/2026-11-30", Unit: "interval"}}
	for _, tc := range []struct {
		text    string
		refused []string
	}{
		{"As of 30 November 2026, documents from 2026-11-21 to 2026-11-30.", []string{}},
		{"As of 30 November 2024, documents from 2026-11-21 to 2026-11-30.", []string{fault.DateNotBacked}},
		{"Documents from 2024-11-21 to 2024-11-30.", []string{fault.DateNotBacked}},
	} {
		rep := claim.Check(claim.Request{Text: tc.text, Facts: facts}, testRing(t, 1), receipt.Policy{}, claim.Options{})
		require.Equal(t, tc.refused, refusalCodes(rep), "%s: %+v", tc.text, rep.Refusals)
	}
	for _, bad := range []claim.Fact{{Label: "today", Value: "30/11/2026", Unit: "date"},
		{Label: "filter", Value: "2026-11-30/2026-11-21", Unit: "interval"},
		{Label: "today", Value: "2026-11-30", Unit: "date", Scale: "million"}} {
		rep := claim.Check(claim.Request{Text: "Nothing.", Facts: []claim.Fact{bad}}, testRing(t, 1), receipt.Policy{}, claim.Options{})
		require.NotNil(t, rep.Error, "%+v", bad)
		require.Equal(t, fault.BadFact, rep.Error.Code)
	}
}

// FuzzCheckDates runs the gate over any text with a date receipt and a
// date fact, so that every date the reader finds is judged: it must never
// panic, and every refusal's span must lie in the text.
func FuzzCheckDates(f *testing.F) {
	for _, s := range []string{
		"Documents created from 2024-11-21 to 2024-11-30.",
		"from 21 November 2026 to 30 November 2026",
		"between 31 March and 30 April 2003",
		"since 03/04/2026, 31 February 2026, 31-Mar-03",
		"As of Monday, 30 November 2026.",
	} {
		f.Add(s)
	}
	env := lastTenDays(f)
	ring := testRing(f, 1)
	facts := []claim.Fact{{Label: "today", Value: "2026-11-30", Unit: "date"}}
	f.Fuzz(func(t *testing.T, text string) {
		rep := claim.Check(claim.Request{Text: text, Receipts: []*dsse.Envelope{env}, Facts: facts}, ring, receipt.Policy{}, claim.Options{})
		for _, r := range rep.Refusals {
			if r.Span != nil {
				require.True(t, 0 <= r.Span[0] && r.Span[0] <= r.Span[1] && r.Span[1] <= len(text), "%+v", r)
			}
		}
	})
}
