package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const (
	daysBetweenRequest = `{"id": "coupon", "operation": "days_between", "params": {"day_count": "%s"},
 "inputs": [{"name": "start", "display": "31 March 2003", "unit": "date", "provenance": "text"},
            {"name": "end", "display": "30 September 2003", "unit": "date", "provenance": "text"}]}`
	dateRangeRequest = `{"id": "filter", "operation": "date_range", "params": {"phrase": "the last 10 days"}, "inputs": []}`
	costRequest      = `{"id": "invoice", "operation": "cost", "inputs": [
 {"name": "items[0].tokens", "display": "3,080", "unit": "count:tokens", "provenance": "system_of_record"},
 {"name": "items[0].price", "display": "2.50", "unit": "USD", "provenance": "system_of_record"},
 {"name": "items[0].per", "display": "1,000,000", "unit": "number", "provenance": "system_of_record"},
 {"name": "items[1].tokens", "display": "2,000", "unit": "count:tokens", "provenance": "system_of_record"},
 {"name": "items[1].price", "display": "10", "unit": "USD", "provenance": "system_of_record"},
 {"name": "items[1].per", "display": "1,000,000", "unit": "number", "provenance": "system_of_record"}]}`
)

// fakeClock replaces the system clock for one test, so that no test depends
// on the day it runs.
func fakeClock(t *testing.T, day string) {
	t.Helper()
	d, err := time.Parse(time.DateOnly, day)
	require.NoError(t, err)
	saved := clock
	clock = func() time.Time { return d.Add(15 * time.Hour) }
	t.Cleanup(func() { clock = saved })
}

// payload decodes the receipt payload of a calc response.
func payload(t *testing.T, stdout string) string {
	t.Helper()
	resp := decodeResponse(t, stdout)
	require.True(t, resp.OK, stdout)
	b, err := base64.StdEncoding.DecodeString(resp.Receipt.Payload)
	require.NoError(t, err)
	return string(b)
}

func TestCalcDatesAndCost(t *testing.T) {
	fakeClock(t, "1999-12-31") // a clock that must not be read when -today is given
	key := newKey(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name, request, value, today string
	}{
		{"actual", strings.Replace(daysBetweenRequest, "%s", "actual", 1), "183", "2026-11-30"},
		{"30/360", strings.Replace(daysBetweenRequest, "%s", "30/360", 1), "180", "2026-11-30"},
		{"last 10 days", dateRangeRequest, "2026-11-21/2026-11-30", "2026-11-30"},
		{"last 10 days in 2003", dateRangeRequest, "2003-07-01/2003-07-10", "2003-07-10"},
		{"cost", costRequest, "0.0277", "2026-11-30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, tc.request, "calc", "-key", key+".key", "-today", tc.today)
			require.Equal(t, exitOK, out.code, out.stderr+out.stdout)
			require.NotContains(t, out.stderr, "system clock", "-today given: the clock is not read")
			resp := decodeResponse(t, out.stdout)
			require.Equal(t, tc.value, resp.Result.Value)
			p := payload(t, out.stdout)
			require.Contains(t, p, `"today":"`+tc.today+`"`)
			require.Contains(t, p, `"interpretation":{"kind":"source_defined","note":""}`)

			file := filepath.Join(dir, "response.json")
			require.NoError(t, os.WriteFile(file, []byte(out.stdout), 0o600))
			v := reckon(t, "", "verify", "-pub", key+".pub", file)
			require.Equal(t, exitOK, v.code, v.stderr+v.stdout)
		})
	}
}

// TestCalcTodayFromTheClockIsStated checks that without -today, a request
// that needs today takes the system clock's date and says so, on stderr
// and in the receipt; and that one that does not need it never mentions it.
func TestCalcTodayFromTheClockIsStated(t *testing.T) {
	fakeClock(t, "2026-11-30")
	out := reckon(t, dateRangeRequest, "calc")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Equal(t, "2026-11-21/2026-11-30", decodeResponse(t, out.stdout).Result.Value)
	require.Contains(t, out.stderr, "no -today given, so today is 2026-11-30 from the system clock")
	p := payload(t, out.stdout)
	require.Contains(t, p, `"today":"2026-11-30"`)
	require.Contains(t, p, `"interpretation":{"kind":"interpreted","note":"today 2026-11-30 is the system clock's date where reckon calc ran: no -today was given"}`)

	days := reckon(t, strings.Replace(daysBetweenRequest, "%s", "actual", 1), "calc")
	require.Equal(t, exitOK, days.code, days.stderr)
	require.NotContains(t, days.stderr, "system clock")
	require.Contains(t, payload(t, days.stdout), `"today":""`, "an operation that needs no today records none")
}

func TestCalcBadToday(t *testing.T) {
	for _, in := range []string{"30/11/2026", "2026-02-30", "today", ""} {
		out := reckon(t, dateRangeRequest, "calc", "-today", in)
		require.Equal(t, exitUsage, out.code, "%q: %s", in, out.stderr)
		require.Contains(t, out.stderr, "YYYY-MM-DD")
	}
}

// TestMCPToday checks that reckon mcp -today resolves date_range against
// the given date and says so at startup, and that without it the clock's
// date (here a fake one) is taken at each call.
func TestMCPToday(t *testing.T) {
	args := `{"id": "filter", "formula": "", "operation": "date_range", "inputs": [],
	  "params": {"rate_convention": "", "periods_per_year": "", "when": "", "direction": "", "contribution_frequency": "",
	             "day_count": "", "inclusive": "", "date_order": "", "century": "", "phrase": "the last 10 days"}}`
	for _, tc := range []struct {
		name  string
		flags []string
		log   string
		value string
	}{
		{"flag", []string{"-today", "2026-11-30"}, "today: 2026-11-30 (-today)", "2026-11-21/2026-11-30"},
		{"clock", nil, "today: the system clock's date at each call", "2003-07-01/2003-07-10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fakeClock(t, "2003-07-10")
			var stderr strings.Builder
			cs, done := stdioSession(t, append([]string{"mcp"}, tc.flags...), &stderr)
			isErr, calc := callJSON(t, cs, "calculate", args)
			require.False(t, isErr, "%v", calc)
			require.Equal(t, tc.value, calc["result"].(map[string]any)["value"])
			require.Equal(t, exitOK, done(), stderr.String())
			require.Contains(t, stderr.String(), tc.log)
		})
	}
}
