package dates

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// found renders mentions as "text=date" or "text=start/end" or
// "text=error code", for comparison.
func found(ms []Mention) []string {
	var out []string
	for _, m := range ms {
		switch {
		case m.Err != nil:
			out = append(out, m.Text+"=error "+m.Err.Code)
		case m.IsRange():
			out = append(out, m.Text+"="+Range{m.Date, m.Until}.String())
		default:
			out = append(out, m.Text+"="+m.Date.String())
		}
	}
	return out
}

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		o        Options
		want     []string
		reason   string
	}{
		{name: "iso", in: "Filed on 2026-07-21.", want: []string{"2026-07-21=2026-07-21"}},
		{name: "day month year", in: "As at 31 March 2003, the group held", want: []string{"31 March 2003=2003-03-31"}},
		{name: "month day year", in: "On March 31, 2003, the board met.", want: []string{"March 31, 2003=2003-03-31"}},
		{name: "ordinal", in: "signed on the 31st of March, 2003 in Paris", want: []string{"31st of March, 2003=2003-03-31"}},
		{name: "weekday", in: "Monday, 31 March 2003: results", want: []string{"Monday, 31 March 2003=2003-03-31"}},
		{name: "from to", in: "Stays from 2026-07-21 to 2026-07-30 are billed.", want: []string{"from 2026-07-21 to 2026-07-30=2026-07-21/2026-07-30"}},
		{name: "between and", in: "between 1 March 2026 and 31 March 2026", want: []string{"between 1 March 2026 and 31 March 2026=2026-03-01/2026-03-31"}},
		{name: "en dash", in: "2026-07-21 – 2026-07-30", want: []string{"2026-07-21 – 2026-07-30=2026-07-21/2026-07-30"}},
		{name: "a glued dash range", in: "stay 2026-07-21–2026-07-30 ok", want: []string{"2026-07-21–2026-07-30=2026-07-21/2026-07-30"}},
		{name: "a backwards range", in: "from 2026-07-30 to 2026-07-21", want: []string{"from 2026-07-30 to 2026-07-21=error empty_range"}},
		{name: "two dates", in: "31 March 2003 and 30 September 2003", want: []string{"31 March 2003=2003-03-31", "30 September 2003=2003-09-30"},
			reason: "and without between joins nothing"},
		{name: "an ambiguous date", in: "Invoice dated 03/04/2023.", want: []string{"03/04/2023=error ambiguous_date"}},
		{name: "with an order", in: "Invoice dated 03/04/2023.", o: Options{Order: DMY}, want: []string{"03/04/2023=2023-04-03"}},
		{name: "an impossible date", in: "due 31 February 2023", want: []string{"31 February 2023=error impossible_date"}},
		{name: "a timestamp", in: "at 2026-07-21T10:00:00Z", want: []string{"2026-07-21=2026-07-21"}},
		{name: "labels are not dates", in: "FY2024 revenue rose in Q3 2024 and in March 2003; 2024 was good; on 31 March they met."},
		{name: "lower-case may is a verb", in: "the figures may 2 2024 differ", reason: "a lower-case month does not begin a date"},
		{name: "an IP address", in: "host 10.0.0.1 and 192.168.1.1"},
		{name: "a version", in: "version 1.2.2026-03-31"},
		{name: "a day range", in: "held 1-31 March 2003", reason: "the 31 belongs to a range of days; no single date is printed"},
		{name: "mid-word", in: "codeA31 March 2003x"},
		{name: "a longer number", in: "ref 2026-07-21-01"},
		{name: "a two-digit year", in: "on 31-Mar-03 we", want: []string{"31-Mar-03=error two_digit_year"}},
		{name: "a two-digit year with century", in: "on 31-Mar-03 we", o: Options{Century: 2000}, want: []string{"31-Mar-03=2003-03-31"}},
		{name: "a sentence end", in: "It ended on 3 March. 2003 was a bad year.", reason: "a dot and a space end a sentence"},
		{name: "a wrong weekday", in: "Tuesday, 31 March 2003", want: []string{"Tuesday, 31 March 2003=error weekday_mismatch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms := Find(tc.in, tc.o)
			require.Equal(t, tc.want, found(ms), tc.reason)
			for _, m := range ms {
				require.Equal(t, m.Text, tc.in[m.Start:m.End], "the span is the text")
			}
		})
	}
}

// TestFindFiling runs Find over a passage as a filing prints it: dates in
// several forms, period labels, amounts and a note reference that must not
// be read as dates.
func TestFindFiling(t *testing.T) {
	text := "For the fiscal year ended 31 March 2003 (FY2003), revenue was ₹1,234.5 crore " +
		"(Q4 FY03: ₹312 crore). The Board met on Monday, 28 April 2003 and again on " +
		"May 5, 2003; see Note 2.1.3. The facility runs from 1 April 2003 to 31 March 2008, " +
		"accruing on an actual/365F basis. Dividend record date: 2003-06-30; paid 15-Jul-03."
	ms := Find(text, Options{})
	require.Equal(t, []string{
		"31 March 2003=2003-03-31",
		"Monday, 28 April 2003=2003-04-28",
		"May 5, 2003=2003-05-05",
		"from 1 April 2003 to 31 March 2008=2003-04-01/2008-03-31",
		"2003-06-30=2003-06-30",
		"15-Jul-03=error two_digit_year",
	}, found(ms))
	for _, m := range ms {
		require.Equal(t, m.Text, text[m.Start:m.End])
	}
}

// TestFindVectors runs the dates of testdata/dates.txt through Find, each
// inside a sentence: the finder and the reader agree. A date the reader
// accepts is found with the same value, unless it begins with a lower-case
// word (a month in lower case may be a verb); a date-shaped display the
// reader refuses is found with the same code.
func TestFindVectors(t *testing.T) {
	refused := map[string]bool{fault.AmbiguousDate: true, fault.ImpossibleDate: true, fault.TwoDigitYear: true,
		fault.WeekdayMismatch: true, fault.DateOrderMismatch: true}
	ran := 0
	defer func() { require.Greater(t, ran, 100, "vectors run through Find") }()
	for _, v := range readVectors(t, "dates.txt", 2) {
		o := options(t, v.cols[0])
		display := strings.TrimSpace(v.cols[1])
		code, isErr := strings.CutPrefix(v.want, "error ")
		if isErr && !refused[code] || display == "" || display[0] >= 'a' && display[0] <= 'z' && !strings.HasPrefix(display, "the ") {
			continue
		}
		text := "On " + display + ", as stated."
		ms := Find(text, o)
		ran++
		require.Len(t, ms, 1, "line %d: Find(%q)", v.line, text)
		if isErr {
			require.NotNil(t, ms[0].Err, "line %d: Find(%q)", v.line, text)
			require.Equal(t, code, ms[0].Err.Code, "line %d: Find(%q)", v.line, text)
			continue
		}
		require.Nil(t, ms[0].Err, "line %d: Find(%q)", v.line, text)
		require.Equal(t, v.want, ms[0].Date.String(), "line %d: Find(%q)", v.line, text)
	}
}
