package dates

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// dateIn is an input with unit date.
func dateIn(name, display string) operation.Input {
	return operation.Input{Name: name, Display: display, Unit: "date"}
}

// steps renders steps as "name=value unit" lines, for comparison.
func steps(ss []operation.Step) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name+"="+s.Value+" "+s.Unit)
	}
	return out
}

func TestDaysBetween(t *testing.T) {
	for _, tc := range []struct {
		name, start, end string
		params           map[string]string
		days             string
		steps            []string
		inexact          bool
		reason           string
	}{
		{
			name: "actual by default", start: "31 March 2003", end: "30 September 2003",
			days:   "183",
			steps:  []string{"start=2003-03-31 date", "end=2003-09-30 date"},
			reason: "a plain day count has no year fraction and nothing inexact",
		},
		{
			name: "end before start is negative", start: "2026-07-30", end: "2026-07-21",
			days:  "-9",
			steps: []string{"start=2026-07-30 date", "end=2026-07-21 date"},
		},
		{
			name: "30/360 on the 31st", start: "31 March 2003", end: "September 30, 2003",
			params: map[string]string{"day_count": "30/360"},
			days:   "180",
			steps: []string{"start=2003-03-31 date", "end=2003-09-30 date", "actual_days=183 days",
				"d1=30 number", "d2=30 number", "year_basis=360 days", "year_fraction=0.5 number"},
		},
		{
			name: "30/360 from the end of a leap February", start: "2024-02-29", end: "2024-03-31",
			params: map[string]string{"day_count": "30/360"},
			days:   "30",
			steps: []string{"start=2024-02-29 date", "end=2024-03-31 date", "actual_days=31 days",
				"d1=30 number", "d2=30 number", "year_basis=360 days",
				"year_fraction=0.08333333333333333333333333333333333 number"},
			inexact: true,
			reason:  "rule 2 makes D1 30, then rule 3 makes D2 30",
		},
		{
			name: "30E/360 leaves February alone", start: "2024-02-29", end: "2024-03-31",
			params: map[string]string{"day_count": "30E/360"},
			days:   "31",
			steps: []string{"start=2024-02-29 date", "end=2024-03-31 date", "actual_days=31 days",
				"d1=29 number", "d2=30 number", "year_basis=360 days",
				"year_fraction=0.08611111111111111111111111111111111 number"},
			inexact: true,
		},
		{
			name: "actual/365F over a leap year", start: "1 January 2024", end: "1 January 2025",
			params: map[string]string{"day_count": "actual/365F"},
			days:   "366",
			steps: []string{"start=2024-01-01 date", "end=2025-01-01 date", "year_basis=365 days",
				"year_fraction=1.002739726027397260273972602739726 number"},
			inexact: true,
		},
		{
			name: "actual/360 exact", start: "2026-01-01", end: "2026-04-01",
			params: map[string]string{"day_count": "actual/360"},
			days:   "90",
			steps:  []string{"start=2026-01-01 date", "end=2026-04-01 date", "year_basis=360 days", "year_fraction=0.25 number"},
		},
		{
			name: "numeric dates with date_order", start: "31/03/2003", end: "30/09/2003",
			params: map[string]string{"date_order": "DMY"},
			days:   "183",
			steps:  []string{"start=2003-03-31 date", "end=2003-09-30 date"},
		},
		{
			name: "inclusive counts both ends", start: "2026-07-21", end: "2026-07-30",
			params: map[string]string{"inclusive": "true"},
			days:   "10",
			steps:  []string{"start=2026-07-21 date", "end=2026-07-30 date", "days_between=9 days"},
			reason: "a stay from the 21st to the 30th spans 10 dates and 9 days between them",
		},
		{
			name: "inclusive of one date", start: "2026-07-21", end: "21 July 2026",
			params: map[string]string{"inclusive": "TRUE"},
			days:   "1",
			steps:  []string{"start=2026-07-21 date", "end=2026-07-21 date", "days_between=0 days"},
		},
		{
			name: "inclusive false is the default", start: "2026-07-21", end: "2026-07-30",
			params: map[string]string{"inclusive": "false"},
			days:   "9",
			steps:  []string{"start=2026-07-21 date", "end=2026-07-30 date"},
		},
		{
			name: "two-digit years with century", start: "31-Mar-03", end: "30-Sep-03",
			params: map[string]string{"century": "2000"},
			days:   "183",
			steps:  []string{"start=2003-03-31 date", "end=2003-09-30 date"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := DaysBetween{}.Run(operation.Args{
				Inputs: []operation.Input{dateIn("start", tc.start), dateIn("end", tc.end)},
				Params: tc.params,
			})
			require.NoError(t, err, tc.reason)
			require.Equal(t, tc.days, expr.Plain(out.Value), tc.reason)
			require.Equal(t, units.Days, out.Unit)
			require.Equal(t, tc.steps, steps(out.Steps), tc.reason)
			require.Equal(t, tc.inexact, out.Inexact, tc.reason)
			require.Equal(t, tc.inexact, out.Method != "", "Method is set exactly when inexact: %q", out.Method)
		})
	}
}

func TestDaysBetweenToday(t *testing.T) {
	args := operation.Args{
		Inputs: []operation.Input{dateIn("start", "31 March 2026"), dateIn("end", "Today")},
		Today:  "2026-11-30",
	}
	out, err := DaysBetween{}.Run(args)
	require.NoError(t, err)
	require.Equal(t, "244", expr.Plain(out.Value), "30+31+30+31+31+30+31+30 days from 31 March to 30 November")
	require.Equal(t, []string{"today=2026-11-30 date", "start=2026-03-31 date", "end=2026-11-30 date"}, steps(out.Steps))

	args.Today = ""
	_, err = DaysBetween{}.Run(args)
	requireCode(t, fault.TodayNotInjected, err, "today with no injected today")
	require.Equal(t, "inputs[1].display", err.(*fault.Error).Field)

	args.Today = "30/11/2026"
	_, err = DaysBetween{}.Run(args)
	requireCode(t, fault.BadToday, err, "a bad injected today")

	args = operation.Args{Inputs: []operation.Input{dateIn("start", "2026-03-31"), dateIn("end", "2026-11-30")}, Today: "2026-11-30"}
	out, err = DaysBetween{}.Run(args)
	require.NoError(t, err)
	require.Equal(t, "start", out.Steps[0].Name, "an injected today that no input uses is not recorded")
}

func TestDaysBetweenMethod(t *testing.T) {
	out, err := DaysBetween{}.Run(operation.Args{
		Inputs: []operation.Input{dateIn("end", "2026-01-02"), dateIn("start", "2026-01-01")},
		Params: map[string]string{"day_count": "actual/365F"},
	})
	require.NoError(t, err)
	require.Equal(t, "year_fraction 1/365 rounded half-even to 34 significant digits", out.Method)
}

func TestDaysBetweenRefusals(t *testing.T) {
	start, end := dateIn("start", "31 March 2003"), dateIn("end", "30 September 2003")
	for _, tc := range []struct {
		name   string
		inputs []operation.Input
		params map[string]string
		code   string
		field  string
	}{
		{"missing end", []operation.Input{start}, nil, fault.MissingInput, "inputs"},
		{"an extra input", []operation.Input{start, end, dateIn("middle", "2003-06-30")}, nil, fault.UnusedInput, "inputs[2].name"},
		{"a misspelt param", []operation.Input{start, end}, map[string]string{"daycount": "30/360"}, fault.UnknownParam, "params.daycount"},
		{"an unknown convention", []operation.Input{start, end}, map[string]string{"day_count": "actual/actual"}, fault.BadDayCount, "params.day_count"},
		{"a bad date_order", []operation.Input{start, end}, map[string]string{"date_order": "DDMMYYYY"}, fault.BadDateOrder, "params.date_order"},
		{"a bad century", []operation.Input{start, end}, map[string]string{"century": "20"}, fault.BadCentury, "params.century"},
		{"a number unit", []operation.Input{start, {Name: "end", Display: "2003-09-30", Unit: "number"}}, nil, fault.BadInputUnit, "inputs[1].unit"},
		{"a date with a scale", []operation.Input{start, {Name: "end", Display: "2003-09-30", Unit: "date", Scale: "thousand"}}, nil, fault.BadInputUnit, "inputs[1].scale"},
		{"an ambiguous date", []operation.Input{start, dateIn("end", "03/04/2023")}, nil, fault.AmbiguousDate, "inputs[1].display"},
		{"an impossible date", []operation.Input{dateIn("start", "31 February 2023"), end}, nil, fault.ImpossibleDate, "inputs[0].display"},
		{"a period", []operation.Input{start, dateIn("end", "FY2024")}, nil, fault.PeriodNotDate, "inputs[1].display"},
		{"a two-digit year", []operation.Input{start, dateIn("end", "30-Sep-03")}, nil, fault.TwoDigitYear, "inputs[1].display"},
		{"inclusive yes", []operation.Input{start, end}, map[string]string{"inclusive": "yes"}, fault.BadParam, "params.inclusive"},
		{"inclusive with 30/360", []operation.Input{start, end}, map[string]string{"inclusive": "true", "day_count": "30/360"}, fault.BadParam, "params.inclusive"},
		{"inclusive backwards", []operation.Input{dateIn("start", "2003-09-30"), dateIn("end", "2003-03-31")}, map[string]string{"inclusive": "true"}, fault.EmptyRange, "params.inclusive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DaysBetween{}.Run(operation.Args{Inputs: tc.inputs, Params: tc.params})
			requireCode(t, tc.code, err, "%s", tc.name)
			require.Equal(t, tc.field, err.(*fault.Error).Field)
		})
	}
}

func TestDateRange(t *testing.T) {
	out, err := DateRange{}.Run(operation.Args{Params: map[string]string{"phrase": "the last 10 days"}, Today: "2026-11-30"})
	require.NoError(t, err)
	require.Nil(t, out.Value, "an interval is not a quantity")
	require.Equal(t, "2026-11-21/2026-11-30", out.Text)
	require.False(t, out.Inexact)
	require.Equal(t, []string{"today=2026-11-30 date", "start=2026-11-21 date", "end=2026-11-30 date", "days=10 days"}, steps(out.Steps))

	out, err = DateRange{}.Run(operation.Args{Params: map[string]string{"phrase": "since 03/04/2026", "date_order": "DMY"}, Today: "2026-11-30"})
	require.NoError(t, err)
	require.Equal(t, "2026-04-03/2026-11-30", out.Text)
}

func TestDateRangeRefusals(t *testing.T) {
	phrase := map[string]string{"phrase": "today"}
	for _, tc := range []struct {
		name   string
		args   operation.Args
		code   string
		field  string
		reason string
	}{
		{"no today", operation.Args{Params: phrase}, fault.TodayNotInjected, "today", "the library never falls back on a clock"},
		{"a bad today", operation.Args{Params: phrase, Today: "30 November 2026"}, fault.BadToday, "today", "today is ISO 8601 only"},
		{"an impossible today", operation.Args{Params: phrase, Today: "2026-02-29"}, fault.BadToday, "today", ""},
		{"no phrase", operation.Args{Today: "2026-11-30"}, fault.MissingParam, "params.phrase", ""},
		{"a blank phrase", operation.Args{Today: "2026-11-30", Params: map[string]string{"phrase": "  "}}, fault.MissingParam, "params.phrase", ""},
		{"an input", operation.Args{Today: "2026-11-30", Params: phrase, Inputs: []operation.Input{dateIn("start", "2026-01-01")}}, fault.UnusedInput, "inputs[0].name", ""},
		{"a day_count", operation.Args{Today: "2026-11-30", Params: map[string]string{"phrase": "today", "day_count": "30/360"}}, fault.UnknownParam, "params.day_count", ""},
		{"an unknown phrase", operation.Args{Today: "2026-11-30", Params: map[string]string{"phrase": "lately"}}, fault.UnknownPhrase, "params.phrase", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DateRange{}.Run(tc.args)
			requireCode(t, tc.code, err, "%s: %s", tc.name, tc.reason)
			require.Equal(t, tc.field, err.(*fault.Error).Field)
		})
	}
}

func TestOps(t *testing.T) {
	var names []string
	for _, op := range Ops() {
		names = append(names, op.Name())
	}
	require.Equal(t, []string{"days_between", "date_range"}, names)
}
