package dates

import "strings"

// wordKind is what a word means to the reader of printed dates and to the
// phrase grammar.
type wordKind uint8

const (
	wMonth   wordKind = iota + 1 // a month name or abbreviation; val is 1 to 12
	wWeekday                     // a weekday name or abbreviation; val is 0 (Sunday) to 6
	wOrdinal                     // st, nd, rd, th after a day: 31st
	wPeriod                      // a word that labels a period, not a date: FY, Q, H, quarter
	wNumber                      // a small number word in a phrase; val is its value
)

// monthNames are the months' English names, for messages.
var monthNames = [12]string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

// wordTable is the one table of words the package reads, English first:
// each row a kind, a value and every spelling accepted for it, matched
// without regard to case. An abbreviation may be printed with a final dot
// (Mar., Sept.). "may" is both a name and its own abbreviation.
var wordTable = [...]struct {
	kind     wordKind
	val      int
	spelling []string
}{
	{wMonth, 1, []string{"january", "jan"}},
	{wMonth, 2, []string{"february", "feb", "febr"}},
	{wMonth, 3, []string{"march", "mar"}},
	{wMonth, 4, []string{"april", "apr"}},
	{wMonth, 5, []string{"may"}},
	{wMonth, 6, []string{"june", "jun"}},
	{wMonth, 7, []string{"july", "jul"}},
	{wMonth, 8, []string{"august", "aug"}},
	{wMonth, 9, []string{"september", "sep", "sept"}},
	{wMonth, 10, []string{"october", "oct"}},
	{wMonth, 11, []string{"november", "nov"}},
	{wMonth, 12, []string{"december", "dec"}},

	{wWeekday, 0, []string{"sunday", "sun"}},
	{wWeekday, 1, []string{"monday", "mon"}},
	{wWeekday, 2, []string{"tuesday", "tue", "tues"}},
	{wWeekday, 3, []string{"wednesday", "wed"}},
	{wWeekday, 4, []string{"thursday", "thu", "thur", "thurs"}},
	{wWeekday, 5, []string{"friday", "fri"}},
	{wWeekday, 6, []string{"saturday", "sat"}},

	{wOrdinal, 0, []string{"st", "nd", "rd", "th"}},

	// Period labels: a fiscal or calendar year, a quarter, a half, a
	// trailing window. Printed where a date belongs they are refused, never
	// turned into the period's first or last day.
	{wPeriod, 0, []string{"fy", "cy", "fye", "fiscal", "financial", "q", "h", "quarter", "half",
		"ytd", "qtd", "mtd", "ttm", "ltm", "year", "month", "week", "ended", "ending"}},

	// Small number words, for phrases such as "the last ten days". Larger
	// counts are written in digits.
	{wNumber, 1, []string{"one"}}, {wNumber, 2, []string{"two"}}, {wNumber, 3, []string{"three"}},
	{wNumber, 4, []string{"four"}}, {wNumber, 5, []string{"five"}}, {wNumber, 6, []string{"six"}},
	{wNumber, 7, []string{"seven"}}, {wNumber, 8, []string{"eight"}}, {wNumber, 9, []string{"nine"}},
	{wNumber, 10, []string{"ten"}}, {wNumber, 11, []string{"eleven"}}, {wNumber, 12, []string{"twelve"}},
}

// wordInfo is one row of wordTable as the index holds it.
type wordInfo struct {
	kind wordKind
	val  int
}

// wordIndex maps every spelling in wordTable to its meaning.
var wordIndex = func() map[string]wordInfo {
	m := make(map[string]wordInfo)
	for _, r := range wordTable {
		for _, s := range r.spelling {
			if _, dup := m[s]; dup {
				panic("dates: duplicate word " + s)
			}
			m[s] = wordInfo{r.kind, r.val}
		}
	}
	return m
}()

// lookup returns the meaning of the word w, ignoring case.
func lookup(w string) (wordInfo, bool) {
	if len(w) > 12 {
		return wordInfo{}, false // longer than any word in the table
	}
	var buf [12]byte // lower-cased here, so that a lookup does not allocate
	for k := 0; k < len(w); k++ {
		c := w[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[k] = c
	}
	i, ok := wordIndex[string(buf[:len(w)])]
	return i, ok
}

// Month returns the month, 1 to 12, that the English word w names, ignoring
// case and a final dot: "March", "mar", "Sept.", "sep" are all months. It is
// the one table of month names, for any package that reads dates in text.
func Month(w string) (int, bool) {
	i, ok := lookup(strings.TrimSuffix(w, "."))
	if !ok || i.kind != wMonth {
		return 0, false
	}
	return i.val, true
}

// isAbbrev reports whether w, a month or weekday spelling, is shorter than
// the full name, and so may carry a dot.
func isAbbrev(w string, i wordInfo) bool {
	switch i.kind {
	case wMonth:
		return len(w) < len(monthNames[i.val-1])
	case wWeekday:
		return len(w) < len(weekdayName(i.val))
	}
	return false
}
