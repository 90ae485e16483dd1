package dates_test

import (
	"errors"
	"fmt"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/operation"
)

func ExampleParse() {
	for _, s := range []string{"31 March 2003", "March 31, 2003", "2003-03-31", "31st March 2003", "Mar 31 2003"} {
		d, err := dates.Parse(s, dates.OrderUnknown)
		fmt.Println(d, err)
	}
	// Output:
	// 2003-03-31 <nil>
	// 2003-03-31 <nil>
	// 2003-03-31 <nil>
	// 2003-03-31 <nil>
	// 2003-03-31 <nil>
}

// Numeric dates need the source's order; impossible dates and periods are
// refused with a code and a hint.
func ExampleParse_refused() {
	for _, s := range []string{"03/04/2023", "31 February 2023", "FY2024", "31-Mar-03"} {
		_, err := dates.Parse(s, dates.OrderUnknown)
		var e *fault.Error
		if errors.As(err, &e) {
			fmt.Printf("%s: %s\n", e.Code, e.Msg)
		}
	}
	d, _ := dates.Parse("03/04/2023", dates.DMY)
	fmt.Println("DMY:", d)
	d, _ = dates.Options{Century: 2000}.Parse("31-Mar-03")
	fmt.Println("century 2000:", d)
	// Output:
	// ambiguous_date: "03/04/2023" is ambiguous: 3 April 2023 day first, March 4, 2023 month first
	// impossible_date: "31 February 2023": there is no day 31 in February 2023
	// period_not_date: "FY2024" is a period label, a period, not a date
	// two_digit_year: "31-Mar-03" has a two-digit year
	// DMY: 2023-04-03
	// century 2000: 2003-03-31
}

func ExampleDayCount_Days() {
	start, end := dates.MustNew(2003, 3, 31), dates.MustNew(2003, 9, 30)
	for _, c := range []dates.DayCount{dates.Actual, dates.Thirty360, dates.Thirty360E} {
		fmt.Println(c, c.Days(start, end), c.Days(end, start))
	}
	// Output:
	// actual 183 -183
	// 30/360 180 -180
	// 30E/360 180 -180
}

func ExampleDayCount_YearFraction() {
	start, end := dates.MustNew(2026, 1, 1), dates.MustNew(2026, 4, 1)
	for _, c := range []dates.DayCount{dates.Actual360, dates.Actual365F} {
		f, exact, _ := c.YearFraction(start, end)
		fmt.Println(c, c.Days(start, end), f.Text('f'), exact)
	}
	// Output:
	// actual/360 90 0.25 true
	// actual/365F 90 0.2465753424657534246575342465753425 false
}

func ExampleResolve() {
	today := dates.MustNew(2026, 11, 30) // injected by the application
	for _, p := range []string{"today", "the last 10 days", "last quarter", "this year", "since March", "in February 2024"} {
		r, err := dates.Resolve(p, today, dates.Options{})
		fmt.Println(p+":", r, err)
	}
	_, err := dates.Resolve("the last month", today, dates.Options{})
	fmt.Println(err)
	// Output:
	// today: 2026-11-30/2026-11-30 <nil>
	// the last 10 days: 2026-11-21/2026-11-30 <nil>
	// last quarter: 2026-07-01/2026-09-30 <nil>
	// this year: 2026-01-01/2026-11-30 <nil>
	// since March: 2026-03-01/2026-11-30 <nil>
	// in February 2024: 2024-02-01/2024-02-29 <nil>
	// params.phrase: "the last month" is either the calendar month before this one or the month up to today
}

func ExampleDaysBetween() {
	out, err := dates.DaysBetween{}.Run(operation.Args{
		Inputs: []operation.Input{
			{Name: "start", Display: "31 March 2003", Unit: "date"},
			{Name: "end", Display: "September 30, 2003", Unit: "date"},
		},
		Params: map[string]string{"day_count": "30/360"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Value, out.Unit)
	for _, s := range out.Steps {
		fmt.Println(s.Name, s.Value, s.Unit)
	}
	// Output:
	// 180 days
	// start 2003-03-31 date
	// end 2003-09-30 date
	// actual_days 183 days
	// d1 30 number
	// d2 30 number
	// year_basis 360 days
	// year_fraction 0.5 number
}

// A document copilot: the user asks for "documents created in the last 10
// days". The model picks the phrase; the application injects today on every
// call (here 2026-11-30, never persisted with the conversation); reckon
// resolves the range, and the application filters with it.
func ExampleDateRange() {
	out, err := dates.DateRange{}.Run(operation.Args{
		Params: map[string]string{"phrase": "the last 10 days"},
		Today:  "2026-11-30",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("created in", out.Text)
	for _, s := range out.Steps {
		fmt.Println(" ", s.Name, s.Value, s.Unit)
	}

	r, _ := dates.ParseRange(out.Text)
	docs := []struct{ name, created string }{
		{"board-minutes.pdf", "2026-11-20"},
		{"q3-results.pdf", "2026-11-21"},
		{"contract-draft.docx", "2026-11-30"},
		{"old-memo.txt", "2026-10-31"},
	}
	for _, d := range docs {
		c, _ := dates.ParseISO(d.created)
		fmt.Println(d.name, r.Contains(c))
	}

	// Without an injected today there is no answer: the library has no
	// clock, and a model's guess of the date is what this replaces.
	_, err = dates.DateRange{}.Run(operation.Args{Params: map[string]string{"phrase": "the last 10 days"}})
	fmt.Println(err.(*fault.Error).Code)
	// Output:
	// created in 2026-11-21/2026-11-30
	//   today 2026-11-30 date
	//   start 2026-11-21 date
	//   end 2026-11-30 date
	//   days 10 days
	// board-minutes.pdf false
	// q3-results.pdf true
	// contract-draft.docx true
	// old-memo.txt false
	// today_not_injected
}

func ExampleFind() {
	text := "The lease ran from 2026-07-21 to 2026-07-30; the deposit was paid on 3 July 2026, and the invoice is dated 03/04/2026."
	for _, m := range dates.Find(text, dates.Options{}) {
		switch {
		case m.Err != nil:
			fmt.Printf("%d:%d %q refused: %s\n", m.Start, m.End, m.Text, m.Err.Code)
		case m.IsRange():
			fmt.Printf("%d:%d %q %s/%s\n", m.Start, m.End, m.Text, m.Date, m.Until)
		default:
			fmt.Printf("%d:%d %q %s\n", m.Start, m.End, m.Text, m.Date)
		}
	}
	// Output:
	// 14:43 "from 2026-07-21 to 2026-07-30" 2026-07-21/2026-07-30
	// 69:80 "3 July 2026" 2026-07-03
	// 107:117 "03/04/2026" refused: ambiguous_date
}

// The copilot's draft is checked before it leaves: every date range in its
// prose must be the range reckon resolved from the injected today. A model
// that guessed today from its training data wrote 2024, and that draft is
// refused.
func ExampleFind_copilotDraft() {
	out, _ := dates.DateRange{}.Run(operation.Args{
		Params: map[string]string{"phrase": "the last 10 days"},
		Today:  "2026-11-30",
	})
	for _, draft := range []string{
		"Two documents were created from 2026-11-21 to 2026-11-30.",
		"Two documents were created from 2024-11-21 to 2024-11-30.",
	} {
		verdict := "backed"
		for _, m := range dates.Find(draft, dates.Options{}) {
			got := dates.Range{Start: m.Date, End: m.Until}.String()
			if m.Err != nil || !m.IsRange() || got != out.Text {
				verdict = "refused: " + m.Text + " is not " + out.Text
			}
		}
		fmt.Println(verdict)
	}
	// Output:
	// backed
	// refused: from 2024-11-21 to 2024-11-30 is not 2026-11-21/2026-11-30
}

func ExampleNew() {
	for _, ymd := range [][3]int{{2024, 2, 29}, {2023, 2, 29}, {2023, 4, 31}} {
		d, err := dates.New(ymd[0], ymd[1], ymd[2])
		if err != nil {
			fmt.Println(err, "|", err.(*fault.Error).Hint)
			continue
		}
		fmt.Println(d)
	}
	// Output:
	// 2024-02-29
	// there is no day 29 in February 2023 | 2023 is not a leap year, so February has 28 days; check the year and the day against the source
	// there is no day 31 in April 2023 | April 2023 has 30 days; check the transcription against the source
}

func ExampleDate_AddMonths() {
	d := dates.MustNew(2024, 1, 31)
	for _, n := range []int{1, 2, 13} {
		e, _ := d.AddMonths(n)
		fmt.Println(n, e)
	}
	// Output:
	// 1 2024-02-29
	// 2 2024-03-31
	// 13 2025-02-28
}
