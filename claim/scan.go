package claim

import (
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// scanner holds the state of one pass over a text. The pass is linear:
// every step either consumes bytes for good or looks a bounded distance
// around the place it stands, and no step starts over from an earlier
// offset than floor.
type scanner struct {
	text   string
	quoted []span        // quoted regions, in order
	skip   []span        // URLs and Markdown link targets, whose digits are not numbers
	floor  int           // no prefix reaches before this offset: the end of what was read
	limit  int           // stop at the first number over this many
	x      Extraction    // what was found
	cur    *Mention      // the mention being read
	num    span          // the digits of the number being read, without sign or symbol
	intLen int           // digits before the point, grouping excluded
	plain  bool          // no grouping and no decimal point
	pos    int           // where reading the suffix has got to
	seen   seen          // which parts of the mention have been read
	tok    numeral.Token // the reader's token for the number being read
	// wordsEnd is the end of the number in words that words found.
	wordsEnd int
	// work counts the bytes the pass stepped over and the bytes of every
	// token it handed the reader: the measure of its cost, which tests
	// hold to a multiple of the text's length.
	work int
}

// words reports a number in words past ten at i, outside a URL, and notes
// its end in wordsEnd.
func (s *scanner) words(i int) bool {
	if _, ok := within(s.skip, i); ok {
		return false
	}
	e, ok := spelledNumber(s.text, i)
	s.wordsEnd = e
	return ok
}

// seen records which parts of a mention have been read.
type seen struct {
	scale, unit bool
}

// span is a half-open byte range.
type span struct{ start, end int }

// scan reads text in one pass. Digits start a number; an ampersand may
// start a character reference, a non-ASCII rune may be a numeral or an
// invisible character, and an upper-case word may be a Roman numeral: each
// of those is refused when it prints a number.
func scan(text string, limit int) Extraction {
	x, _ := scanWork(text, limit)
	return x
}

// scanWork is scan, with the work the pass did (see scanner.work).
func scanWork(text string, limit int) (Extraction, int) {
	s := &scanner{text: text, limit: limit, quoted: quotedRegions(text), skip: skipRegions(text)}
	for i := 0; i < len(text) && !s.x.Over; {
		c, from := text[i], i
		switch {
		case isDigit(c):
			i = s.read(i)
			s.floor = max(s.floor, i)
		case c == '&':
			i = s.entity(i)
		case c >= utf8.RuneSelf:
			i = s.nonASCII(i)
		case isASCIILetter(c) && !isWordRune(lastRune(text[:i])) && s.words(i):
			i = s.bad(i, s.wordsEnd, "a number written in words", hintWords)
		case isRomanLetter(c) && !isWordRune(lastRune(text[:i])):
			i = s.roman(i)
		default:
			i++
		}
		s.work += i - from
	}
	if !s.x.Over {
		s.wholeAnswer()
	}
	return s.x, s.work
}

// readAt is [numeral.ReadAt] on the text, counting the token's bytes, from
// i or its start, as work.
func (s *scanner) readAt(i, floor int) numeral.Token {
	tok := numeral.ReadAt(s.text, i, floor)
	s.work += tok.End - min(i, tok.Start)
	return tok
}

// full records that one more number would pass the limit, and reports it.
func (s *scanner) full() bool {
	if len(s.x.Mentions)+len(s.x.Unreadable) >= s.limit {
		s.x.Over = true
	}
	return s.x.Over
}

// read reads the number whose first digit is at i through the one reader
// of printed numbers, [numeral.ReadAt], and decides what it counts as: a
// mention, a label to pass over, or a number that cannot be read. It
// returns the offset to go on from, which is after i.
func (s *scanner) read(i int) int {
	t := s.text
	if end, ok := within(s.skip, i); ok {
		return end
	}
	tok := s.readAt(i, s.floor)
	if aside(t, &tok) {
		tok = s.readAt(i, tok.NumStart) // "(84)" in prose is an aside, not a loss
	}
	switch g, from := s.glue(tok.Start); {
	case g == glueLabel && tok.Start < tok.NumStart && tok.Currency != "":
		// Letters glued to a currency sign: a currency the reader does
		// not know, "AU$5", not a label.
		return s.bad(from, tok.End, "an unknown currency before a number", hintCurrency)
	case g == glueLabel:
		return skipToken(t, i)
	case g == glueStuck:
		return s.bad(from, wordEnd(t, i), "digits glued to a word", hintGlued)
	}
	if e, what, ok := s.tail(tok.NumEnd); ok {
		return s.bad(tok.Start, e, what, hintForm)
	}
	if tok.End > tok.NumEnd && tok.End < len(t) && isASCIILetter(t[tok.End-1]) && (isDigit(t[tok.End]) || t[tok.End] == '_') {
		if lookalike(t[tok.NumEnd:tok.End]) {
			return s.bad(tok.Start, skipToken(t, i), "a letter that looks like a digit", hintForm) // "1O0"
		}
		return skipToken(t, i) // letters running into more digits: "0x1F"
	}
	s.tok = tok
	s.num, s.plain, s.intLen = span{tok.NumStart, tok.NumEnd}, tok.Grouping == numeral.GroupNone && !strings.Contains(tok.Number, "."), intDigits(tok.Number)
	s.cur, s.seen = &Mention{Start: tok.Start, End: tok.End, Places: tok.Places}, seen{}
	return s.mention(i)
}

// mention decides what the token read at i is, now that it is known to be
// neither a label nor glued to something unreadable: a date, a fraction, an
// unreadable form, a list number or citation, or a number with its unit and
// noun. It returns the offset to go on from.
func (s *scanner) mention(i int) int {
	t, tok := s.text, &s.tok
	if tok.Flags&numeral.FlagFraction != 0 {
		return s.fraction()
	}
	if next, ok := s.dateForm(); ok {
		return s.emitDigits(next)
	}
	flags := tok.Flags & numeral.Unreadable &^ (numeral.FlagGluedBefore | numeral.FlagGluedAfter)
	switch {
	case flags&^(numeral.FlagDotted|numeral.FlagTooManyDigits) == 0 && flags != 0:
		return skipToken(t, i) // a version, an address, an identifier of many digits
	case flags != 0:
		what, hint := flagWhat(flags)
		return s.bad(tok.Start, tok.End, what, hint)
	}
	if numeral.DetachedSign(t, tok) {
		return s.bad(tok.Start, tok.End, "a sign apart from the number", hintSign) // "was - 4.3%"
	}
	if numeral.ForeignCurrencyBeside(t, tok) {
		return s.bad(tok.Start, tok.End, "an unknown currency beside a number", hintCurrency) // ₩84, 84¢
	}
	if next, ok := numeral.RangeEnd(t, tok); ok && !sameReading(tok, &next) {
		// "$84–90 million", "4.3–5%": the first end takes the scale or
		// unit printed after the second, and read alone it is another
		// number.
		return s.bad(tok.Start, next.End, "a range with its unit or scale only after the second end", hintRange)
	}
	if what, hint := s.token(); what != "" {
		return s.bad(tok.Start, tok.End, what, hint)
	}
	m := s.cur
	if s.listNumber() || s.citation() {
		return s.emit(m.End)
	}
	if tok.Flags&numeral.FlagGluedAfter != 0 {
		switch e, g := s.gluedSuffix(); g {
		case glueLabel:
			return skipToken(t, i)
		case glueStuck:
			return s.bad(m.Start, e, "digits glued to a word", hintGlued)
		}
	} else if e, g := s.hyphenSuffix(); g == glueLabel {
		return max(e, skipToken(t, i))
	}
	if e, ok := foreignScale(t, skipSpace(t, closers(t, s.pos))); ok && !s.seen.scale {
		return s.bad(m.Start, e, "a scale word the reader does not read", hintForeignScale)
	}
	if e, ok := apartScale(t, s.pos); ok && tok.ScaleText == "" && !s.seen.scale {
		return s.bad(m.Start, e, "a scale word apart from its number", hintScaleApart)
	}
	s.suffix()
	s.classify()
	return s.emit(m.End)
}

// asciiWord returns the run of ASCII letters at i and its end; unlike word
// it stops at an underscore, so that "_million_" gives "million".
func asciiWord(t string, i int) (string, int) {
	j := i
	for j < len(t) && isASCIILetter(t[j]) {
		j++
	}
	return t[i:j], j
}

// apartScale reports a spelled-out scale word after the number at p that
// markup, a table cell or a bracket keeps from it, "$84</b> million",
// "**$84** million", "$84 _million_", "| $84 | million |", "$84
// (in millions)", and where it ends. Read alone the number would be a
// million times too small; the reader reads a scale only glued or after one
// space, so this is refused.
func apartScale(t string, p int) (int, bool) {
	k, limit := p, min(len(t), p+maxNear)
	for k < limit {
		switch c := t[k]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '*' || c == '_' || c == '~' || c == '`' ||
			c == '|' || c == '(' || c == '[' || c == ',':
			k++
			continue
		case c == '<':
			if e := strings.IndexByte(t[k:limit], '>'); e > 0 {
				k += e + 1
				continue
			}
		case c == '&':
			if strings.HasPrefix(t[k:], "&nbsp;") {
				k += len("&nbsp;")
				continue
			}
		case c >= utf8.RuneSelf:
			if n := skipSpace(t, k); n > k {
				k = n
				continue
			}
		}
		break
	}
	if k == p {
		return 0, false
	}
	w, e := asciiWord(t, k)
	if strings.EqualFold(w, "in") {
		w, e = asciiWord(t, skipSpace(t, e))
	}
	if len(w) <= 3 && !strings.EqualFold(w, "lac") {
		return 0, false
	}
	if sc, known := numeral.LookupScale(w); !known || sc == numeral.Ones {
		return 0, false
	}
	return e, true
}

// sameReading reports whether the second end b of a range prints no scale,
// unit or currency that the first end a lacks, so that a reads alone as it
// is meant: "$5–$10", "$5–10", "5%–6%", "2019-2020".
func sameReading(a, b *numeral.Token) bool {
	return (b.ScaleExp == 0 || b.ScaleExp == a.ScaleExp) && (b.Suffix == 0 || b.Suffix == a.Suffix) &&
		(b.Currency == "" || b.Currency == a.Currency)
}

// aside reports whether the accounting parentheses the reader found around
// tok are, in prose, an aside: around a bare number with no currency and
// no grouping, "(84)", "(2.5%)". "(4.3)%", with the unit outside, prints a
// negative as tables do.
func aside(t string, tok *numeral.Token) bool {
	if !tok.Paren || tok.Currency != "" || tok.Grouping != numeral.GroupNone {
		return false
	}
	close := strings.IndexByte(t[tok.NumEnd:tok.End], ')') + tok.NumEnd
	return close == tok.End-1
}

// lookalike reports letters that print like digits, O for 0 and l or I
// for 1: "1O0" reads as 100.
func lookalike(w string) bool {
	for _, r := range w {
		if !strings.ContainsRune("OoIlОоΟοІӏ", r) {
			return false
		}
	}
	return w != ""
}

// token takes the current mention's sign, value, currency, unit and scale
// from the reader's token, and applies the rules of prose: a scale letter
// after a space is read only after a currency amount ("$84 M"); after a
// bare number m and mm may be metres and are left out ("5 m", "5% m/m" is
// month on month), and M, MM, K, k, B and b make the number unreadable
// (84 million or 84 of something?). Cr or Dr after an amount, the
// credit and debit markers of a bank statement (Cr is also crore), make it
// unreadable, as they make a display. It returns what makes the number
// unreadable and how to write it, or "".
func (s *scanner) token() (string, string) {
	tok, m := &s.tok, s.cur
	clean := *tok
	clean.Flags &^= numeral.FlagGluedBefore | numeral.FlagGluedAfter | numeral.FlagFraction
	v, err := clean.Value()
	if err != nil {
		return "a number that cannot be read", hintForm
	}
	m.Printed.Set(v)
	m.Signed = tok.Signed || tok.Paren
	m.Kind = units.SuffixKind(tok.Suffix)
	if tok.Currency != "" {
		s.currency(tok.Currency, currencyCodes(tok.Currency))
	}
	s.seen.unit = tok.Suffix != 0 || tok.Currency != ""
	s.pos = tok.End
	switch {
	case tok.Marker != "":
		return "a credit or debit marker (Cr, Dr) after a number", hintMarker
	case tok.ScaleText == "":
	case tok.Flags&numeral.FlagCompoundScale != 0 && tok.Scale == numeral.Ones:
		return "a compound scale no one scale word holds", hintCompound
	case !tok.ScaleGlued && tok.Currency == "" && spacedLetter(tok.ScaleText):
		if lw := strings.ToLower(tok.ScaleText); lw != tok.ScaleText || lw == "k" || lw == "b" {
			return "a scale letter after a number with no currency", hintScaleLetter
		}
		e := tok.NumEnd + strings.LastIndex(afterDigits(s.text, tok), tok.ScaleText)
		for e > tok.NumEnd && isBlankRune(lastRune(s.text[:e])) {
			_, n := utf8.DecodeLastRuneInString(s.text[:e])
			e -= n
		}
		m.End, s.pos = e, e // "5 m": metres, perhaps; the number stands bare
	default:
		m.Scale, s.seen.scale = tok.Scale, true
	}
	return "", ""
}

// afterDigits is the text of tok after its digits.
func afterDigits(text string, tok *numeral.Token) string { return text[tok.NumEnd:tok.End] }

// spacedLetter reports the scale letters that may be something else after
// a space: m and mm (metres, millimetres), b and k.
func spacedLetter(w string) bool {
	switch strings.ToLower(w) {
	case "m", "b", "k", "mm":
		return true
	}
	return false
}

// currencyCodes returns the ISO 4217 codes a currency sign or code printed
// with a number may stand for.
func currencyCodes(sym string) []string {
	if codes := numeral.SignCurrencies(sym); codes != nil {
		return codes
	}
	if u, err := units.CurrencyUnit(sym); err == nil {
		return []string{u.Currency()}
	}
	return nil
}

// fraction reads a number printed over another: a day and a month when
// dateForm says so, otherwise a fraction whose numerator and denominator
// are each a number ("11/12 tests", "7/10"), or an unreadable form (½,
// 1/2/3 that is no date). "24/7" is a label.
func (s *scanner) fraction() int {
	t, tok := s.text, &s.tok
	if next, ok := s.dateForm(); ok {
		return s.emitDigits(next)
	}
	if tok.Text == "24/7" {
		return tok.End // round the clock, a label
	}
	rest := tok.Flags & numeral.Unreadable &^ (numeral.FlagFraction | numeral.FlagGluedAfter)
	j := tok.NumEnd
	simple := rest == 0 && j+1 < len(t) && t[j] == '/' && isDigit(t[j+1])
	if simple {
		k := j + 1
		for k < len(t) && isDigit(t[k]) {
			k++
		}
		simple = k >= len(t) || t[k] != '/'
	}
	if !simple {
		what, hint := flagWhat(tok.Flags & numeral.Unreadable)
		return s.bad(tok.Start, tok.End, what, hint)
	}
	// The numerator is the token's prefix and digits; the denominator is
	// read next, with what follows it.
	clean := *tok
	clean.Flags &^= numeral.FlagFraction
	v, err := clean.Value()
	if err != nil {
		return s.bad(tok.Start, tok.End, "a number that cannot be read", hintForm)
	}
	m := s.cur
	m.Printed.Set(v)
	m.Signed = tok.Signed
	if tok.Currency != "" && tok.Start < tok.NumStart {
		s.currency(tok.Currency, currencyCodes(tok.Currency))
	}
	m.End = j
	return s.emit(j)
}

// emitDigits emits the current mention, a date, after setting its value
// from the digits of the reader's token.
func (s *scanner) emitDigits(next int) int {
	clean := s.tok
	clean.Flags = 0
	v, err := clean.Value()
	if err != nil {
		return s.bad(s.cur.Start, next, "a number that cannot be read", hintForm)
	}
	s.cur.Printed.Set(v)
	s.cur.Start = s.tok.NumStart
	return s.emit(next)
}

// intDigits counts the digits of a printed number before its point.
func intDigits(num string) int {
	n := 0
	for i := 0; i < len(num) && num[i] != '.'; i++ {
		if isDigit(num[i]) {
			n++
		}
	}
	return n
}

// flagWhat says what the reader's unreadable flags found, and how to write
// the number instead.
func flagWhat(f numeral.Flag) (string, string) {
	switch {
	case f&numeral.FlagInvisible != 0:
		return "an invisible character", hintInvisible
	case f&numeral.FlagNonASCII != 0:
		return "a numeral outside 0-9", hintForm
	case f&numeral.FlagSuperscript != 0:
		return "a superscript digit", hintForm
	case f&numeral.FlagExponent != 0:
		return "a number with an exponent", hintForm
	case f&numeral.FlagFraction != 0:
		return "a fraction", hintFraction
	case f&(numeral.FlagDecimalComma|numeral.FlagDotGrouping|numeral.FlagAmbiguousDot) != 0:
		return "a decimal comma or dot grouping", hintSeparators
	case f&(numeral.FlagBadGrouping|numeral.FlagSpaceGrouping) != 0:
		return "digits grouped in no standard way", hintSeparators
	case f&(numeral.FlagTrailingSign|numeral.FlagTwoSigns) != 0:
		return "a number with a sign after it or two signs", hintSign
	}
	return "a number that cannot be read", hintForm
}

// emit finishes the current mention, appends it, and returns next.
func (s *scanner) emit(next int) int {
	m := s.cur
	s.cur = nil
	if m.End < next {
		m.End = next
	}
	if s.full() {
		return len(s.text)
	}
	m.Value.Set(&m.Printed)
	m.Value.Exponent += int32(m.Scale.Exp())
	if m.Value.IsZero() {
		m.Value.Negative = false
	}
	if m.Unit == "" {
		m.Unit = unitName(m)
	}
	m.Text = s.text[m.Start:m.End]
	if !m.Signed {
		m.rises = risesAt(s.text, m.Start)
	}
	if _, ok := within(s.quoted, m.Start); ok {
		m.Classes |= Quoted
	}
	s.x.Mentions = append(s.x.Mentions, *m)
	return m.End
}

// bad records text[start:end] as a number that cannot be read, and returns
// end. A span that meets the last one recorded joins it.
func (s *scanner) bad(start, end int, what, hint string) int {
	s.cur = nil
	if n := len(s.x.Unreadable); n > 0 && start <= s.x.Unreadable[n-1].End {
		u := &s.x.Unreadable[n-1]
		u.Start, u.End = min(u.Start, start), max(u.End, end)
		u.Text = s.text[u.Start:u.End]
	} else {
		if s.full() {
			return len(s.text)
		}
		s.x.Unreadable = append(s.x.Unreadable, Unreadable{Text: s.text[start:end], Start: start, End: end, What: what, Hint: hint})
	}
	s.floor = max(s.floor, end)
	return end
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
