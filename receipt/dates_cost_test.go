package receipt

import (
	"errors"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/stretchr/testify/require"
)

// dateInput is one printed date of a days_between request.
func dateInput(name, display string) Input {
	return Input{Name: name, Display: display, Unit: "date", Provenance: ProvenanceText,
		Quote: "the coupon period runs from " + display}
}

// quantity is one printed number of a request.
func quantity(name, display, unit string) Input {
	return Input{Name: name, Display: display, Unit: unit, Provenance: ProvenanceSystemOfRecord}
}

// daysBetweenRequest is the request for the days from 31 March 2003 to 30
// September 2003 under a convention.
func daysBetweenRequest(dayCount string) *Request {
	return &Request{ID: "coupon", Operation: "days_between", Params: map[string]string{"day_count": dayCount},
		Inputs: []Input{dateInput("start", "31 March 2003"), dateInput("end", "30 September 2003")}}
}

// dateRangeRequest is the request for a relative phrase, with the
// application's today.
func dateRangeRequest(phrase, today string) *Request {
	return &Request{ID: "filter", Operation: "date_range", Params: map[string]string{"phrase": phrase}, Today: today}
}

// costRequest is a bill of 3,080 input tokens at $2.50 and 2,000 output
// tokens at $10 per million: $0.0077 + $0.02 = $0.0277.
func costRequest() *Request {
	return &Request{ID: "invoice", Operation: "cost", Inputs: []Input{
		quantity("items[0].tokens", "3,080", "count:tokens"),
		quantity("items[0].price", "2.50", "USD"),
		quantity("items[0].per", "1,000,000", "number"),
		quantity("items[1].tokens", "2,000", "count:tokens"),
		quantity("items[1].price", "10", "USD"),
		quantity("items[1].per", "1,000,000", "number"),
	}}
}

func TestDateAndCostOperations(t *testing.T) {
	for _, tc := range []struct {
		name     string
		req      *Request
		value    string
		unit     string
		today    string
		expanded string
		reason   string
	}{
		{"actual", daysBetweenRequest("actual"), "183", "days", "",
			"days_between(start = 31 March 2003, end = 30 September 2003, day_count = actual)",
			"30 days of April, June, September and 31 of May, July, August: 30+31+30+31+31+30 = 183"},
		{"30/360", daysBetweenRequest("30/360"), "180", "days", "",
			"days_between(start = 31 March 2003, end = 30 September 2003, day_count = 30/360)",
			"the 31st becomes the 30th: six months of 30 days"},
		{"last 10 days", dateRangeRequest("the last 10 days", "2026-11-30"), "2026-11-21/2026-11-30", "interval", "2026-11-30",
			"date_range(phrase = the last 10 days)", "ten dates ending today, today included"},
		{"last 10 days in 2003", dateRangeRequest("the last 10 days", "2003-07-10"), "2003-07-01/2003-07-10", "interval", "2003-07-10",
			"date_range(phrase = the last 10 days)", "the injected today, not the machine's date, is the end"},
		{"cost", costRequest(), "0.0277", "USD", "",
			"cost(items[0].tokens = 3080, items[0].price = 2.50, items[0].per = 1000000, items[1].tokens = 2000, items[1].price = 10, items[1].per = 1000000)",
			"3,080 × 2.50 ÷ 1,000,000 + 2,000 × 10 ÷ 1,000,000 = 0.0077 + 0.02"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(tc.req)
			require.NoError(t, err)
			require.Equal(t, TypeOperationV1, r.Type)
			require.Equal(t, tc.value, r.Result.Value, tc.reason)
			require.Equal(t, tc.unit, r.Result.Unit)
			require.Equal(t, tc.today, r.Call.Today, "the receipt records the injected today, and only that")
			require.Equal(t, tc.expanded, r.Expanded)
			requireSameEncoding(t, r)
			payload, err := r.Encode()
			require.NoError(t, err)
			schema, err := jsonschema.Compile(schemaOperationV1)
			require.NoError(t, err)
			require.NoError(t, schema.Validate(payload), "%s", payload)

			s, pub := testSigner(1)
			rep := verifyReport(resign(t, r, s), testRing(t, pub), Policy{})
			require.True(t, rep.OK, "%+v", rep.Reasons)
			require.Equal(t, r.Result, *rep.Result)
		})
	}
}

// TestDateRangeWithoutTodayIsRefused checks that a library with no injected
// today refuses: there is no clock to fall back on.
func TestDateRangeWithoutTodayIsRefused(t *testing.T) {
	_, err := Calculate(dateRangeRequest("the last 10 days", ""))
	var ue *fault.Error
	require.True(t, errors.As(err, &ue), "%v", err)
	require.Equal(t, fault.TodayNotInjected, ue.Code)
}

// TestInputlessOnlyForOperationsThatSaySo checks that only an operation
// that takes no inputs may be called without any.
func TestInputlessOnlyForOperationsThatSaySo(t *testing.T) {
	req := daysBetweenRequest("actual")
	req.Inputs = nil
	_, err := Calculate(req)
	require.Equal(t, fault.MissingField, Describe(err).Code)
}

// TestDateTamperMatrix re-signs date and cost receipts with a changed
// today, phrase, date or result, and checks that re-execution refuses
// each.
func TestDateTamperMatrix(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	rng, err := Calculate(dateRangeRequest("the last 10 days", "2026-11-30"))
	require.NoError(t, err)
	days, err := Calculate(daysBetweenRequest("actual"))
	require.NoError(t, err)
	bill, err := Calculate(costRequest())
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		orig   *Receipt
		tamper func(r *Receipt)
	}{
		{"today", rng, func(r *Receipt) { r.Call.Today = "2024-11-30" }},
		{"today dropped", rng, func(r *Receipt) { r.Call.Today = "" }},
		{"phrase", rng, func(r *Receipt) { r.Call.Params[0].Value = "the last 20 days" }},
		{"range result", rng, func(r *Receipt) { r.Result.Value = "2024-11-21/2024-11-30" }},
		{"range display", rng, func(r *Receipt) { r.Result.Display = "2024-11-21/2024-11-30" }},
		{"range step", rng, func(r *Receipt) { r.Call.Steps[1].Value = "2026-11-20" }},
		{"days result", days, func(r *Receipt) { r.Result.Value = "182" }},
		{"days start", days, func(r *Receipt) { r.Inputs[0].Display = "30 March 2003" }},
		{"days convention", days, func(r *Receipt) { r.Call.Params[0].Value = "30/360" }},
		{"cost result", bill, func(r *Receipt) { r.Result.Value = "0.0278" }},
		{"cost price", bill, func(r *Receipt) { r.Inputs[1].Display = "3.00" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := copyReceipt(t, tc.orig)
			tc.tamper(r)
			rep := verifyReport(resign(t, r, s), ring, Policy{})
			require.False(t, rep.OK, "tampered %s was accepted", tc.name)
			require.NotEmpty(t, rep.Reasons)
		})
	}
}
