package dates

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/operation"
)

func BenchmarkParse(b *testing.B) {
	for _, tc := range []struct{ name, in string }{
		{"iso", "2003-03-31"},
		{"day_month_year", "31 March 2003"},
		{"month_day_year", "March 31, 2003"},
		{"weekday_ordinal", "Monday, the 31st of March, 2003"},
		{"numeric_dmy", "31/03/2003"},
		{"refused_period", "FY2024"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			o := Options{Order: DMY}
			b.ReportAllocs()
			for b.Loop() {
				_, _ = o.Parse(tc.in)
			}
		})
	}
}

func BenchmarkDaysBetween(b *testing.B) {
	for _, dc := range []string{"actual", "30/360", "actual/365F"} {
		b.Run(strings.ReplaceAll(dc, "/", "_"), func(b *testing.B) {
			args := operation.Args{
				Inputs: []operation.Input{
					{Name: "start", Display: "31 March 2003", Unit: "date"},
					{Name: "end", Display: "September 30, 2003", Unit: "date"},
				},
				Params: map[string]string{"day_count": dc},
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (DaysBetween{}).Run(args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDayCountDays(b *testing.B) {
	start, end := MustNew(2024, 2, 29), MustNew(2026, 8, 31)
	for b.Loop() {
		_ = Thirty360.Days(start, end)
	}
}

func BenchmarkResolve(b *testing.B) {
	today := MustNew(2026, 11, 30)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Resolve("the last 10 days", today, Options{})
	}
}

func BenchmarkFind(b *testing.B) {
	text := strings.Repeat("The lease ran from 2026-07-21 to 2026-07-30; the deposit of $1,200 was paid on 3 July 2026. ", 100)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Find(text, Options{})
	}
}
