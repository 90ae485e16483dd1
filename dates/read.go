package dates

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
)

// maxDisplayBytes caps a printed date. The longest form the reader accepts,
// "Wednesday, the 30th of September, 2026", is 38 bytes; anything much longer
// is not a date, and the cap keeps error messages and work small.
const maxDisplayBytes = 100

// Order says how a source prints numeric dates such as 03/04/2023, which
// read as 3 April day first and as March 4 month first. The zero Order
// refuses them.
type Order uint8

// The orders of numeric dates.
const (
	OrderUnknown Order = iota // numeric dates are refused as ambiguous
	DMY                       // day, month, year: 03/04/2023 is 3 April 2023
	MDY                       // month, day, year: 03/04/2023 is March 4, 2023
	YMD                       // year, month, day: 23/04/03 is 3 April 2023 (with a century)
)

// String returns the param value that names o, or "" for [OrderUnknown].
func (o Order) String() string {
	switch o {
	case DMY:
		return "DMY"
	case MDY:
		return "MDY"
	case YMD:
		return "YMD"
	}
	return ""
}

// ParseOrder reads the param date_order: DMY, MDY or YMD, ignoring case, or
// "" for [OrderUnknown]. Anything else is an error with code bad_date_order.
func ParseOrder(s string) (Order, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "":
		return OrderUnknown, nil
	case "DMY":
		return DMY, nil
	case "MDY":
		return MDY, nil
	case "YMD":
		return YMD, nil
	}
	return OrderUnknown, in(errorf(fault.BadDateOrder, "set date_order to DMY (03/04/2023 is 3 April), MDY (March 4) or YMD",
		"unknown date_order %q", truncate(s)), "params.date_order")
}

// ParseCentury reads the param century: the multiple of 100 that a
// two-digit year is added to ("2000" reads 31-Mar-03 as 2003), from 100 to
// 9900, or "" for none. Anything else is an error with code bad_century.
func ParseCentury(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 4 || n < 100 || n > 9900 || n%100 != 0 {
		return 0, in(errorf(fault.BadCentury, `set century to the hundreds a two-digit year is added to, such as "2000" for 2003 or "1900" for 1999`,
			"bad century %q", truncate(s)), "params.century")
	}
	return n, nil
}

// Options say how to read the printed dates of one source. The zero Options
// read every form whose meaning is printed in full, and refuse numeric dates
// other than year-first ones and two-digit years.
type Options struct {
	// Order is how the source prints numeric dates; OrderUnknown refuses
	// 03/04/2023 as ambiguous. It has no effect on dates with a month name
	// or a four-digit year first.
	Order Order
	// Century is added to a two-digit year, so that with 2000 "31-Mar-03"
	// is 2003-03-31; 0 refuses two-digit years. There is no pivot year:
	// which century a source means is the source's to say, and a sliding
	// window would read a 1968 bond maturity as 2068 without a word.
	Century int
}

// Parse reads one date exactly as printed, in the forms listed in the
// package doc, with numeric dates read in order. It is [Options.Parse] with
// no century.
func Parse(display string, order Order) (Date, error) {
	return Options{Order: order}.Parse(display)
}

// Parse reads one date exactly as printed. The whole display must be the
// date; surrounding white space is ignored. A display the reader refuses is
// a [*fault.Error] whose code says why: bad_date, ambiguous_date,
// impossible_date, period_not_date, missing_year, two_digit_year,
// weekday_mismatch, ordinal_mismatch, date_order_mismatch or
// date_out_of_range.
func (o Options) Parse(display string) (Date, error) {
	s := strings.TrimSpace(display)
	switch {
	case s == "":
		return Date{}, errorf(fault.BadDate, "give the date exactly as the source prints it, such as 31 March 2003", "missing date")
	case len(s) > maxDisplayBytes:
		return Date{}, errorf(fault.BadDate, "give the date alone, exactly as printed, without the text around it",
			"%d bytes is too long for a date (at most %d)", len(s), maxDisplayBytes)
	case !utf8.ValidString(s):
		return Date{}, errorf(fault.BadDate, "give the date as UTF-8 text", "invalid UTF-8 in date %q", truncate(s))
	}
	toks := lex(s)
	r := o.readAt(toks, 0)
	switch {
	case r.err != nil:
		return Date{}, r.err
	case r.shaped && r.end == len(toks):
		return r.date, nil
	case r.shaped:
		return Date{}, errorf(fault.BadDate, "give the date alone; a date in reckon has no time of day, and a range is two inputs",
			"unexpected %q after the date in %q", truncate(s[toks[r.end].start:]), truncate(s))
	}
	if what := periodKind(toks); what != "" {
		return Date{}, errorf(fault.PeriodNotDate,
			"a period is not a date: give the date the source prints (such as the period's end, 2024-06-30), or use date_range for a period",
			"%q is %s, a period, not a date", truncate(s), what)
	}
	return Date{}, errorf(fault.BadDate,
		"write the date as printed in one of these forms: 31 March 2003, March 31, 2003, 2003-03-31, 31-Mar-03 (with the param century), 31st March 2003, or 03/04/2023 (with the param date_order)",
		"%q is not a date", truncate(s))
}

// read is the outcome of reading a date at a token.
type read struct {
	date   Date
	end    int          // the index of the first token after the date
	shaped bool         // the tokens are a date's shape, whether or not it exists
	err    *fault.Error // why a date-shaped run of tokens is refused
	two    bool         // the year was printed in two digits
}

// readAt reads the date that starts at toks[i]: an optional weekday and
// "the", then a day, month and year in one of the layouts the package doc
// lists. It never looks before toks[i].
func (o Options) readAt(toks []token, i int) read {
	c := &cursor{toks: toks, i: i}
	wd, ok := c.prefix()
	if !ok {
		return read{}
	}
	switch t := c.peek(0); {
	case t.kind == tNum && len(t.text) == 4:
		return o.yearFirst(c, i, wd)
	case t.kind == tNum && len(t.text) <= 2:
		if p, ok := c.numeric(); ok {
			return o.numericDate(toks, i, c.i, p, wd)
		}
		return o.dayFirst(c, i, wd)
	case t.kind == tWord:
		return o.monthFirst(c, i, wd)
	}
	return read{}
}

// prefix consumes a weekday (Monday, Mon., Thurs) and "the" before a date,
// and returns the weekday, 0 for Sunday, or -1 when none is printed.
func (c *cursor) prefix() (wd int, ok bool) {
	wd = -1
	if w, ok := c.word(wWeekday); ok {
		wd = w.val
		c.abbrevDot(w)
		if !c.gap() {
			return 0, false
		}
	}
	if c.lit("the") && !c.gap() {
		return 0, false
	}
	return wd, true
}

// yearFirst reads a date that begins with a four-digit year: 2003-03-31,
// 2003/3/31, 2003.03.31, 2003 March 31, 2003-Mar-31. Every convention that
// prints the year first follows it with the month, so date_order is not
// consulted.
func (o Options) yearFirst(c *cursor, i, wd int) read {
	y := atoi(c.peek(0).text)
	if p, ok := c.numeric(); ok {
		if len(p[1]) > 2 || len(p[2]) > 2 {
			return read{}
		}
		return o.finish(c.toks, i, c.i, y, atoi(p[1]), atoi(p[2]), false, wd)
	}
	c.i++
	if !c.gap() {
		return read{}
	}
	mw, ok := c.word(wMonth)
	if !ok {
		return read{}
	}
	c.abbrevDot(mw)
	if !c.gap() {
		return read{}
	}
	d, ok := c.day()
	if !ok {
		return read{}
	}
	return o.finishDay(c, i, y, mw.val, d, false, wd)
}

// dayFirst reads a date that begins with the day: 31 March 2003, 31-Mar-03,
// 31st of March, 2003.
func (o Options) dayFirst(c *cursor, i, wd int) read {
	d, _ := c.day()
	if !c.gap() || c.lit("of") && !c.gap() {
		return read{}
	}
	mw, ok := c.word(wMonth)
	if !ok {
		return read{}
	}
	c.abbrevDot(mw)
	y, two, ok := c.yearAfterGap()
	if !ok {
		return missingYear(c.toks, i, c.i)
	}
	return o.finishDay(c, i, y, mw.val, d, two, wd)
}

// monthFirst reads a date that begins with the month: March 31, 2003,
// Mar. 31st 2003.
func (o Options) monthFirst(c *cursor, i, wd int) read {
	mw, ok := c.word(wMonth)
	if !ok {
		return read{}
	}
	c.abbrevDot(mw)
	if !c.gap() {
		return read{}
	}
	d, ok := c.day()
	if !ok {
		return read{}
	}
	y, two, ok := c.yearAfterGap()
	if !ok {
		return missingYear(c.toks, i, c.i)
	}
	return o.finishDay(c, i, y, mw.val, d, two, wd)
}

// finishDay is finish for a date whose day c read, refusing a day whose
// ordinal suffix does not go with it.
func (o Options) finishDay(c *cursor, i, y, m, d int, two bool, wd int) read {
	if c.badOrdinal != "" {
		return read{shaped: true, end: c.i, err: errorf(fault.OrdinalMismatch,
			"the day and its suffix disagree (1st, 2nd, 3rd, 4th, 11th, 21st, 22nd, 23rd, 31st); check the day against the source",
			"%q: %q is not an ordinal day", span(c.toks, i, c.i), c.badOrdinal)}
	}
	return o.finish(c.toks, i, c.i, y, m, d, two, wd)
}

// finish builds the date read from toks[i:end], applying the century to a
// two-digit year and checking a printed weekday.
func (o Options) finish(toks []token, i, end, y, m, d int, two bool, wd int) read {
	r := o.finishYear(toks, i, end, y, m, d, two, wd)
	r.two = two
	return r
}

// finishYear is finish without recording two.
func (o Options) finishYear(toks []token, i, end, y, m, d int, two bool, wd int) read {
	if two {
		if o.Century == 0 {
			return read{shaped: true, end: end, err: errorf(fault.TwoDigitYear,
				`write the year in four digits as the source means it, or set the param century (such as "2000" for 2003) if the source says which century its two-digit years are in`,
				"%q has a two-digit year", span(toks, i, end))}
		}
		y += o.Century
	}
	date, err := New(y, m, d)
	if err != nil {
		e := asUnits(err)
		e.Msg = strconv.Quote(span(toks, i, end)) + ": " + e.Msg
		return read{shaped: true, end: end, err: e}
	}
	if wd >= 0 && date.weekday() != wd {
		return read{shaped: true, end: end, err: errorf(fault.WeekdayMismatch,
			"the printed weekday and date disagree; check both against the source",
			"%q: %s is a %s", span(toks, i, end), date, weekdayName(date.weekday()))}
	}
	return read{date: date, end: end, shaped: true}
}

// numericDate reads a numeric date whose first field has one or two digits:
// p holds the three fields, toks[i:end] the text. Its meaning depends on the
// source's order, which the caller must give.
func (o Options) numericDate(toks []token, i, end int, p [3]string, wd int) read {
	if len(p[1]) > 2 || len(p[2]) == 1 || len(p[2]) == 3 || len(p[2]) > 4 {
		return read{} // not a date: 1/2/3, 12-345-6789
	}
	a, b, c := atoi(p[0]), atoi(p[1]), atoi(p[2])
	switch o.Order {
	case DMY:
		return o.finish(toks, i, end, c, b, a, len(p[2]) == 2, wd)
	case MDY:
		return o.finish(toks, i, end, c, a, b, len(p[2]) == 2, wd)
	case YMD:
		if len(p[0]) != 2 || len(p[2]) > 2 {
			return read{shaped: true, end: end, err: errorf(fault.DateOrderMismatch,
				"date_order YMD puts the year first; check date_order against how the source prints its dates",
				"%q does not print the year first", span(toks, i, end))}
		}
		return o.finish(toks, i, end, a, b, c, true, wd)
	}
	if a == b && len(p[2]) == 4 {
		// 04/04/2023 is 4 April in both orders that print the year last,
		// and a four-digit year last rules out year first.
		return o.finish(toks, i, end, c, a, b, false, wd)
	}
	return read{shaped: true, end: end, err: ambiguous(span(toks, i, end), a, b, c, len(p[2]) == 2)}
}

// ambiguous builds the error for a numeric date a/b/y read with no order,
// naming the readings that exist so that the hint says which orders would
// accept it. With a two-digit year the century is unknown, so February is
// given 29 days here, and year first (YMD) is a reading too; the order,
// once set, decides.
func ambiguous(text string, a, b, y int, two bool) *fault.Error {
	ly, yy := y, strconv.Itoa(y)
	if two {
		ly, yy = 2000, "'"+p2(y)
	}
	var readings, orders []string
	if b >= 1 && b <= 12 && a >= 1 && a <= DaysIn(ly, b) {
		readings = append(readings, strconv.Itoa(a)+" "+monthNames[b-1]+" "+yy+" day first")
		orders = append(orders, "DMY")
	}
	if a >= 1 && a <= 12 && b >= 1 && b <= DaysIn(ly, a) {
		readings = append(readings, monthNames[a-1]+" "+strconv.Itoa(b)+", "+yy+" month first")
		orders = append(orders, "MDY")
	}
	if two && b >= 1 && b <= 12 && y >= 1 && y <= DaysIn(2000, b) {
		readings = append(readings, strconv.Itoa(y)+" "+monthNames[b-1]+" '"+p2(a)+" year first")
		orders = append(orders, "YMD")
	}
	switch len(readings) {
	case 0:
		return errorf(fault.ImpossibleDate, "no order gives a date; check the transcription against the source",
			"%q is not a date in any order", text)
	case 1:
		return errorf(fault.AmbiguousDate,
			"only "+orders[0]+" reads it as a date ("+readings[0]+"); set the param date_order to "+orders[0]+" if that is how the source prints its dates",
			"%q is a numeric date with no date_order", text)
	}
	return errorf(fault.AmbiguousDate,
		"set the param date_order to "+strings.Join(orders, " or ")+" as the source prints its dates (a date in the source with a day above 12 shows which)",
		"%q is ambiguous: %s", text, strings.Join(readings, ", "))
}

// p2 formats a two-digit year with its leading zero.
func p2(y int) string { return string(pad(nil, y, 2)) }

// missingYear is the outcome of a day and month with no year after them.
func missingYear(toks []token, i, end int) read {
	return read{shaped: true, end: end, err: errorf(fault.MissingYear,
		"give the year as the source prints it with the day and month; reckon never assumes the current year",
		"%q has no year", span(toks, i, end))}
}

// periodKind says what kind of period label toks are, such as "a fiscal
// year label", or "" when they are not one.
func periodKind(toks []token) string {
	var sig []token // the numbers and words
	for _, t := range toks {
		switch t.kind {
		case tNum, tWord:
			sig = append(sig, t)
		case tOther:
			return ""
		}
	}
	for _, t := range sig {
		if w, ok := lookup(t.text); ok && w.kind == wPeriod {
			return "a period label"
		}
	}
	isMonth := func(t token) bool { _, ok := Month(t.text); return t.kind == tWord && ok }
	switch {
	case len(sig) == 1 && sig[0].kind == tNum && len(sig[0].text) == 4:
		return "a year"
	case len(sig) == 2 && isMonth(sig[0]) && sig[1].kind == tNum && len(sig[1].text) == 4,
		len(sig) == 2 && isMonth(sig[1]) && sig[0].kind == tNum && len(sig[0].text) == 4,
		len(sig) == 2 && sig[0].kind == tNum && len(sig[0].text) == 4 && sig[1].kind == tNum && len(sig[1].text) <= 2:
		return "a month"
	}
	return ""
}

// span returns the source text of toks[i:end].
func span(toks []token, i, end int) string {
	if i >= end {
		return ""
	}
	var b strings.Builder
	for _, t := range toks[i:end] {
		b.WriteString(t.text)
	}
	return b.String()
}

// atoi converts a run of at most four digits.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// weekdayName returns the English name of weekday w, 0 for Sunday.
func weekdayName(w int) string {
	return [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}[w]
}
