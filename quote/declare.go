package quote

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/reckonhq/reckon/units"
)

// A Declaration is a scale a text states apart from any number, as a
// table's header or the line above it prints one: "(in millions)", "(In
// millions, except per share data)", "(Rs. in lacs)", "₹ in crore", "All
// amounts in thousands", "Amounts in USD millions", "$000s".
type Declaration struct {
	Scale      units.Scale // the scale declared
	Start, End int         // the byte span of the declaring word in the text
	// Except is the clause that follows "except" on the declaration's
	// line, lower-cased ("per share data"), or "" when there is none.
	Except string
	// excepted marks a declaration printed inside the previous one's
	// except clause, "(In millions, except shares in thousands)": it
	// applies only to what that clause names.
	excepted bool
	// qualified marks a declaration that names what it scales, "Units
	// in thousands", "(1) Shipments in thousands", "we operate in
	// thousands of stores", rather than the amounts around it ("All
	// amounts in thousands", "(in millions)"): it need not be the scale of
	// the figures after it.
	qualified bool
	// row marks a declaration printed in a body row of a markdown table,
	// below its separator: "| Revenue (in millions) | 5 |" scales that
	// row, not the rows under it.
	row bool
}

// exceptPerShare reports whether the declaration says it does not apply
// to per-share figures: "(In millions, except per share data)".
func (d Declaration) exceptPerShare() bool {
	return strings.Contains(d.Except, "per share") || strings.Contains(d.Except, "per-share") ||
		strings.Contains(d.Except, "per equity share") || slices.Contains(strings.FieldsFunc(d.Except, notLetter), "eps")
}

// declarations reads every scale text declares apart from a number, in
// order. It is the one reader of declared scales: a quote's own header
// ([FindAmount]) and the scale a source declares above a quote
// ([Scales.For]) are both read with it. A scale word counts when it is
// spelled out (longer than three letters) and what precedes it makes it a
// header (see headerBefore); a short form ("m", "bn", "cr") counts only
// right after a currency sign or code; "000s" counts after a currency
// sign, an apostrophe or "(".
func declarations(text string) []Declaration {
	var out []Declaration
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '0':
			if d, ok := thousandsMark(text, i); ok {
				out = append(out, d)
				i = d.End
				continue
			}
			for i < len(text) && text[i] >= '0' && text[i] <= '9' {
				i++
			}
			continue
		case !isASCIILetter(c):
			i++
			continue
		}
		j := i
		for j < len(text) && isASCIILetter(text[j]) {
			j++
		}
		w := text[i:j]
		// No scale word is longer than "thousands": a longer word is not
		// looked up, which keeps reading a long document cheap.
		if len(w) > 3 && len(w) <= len("thousands") && (i == 0 || !isASCIILetter(text[i-1])) {
			if sc, known := units.LookupScale(w); known && sc != units.Ones && headerBefore(text[:i]) && declarationEnds(text[:i], text[j:]) {
				out = append(out, Declaration{Scale: sc, Start: i, End: j, Except: exceptClause(text[:i], text[j:])})
			}
		}
		if cur := signIn(text[:i]); len(w) <= 3 && (i == 0 || !isASCIILetter(text[i-1])) && !alnumAt(text, j) && endsWithSign(cur) {
			// The short forms, "(£m)", "$bn", "USD mn", "(₹ cr.)", count
			// only right after a currency: after a number they are its
			// scale ("$5m"), and alone they may be anything.
			// Lakh and crore are Indian: their short forms ("cr", "L")
			// declare a scale only after the rupee. After any other
			// currency "Cr" is a statement's credit column ("Amount $ Cr").
			if sc, known := units.LookupScale(w); known && sc != units.Ones && (!indian(sc) || endsWithRupee(cur)) {
				out = append(out, Declaration{Scale: sc, Start: i, End: j, Except: exceptClause(text[:i], text[j:])})
			}
		}
		i = j
	}
	for k := range out {
		out[k].qualified = qualified(text[:out[k].Start])
		out[k].row = bodyRow(text, out[k].Start)
	}
	for k := 1; k < len(out); k++ {
		prev := out[k-1]
		between := text[prev.End:out[k].Start]
		out[k].excepted = prev.Except != "" && !strings.ContainsAny(between, ")]") &&
			(!strings.Contains(between, "\n") || opened(text[:prev.Start]) && strings.Count(between, "\n") == 1) &&
			strings.Contains(strings.ToLower(between), "except")
	}
	return out
}

// declarationEnds reports whether a spelled-out scale word, with before
// the text up to it and rest the text after it, ends a declaration: the
// end of a bracket or of a table cell, or a colon; an except or unless clause; "of" and a
// currency ("(In millions of dollars)"); inside a bracket, any punctuation
// mark; outside one, the end of the line or a full stop only when the
// declaration is a short sentence of its own that starts a line ("All
// amounts in thousands.", "₹ in crore"). Prose that merely uses the
// word ("cash in billions and …", "sales in millions of units", "accrued
// in billion." at the end of a long sentence) declares nothing: a
// declaration read there would hold every number below it to a scale no
// table states.
func declarationEnds(before, rest string) bool {
	line := before
	if k := strings.LastIndexByte(line, '\n'); k >= 0 {
		line = line[k+1:]
	}
	bracket := strings.LastIndexAny(line, "([") > strings.LastIndexAny(line, ")]")
	rest = strings.TrimLeft(rest, " \t")
	if rest == "" || rest[0] == '\n' || rest[0] == '\r' {
		return bracket || ownSentence(before) // "₹ in crore" on its own line, not wrapped prose
	}
	switch rest[0] {
	case ')', ']', ':', '|':
		return true // a header: "USD millions: Revenue 5", a table cell
	case ',', ';', '/':
		if bracket {
			return true
		}
		rest = strings.TrimLeft(rest[1:], " \t")
	case '.':
		return bracket || ownSentence(before)
	}
	word, after, _ := strings.Cut(rest, " ")
	switch strings.ToLower(word) {
	case "except", "unless":
		return true
	case "of":
		after = strings.TrimLeft(after, " ")
		name := after
		if k := strings.IndexAny(after, " \t\n\r),.;:"); k >= 0 {
			name = after[:k]
		}
		return len(units.CurrencyNameCurrencies(name)) > 0 || endsWithSign(name) || len(name) == 3 && isUpperASCII(name) ||
			countryCurrency(after)
	}
	return false
}

// countryCurrency reports whether text starts with a currency's name after
// one word that says whose it is, as a declaration prints it: "(Amounts in
// thousands of U.S. dollars)", "in millions of Canadian dollars". The
// first word may be an abbreviation with dots; the second must name a
// currency, so "in thousands of U.S. stores" declares nothing.
func countryCurrency(text string) bool {
	f := strings.Fields(text)
	if len(f) < 2 {
		return false
	}
	name := strings.TrimRight(f[1], ".,;:)]")
	return len(units.CurrencyNameCurrencies(name)) > 0
}

// bodyRow reports whether byte at of text is in a body row of a markdown
// table: a line that starts with "|", below a separator line ("|---|")
// of the same table.
func bodyRow(text string, at int) bool {
	lo := strings.LastIndexByte(text[:at], '\n') + 1
	if !strings.HasPrefix(strings.TrimLeft(text[lo:at], " \t"), "|") {
		return false
	}
	for lo > 0 {
		p := strings.LastIndexByte(text[:lo-1], '\n') + 1
		line := strings.TrimSpace(text[p : lo-1])
		if !strings.HasPrefix(line, "|") {
			return false
		}
		if strings.Trim(line, "|-: \t") == "" {
			return true
		}
		lo = p
	}
	return false
}

// signIn returns before, the text up to a short scale form, without an
// "in" that follows a currency inside a bracket, "(₹ in Mn)", "(Rs. in
// Cr.)": the short form then stands after the currency as in "(₹ Mn)".
// Otherwise it returns before unchanged.
func signIn(before string) string {
	b := strings.TrimSuffix(before, " ")
	if len(b) < 3 || !strings.EqualFold(b[len(b)-2:], "in") || b[len(b)-3] != ' ' || !opened(b) {
		return before
	}
	if cur := b[:len(b)-3]; endsWithSign(cur) {
		return cur
	}
	return before
}

// ownSentence reports whether the sentence that before ends in starts a
// line and is short, as a declaration printed as a sentence of its own
// is ("All amounts in thousands."), unlike the end of a sentence of prose.
func ownSentence(before string) bool {
	end := strings.LastIndexAny(before, ".!?:")
	for end >= 0 && before[end] == '.' && endsWithSign(before[:end+1]) {
		end = strings.LastIndexAny(before[:end], ".!?:") // "Rs. Lakh": the dot is the sign's
	}
	if para := strings.LastIndex(before, "\n\n"); para >= 0 && para > end {
		return len(strings.Fields(before[para:])) <= 8 // a paragraph of its own: "(1) Units shipped in thousands."
	}
	sentence := before[end+1:]
	if end >= 0 && !strings.HasPrefix(strings.TrimLeft(sentence, " \t\r"), "\n") {
		return false // the sentence starts after another on its line
	}
	return len(strings.Fields(sentence)) <= 8
}

// qualified reports whether before, the text before a declaring word,
// ends with "<subject> in" where the subject is a word that names what
// the scale is of ("Units in", "Shipments in", "operate in") rather than
// the amounts in general ("Amounts in", "Dollars in", "(in", "presented
// in").
func qualified(before string) bool {
	b := strings.TrimRight(before, " \t\r\n")
	if len(b) < 2 || !strings.EqualFold(b[len(b)-2:], "in") || len(b) > 2 && isASCIILetter(b[len(b)-3]) {
		return false
	}
	b = strings.TrimRight(b[:len(b)-2], " \t\r\n")
	j := len(b)
	for j > 0 && isASCIILetter(b[j-1]) {
		j--
	}
	w := strings.ToLower(b[j:])
	if w == "" {
		return false // "(in", ", in", "₹ in": nothing named
	}
	if _, err := units.CurrencyUnit(strings.ToUpper(w)); err == nil && len(w) == 3 {
		return false // "USD in"
	}
	return !generalSubject[w]
}

// generalSubject holds the words a declaration of the amounts in general
// prints before "in": "All amounts in thousands", "Dollars in millions",
// "Figures are presented in crore".
var generalSubject = map[string]bool{
	"amount": true, "amounts": true, "figures": true, "figure": true, "numbers": true, "values": true,
	"value": true, "data": true, "all": true, "are": true, "is": true, "expressed": true, "presented": true,
	"stated": true, "reported": true, "shown": true, "given": true, "dollars": true, "rupees": true,
	"euros": true, "pounds": true, "yen": true, "currency": true, "rs": true, "inr": true,
	"dollar": true, "rupee": true, "euro": true, "pound": true, "unaudited": true, "audited": true,
}

// thousandsMark reads "000s", "000's" or "000" at text[i:] as the
// declaration of thousands that accountants print for a column ("$000s",
// "£'000", "(000s)", "Rs '000"): three zeros that are not part of a
// number, after a currency sign, an apostrophe or "(", and not followed
// by a digit, a point or a comma.
func thousandsMark(text string, i int) (Declaration, bool) {
	if !strings.HasPrefix(text[i:], "000") {
		return Declaration{}, false
	}
	j := i + 3
	if j < len(text) && (text[j] >= '0' && text[j] <= '9' || text[j] == '.' || text[j] == ',') {
		return Declaration{}, false
	}
	b := text[:i]
	apos := strings.HasSuffix(b, "'") || strings.HasSuffix(b, "’")
	b = strings.TrimSuffix(strings.TrimSuffix(b, "'"), "’")
	bt := strings.TrimSuffix(b, " ")
	sign := endsWithSign(b)
	if n := len(bt); n > 0 && !sign && (bt[n-1] >= '0' && bt[n-1] <= '9' || bt[n-1] == ',' || bt[n-1] == '.') {
		return Declaration{}, false // part of a number: 5,000 or 1.000
	}
	if !apos && !sign && !strings.HasSuffix(bt, "(") && !headerBefore(b) {
		return Declaration{}, false // 000 with nothing that makes it a header
	}
	for _, suf := range [...]string{"'s", "’s", "s"} {
		if strings.HasPrefix(text[j:], suf) {
			j += len(suf)
			break
		}
	}
	if j < len(text) && isASCIILetter(text[j]) {
		return Declaration{}, false // 000sth: a word, not a mark
	}
	return Declaration{Scale: units.Thousand, Start: i, End: j, Except: exceptClause(text[:i], text[j:])}, true
}

// alnumAt reports whether text has an ASCII letter or digit at byte i.
func alnumAt(text string, i int) bool {
	return i < len(text) && (isASCIILetter(text[i]) || text[i] >= '0' && text[i] <= '9')
}

// endsWithSign reports whether s ends with a currency sign the reader
// knows, or an ISO 4217 code in capitals, with at most one space after it.
func endsWithSign(s string) bool {
	s = strings.TrimSuffix(s, " ")
	for _, sg := range currencySigns {
		if strings.HasSuffix(s, sg) {
			return true
		}
	}
	if len(s) < 3 || !isUpperASCII(s[len(s)-3:]) || len(s) > 3 && isASCIILetter(s[len(s)-4]) {
		return false
	}
	_, err := units.CurrencyUnit(s[len(s)-3:]) // an ISO code, not "CEO"
	return err == nil
}

// indian reports whether sc is a scale of Indian numbering, lakh or crore.
func indian(sc units.Scale) bool {
	return sc.Exp() == units.Lakh.Exp() || sc.Exp() == units.Crore.Exp()
}

// endsWithRupee reports whether s ends with a sign or code of the Indian
// rupee, with at most one space after it.
func endsWithRupee(s string) bool {
	s = strings.TrimSuffix(s, " ")
	if strings.HasSuffix(s, "INR") {
		return true
	}
	for _, sg := range currencySigns {
		if strings.HasSuffix(s, sg) && slices.Contains(units.SignCurrencies(sg), "INR") {
			return true
		}
	}
	return false
}

// exceptClause returns the words after "except" up to the end of the
// declaration's line or its closing bracket, lower-cased. before is the
// text before the declaring word: when its line opens a bracket the
// declaration has not closed, "(In millions,\nexcept per share data)",
// the clause runs on to the next line, as a PDF's text layer wraps it.
func exceptClause(before, rest string) string {
	if k := strings.IndexAny(rest, "\n)]"); k >= 0 {
		if rest[k] == '\n' && opened(before) {
			if e := strings.IndexAny(rest[k+1:], "\n)]"); e >= 0 {
				k += 1 + e
			} else {
				k = len(rest)
			}
		}
		rest = rest[:k]
	}
	rest = strings.ToLower(rest)
	k := strings.Index(rest, "except")
	if k < 0 {
		return ""
	}
	return strings.TrimSpace(strings.ReplaceAll(rest[k+len("except"):], "\n", " "))
}

// opened reports whether the last line of before opens a bracket it does
// not close: the declaration after it is inside "(…" or "[…".
func opened(before string) bool {
	line := before[strings.LastIndexByte(before, '\n')+1:]
	return strings.Count(line, "(")+strings.Count(line, "[") > strings.Count(line, ")")+strings.Count(line, "]")
}

// Scales holds the scales a source declares, read once, to tell for any
// place in it which declaration applies ([Scales.For]).
type Scales struct {
	text   string
	decls  []Declaration
	breaks []int // byte offsets where a new section or table starts
}

// ReadScales reads the scales text declares and where its sections and
// tables start.
func ReadScales(text string) *Scales {
	return &Scales{text: text, decls: declarations(text), breaks: sectionBreaks(text)}
}

// at returns the declarations that apply to a number printed at byte at of
// the text, nearest first, by the scope rules of [Scales.For]: none when
// no declaration heads the section the number is in, one when one does,
// and more when several that state different scales could apply.
func (s *Scales) at(at int) []Declaration {
	if s == nil || at < 0 || at > len(s.text) {
		return nil
	}
	from := 0
	if k := sort.SearchInts(s.breaks, at+1); k > 0 {
		from = s.breaks[k-1]
	}
	k := sort.Search(len(s.decls), func(k int) bool { return s.decls[k].End > at })
	n := k - 1 // the nearest declaration that is not an exception's, nor another row's
	for n >= 0 && (s.decls[n].excepted || s.otherRow(s.decls[n], at)) {
		n--
	}
	if n < 0 || s.decls[n].Start < from {
		return nil
	}
	near := s.decls[n]
	lo, hi := block(s.text, near.Start)
	if near.qualified {
		// A declaration that names what it scales leaves open whether the
		// section's other declarations scale the rest: every one of them
		// is a rival, "Dollars in millions." a paragraph above "Units in
		// thousands." as much as one on its line.
		lo = from
	}
	lo, hi = max(lo, from), min(hi, at)
	out := []Declaration{near}
	// The declarations are in order: only those from lo on can be rivals,
	// so a long document with a declaration above every table costs a
	// search, not a pass over all of them, for each number.
	first := sort.Search(k, func(i int) bool { return s.decls[i].Start >= lo })
	for i := first; i < k; i++ {
		if d := s.decls[i]; i != n && d.End <= hi && d.Scale.Exp() != near.Scale.Exp() && !s.otherRow(d, at) {
			out = append(out, d)
		}
	}
	return out
}

// otherRow reports whether d is a table row's own declaration (see
// Declaration.row) and byte at is not in that row.
func (s *Scales) otherRow(d Declaration, at int) bool {
	return d.row && strings.LastIndexByte(s.text[:d.Start], '\n') != strings.LastIndexByte(s.text[:at], '\n')
}

// block returns the span of the lines around byte at, up to a blank
// line on either side.
func block(text string, at int) (lo, hi int) {
	lo = strings.LastIndexByte(text[:at], '\n') + 1 // the start of at's line
	for lo > 0 {
		p := strings.LastIndexByte(text[:lo-1], '\n') + 1 // the previous line
		if strings.TrimSpace(text[p:lo-1]) == "" {
			break
		}
		lo = p
	}
	hi = at
	for hi < len(text) {
		e := strings.IndexByte(text[hi:], '\n')
		if e < 0 {
			return lo, len(text)
		}
		next := hi + e + 1
		n := strings.IndexByte(text[next:], '\n')
		if n < 0 {
			n = len(text) - next
		}
		if strings.TrimSpace(text[next:next+n]) == "" {
			return lo, next
		}
		hi = next
	}
	return lo, hi
}

// sectionBreaks returns, in order, the offsets where a new section or
// table starts (see [Scales.For]): the start of a heading's line, or the
// HTML tag that ends a table or starts a heading, wherever it is, since an
// HTML source may be one line.
func sectionBreaks(text string) []int {
	var out []int
	prevAt, prev := 0, ""
	for at := 0; at < len(text); {
		e := strings.IndexByte(text[at:], '\n')
		if e < 0 {
			e = len(text) - at
		}
		line := text[at : at+e]
		switch t := strings.TrimSpace(line); {
		case strings.ContainsRune(line, '\f'):
			out = append(out, at) // a page of its own
		case atxHeading(t):
			out = append(out, at)
		case setextUnderline(line, prev):
			out = append(out, prevAt) // a Setext heading starts at its text
		}
		for _, k := range htmlBreaks(line) {
			out = append(out, at+k)
		}
		prevAt, prev = at, line
		at += e + 1
	}
	slices.Sort(out)
	return out
}

// setextUnderline reports whether line underlines prev as a Markdown
// heading: === or --- from the first column, under text that starts there
// too. A plain-text statement underlines its column headings ("2023" over
// "--------") indented, and that rule heads no new section.
func setextUnderline(line, prev string) bool {
	t := strings.TrimRight(line, " \t\r")
	if len(t) < 3 || t != strings.TrimLeft(t, " \t") || (strings.Trim(t, "=") != "" && strings.Trim(t, "-") != "") {
		return false
	}
	p := strings.TrimRight(prev, " \t\r")
	return p != "" && p == strings.TrimLeft(p, " \t") && strings.IndexFunc(p, unicode.IsLetter) >= 0
}

// atxHeading reports whether the trimmed line t is a Markdown "# Heading".
func atxHeading(t string) bool {
	h := strings.TrimLeft(t, "#")
	return len(h) < len(t) && len(t)-len(h) <= 6 && (h == "" || h[0] == ' ')
}

// htmlBreaks returns the offsets in line of the tags that end a table or
// start a heading or a rule. An opening <table> is not one: the caption
// or paragraph above it declares its scale.
func htmlBreaks(line string) []int {
	if !strings.Contains(line, "<") {
		return nil
	}
	var out []int
	l := strings.ToLower(line)
	for _, tag := range [...]string{"<h1", "<h2", "<h3", "<h4", "<h5", "<h6", "</table", "<hr"} {
		for from := 0; ; {
			k := strings.Index(l[from:], tag)
			if k < 0 {
				break
			}
			out = append(out, from+k)
			from += k + len(tag)
		}
	}
	return out
}

// For returns the declarations of the source that apply to the number a
// quote prints for the input a, the quote found at byte at of the source
// with shown its text (struck text removed, as [Normalize] with [Markup]
// gives it): nil when none applies, one when one does, and more when
// several that state different scales could apply, which the caller
// must refuse as ambiguous rather than pick one.
//
// A declaration applies from where it is printed to the next declaration
// or the next section break: a Markdown heading ("# …", or a line
// underlined with === or ---), an HTML heading, rule or the end of a
// table (<h1>…<h6>, <hr>, </table>), or a form feed. A blank line does not
// end it: 10-K statements print "(In millions, except per share data)" a
// blank line above their column headings, and press releases print "All
// amounts in thousands" a paragraph above the figures. An opening <table>
// does not end it either: the caption above a table declares its scale. A
// declaration after the number never applies. The nearest declaration has
// rivals when its own block (the lines around it up to a blank line)
// declares another scale too, as a table heading that states one scale
// per column does ("Revenue ($ millions) | Units (thousands)").
//
// A declaration never applies to a number whose meaning the quote states
// itself: a scale word or letter printed with it ("84 million", "$5bn"),
// a header inside the quote ("(in billions) Revenue 5"), a %, pp, bp or ×
// printed with it. Nor does it apply to an input that no scale can
// multiply: a percent, ratio, percentage points, basis points or a
// duration; nor to a plain number that is a year the text introduces as
// one ("In 2027", "fiscal 2024"); nor to a per-share
// figure when it says "except per share"; nor to a count whose quote
// prints its noun after the number ("5,007 employees"), as prose does
// where a table's count would stand bare under the table's scale.
func (s *Scales) For(at int, shown string, a *units.Amount) []Declaration {
	if s == nil || a == nil || !scalable(a.Unit) {
		return nil
	}
	start, _, ok := FindAmount(shown, a)
	if !ok {
		return nil
	}
	tok, ok := units.Next(shown, start)
	if !ok || tok.ScaleText != "" || tok.Marker != "" || tok.Kind != 0 {
		return nil
	}
	if _, stated := headerScale(shown); stated {
		return nil
	}
	if a.Scale == units.Ones && a.Unit.Kind() == units.KindNumber && yearLike(&tok) && yearWord(shown[:tok.Start]) {
		return nil // "In 2027": a year; "| Other | 2024 |" in a table is an amount
	}
	if noun := strings.TrimSuffix(a.Unit.Noun(), "s"); noun != "" &&
		strings.HasPrefix(strings.ToLower(wordAfter(shown, tok.End)), strings.ToLower(noun)) {
		return nil
	}
	ds := s.at(at)
	if len(ds) > 0 && ds[0].exceptPerShare() && s.perShareRow(at, shown, a.Unit, a) {
		return nil
	}
	// A scale declared for what an except clause names ("shares in
	// thousands") is a rival only for an input that may be such a thing:
	// a count of shares, or a number quoted beside "shares".
	shares := strings.HasPrefix(strings.ToLower(a.Unit.Noun()), "share") || strings.Contains(strings.ToLower(shown), "share")
	return slices.DeleteFunc(ds, func(d Declaration) bool { return d.excepted && !shares })
}

// Stated reports whether the source states a scale for the number a
// quote prints for the input a, the quote found at byte at with shown its
// text: the number carries a scale word or letter ("84 million", "$5bn"),
// the quote holds a header ("(in billions) Revenue 5"), or a declaration
// of the source applies at that place. An input given a scale the source
// never states would multiply a number nobody printed that way.
func (s *Scales) Stated(at int, shown string, a *units.Amount) bool {
	if s == nil || a == nil {
		return false
	}
	if start, _, ok := FindAmount(shown, a); ok {
		if tok, ok := units.Next(shown, start); ok && tok.ScaleText != "" {
			return true
		}
	}
	if _, stated := headerScale(shown); stated {
		return true
	}
	return len(s.at(at)) > 0
}

// perShareRow reports whether the number the quote found at byte at of
// the source prints, with shown the quote's text there, is a per-share
// figure: its unit is per share, or its own row of the source, or the row
// label above that row, says "per share". Only the number's row counts: a
// quote that spans two rows ("Diluted earnings per share 6.13\nNet sales
// 192,052") does not make the second a per-share figure. A count is never
// one, and neither is a row that counts shares ("Shares used in computing
// earnings per share"): such rows are in the table's scale.
func (s *Scales) perShareRow(at int, shown string, u units.Unit, a *units.Amount) bool {
	if per, ok := u.Per(); ok && strings.HasPrefix(strings.ToLower(per.Noun()), "share") {
		return true
	}
	if u.Kind() == units.KindCount {
		return false
	}
	// The number's place in the source: the first amount like it from the
	// quote's start, within a window that allows for the markup the quote's
	// text no longer shows. Not found there, the figure is taken as the
	// table's, which refuses rather than exempts.
	hi := min(len(s.text), at+4*len(shown)+256)
	k, _, ok := FindAmount(s.text[at:hi], a)
	if !ok {
		return false
	}
	lo, end := rowAround(s.text, at+k)
	if row := s.text[lo:end]; perShare(row, u) || countsShares(row) {
		return !countsShares(row)
	}
	label := s.label(lo)
	return perShare(label, u) && !countsShares(label)
}

// rowAround returns the span of the row of a table or the line that holds
// byte p of text: up to a line break, or an HTML row's <tr> and </tr>,
// since an HTML source may print a whole table on one line.
func rowAround(text string, p int) (lo, hi int) {
	lo = strings.LastIndexByte(text[:p], '\n') + 1
	if k := lastIndexFold(text[lo:p], "<tr"); k >= 0 {
		lo += k
	}
	hi = len(text)
	if k := strings.IndexByte(text[p:], '\n'); k >= 0 {
		hi = p + k
	}
	if k := indexFold(text[p:hi], "</tr"); k >= 0 {
		hi = p + k
	}
	return lo, hi
}

// lastIndexFold returns the offset of the last ASCII-case-insensitive
// match of sub in s, or -1, as [indexFold] does for the first.
func lastIndexFold(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// countsShares reports whether text names shares as a number of them,
// "Shares used in computing earnings per share", "weighted average
// shares", rather than an amount per share.
func countsShares(text string) bool {
	return slices.Contains(strings.FieldsFunc(strings.ToLower(text), notLetter), "shares")
}

// label returns the row label a table prints for the rows under it, the
// nearest of the three lines above byte at that ends with a colon ("Net
// income per share:" above "Diluted $ 6.13"), or "".
func (s *Scales) label(at int) string {
	end := strings.LastIndexByte(s.text[:at], '\n')
	for n := 0; n < 3 && end > 0; n++ {
		start := strings.LastIndexByte(s.text[:end], '\n') + 1
		line := strings.TrimSpace(s.text[start:end])
		if line == "" {
			return ""
		}
		if strings.HasSuffix(line, ":") {
			return line
		}
		end = start - 1
	}
	return ""
}

// Text returns the line of the source that prints d, trimmed and clipped
// to a line of a table, for a hint that names it.
func (s *Scales) Text(d Declaration) string {
	if s == nil || d.Start < 0 || d.End < d.Start || d.End > len(s.text) {
		return ""
	}
	lo := strings.LastIndexByte(s.text[:d.Start], '\n') + 1
	hi := len(s.text)
	if k := strings.IndexByte(s.text[d.End:], '\n'); k >= 0 {
		hi = d.End + k
	}
	lo, hi = max(lo, d.Start-60), min(hi, d.End+60)
	return strings.ToValidUTF8(strings.TrimSpace(s.text[lo:hi]), "")
}

// yearWord reports whether before ends with a word that introduces a
// year: "in", "fiscal", "since", "year", and the like.
func yearWord(before string) bool {
	f := strings.FieldsFunc(strings.ToLower(before), notLetter)
	if len(f) == 0 {
		return false
	}
	switch f[len(f)-1] {
	case "in", "fiscal", "fy", "year", "since", "during", "by", "until", "from", "through", "of", "to", "and", "for", "calendar":
		return true
	}
	return false
}

// scalable reports whether a declared scale can multiply an amount of unit
// u: a plain number, a currency or a count, alone or per something.
func scalable(u units.Unit) bool {
	switch u.Kind() {
	case units.KindNumber, units.KindCurrency, units.KindCount:
		return true
	}
	return false
}

// perShare reports whether an amount of unit u quoted as shown is a
// per-share figure: its unit is per share, or the quote says "per share",
// "per diluted share", "EPS".
func perShare(shown string, u units.Unit) bool {
	if per, ok := u.Per(); ok && strings.HasPrefix(strings.ToLower(per.Noun()), "share") {
		return true
	}
	l := strings.ToLower(shown)
	if strings.Contains(l, "per-share") || slices.Contains(strings.FieldsFunc(l, notLetter), "eps") {
		return true
	}
	for k := strings.Index(l, "per "); k >= 0; {
		rest := l[k+4:]
		if j := strings.Index(rest, "share"); j >= 0 && j <= len("diluted common ") {
			return true
		}
		n := strings.Index(rest, "per ")
		if n < 0 {
			break
		}
		k += 4 + n
	}
	return false
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) }
