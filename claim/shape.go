package claim

import (
	"strconv"
	"strings"

	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// dateForm reads the numeric forms of dates and times that start at an
// integer: 2021-03-04, 03/04/2021, on 4/3, 10:30, 10:30:15. The whole form
// is one mention of class [Date], whose value is its first number. A day
// and month without a year ("4/3") are a date only after a word that
// introduces one ("on", "by", "since", a weekday, …) and when no count noun
// follows: otherwise "7/10" and "11/12 tests" are a number over another,
// and both are checked.
func (s *scanner) dateForm() (int, bool) {
	t, j := s.text, s.num.end
	if !s.plain || j+1 >= len(t) {
		return 0, false
	}
	digits := func(k int) int {
		e := k
		for e < len(t) && e-k <= 4 && isDigit(t[e]) {
			e++
		}
		return e - k
	}
	sep := t[j]
	var parts []int
	for k := j; k+1 < len(t) && t[k] == sep && len(parts) < 2; {
		n := digits(k + 1)
		if n == 0 || n > 4 {
			break
		}
		parts = append(parts, n)
		k += 1 + n
	}
	ok := false
	switch sep {
	case ':':
		ok = len(parts) > 0 && parts[0] == 2 && (len(parts) == 1 || parts[1] == 2)
	case '/':
		ok = s.dayMonth(parts)
	case '-':
		ok = s.intLen == 4 && len(parts) == 2 && parts[0] <= 2 && parts[1] <= 2
	}
	if !ok {
		return 0, false
	}
	end := j
	for _, n := range parts {
		end += 1 + n
	}
	if end < len(t) && isWordByte(t[end]) {
		return 0, false
	}
	if sep == '/' && len(parts) == 1 && countNoun(t, skipSpace(t, end)) {
		return 0, false // "11/12 tests"
	}
	s.cur.Classes |= Date
	return end, true
}

// dayMonth reports whether the number and the parts after it, read at
// slashes, are a day and a month either way round, with a year of two or
// four digits or, without one, after a word that introduces a date.
func (s *scanner) dayMonth(parts []int) bool {
	t, j := s.text, s.num.end
	if len(parts) == 0 {
		return false
	}
	first, _ := strconv.Atoi(t[s.num.start:j])
	second, _ := strconv.Atoi(t[j+1 : j+1+parts[0]])
	if s.intLen > 2 || parts[0] > 2 || first < 1 || first > 31 || second < 1 || second > 31 || first > 12 && second > 12 {
		return false
	}
	if len(parts) == 2 {
		return parts[1] == 2 || parts[1] == 4
	}
	return dateWords[strings.ToLower(wordBefore(t, s.num.start))]
}

// dateWords introduce a date: "on 4/3", "by 4/3", "Monday 4/3".
var dateWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`on by since until till from through thru before after dated due
		effective starting ending monday tuesday wednesday thursday friday saturday sunday
		mon tue tues wed thu thur thurs fri sat sun`) {
		m[w] = true
	}
	return m
}()

// listNumber marks a number that numbers a list item: at the start of a
// line (after blanks or a "> " block-quote marker), followed by "." or ")"
// and a blank and more text on the line, or inside "(3)" at the start of a
// line. A list-shaped number followed by a count noun ("(27) documents") is
// a count, and "27." alone is an answer: neither is a list number.
func (s *scanner) listNumber() bool {
	t, m := s.text, s.cur
	if !s.plain || m.Kind != 0 || m.Signed {
		return false
	}
	b, e := m.Start, s.num.end
	paren := b > 0 && t[b-1] == '(' && e < len(t) && t[e] == ')'
	if paren {
		b--
	} else if e >= len(t) || t[e] != '.' && t[e] != ')' {
		return false
	}
	if e+1 >= len(t) || !isBlank(t[e+1]) {
		return false
	}
	p := skipSpace(t, e+1)
	if p >= len(t) || t[p] == '\n' || t[p] == '\r' {
		return false // nothing follows on the line
	}
	for k := b - 1; k >= 0 && t[k] != '\n'; k-- {
		if !isBlank(t[k]) && t[k] != '>' {
			return false
		}
	}
	if b < s.floor {
		return false
	}
	m.Start, m.End = b, e+1
	if countNoun(t, p) {
		s.noun(p) // "(27) documents"
		return true
	}
	m.Classes |= ListNumber
	return true
}

// citation marks a reference mark: "[1]" or "[^2]". A Markdown link whose
// text is a number, "[27](url)" or "[27][ref]", is a number, and so is a mark followed by
// a count noun, "[^27] documents".
func (s *scanner) citation() bool {
	t, m := s.text, s.cur
	b, e := m.Start, s.num.end
	if !s.plain || m.Kind != 0 || m.Signed || e >= len(t) || t[e] != ']' {
		return false
	}
	if e+1 < len(t) && (t[e+1] == '(' || t[e+1] == '[') {
		return false // a link: "[27](url)", "[27][ref]"
	}
	if b > s.floor && t[b-1] == '^' {
		b--
	}
	if b <= s.floor || t[b-1] != '[' {
		return false
	}
	ref := b-1 > 0 && t[b-2] == ']' // the label of a reference link: "[27][1]"
	if !ref && countNoun(t, skipSpace(t, e+1)) && skipSpace(t, e+1) > e+1 {
		return false // "[^27] documents": the mark prints the count
	}
	m.Start, m.End = b-1, e+1
	m.Classes |= Citation
	return true
}

// yearShaped reports a plain four-digit number from 1900 to 2100 with no
// sign, scale or unit: a year, which takes a noun only when it is a count
// noun ("1984 warehouses"), not one a year qualifies ("2021 results").
func (s *scanner) yearShaped() bool {
	m := s.cur
	if !s.plain || s.intLen != 4 || m.Signed || m.Scale != numeral.Ones || m.Kind != 0 {
		return false
	}
	v, err := m.Printed.Int64()
	return err == nil && v >= 1900 && v <= 2100
}

// countNoun reports whether the word at p is the noun of a count after a
// number shaped like a year, a date or a list number: a lower-case plural
// ("warehouses", "units", "tests", "documents") that is not a stopword, a
// number word, or a noun that a year qualifies ("2021 results", "2021
// sales").
func countNoun(t string, p int) bool {
	w, _ := word(t, p)
	if len(w) < 3 || w[0] < 'a' || w[0] > 'z' || stopword(w) || yearNouns[w] {
		return false
	}
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && unitKeyword(w) == 0
}

// yearNouns are plural nouns that a year qualifies rather than counts:
// "2021 results" are the results of 2021, not 2021 of them.
var yearNouns = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`results sales earnings figures levels numbers revenues prices rates
		costs profits losses expenses estimates forecasts targets accounts statements filings reports
		financials returns taxes values highs lows totals budgets plans goals projections dollars
		rupees euros terms standards rules guidelines models editions versions elections games
		metrics data proceedings minutes holidays dates deadlines events`) {
		m[w] = true
	}
	return m
}()

// countVerbs are the words after which a number shaped like a year counts
// something: "Costco has 2021", "the total was 2021", "sold 2021".
var countVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`is are was were has have had holds held contains contained
		sold found counted authored wrote lists listed totals totaled totalled reached employs
		employed operates operated runs ran owns owned exactly approximately nearly almost roughly`) {
		m[w] = true
	}
	return m
}()

// classify marks years and the days of dates written with a month name. A
// year-shaped number after a verb that counts is no year.
func (s *scanner) classify() {
	t, m := s.text, s.cur
	plainInt := s.plain && !m.Signed && m.Scale == numeral.Ones
	if !plainInt || m.Kind != 0 && m.Kind != units.KindCount {
		return
	}
	v, err := m.Printed.Int64()
	if err != nil {
		return
	}
	if s.yearShaped() && !countVerbs[strings.ToLower(wordBefore(t, m.Start))] {
		m.Classes |= Year
	}
	if v >= 1 && v <= 31 && m.Kind == 0 || s.intLen == 4 && m.Kind == 0 {
		w, _ := word(t, skipSpace(t, s.num.end))
		if month(w) || month(wordBefore(t, m.Start)) {
			m.Classes |= Date
		}
	}
}

// answerClasses are the classes a number loses when it is the whole
// answer: "2021." or "27." alone is what the answer claims.
const answerClasses = Year | Ordinal | ListNumber | Citation | InQuestion

// wholeAnswer makes the one number of a text that is nothing but that
// number (with emphasis, brackets and final punctuation around it) a
// claim, whatever its shape; and refuses a text that is nothing but a
// Roman numeral.
func (s *scanner) wholeAnswer() {
	t := s.text
	lo, hi := trimAnswer(t, 0, len(t))
	if lo >= hi {
		return
	}
	if len(s.x.Mentions) == 0 && len(s.x.Unreadable) == 0 && romanNumeral(t[lo:hi]) {
		s.bad(lo, hi, "a Roman numeral", hintForm)
		return
	}
	if len(s.x.Mentions) != 1 {
		return
	}
	m := &s.x.Mentions[0]
	if mlo, mhi := trimAnswer(t, m.Start, m.End); mlo == lo && mhi == hi {
		m.Classes &^= answerClasses
		m.answer = true
	}
}

// trimAnswer narrows t[lo:hi] past blanks, Markdown emphasis, brackets,
// quotes and final punctuation on either side.
func trimAnswer(t string, lo, hi int) (int, int) {
	const lead, trail = " \t\r\n*_~`>([", " \t\r\n*_~`)].!?;:,"
	for lo < hi && strings.IndexByte(lead, t[lo]) >= 0 {
		lo++
	}
	for hi > lo && strings.IndexByte(trail, t[hi-1]) >= 0 {
		hi--
	}
	return lo, hi
}
