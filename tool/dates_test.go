package tool

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/stretchr/testify/require"
)

// opArgs are calculate's arguments for a named operation, every field
// present as a strict tool schema requires.
func opArgs(id, op string, params map[string]string, inputs ...map[string]string) string {
	ps := map[string]string{"rate_convention": "", "periods_per_year": "", "when": "", "direction": "",
		"contribution_frequency": "", "day_count": "", "inclusive": "", "date_order": "", "century": "", "phrase": ""}
	for k, v := range params {
		ps[k] = v
	}
	ins := []map[string]string{}
	for _, in := range inputs {
		full := map[string]string{"scale": "", "period": "", "label": "", "support": "", "provenance": "text", "quote": "", "source": ""}
		for k, v := range in {
			full[k] = v
		}
		ins = append(ins, full)
	}
	b, _ := json.Marshal(map[string]any{"id": id, "formula": "", "operation": op, "params": ps, "inputs": ins,
		"output":         map[string]any{"unit": "", "scale": "", "places": nil, "rounding": "", "grouping": ""},
		"interpretation": map[string]string{"kind": "source_defined", "note": ""}, "same_period": false})
	return string(b)
}

// fakeToday is an application's today that counts its calls.
type fakeToday struct {
	date  string
	calls int
}

func (f *fakeToday) today() string { f.calls++; return f.date }

func TestCalculateDatesAndCost(t *testing.T) {
	today := &fakeToday{date: "2026-11-30"}
	opts := Options{Signer: testsign.Signer(testKey()), Today: today.today}
	tools := All(opts)
	calc, ok := Lookup(opts, nameCalculate)
	require.True(t, ok)
	require.Contains(t, calc.Description, "Today is 2026-11-30, as the application gives it",
		"the description carries the injected date")
	inSchema, err := jsonschema.Compile(calc.InputSchema)
	require.NoError(t, err)
	outSchema, err := jsonschema.Compile(calc.OutputSchema)
	require.NoError(t, err)
	start := map[string]string{"name": "start", "display": "31 March 2003", "unit": "date"}
	end := map[string]string{"name": "end", "display": "30 September 2003", "unit": "date"}
	for _, tc := range []struct {
		name, args, value, today string
	}{
		{"actual", opArgs("a", "days_between", nil, start, end), "183", "2026-11-30"},
		{"30/360", opArgs("b", "days_between", map[string]string{"day_count": "30/360"}, start, end), "180", "2026-11-30"},
		{"last 10 days", opArgs("c", "date_range", map[string]string{"phrase": "the last 10 days"}), "2026-11-21/2026-11-30", "2026-11-30"},
		{"another today", opArgs("d", "date_range", map[string]string{"phrase": "the last 10 days"}), "2003-07-01/2003-07-10", "2003-07-10"},
		{"cost", opArgs("e", "cost", nil,
			map[string]string{"name": "items[0].tokens", "display": "3,080", "unit": "count:tokens"},
			map[string]string{"name": "items[0].price", "display": "$2.50", "unit": "USD"},
			map[string]string{"name": "items[0].per", "display": "1,000,000", "unit": "number"},
			map[string]string{"name": "items[1].tokens", "display": "2,000", "unit": "count:tokens"},
			map[string]string{"name": "items[1].price", "display": "$10", "unit": "USD"},
			map[string]string{"name": "items[1].per", "display": "1,000,000", "unit": "number"}), "0.0277", "2026-11-30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, inSchema.Validate([]byte(tc.args)))
			today.date = tc.today
			before := today.calls
			raw, err := Dispatch(context.Background(), tools, nameCalculate, json.RawMessage(tc.args))
			require.NoError(t, err)
			require.NoError(t, outSchema.Validate(raw), "%s", raw)
			var ans map[string]any
			require.NoError(t, json.Unmarshal(raw, &ans))
			require.Equal(t, true, ans["ok"], "%v", ans)
			require.Equal(t, before+1, today.calls, "today is asked once per call")
			require.Equal(t, tc.value, ans["result"].(map[string]any)["value"])
			env := ans["receipt"].(map[string]any)
			payload, err := base64.StdEncoding.DecodeString(env["payload"].(string))
			require.NoError(t, err)
			require.Contains(t, string(payload), `"today":"`+tc.today+`"`, "the receipt records the injected today")

			// verify_receipt re-executes it with the recorded today, whatever
			// the application's today is now.
			today.date = "1999-01-01"
			v := call(t, tools, nameVerifyReceipt, `{"receipt_id": "`+ans["receipt_id"].(string)+`", "receipt": null, "policy": null}`)
			require.Equal(t, true, v["ok"], "%v", v)
		})
	}
}

// TestCalculateWithoutTodayRefuses checks that a tool set with no Today
// refuses date_range, and says so in its description.
func TestCalculateWithoutTodayRefuses(t *testing.T) {
	opts := Options{}
	calc, _ := Lookup(opts, nameCalculate)
	require.Contains(t, calc.Description, "date_range is refused (today_not_injected)")
	out, err := calc.Call(context.Background(), json.RawMessage(opArgs("c", "date_range", map[string]string{"phrase": "the last 10 days"})))
	require.NoError(t, err)
	require.Contains(t, string(out), `"code":"today_not_injected"`)
}

// TestTodayIsNeverFromArguments checks that a "today" a model puts in its
// arguments is not read: only the application's counts.
func TestTodayIsNeverFromArguments(t *testing.T) {
	opts := Options{Today: func() string { return "2026-11-30" }}
	calc, _ := Lookup(opts, nameCalculate)
	args := strings.Replace(opArgs("c", "date_range", map[string]string{"phrase": "the last 10 days"}), `{"id"`, `{"today":"2024-01-10","id"`, 1)
	out, err := calc.Call(context.Background(), json.RawMessage(args))
	require.NoError(t, err)
	require.Contains(t, string(out), `"value":"2026-11-21/2026-11-30"`)
	require.NotContains(t, string(out), "2024-01")
}

// TestCheckClaimsDates checks that check_claims holds a draft to the dates
// of a date_range receipt it is given by id, and that its answer keeps the
// output schema.
func TestCheckClaimsDates(t *testing.T) {
	opts := Options{Signer: testsign.Signer(testKey()), Today: func() string { return "2026-11-30" }}
	tools := All(opts)
	check, _ := Lookup(opts, nameCheckClaims)
	outSchema, err := jsonschema.Compile(check.OutputSchema)
	require.NoError(t, err)
	calc := call(t, tools, nameCalculate, opArgs("c", "date_range", map[string]string{"phrase": "the last 10 days"}))
	id := calc["receipt_id"].(string)
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"Documents created in the last 10 days, from 2026-11-21 to 2026-11-30.", true},
		{"Documents created in the last 10 days, from 2024-11-21 to 2024-11-30.", false},
	} {
		raw, err := Dispatch(context.Background(), tools, nameCheckClaims, json.RawMessage(claimsByID(tc.text, id)))
		require.NoError(t, err)
		require.NoError(t, outSchema.Validate(raw), "%s", raw)
		require.Equal(t, !tc.ok, Refused(raw), "%s", raw)
		if !tc.ok {
			require.Contains(t, string(raw), `"code":"date_not_backed"`)
		}
	}
}
