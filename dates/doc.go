// Package dates reads dates as sources print them, counts the days between
// them under the day-count conventions of finance, and resolves relative
// phrases ("the last 10 days") against a today the application injects. It
// never reads a clock: a model does not know what day it is, and neither
// does this package.
//
// Its two named operations, [DaysBetween] (days_between) and [DateRange]
// (date_range), implement [operation.Op]; package receipt runs, records and
// re-executes them like any other operation. Every error is a [*fault.Error],
// reckon's one error type, with one of the Code constants of this package.
//
// # Printed dates
//
// A [Date] is a civil date in the proleptic Gregorian calendar, years 1 to
// 9999, with no time of day and no time zone. [Options.Parse] (and [Parse])
// read one date exactly as printed, from one table of English month names
// and abbreviations (Sept and Febr included, case ignored, a dot after an
// abbreviation allowed):
//
//	31 March 2003, 31 Mar 2003, 31-Mar-2003, 31.Mar.2003    day, month, year
//	31st March 2003, the 31st of March, 2003                ordinals, whose suffix must go with the day
//	March 31, 2003, Mar. 31 2003, March 31st, 2003          month, day, year
//	2003-03-31, 2003/03/31, 2003.3.31, 2003 March 31        year first: always year, month, day
//	Monday, 31 March 2003                                   a weekday, which must agree with the date
//	31-Mar-03, 31 Mar '03, 31MAR03                          a two-digit year: only with a century
//	03/04/2023, 03.04.2023, 03-04-2023                      numeric: only with a date_order
//
// Fields are separated by white space (the no-break and thin spaces
// included) with at most one comma, hyphen or slash, by a lone dot between
// glued fields, or by nothing where digits meet letters (31MAR2003); the dashes and apostrophes PDFs print read as
// hyphens and apostrophes. Everything else is refused, never guessed:
//
//   - A numeric date whose first field is not a four-digit year is
//     ambiguous (03/04/2023 is 3 April day first and March 4 month first)
//     and is refused with code ambiguous_date unless [Options.Order] (the
//     param date_order: DMY, MDY or YMD) says how the source prints dates.
//     The refusal names the readings that exist. An order is needed even
//     when only one reading exists (31/03/2023), so that the rule does not
//     depend on the day; only a day equal to its month with a four-digit
//     year (04/04/2023) reads the same in every order and needs none.
//   - A two-digit year is refused with code two_digit_year unless
//     [Options.Century] (the param century, such as "2000") says which
//     hundred years the source means; then 31-Mar-03 is 2003-03-31. There
//     is no pivot year: a sliding window would read a 1968 maturity as 2068.
//   - A day or month that does not exist (31 February, 29 February 2023,
//     month 13, day 0) is impossible_date, with a hint that says how many
//     days the month has or that the year is not a leap year.
//   - A period label is not a date: FY2024, Q3 2024, H1 2024, 3Q24, a year
//     alone, March 2003 and 2024-03 are period_not_date. A day and month
//     without a year is missing_year: the package never assumes a year.
//   - An ordinal suffix that does not go with its day (1nd, 3st, 11st,
//     22th) is ordinal_mismatch: a digit lost in print ("3st" for 31st)
//     would otherwise read as another day.
//   - Text around the date, a time of day, a range, digits other than
//     ASCII: bad_date, whose hint lists the forms above.
//
// [Date.String] prints ISO 8601, YYYY-MM-DD, and [ParseISO] reads exactly
// that form, as an injected today and a receipt's recorded dates are.
//
// # Day counts
//
// [DayCount] is a convention, read from the param day_count by
// [ParseDayCount]; the finance operations accrue interest with the same
// functions.
//
//	actual        calendar days (the default); no year fraction
//	30/360        SIA's US rule with the end-of-month adjustment; year of 360
//	30E/360       Eurobond basis (ISDA 2006 4.16(g)); year of 360
//	actual/365F   calendar days over a fixed year of 365, leap years too
//	actual/360    calendar days over a year of 360
//
// The 30/360 conventions count 360×(Y2−Y1) + 30×(M2−M1) + (D2−D1) after
// adjusting the days. 30/360 US applies, in this order: both dates the last
// day of February, D2 becomes 30; the earlier date the last day of
// February, D1 becomes 30; D2 is 31 and D1 is 30 or 31, D2 becomes 30; D1
// is 31, D1 becomes 30. So 31 March to 30 September 2003 is 180 days (183
// actual), 29 February to 31 March 2024 is 30, and 29 February to 31
// December 2020 is 300 (Excel's DAYS360 tests the 31st before the February
// rule and gives 301). 30E/360 turns every 31st into a 30th and leaves
// February alone: 29 February to 31 March 2024 is 31.
//
// A day count is end − start, as in finance: the days from the start to
// the end, the start not counted. 2026-07-21 to 2026-07-30 is 9 days, while
// the inclusive range 2026-07-21/2026-07-30 holds 10 dates; days_between
// counts those with the param inclusive "true" (actual only), so that no one
// adds the 1 by hand.
//
// Counts are signed: when the end is before the start the count is the
// negative of the count from end to start, so Days(a, b) = −Days(b, a) under
// every convention, and the 30/360 rules always take the earlier date as the
// first.
//
// A year fraction is days ÷ basis. It is exact when the division
// terminates (90/360 = 0.25); otherwise (a basis of 360 or 365 has the
// factors 3 and 73) it is computed to 34 significant digits, rounded
// half-even, and flagged: the operation's Outcome is Inexact, and its Method
// names the exact fraction ("year_fraction 1/365 rounded half-even to 34
// significant digits"). The days and the basis are recorded as steps, so the
// exact fraction is always in the receipt.
//
// # Relative phrases
//
// [Resolve] and the date_range operation turn a phrase into an inclusive
// [Range] of dates, resolved against today: the date the application
// injects (Args.Today), never the machine's clock, and never a default.
// Without one the operation is refused with code today_not_injected. Today
// is a date, not an instant: which date it is for the user (in the user's
// time zone, at the moment of the call) is the application's to decide, and
// the package has no zones. The result is an ISO 8601 interval of inclusive dates, START/END. Phrases are
// matched without regard to case or runs of white space; counts N are
// digits (up to seven) or the words one to twelve. The grammar, with each
// convention written down once, for today = 2026-11-30 unless said:
//
//	today                       today/today
//	yesterday                   the day before today
//	the last N days             N dates ending today, today included: the last 10 days is 2026-11-21/2026-11-30
//	the last N weeks            the last 7×N days
//	the last N months|years     the dates after the same day N months (12×N) back, clamped to a shorter
//	                            month's end, to today: the last 1 month from 2026-03-31 is 2026-03-01/2026-03-31
//	last month|quarter|year     the whole calendar period before today's: last quarter is 2026-07-01/2026-09-30
//	this month|quarter|year     the calendar period's first day to today, not to the period's end
//	month|quarter|year to date  the same as this month|quarter|year; also MTD, QTD, YTD
//	YEAR to date                the same as year to date, and only for today's year
//	since MONTH                 the 1st of the latest MONTH on or before today, to today: since December is 2025-12-01/2026-11-30
//	since MONTH YEAR            that month's 1st to today
//	since DATE                  a printed date (read as Options.Parse reads it) to today, both included
//	in YEAR                     the whole calendar year, whatever today is
//	in MONTH YEAR, in QN YEAR   the whole calendar month or quarter (Q1 is January to March)
//	in HN YEAR                  the whole calendar half: H1 is January to June, H2 July to December
//
// "the" before last or past is optional, and so is a leading "in",
// "within", "over" or "during" before it; "past" reads as "last" in the
// counted forms. Quarters are calendar quarters: a fiscal year's start is
// the source's to say. A range that would end before it starts (since a date
// after today) is empty_range; a phrase English reads two ways is refused
// with code ambiguous_phrase and a hint naming both readings: "the last
// month" (last month, or the last 1 month?), "last week" and "this week"
// (weeks start on different days), "in March" (which year?), "2025 to date"
// in 2026. Anything else is unknown_phrase, whose hint lists the forms ([PhraseForms]).
//
// # Operations
//
// days_between takes the inputs start and end, each with unit "date" and
// its display as printed, and the params day_count, inclusive, date_order
// and century. Its result is the day count in days; its steps are start and
// end (ISO dates), with inclusive days_between (the count before the 1 is
// added), for the 30/360 conventions actual_days, d1 and d2, and for a
// convention with a year, year_basis and year_fraction. An input whose
// display is the word today is the injected today (recorded as the step
// today), so that "days until the deadline" needs no date the model
// supplies; without an injected today it is today_not_injected.
//
// date_range takes no inputs and the params phrase, date_order and
// century. Its result is the interval in Outcome.Text; its steps are today,
// start, end and days (the number of dates in the range).
//
// Both refuse a param they do not take (unknown_param), so that a misspelt
// day_count is never silently the default. As requests:
//
//	{"operation": "days_between",
//	 "inputs": [{"name": "start", "display": "31 March 2003", "unit": "date"},
//	            {"name": "end", "display": "30 September 2003", "unit": "date"}],
//	 "params": {"day_count": "30/360"}}
//	→ 180 days; steps start 2003-03-31, end 2003-09-30, actual_days 183, d1 30,
//	  d2 30, year_basis 360, year_fraction 0.5
//
//	{"operation": "date_range", "params": {"phrase": "the last 10 days"}}
//	with today 2026-11-30 injected → 2026-11-21/2026-11-30; steps today,
//	  start, end, days 10
//
// # Dates in prose
//
// [Find] returns the complete dates printed in a text, and the ranges
// "from A to B", with byte spans, read by the same reader, so that a release
// gate can back a date against a receipt or refuse it. A day and month
// without a year are a label, not a mention, except at the start of a range
// whose end is a complete date ("from 31 March to 30 April 2003"): there
// they are a mention refused as missing_year, since the end's year need not
// be the start's. With a century, a two-digit year followed by a month or a
// four-digit year is read as the day it is: "1 January – 31 March 2003" is not
// 1 January 2031.
package dates
