package dates

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
)

// maxPhraseBytes caps a relative phrase. The longest the grammar accepts,
// "within the last twelve months" or "since Wednesday, 30 September 2026",
// is far shorter.
const maxPhraseBytes = 120

// Range is an inclusive range of dates, as date_range resolves a phrase to:
// both Start and End belong to it.
type Range struct {
	Start, End Date
}

// String returns r as an ISO 8601 interval of its inclusive dates,
// START/END: "2026-11-21/2026-11-30". A consumer that filters with a
// half-open interval must add one day to End.
func (r Range) String() string { return r.Start.String() + "/" + r.End.String() }

// ParseRange reads a range as [Range.String] prints it, START/END in ISO
// 8601 with both ends included, as a receipt records date_range's result.
// An end before the start is an error with code empty_range.
func ParseRange(s string) (Range, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Range{}, errorf(fault.BadDate, "write the range as START/END, such as 2026-11-21/2026-11-30",
			"%q is not an ISO 8601 interval START/END", truncate(s))
	}
	start, err := ParseISO(a)
	if err != nil {
		return Range{}, err
	}
	end, err := ParseISO(b)
	if err != nil {
		return Range{}, err
	}
	if end.Before(start) {
		return Range{}, errorf(fault.EmptyRange, "a range ends on or after its start", "%q ends before it starts", truncate(s))
	}
	return Range{start, end}, nil
}

// Days returns the number of dates in r, both ends included.
func (r Range) Days() int { return r.End.Sub(r.Start) + 1 }

// Contains reports whether d is in r, both ends included.
func (r Range) Contains(d Date) bool { return !d.Before(r.Start) && !d.After(r.End) }

// PhraseForms returns the forms of the relative phrase grammar, as the
// error for a phrase outside it lists them. N is a count in digits or a word
// from one to twelve; MONTH an English month name or abbreviation; YEAR four
// digits; DATE a printed date as [Options.Parse] reads it.
func PhraseForms() []string { return slices.Clone(phraseForms) }

// phraseForms is the grammar's list of forms; see [PhraseForms].
var phraseForms = []string{
	"today", "yesterday",
	"the last N days", "the last N weeks", "the last N months", "the last N years",
	"since MONTH", "since MONTH YEAR", "since DATE",
	"last month", "last quarter", "last year",
	"this month", "this quarter", "this year",
	"month to date", "quarter to date", "year to date", "YEAR to date",
	"in YEAR", "in MONTH YEAR", "in QN YEAR", "in HN YEAR",
}

// Resolve resolves a relative phrase against today, the date the
// application injected; o reads the date of "since DATE". The grammar and
// its conventions are in the package doc under "Relative phrases": a phrase
// outside it is an error with code unknown_phrase that lists the forms, and
// a phrase that English reads two ways ("the last month") one with code
// ambiguous_phrase. Resolve never reads a clock.
func Resolve(phrase string, today Date, o Options) (Range, error) {
	if today.IsZero() {
		return Range{}, missingToday()
	}
	if len(phrase) > maxPhraseBytes || !utf8.ValidString(phrase) {
		return Range{}, unknownPhrase(phrase)
	}
	w := strings.Fields(strings.ToLower(phrase))
	r, err := resolve(w, phrase, today, o)
	if err != nil {
		return Range{}, in(err, "params.phrase")
	}
	if r.End.Before(r.Start) {
		return Range{}, in(errorf(fault.EmptyRange, "a range runs from a date to today at the latest; check the date against the source",
			"%q from today %s would end before it starts (%s)", truncate(phrase), today, r), "params.phrase")
	}
	return r, nil
}

// resolve matches the lower-cased words of a phrase against the grammar.
func resolve(w []string, phrase string, today Date, o Options) (Range, *fault.Error) {
	if len(w) > 0 && (w[0] == "in" || w[0] == "within" || w[0] == "over" || w[0] == "during") &&
		len(w) > 1 && (w[1] == "the" || w[1] == "last" || w[1] == "past") {
		w = w[1:] // "in the last 10 days" is "the last 10 days"
	}
	article := false // "the last month" is not "last month"
	if len(w) > 1 && w[0] == "the" && (w[1] == "last" || w[1] == "past") {
		w, article = w[1:], true
	}
	switch {
	case is(w, "today"):
		return Range{today, today}, nil
	case is(w, "yesterday"):
		d, err := today.AddDays(-1)
		return Range{d, d}, asUnits(err)
	case len(w) == 3 && (w[0] == "last" || w[0] == "past"):
		return lastN(w[1], w[2], phrase, today)
	case len(w) == 2 && (w[0] == "last" || w[0] == "past"), is(w, "this", "week"):
		return previous(w, article, phrase, today)
	case len(w) == 2 && w[0] == "this", len(w) == 3 && w[1] == "to" && w[2] == "date", len(w) == 1 && (w[0] == "ytd" || w[0] == "qtd" || w[0] == "mtd"):
		return toDate(w, phrase, today)
	case len(w) >= 2 && w[0] == "since":
		return since(w[1:], phrase, today, o)
	case len(w) >= 2 && w[0] == "in":
		return within(w[1:], phrase)
	}
	return Range{}, unknownPhrase(phrase)
}

// lastN resolves "the last N days|weeks|months|years": the N units that end
// today, today included.
func lastN(count, unit, phrase string, today Date) (Range, *fault.Error) {
	n, ok := number(count)
	if !ok {
		return Range{}, unknownPhrase(phrase)
	}
	if n == 0 {
		return Range{}, errorf(fault.EmptyRange, "count at least one: the last 1 day is today", "the last 0 %s is no dates", unit)
	}
	var start Date
	var err error
	switch unit {
	case "day", "days":
		start, err = today.AddDays(1 - n)
	case "week", "weeks":
		start, err = today.AddDays(1 - 7*n) // n has at most seven digits
	case "month", "months", "year", "years":
		if unit[0] == 'y' {
			n *= 12
		}
		// The dates after the same day n months back: from 31 March, one
		// month back is 28 February (clamped), so the range starts 1 March.
		if start, err = today.AddMonths(-n); err == nil {
			start, err = start.AddDays(1)
		}
	default:
		return Range{}, unknownPhrase(phrase)
	}
	return Range{start, today}, asUnits(err)
}

// previous resolves "last month|quarter|year", the whole calendar period
// before today's, and refuses the readings English leaves open.
func previous(w []string, article bool, phrase string, today Date) (Range, *fault.Error) {
	switch p := w[len(w)-1]; {
	case p == "week" || p == "weeks":
		return Range{}, errorf(fault.AmbiguousPhrase,
			"weeks start on different days in different places; say the last 7 days, or give the dates",
			"%q depends on the first day of the week", phrase)
	case (p == "month" || p == "quarter" || p == "year") && (w[0] == "past" || article):
		return Range{}, errorf(fault.AmbiguousPhrase,
			"say last "+p+" for the calendar "+p+" before this one, or the last 1 "+p+" for the dates since the same day a "+p+" ago",
			"%q is either the calendar %s before this one or the %s up to today", phrase, p, p)
	case p == "month", p == "quarter", p == "year":
		cur := period(p, today)
		end, err := cur.Start.AddDays(-1)
		if err != nil {
			return Range{}, asUnits(err)
		}
		return period(p, end), nil
	}
	return Range{}, unknownPhrase(phrase)
}

// toDate resolves "this month|quarter|year" and "month|quarter|year|YEAR to
// date": the calendar period from its first day to today.
func toDate(w []string, phrase string, today Date) (Range, *fault.Error) {
	p := w[len(w)-1]
	switch {
	case len(w) == 1:
		p = map[string]string{"ytd": "year", "qtd": "quarter", "mtd": "month"}[w[0]]
	case len(w) == 3:
		p = w[0]
		if y, ok := year(p); ok {
			if y != today.Year() {
				return Range{}, errorf(fault.AmbiguousPhrase,
					"say in "+p+" for the whole year, or since 1 January "+p+" for the dates from its start to today",
					"%q is not the current year: today is %s", phrase, today)
			}
			p = "year"
		}
	}
	switch p {
	case "month", "quarter", "year":
		return Range{period(p, today).Start, today}, nil
	case "week":
		return previous([]string{"week"}, false, phrase, today)
	}
	return Range{}, unknownPhrase(phrase)
}

// since resolves "since MONTH", "since MONTH YEAR" and "since DATE": from
// that date (a month's first day) to today, both included. A month alone is
// its latest start on or before today.
func since(w []string, phrase string, today Date, o Options) (Range, *fault.Error) {
	if len(w) == 1 {
		if m, ok := Month(w[0]); ok {
			y := today.Year()
			if m > today.Month() {
				y--
			}
			start, err := New(y, m, 1)
			return Range{start, today}, asUnits(err)
		}
	}
	if len(w) == 2 {
		m, ok1 := Month(w[0])
		y, ok2 := year(w[1])
		if ok1 && ok2 {
			start, err := New(y, m, 1)
			return Range{start, today}, asUnits(err)
		}
	}
	rest := strings.Join(w, " ")
	d, err := o.Parse(rest)
	if err != nil {
		e := asUnits(err)
		if e.Code == fault.BadDate || e.Code == fault.PeriodNotDate {
			return Range{}, unknownPhrase(phrase)
		}
		return Range{}, e
	}
	return Range{d, today}, nil
}

// within resolves "in YEAR", "in MONTH YEAR", "in QN YEAR" and "in HN
// YEAR": the whole calendar period, whatever today is.
func within(w []string, phrase string) (Range, *fault.Error) {
	if len(w) == 1 {
		if y, ok := year(w[0]); ok {
			return wholeYear(y), nil
		}
		if _, ok := Month(w[0]); ok {
			return Range{}, errorf(fault.AmbiguousPhrase, "give the year: in "+w[0]+" 2026, or since "+w[0]+" for the latest one",
				"%q does not say which year", phrase)
		}
	}
	if len(w) == 2 {
		y, ok := year(w[1])
		if !ok {
			return Range{}, unknownPhrase(phrase)
		}
		if m, ok := Month(w[0]); ok {
			start, _ := New(y, m, 1)
			return period("month", start), nil
		}
		if q, ok := strings.CutPrefix(w[0], "q"); ok && len(q) == 1 && q[0] >= '1' && q[0] <= '4' {
			start, _ := New(y, 3*int(q[0]-'1')+1, 1)
			return period("quarter", start), nil
		}
		switch w[0] {
		case "h1":
			return Range{Date{int16(y), 1, 1}, Date{int16(y), 6, 30}}, nil
		case "h2":
			return Range{Date{int16(y), 7, 1}, Date{int16(y), 12, 31}}, nil
		}
	}
	return Range{}, unknownPhrase(phrase)
}

// period returns the calendar month, quarter (January to March and so on)
// or year that contains d.
func period(p string, d Date) Range {
	switch p {
	case "month":
		return Range{Date{d.year, d.month, 1}, Date{d.year, d.month, uint8(DaysIn(d.Year(), d.Month()))}}
	case "quarter":
		first := uint8((d.Month()-1)/3*3 + 1)
		return Range{Date{d.year, first, 1}, Date{d.year, first + 2, uint8(DaysIn(d.Year(), int(first)+2))}}
	}
	return wholeYear(d.Year())
}

// wholeYear returns 1 January to 31 December of y.
func wholeYear(y int) Range {
	return Range{Date{int16(y), 1, 1}, Date{int16(y), 12, 31}}
}

// is reports whether the words are exactly want.
func is(w []string, want ...string) bool {
	if len(w) != len(want) {
		return false
	}
	for i := range w {
		if w[i] != want[i] {
			return false
		}
	}
	return true
}

// number reads a count: up to seven digits, or a number word from the table.
func number(s string) (int, bool) {
	if i, ok := lookup(s); ok && i.kind == wNumber {
		return i.val, true
	}
	if s == "" || len(s) > 7 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
	}
	return atoi(s), true
}

// year reads a year of four ASCII digits, from 1 to 9999. It is not
// [number]: the number words count days, and "in five" is not the year 5.
func year(s string) (int, bool) {
	if len(s) != 4 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
	}
	n := atoi(s)
	return n, n >= minYear
}

// unknownPhrase is the error for a phrase outside the grammar.
func unknownPhrase(phrase string) *fault.Error {
	return in(errorf(fault.UnknownPhrase,
		"use one of: "+strings.Join(phraseForms, "; ")+" (N in digits or one to twelve)",
		"%q is not a phrase reckon resolves", truncate(phrase)), "params.phrase")
}

// missingToday is the error for a range asked for with no injected today.
func missingToday() *fault.Error {
	return in(errorf(fault.TodayNotInjected,
		"the application must inject today's date (Options.Today, a clock function in the tools, -today YYYY-MM-DD on the CLI); reckon never reads a clock",
		"no today was injected"), "today")
}
