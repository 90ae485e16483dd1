package dates

import (
	"strconv"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
)

// The years a [Date] can hold: the four-digit years of ISO 8601, so that
// every Date prints as YYYY-MM-DD and reads back.
const (
	minYear = 1
	maxYear = 9999
)

// Date is a civil date in the proleptic Gregorian calendar: a year, a month
// and a day, with no time of day and no time zone, so that a date never moves
// when a machine's zone does. The zero Date is invalid and prints as
// "0000-00-00"; obtain dates from [New], [Parse] or [ParseISO]. Dates compare
// with == and order with [Date.Compare].
type Date struct {
	year  int16
	month uint8
	day   uint8
}

// New returns the date year-month-day, or a [*fault.Error] with code
// impossible_date when the month or day does not exist (31 February, 29
// February of a common year, month 13) and date_out_of_range when the year
// is outside 1 to 9999.
func New(year, month, day int) (Date, error) {
	if year < minYear || year > maxYear {
		return Date{}, errorf(fault.DateOutOfRange, "give a year from 1 to 9999 as printed",
			"year %d is outside 1 to 9999", year)
	}
	if month < 1 || month > 12 {
		return Date{}, errorf(fault.ImpossibleDate, "check the month against the source; if it prints the day first, say so with date_order",
			"there is no month %d", month)
	}
	if n := DaysIn(year, month); day < 1 || day > n {
		hint := monthNames[month-1] + " " + strconv.Itoa(year) + " has " + strconv.Itoa(n) + " days; check the transcription against the source"
		if month == 2 && day == 29 {
			hint = strconv.Itoa(year) + " is not a leap year, so February has 28 days; check the year and the day against the source"
		}
		return Date{}, errorf(fault.ImpossibleDate, hint, "there is no day %d in %s %d", day, monthNames[month-1], year)
	}
	return Date{int16(year), uint8(month), uint8(day)}, nil
}

// MustNew is like [New] but panics on an impossible date. It is for tests
// and package-level values only.
func MustNew(year, month, day int) Date {
	d, err := New(year, month, day)
	if err != nil {
		panic(err)
	}
	return d
}

// IsLeap reports whether year is a Gregorian leap year: divisible by 4, and
// not by 100 unless by 400 (2000 and 2024 are, 1900 and 2023 are not).
func IsLeap(year int) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

// DaysIn returns the number of days in the month of year, or 0 when month is
// not 1 to 12.
func DaysIn(year, month int) int {
	switch month {
	case 1, 3, 5, 7, 8, 10, 12:
		return 31
	case 4, 6, 9, 11:
		return 30
	case 2:
		if IsLeap(year) {
			return 29
		}
		return 28
	}
	return 0
}

// Year returns the year of d.
func (d Date) Year() int { return int(d.year) }

// Month returns the month of d, 1 to 12.
func (d Date) Month() int { return int(d.month) }

// Day returns the day of the month of d, 1 to 31.
func (d Date) Day() int { return int(d.day) }

// IsZero reports whether d is the zero Date, which is no date.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d in ISO 8601 extended form, YYYY-MM-DD.
func (d Date) String() string {
	b := make([]byte, 0, 10)
	b = pad(b, int(d.year), 4)
	b = append(b, '-')
	b = pad(b, int(d.month), 2)
	b = append(b, '-')
	return string(pad(b, int(d.day), 2))
}

// pad appends n in decimal, zero-padded to width digits.
func pad(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// MarshalText returns d as [Date.String] does, so that dates cross JSON as
// ISO 8601 strings.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads d from ISO 8601 YYYY-MM-DD exactly, as [ParseISO] does.
func (d *Date) UnmarshalText(b []byte) error {
	v, err := ParseISO(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Compare returns -1 when d is before e, +1 when after, and 0 when they are
// the same date.
func (d Date) Compare(e Date) int {
	switch a, b := d.ordinal(), e.ordinal(); {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Before reports whether d is before e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports whether d is after e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// Sub returns the number of days from e to d: positive when d is later.
// 2024-03-01 minus 2024-02-28 is 2, since 2024 is a leap year.
func (d Date) Sub(e Date) int { return d.ordinal() - e.ordinal() }

// AddDays returns the date n days after d (before it when n is negative), or
// an error with code date_out_of_range when that leaves years 1 to 9999.
func (d Date) AddDays(n int) (Date, error) {
	const span = 3652059 // days from 0001-01-01 to 9999-12-31
	o := d.ordinal()
	if n > span || n < -span || o+n < minOrdinal || o+n > maxOrdinal {
		return Date{}, errorf(fault.DateOutOfRange, "count fewer days: dates run from 0001-01-01 to 9999-12-31",
			"%d days from %s is outside 0001-01-01 to 9999-12-31", n, d)
	}
	return fromOrdinal(o + n), nil
}

// AddMonths returns the date n calendar months after d (before it when n is
// negative), with the day clamped to the end of a shorter month: one month
// after 31 January 2024 is 29 February 2024, and one month before 31 March
// 2023 is 28 February 2023. Years outside 1 to 9999 are an error with code
// date_out_of_range.
func (d Date) AddMonths(n int) (Date, error) {
	const maxMonths = 12 * maxYear
	m := int(d.year)*12 + int(d.month) - 1
	if n > maxMonths || n < -maxMonths || m+n < 12*minYear || m+n >= 12*(maxYear+1) {
		return Date{}, errorf(fault.DateOutOfRange, "count fewer months: dates run from 0001-01-01 to 9999-12-31",
			"%d months from %s is outside 0001-01-01 to 9999-12-31", n, d)
	}
	m += n
	y, mo := m/12, m%12+1
	day := min(int(d.day), DaysIn(y, mo))
	return Date{int16(y), uint8(mo), uint8(day)}, nil
}

// The ordinals of the first and last dates a Date can hold.
var (
	minOrdinal = Date{minYear, 1, 1}.ordinal()
	maxOrdinal = Date{maxYear, 12, 31}.ordinal()
)

// ordinal returns the number of days from 1970-01-01 to d, counting in the
// proleptic Gregorian calendar. It counts from March, so that the leap day
// falls at the end of a year: the algorithm is Howard Hinnant's
// days_from_civil, whose divisions are exact for the positive years a Date
// holds.
func (d Date) ordinal() int {
	y, m, day := int(d.year), int(d.month), int(d.day)
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400 // [0, 399]
	mp := (m + 9) % 12 // March is 0
	doy := (153*mp+2)/5 + day - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// fromOrdinal is the inverse of ordinal (Hinnant's civil_from_days).
func fromOrdinal(z int) Date {
	z += 719468
	era := z / 146097
	if z < 0 {
		era = (z - 146096) / 146097
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return Date{int16(y), uint8(m), uint8(day)}
}

// weekday returns the day of the week of d, 0 for Sunday to 6 for Saturday,
// as time.Weekday numbers them. 1970-01-01 was a Thursday.
func (d Date) weekday() int {
	w := (d.ordinal() + 4) % 7
	if w < 0 {
		w += 7
	}
	return w
}

// ParseISO reads a date in ISO 8601 extended form exactly: four-digit year,
// two-digit month and day, hyphens, nothing else. It is how an application's
// injected today and a receipt's recorded dates are read; printed dates go
// through [Parse].
func ParseISO(s string) (Date, error) {
	ok := len(s) == 10 && s[4] == '-' && s[7] == '-'
	for i := 0; ok && i < len(s); i++ {
		ok = i == 4 || i == 7 || s[i] >= '0' && s[i] <= '9'
	}
	if !ok {
		return Date{}, errorf(fault.BadDate, "write the date as YYYY-MM-DD, such as 2026-11-30",
			"%q is not an ISO 8601 date YYYY-MM-DD", truncate(s))
	}
	y, _ := strconv.Atoi(s[:4])
	m, _ := strconv.Atoi(s[5:7])
	d, _ := strconv.Atoi(s[8:])
	return New(y, m, d)
}

// truncate shortens s for an error message, so that a hostile megabyte
// display does not come back in every error.
func truncate(s string) string { return short.To(s, 64) }
