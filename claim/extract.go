package claim

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/expr"
	"github.com/reckonhq/reckon/units"
)

// maxNounWords bounds the words read after a count as its noun: enough for
// "matching legal documents", short enough not to swallow a clause.
const maxNounWords = 3

// Extract returns every number text prints, in order, with spans that do not
// overlap: integers, decimals, Western and Indian grouping, signs and
// accounting negatives, currency signs, codes and names, scale words,
// percents, percentage and basis points, ratios, time units and the nouns of
// counts. Each [Mention] carries the classes of non-claim it belongs to, and
// Ignored is set when one of them is in opts.Ignore. The package
// documentation lists what is read and what is not.
//
// Extract reads text of any length in one pass; [Check] bounds its input.
func Extract(text string, opts Options) []Mention {
	ms := scan(text)
	ignore := opts.Ignore.effective()
	asked := map[string][]Mention{} // the question's numbers by value
	if opts.Question != "" {
		for _, q := range scan(opts.Question) {
			if q.Classes&Date == 0 {
				asked[valueKey(&q.Value)] = append(asked[valueKey(&q.Value)], q)
			}
		}
	}
	for i := range ms {
		m := &ms[i]
		if inQuestion(m, asked[valueKey(&m.Value)]) {
			m.Classes |= InQuestion
		}
		m.Ignored = m.Classes&ignore != 0
	}
	return ms
}

// inQuestion reports whether one of the question's numbers has m's value at
// ones and a unit that agrees with m's, or no unit on one side: "$300,000"
// in the answer repeats "300k dollars" or "300,000" in the question. The
// question's dates are not numbers it asks about.
func inQuestion(m *Mention, asked []Mention) bool {
	for i := range asked {
		q := &asked[i]
		if q.Value.Cmp(&m.Value) != 0 {
			continue
		}
		if q.Kind == 0 || m.Kind == 0 || sameUnit(q, m) {
			return true
		}
	}
	return false
}

// valueKey is the same string for equal values: 300000, 300000.00 and 300
// thousand.
func valueKey(d *apd.Decimal) string {
	var r apd.Decimal
	r.Reduce(d)
	return expr.Plain(&r)
}

// sameUnit reports whether two mentions print the same unit: the same kind,
// and for currencies a code in common.
func sameUnit(a, b *Mention) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind != units.KindCurrency {
		return true
	}
	for _, c := range a.Currencies {
		if containsString(b.Currencies, c) {
			return true
		}
	}
	return false
}

// scanner holds the state of one pass over a text.
type scanner struct {
	text   string
	quoted []span    // quoted regions, in order
	urls   []span    // URLs, whose digits are not numbers
	floor  int       // no prefix reaches before this offset: the end of what was read
	out    []Mention // what was found
	cur    *Mention  // the mention being read
	num    span      // the digits of the number being read, without sign or symbol
	intLen int       // digits before the point, grouping excluded
	plain  bool      // no grouping and no decimal point
	pos    int       // where reading the suffix has got to
	seen   seen      // which parts of the mention have been read
}

// seen records which parts of a mention have been read.
type seen struct {
	scale, unit bool
}

// span is a half-open byte range.
type span struct{ start, end int }

func scan(text string) []Mention {
	s := &scanner{text: text, quoted: quotedRegions(text), urls: urlRegions(text)}
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		i = s.read(i)
		s.floor = i
	}
	return s.out
}

// read reads the number whose first digit is at i, appends it to s.out if
// it is one, and returns the offset to go on from, which is after i.
func (s *scanner) read(i int) int {
	t := s.text
	if end, ok := within(s.urls, i); ok {
		return end
	}
	start := i
	if i > s.floor && t[i-1] == '.' && (i-1 == s.floor || !isWordByte(t[i-2]) && t[i-2] != '.') {
		start = i - 1 // ".5", "$.50"
	}
	if s.glued(start) {
		return skipToken(t, i)
	}
	end, places, intLen, grouped, dotted := numberAt(t, start)
	if dotted {
		return skipToken(t, i)
	}
	a, err := units.ParseAmount(t[start:end], units.Number, units.Ones)
	if err != nil {
		return skipToken(t, i) // more digits than the arithmetic holds: an identifier
	}
	m := &Mention{Start: start, End: end, Places: places}
	m.Printed.Set(&a.Printed)
	s.cur, s.num, s.intLen, s.plain, s.pos = m, span{start, end}, intLen, !grouped && places == 0, end
	s.seen = seen{}
	if next, ok := s.dateForm(); ok {
		return s.emit(next)
	}
	s.prefix()
	if s.listNumber() || s.citation() {
		return s.emit(m.End)
	}
	if !s.gluedSuffix() {
		return skipToken(t, i)
	}
	s.suffix()
	s.classify()
	return s.emit(m.End)
}

// emit finishes the current mention, appends it, and returns next.
func (s *scanner) emit(next int) int {
	m := s.cur
	m.Value.Set(&m.Printed)
	m.Value.Exponent += int32(m.Scale.Exp())
	if m.Value.IsZero() {
		m.Value.Negative = false
	}
	if m.Unit == "" {
		m.Unit = unitName(m)
	}
	if m.End < next {
		m.End = next
	}
	m.Text = s.text[m.Start:m.End]
	if _, ok := within(s.quoted, m.Start); ok {
		m.Classes |= Quoted
	}
	s.out = append(s.out, *m)
	s.cur = nil
	return m.End
}

// unitName names the unit of m as [Mention.Unit] documents.
func unitName(m *Mention) string {
	switch m.Kind {
	case 0:
		return ""
	case units.KindCurrency:
		if len(m.Currencies) == 1 {
			return m.Currencies[0]
		}
		return "currency"
	}
	return m.Kind.String()
}

// glued reports whether the number starting at i is part of a word or an
// identifier: "FY2021", "COVID-19", "#42", "@3", "v2". A currency sign such
// as "Rs" may be glued to the digits.
func (s *scanner) glued(i int) bool {
	t := s.text
	if i == 0 {
		return false
	}
	if _, _, ok := signBefore(t, i, s.floor); ok {
		return false
	}
	if at, _, _, ok := currencyBefore(t, i, s.floor); ok && at < i {
		return false
	}
	r, n := utf8.DecodeLastRuneInString(t[:i])
	switch {
	case r == '_' || r == '#' || r == '@' || unicode.IsLetter(r) || unicode.IsDigit(r):
		return true
	case r == '-' || r == '/' || r == ':' || r == '.' || r == '\u2212':
		p := lastRune(t[:i-n])
		return unicode.IsLetter(p) || r == '.' && unicode.IsDigit(p)
	}
	return false
}

// numberAt reads the digits of a number at start: an integer part with
// optional Western or Indian grouping, or a leading point, and a fraction.
// dotted reports a second point followed by a digit ("1.2.3", "192.168.0.1"),
// which makes the token a version or an address rather than a number.
func numberAt(t string, start int) (end, places, intLen int, grouped, dotted bool) {
	j := start
	if t[j] != '.' {
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		j, grouped = groups(t, start, j)
		intLen = j - start - strings.Count(t[start:j], ",")
	}
	if j+1 < len(t) && t[j] == '.' && isDigit(t[j+1]) {
		f := j + 1
		for f < len(t) && isDigit(t[f]) {
			f++
		}
		places, j = f-j-1, f
	}
	dotted = j+1 < len(t) && t[j] == '.' && isDigit(t[j+1])
	return j, places, intLen, grouped, dotted
}

// groups extends the integer part t[start:j] over comma groups of two or
// three digits, keeping the longest run that units reads as valid grouping.
// A run that is not valid ("1,5", "12,34") is left alone: its commas are
// punctuation, and each part is a number of its own.
func groups(t string, start, j int) (int, bool) {
	var ends []int
	for k := j; k+1 < len(t) && t[k] == ',' && isDigit(t[k+1]); {
		g := k + 1
		for g < len(t) && isDigit(t[g]) {
			g++
		}
		if l := g - k - 1; l != 2 && l != 3 {
			break
		}
		ends = append(ends, g)
		k = g
	}
	for n := len(ends) - 1; n >= 0; n-- {
		if _, err := units.ParseAmount(t[start:ends[n]], units.Number, units.Ones); err == nil {
			return ends[n], true
		}
	}
	return j, false
}

// skipToken returns the end of the word-like token holding the digit at i:
// letters, digits and underscores, joined by . , : / - when a letter or
// digit follows.
func skipToken(t string, i int) int {
	j := i
	for j < len(t) {
		c := t[j]
		switch {
		case isWordByte(c):
			j++
		case strings.IndexByte(".,:/-", c) >= 0 && j+1 < len(t) && isWordByte(t[j+1]):
			j += 2
		default:
			return j
		}
	}
	return j
}

// dateForm reads the numeric forms of dates and times that start at an
// integer: 2021-03-04, 03/04/2021, 4/3, 10:30, 10:30:15. The whole form is
// one mention of class [Date], whose value is its first number.
func (s *scanner) dateForm() (int, bool) {
	t, j := s.text, s.num.end
	if !s.plain || j+1 >= len(t) {
		return 0, false
	}
	digits := func(k int) int {
		e := k
		for e < len(t) && isDigit(t[e]) {
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
		// Day and month, either way round, and maybe a year: 4/3,
		// 03/04/2021. Anything else, 27/84 or 85/100, is a number over
		// another and is checked.
		if len(parts) == 0 {
			break
		}
		first, _ := strconv.Atoi(t[s.num.start:j])
		second, _ := strconv.Atoi(t[j+1 : j+1+parts[0]])
		ok = s.intLen <= 2 && parts[0] <= 2 &&
			first >= 1 && first <= 31 && second >= 1 && second <= 31 && (first <= 12 || second <= 12) &&
			(len(parts) == 1 || parts[1] == 2 || parts[1] == 4)
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
	s.cur.Classes |= Date
	return end, true
}

// prefix reads what may precede the digits, right to left: a sign, a
// currency sign or code (glued or after one space), a sign before that, and
// an accounting "(" whose ")" follows the digits. Parentheses make a
// negative only around an amount with a currency or digit grouping: "(84)"
// in prose is an aside, "($1,234)" and "(1,234.5)" are losses.
func (s *scanner) prefix() {
	t, m := s.text, s.cur
	b, end := m.Start, s.num.end
	closed := end < len(t) && t[end] == ')'
	neg, signed := false, false
	accounting := func(at int) {
		b, neg, signed = at, true, true
		m.End, s.pos = end+1, end+1
	}
	if at, n, ok := signBefore(t, b, s.floor); ok {
		b, neg, signed = at, n, true
	}
	if !signed && closed && b > s.floor && t[b-1] == '(' {
		if at, sym, codes, ok := currencyBefore(t, b-1, s.floor); ok && at+len(sym) == b-1 {
			s.currency(sym, codes) // "$(1,234)"
			accounting(at)
		}
	}
	if !s.seen.unit {
		if at, sym, codes, ok := currencyBefore(t, b, s.floor); ok {
			b = at
			s.currency(sym, codes)
			if at, n, ok := signBefore(t, b, s.floor); ok && !signed {
				b, neg, signed = at, n, true // "-$5"
			}
		}
	}
	if !signed && closed && b > s.floor && t[b-1] == '(' &&
		(m.Kind == units.KindCurrency || strings.Contains(t[s.num.start:end], ",")) {
		accounting(b - 1)
	}
	m.Start, m.Signed = b, signed
	if neg && !m.Printed.IsZero() {
		m.Printed.Negative = true
	}
}

// currency records a currency sign, code or name printed with the number.
func (s *scanner) currency(sym string, codes []string) {
	s.cur.Kind, s.cur.Symbol, s.cur.Currencies = units.KindCurrency, sym, codes
	s.seen.unit = true
}

// signBefore reports a -, − (U+2212) or + that ends at i and starts a token:
// the sign of "−4.3" but not the hyphen of "10-15" or "COVID-19".
func signBefore(t string, i, floor int) (at int, neg, ok bool) {
	for _, sg := range []string{"-", "\u2212", "+"} {
		if i-len(sg) >= floor && strings.HasSuffix(t[:i], sg) {
			at = i - len(sg)
			if r := lastRune(t[:at]); isWordRune(r) || r == '.' || r == ',' {
				return 0, false, false
			}
			return at, sg != "+", true
		}
	}
	return 0, false, false
}

// currencyBefore reports a currency sign or an upper-case ISO 4217 code that
// ends at i, or at i after one run of spaces: "$1", "₹ 5", "Rs. 12", "USD 5".
// A sign or code made of letters must start a word.
func currencyBefore(t string, i, floor int) (at int, sym string, codes []string, ok bool) {
	ends := []int{i}
	if k := spaceBefore(t, i, floor); k < i {
		ends = append(ends, k)
	}
	for _, e := range ends {
		for _, sg := range signs {
			if e-len(sg) < floor || !strings.HasSuffix(t[:e], sg) {
				continue
			}
			at = e - len(sg)
			if isASCIILetter(sg[0]) && isWordRune(lastRune(t[:at])) {
				continue
			}
			return at, sg, units.SignCurrencies(sg), true
		}
		if e-3 >= floor && isUpperCode(t[e-3:e]) && !isWordRune(lastRune(t[:e-3])) {
			if u, err := units.CurrencyUnit(t[e-3 : e]); err == nil {
				return e - 3, t[e-3 : e], []string{u.Currency()}, true
			}
		}
	}
	return 0, "", nil, false
}

// listNumber marks a number that numbers a list item: at the start of a
// line (after blanks or a "> " block-quote marker), followed by "." or ")"
// and a blank, or inside "(3)" at the start of a line.
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
	if e+1 < len(t) && !isBlank(t[e+1]) {
		return false
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
	m.Classes |= ListNumber
	return true
}

// citation marks a reference mark: "[1]" or "[^2]".
func (s *scanner) citation() bool {
	t, m := s.text, s.cur
	b, e := m.Start, s.num.end
	if !s.plain || m.Kind != 0 || m.Signed || e >= len(t) || t[e] != ']' {
		return false
	}
	if b > s.floor && t[b-1] == '^' {
		b--
	}
	if b <= s.floor || t[b-1] != '[' {
		return false
	}
	m.Start, m.End = b-1, e+1
	m.Classes |= Citation
	return true
}

// gluedSuffix reads letters glued to the digits: an ordinal suffix ("3rd"),
// a scale ("$1.2bn", "10k"), x for a ratio ("1.34x"), pp or bp. Any other
// letters make the number part of a name ("3D", "4G", "mp3"), and it
// reports false. It also reads a unit or noun joined by a hyphen: "30-year",
// "5-page".
func (s *scanner) gluedSuffix() bool {
	t, m, j := s.text, s.cur, s.pos
	if j < len(t) && isASCIILetter(t[j]) {
		w, e := letters(t, j)
		if e < len(t) && (isDigit(t[e]) || t[e] == '_') {
			return false
		}
		lw := strings.ToLower(w)
		switch {
		case s.plain && (lw == "st" || lw == "nd" || lw == "rd" || lw == "th"):
			m.Classes |= Ordinal
		case lw == "x" && !s.seen.unit:
			m.Kind, s.seen.unit = units.KindRatio, true
		case (lw == "pp" || lw == "bp" || lw == "bps") && !s.seen.unit:
			u, _ := units.ParseUnit(lw)
			m.Kind, s.seen.unit = u.Kind(), true
		case scaleWord(lw, true):
			m.Scale, _ = units.ParseScale(lw)
			s.seen.scale = true
		default:
			return false
		}
		m.End, s.pos = e, e
		return true
	}
	if j+1 < len(t) && t[j] == '-' && isASCIILetter(t[j+1]) {
		if t[j+1] < 'a' {
			return false // "10-K", "S-1": a name
		}
		w, e := word(t, j+1)
		if k := timeKind(w); k != 0 && !s.seen.unit {
			m.Kind, s.seen.unit = k, true
			m.End, s.pos = e, e
		}
	}
	return true
}

// suffix reads what may follow the digits after at most one space: %, ×, a
// scale word, a unit word, a currency name or code, or the noun of a count.
func (s *scanner) suffix() {
	t, m := s.text, s.cur
	p := skipSpace(t, s.pos)
	if !s.seen.unit {
		switch {
		case strings.HasPrefix(t[p:], "%"):
			m.Kind, s.seen.unit = units.KindPercent, true
			m.End = p + 1
			return
		case strings.HasPrefix(t[p:], "×"):
			m.Kind, s.seen.unit = units.KindRatio, true
			m.End = p + len("×")
			return
		}
	}
	w, e := word(t, p)
	if w == "" {
		return
	}
	if !s.seen.scale && scaleWord(strings.ToLower(w), false) {
		m.Scale, _ = units.ParseScale(w)
		s.seen.scale = true
		m.End, s.pos = e, e
		p = skipSpace(t, e)
		if w, e = word(t, p); w == "" {
			return
		}
	}
	if s.seen.unit {
		return
	}
	if end, ok := s.unitWords(p, w, e); ok {
		m.End = end
		return
	}
	if m.integer() && !s.yearShaped() && !stopword(strings.ToLower(w)) && w[0] >= 'a' && w[0] <= 'z' {
		s.noun(p)
	}
}

// unitWords reads a unit printed as one or two words at p, whose first word
// w ends at e.
func (s *scanner) unitWords(p int, w string, e int) (int, bool) {
	t, m := s.text, s.cur
	lw := strings.ToLower(w)
	if w2, e2 := word(t, skipSpace(t, e)); w2 != "" && e2 > e {
		two := lw + " " + strings.ToLower(w2)
		if two == "per cent" {
			m.Kind = units.KindPercent
			return e2, true
		}
		if u, err := units.ParseUnit(two); err == nil && u.Dimensionless() {
			m.Kind = u.Kind()
			return e2, true
		}
		if codes := units.CurrencyNameCurrencies(two); codes != nil {
			s.currency(t[p:e2], codes)
			return e2, true
		}
	}
	if codes := units.CurrencyNameCurrencies(lw); codes != nil {
		s.currency(w, codes)
		return e, true
	}
	if isUpperCode(w) {
		if u, err := units.CurrencyUnit(w); err == nil {
			s.currency(w, []string{u.Currency()})
			return e, true
		}
	}
	if k := unitKeyword(lw); k != 0 {
		m.Kind = k
		return e, true
	}
	return 0, false
}

// unitKeyword returns the kind of a unit word prose prints after a number:
// percent, pct, pp, bp, bps and the time units. Other keywords of
// [units.ParseUnit] (number, ratio, count) read as nouns in prose.
func unitKeyword(lw string) units.Kind {
	if lw == "ratio" || lw == "number" || lw == "count" || lw == "x" {
		return 0
	}
	if k, ok := keywordCache.Load(lw); ok {
		return k.(units.Kind)
	}
	var k units.Kind
	if u, err := units.ParseUnit(lw); err == nil && u.Currency() == "" {
		k = u.Kind()
	}
	if keywordCacheSize.Add(1) <= maxKeywordCache {
		keywordCache.Store(lw, k)
	}
	return k
}

// keywordCache remembers what [units.ParseUnit] said of each word seen
// after a number, since most words are not units and building its error is
// the costliest step of extraction. It holds at most maxKeywordCache words,
// so that hostile text cannot grow it without bound.
var (
	keywordCache     sync.Map
	keywordCacheSize atomic.Int64
)

const maxKeywordCache = 4096

// timeKind returns the kind of a time unit word, or 0.
func timeKind(w string) units.Kind {
	switch k := unitKeyword(strings.ToLower(w)); k {
	case units.KindDays, units.KindMonths, units.KindYears:
		return k
	}
	return 0
}

// noun reads the words of a count's noun at p: up to maxNounWords
// lower-case words, stopping at punctuation or a stopword.
func (s *scanner) noun(p int) {
	t, m := s.text, s.cur
	var words []string
	end := p
	for len(words) < maxNounWords {
		w, e := word(t, p)
		if len(w) < 2 || w[0] < 'a' || w[0] > 'z' || stopword(w) || unitKeyword(w) != 0 {
			break
		}
		words, end = append(words, w), e
		if p = skipSpace(t, e); p == e {
			break
		}
	}
	if len(words) == 0 {
		return
	}
	m.Kind, m.Noun, m.End = units.KindCount, strings.Join(words, " "), end
}

// yearShaped reports a plain four-digit number from 1900 to 2100 with no
// sign, scale or unit: a year, which takes no noun ("in 2021 revenue rose").
func (s *scanner) yearShaped() bool {
	m := s.cur
	if !s.plain || s.intLen != 4 || m.Signed || m.Scale != units.Ones || m.Kind != 0 {
		return false
	}
	v, err := m.Printed.Int64()
	return err == nil && v >= 1900 && v <= 2100
}

// classify marks years and the days of dates written with a month name.
func (s *scanner) classify() {
	t, m := s.text, s.cur
	plainInt := s.plain && !m.Signed && m.Scale == units.Ones
	if !plainInt || m.Kind != 0 && m.Kind != units.KindCount {
		return
	}
	v, err := m.Printed.Int64()
	if err != nil {
		return
	}
	if s.yearShaped() {
		m.Classes |= Year
	}
	if v >= 1 && v <= 31 && m.Kind == 0 || s.intLen == 4 {
		w, _ := word(t, skipSpace(t, s.num.end))
		if month(w) || month(wordBefore(t, m.Start)) {
			m.Classes |= Date
		}
	}
}

// scaleWord reports whether w, lower-cased, is a scale word prose prints
// after a number. Glued to the digits every alias counts ("10k", "$1.2bn",
// "5m"); after a space, the one- and two-letter aliases that are also
// units of length or letters of a list (m, b, k, mm) do not.
func scaleWord(lw string, glued bool) bool {
	switch lw {
	case "units", "ones":
		return false
	case "m", "b", "k", "mm":
		return glued
	}
	return scaleWords[lw]
}

// scaleWords is the set of words [units.ParseScale] accepts, read from
// [units.KnownScales] so that units keeps the one table of scales.
var scaleWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(units.KnownScales(), ", ") {
		m[w] = true
	}
	return m
}()

// signs are the currency signs, longest first.
var signs = units.CurrencySigns()
