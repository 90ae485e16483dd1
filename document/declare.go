package document

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// A Decl is what one scope's own text declares about the numbers it
// governs: a scale ("(In millions, except per share data)", "$000",
// "£m", "Rs. in lacs"), a currency ("$ in millions", "(Dollars in
// thousands)"), a percent ("(%)", "Percent change"). It is read from the
// text of one scope alone (a caption line, a header cell, a row's label),
// so how far it reaches is the scope's, not the words'.
type Decl struct {
	Scope      Scope
	Start, End int // the declaring words, in the rendering
	Scale      numeral.Scale
	HasScale   bool
	// Of is what the scale is stated for: "" for the amounts in general
	// ("(in millions)"), "money" for money alone ("(Dollars in
	// millions)", "Amount ($ in millions)"), "shares" ("(Shares in
	// thousands)"), or another noun ("Units in thousands").
	Of       string
	Except   []Except // what the declaration excepts, in order
	Currency string   // a currency sign, code or name it states: "$", "£", "Rs.", "dollars"
	Percent  bool     // it says its numbers are percents: "(%)", "%", "percent"
	// Unread marks words that state a scale the reader has no word for
	// ("百万円", "(in hundreds of millions)"): the numbers it governs are
	// in a scale reckon cannot check.
	Unread bool
}

// An Except is one thing a declaration's except clause names: "per share
// data" (as printed), "number of shares, which are reflected in
// thousands" (with its own scale).
type Except struct {
	What     Quantity
	Noun     string // for QuantityOther, the words named: "par value"
	Scale    numeral.Scale
	HasScale bool
}

// Scope is where a declaration is printed, from the narrowest.
type Scope uint8

// The scopes, innermost first.
const (
	InCell    Scope = iota + 1 // the number's own cell: "$5 million"
	InRow                      // the row's label: "Revenue (in millions)"
	InGroup                    // the label row the row is in: "Shares outstanding (in thousands):"
	InColumn                   // a header cell over the number's column: "Aggregate intrinsic value ($ in thousands)"
	InTable                    // a header row or the header of the label column: "(dollars in millions) | 2019 | 2018"
	InCaption                  // a line printed directly above the table: "(In millions, except per share data)"
	InSection                  // a line of its own earlier in the section: "All amounts in thousands"
)

var scopeNames = [...]string{InCell: "cell", InRow: "row", InGroup: "group", InColumn: "column", InTable: "table", InCaption: "caption", InSection: "section"}

// String returns the scope's name.
func (s Scope) String() string {
	if int(s) < len(scopeNames) && scopeNames[s] != "" {
		return scopeNames[s]
	}
	return "none"
}

// Quantity is what a number counts, as its labels say.
type Quantity uint8

// The quantities a label can name.
const (
	QuantityAmount   Quantity = iota // money, or anything not named below
	QuantityPerShare                 // an amount per share: "Earnings per share", "Diluted" under it
	QuantityShares                   // a number of shares: "Shares used in computing earnings per share"
	QuantityPercent                  // a percent: "%", "(%)", "Gross margin percentage"
	QuantityOther                    // a noun an except clause names: "par value"
	QuantityCount                    // prose: a count of the noun printed after it, "346,453 PSUs"
	QuantityRatio                    // a ratio or a multiple: "Current ratio", "(in times)"
	QuantityDuration                 // a length of time: "Useful Lives (in years)", "Term (months)"
	QuantityPoints                   // basis or percentage points: "Change (bps)", "pp"
)

var quantityNames = [...]string{"amount", "per_share", "shares", "percent", "other", "count", "ratio", "duration", "points"}

// String returns the quantity's name.
func (q Quantity) String() string {
	if int(q) < len(quantityNames) {
		return quantityNames[q]
	}
	return "unknown"
}

// word is one word of a scope's text with its byte span.
type word struct {
	s          string // as printed
	low        string
	start, end int
	num        bool // digits
}

// words splits s into words: runs of letters (with inner apostrophes and
// dots, as in "U.S." and "Rs."), runs of digits with their separators,
// and single symbols; white space separates.
func words(s string) []word {
	var out []word
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r) || r == '\u00a0':
			i += n
		case unicode.IsLetter(r):
			j := i + n
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(r2) || (r2 == '.' || r2 == '\'' || r2 == '’') && j+n2 < len(s) && isLetterByte(s[j+n2]) {
					j += n2
					continue
				}
				break
			}
			if j < len(s) && s[j] == '.' && (j-i <= 3) { // Rs. U.S.
				j++
			}
			if j < len(s) && s[j] == '$' && len(numeral.SignCurrencies(s[i:j+1])) > 0 {
				j++ // "US$", "C$", "HK$": a dollar of its own, one word
			}
			out = append(out, word{s: s[i:j], low: strings.ToLower(s[i:j]), start: i, end: j})
			i = j
		case r >= '0' && r <= '9':
			j := i + 1
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || (s[j] == ',' || s[j] == '.') && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			out = append(out, word{s: s[i:j], low: s[i:j], start: i, end: j, num: true})
			i = j
		default:
			out = append(out, word{s: s[i : i+n], low: s[i : i+n], start: i, end: i + n})
			i += n
		}
	}
	return out
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// splitApostrophes splits a word that joins a currency code and a scale
// word with an apostrophe, "RMB’Million" as a header prints it, into the
// two; other words are kept.
func splitApostrophes(ws []word) []word {
	var out []word
	for _, w := range ws {
		k := strings.IndexAny(w.s, "'’")
		if k <= 0 || w.num {
			out = append(out, w)
			continue
		}
		n := 1
		if w.s[k] != '\'' {
			n = len("’")
		}
		head, tail := w.s[:k], w.s[k+n:]
		if _, ok := spelledScale(strings.ToLower(tail)); !ok || !currencyWord(word{low: strings.ToLower(head)}) {
			out = append(out, w)
			continue
		}
		out = append(out, word{s: head, low: strings.ToLower(head), start: w.start, end: w.start + k},
			word{s: tail, low: strings.ToLower(tail), start: w.start + k + n, end: w.end})
	}
	return out
}

// spelledScale returns the scale a spelled-out word names: thousand(s),
// million(s), billion(s), trillion(s), lakh(s), lac(s), crore(s).
func spelledScale(w string) (numeral.Scale, bool) {
	if len(w) <= 3 || len(w) > len("thousands") {
		if w != "lac" {
			return numeral.Ones, false
		}
	}
	sc, ok := numeral.LookupScale(w)
	if !ok || sc == numeral.Ones || sc == numeral.Hundred {
		return numeral.Ones, false
	}
	return sc, true
}

// currencyWord reports whether w is a currency sign, code or name.
func currencyWord(w word) bool {
	switch w.low {
	case "$", "£", "€", "¥", "₹", "rs", "rs.", "inr", "usd", "us$", "eur", "gbp", "jpy", "cad", "aud", "rm", "chf", "cny", "rmb", "hk$", "sgd", "s$", "a$", "c$", "nz$", "nt$", "r$", "hkd", "nzd", "sek", "nok", "dkk", "krw", "twd", "zar", "brl", "mxn":
		return true
	case "dollars", "dollar", "euros", "euro", "rupees", "rupee", "yen", "sterling", "pesos", "peso", "francs", "franc", "reais": // not "pounds", also a weight; not "real"
		return true
	}
	return false
}

// Declarations returns what text declares as one scope: the scales,
// currencies and percents its words state apart from any number.
func Declarations(text string) []Decl { return readDecls(text, 0, InCell) }

// readDecls reads the declarations of one scope's text s, printed at
// rendering offset base. A scale counts when it is not a number's own
// ("5 million" is a number's scale, not a declaration): a spelled-out
// scale word, or a short form ("m", "mn", "bn", "000", "'000", "cr")
// right after a currency ("$m", "£000", "Rs. cr", "USD mn") or alone in
// brackets ("(000s)", "(m)").
func readDecls(s string, base int, scope Scope) []Decl {
	ws := splitApostrophes(words(s))
	var out []Decl
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		sc, ok := spelledScale(w.low)
		short := false
		if !ok {
			sc, ok = shortScale(ws, k, scope)
			short = ok
		}
		if !ok {
			continue
		}
		if !short && k > 0 && ws[k-1].num {
			continue // "5 million": the number's own scale
		}
		if !short && k+1 < len(ws) && ws[k+1].low == "of" && k+2 < len(ws) && !moneyAfterOf(ws[k+2:]) && ws[k+2].low != "shares" && !bracketed(ws, k) {
			continue // "we operate in thousands of stores": many stores, no scale
		}
		if inExcept(ws, k) && len(out) > 0 {
			continue // "(In millions, except shares in thousands)": the clause's, read with it
		}
		if !short && !(declStarts(ws, k) && declEnds(ws, k)) {
			continue // "sales grew in millions, and so did costs": prose that uses the word
		}
		ps, pe := phrase(s, w.start, w.end)
		d := Decl{Scope: scope, Start: base + ps, End: base + pe, Scale: sc, HasScale: true}
		d.Of, d.Currency = qualifier(ws, k)
		d.Except = exceptClause(s, ws, k)
		out = append(out, d)
	}
	for n, w := range ws {
		if n > 0 && ws[n-1].num && !isYear(ws[n-1].s) || n+1 < len(ws) && ws[n+1].num && !isYear(ws[n+1].s) {
			continue // "5 mEUR", "USDm 5": the number's own unit, no declaration
		}
		if sc, code, ok := prefixedCode(w.s); ok && len(out) == 0 {
			out = append(out, Decl{Scope: scope, Start: base + w.start, End: base + w.end, Scale: sc, HasScale: true, Of: "money", Currency: code})
		}
	}
	if len(out) == 0 && unreadScale(s) {
		a, b := phrase(s, 0, 0)
		out = append(out, Decl{Scope: scope, Start: base + a, End: base + b, Unread: true})
	}
	// "(in Rs.)", "(in $)", "(In U.S. dollars)", "(Amounts in whole
	// dollars)", "(in dollars, except share data)": a currency with no
	// scale states the numbers as printed, in that currency.
	if len(out) == 0 {
		for k := 0; k+1 < len(ws); k++ {
			if ws[k].low != "in" || !bracketed(ws, k) {
				continue
			}
			n := k + 1
			if n+1 < len(ws) && !currencyWord(ws[n]) && currencyWord(ws[n+1]) && unicode.IsUpper(rune(ws[n].s[0])) {
				if _, sc := numeral.LookupScale(strings.TrimSuffix(ws[n].low, ".")); sc || numeral.ForeignScale(ws[n].s) || len(strings.Trim(ws[n].s, ".")) < 2 {
					// "(in Tsd. EUR)", "(in T EUR)": a scale, not an
					// adjective of the currency
					ps, pe := phrase(s, ws[n].start, ws[n].end)
					out = append(out, Decl{Scope: scope, Start: base + ps, End: base + pe, Unread: true})
					break
				}
				n++ // "in U.S. dollars"
			}
			if ws[n].low == "whole" && n+1 < len(ws) && currencyWord(ws[n+1]) {
				n++ // "(Amounts in whole dollars)"
			}
			if currencyWord(ws[n]) && (n+1 == len(ws) || ws[n+1].low == ")" || ws[n+1].low == ",") {
				ps, pe := phrase(s, ws[n].start, ws[n].end)
				out = append(out, Decl{Scope: scope, Start: base + ps, End: base + pe, Scale: numeral.Ones, HasScale: true, Of: "money", Currency: ws[n].s})
				break
			}
		}
	}
	// A currency or a percent stated by the scope's text alone: "$",
	// "(Dollars)", "(%)", "Percent".
	cur, pct := "", false
	for k, w := range ws {
		if currencyWord(w) && (len(ws) <= 4 || bracketed(ws, k)) {
			cur = w.s
		}
		if w.low == "%" || w.low == "percent" || w.low == "percentage" || w.low == "percentages" {
			if k > 0 && ws[k-1].num && (w.low == "%" && ws[k-1].end == w.start || w.low != "%") {
				continue // "4.875% Senior Notes": a rate the label names, not its row's unit
			}
			if !exceptedAt(ws, k) {
				pct = true
			}
		}
	}
	if len(out) == 0 && (cur != "" || pct) {
		out = append(out, Decl{Scope: scope, Start: base, End: base + len(s), Currency: cur, Percent: pct})
	} else if len(out) > 0 {
		if out[0].Currency == "" {
			out[0].Currency = cur
		}
	}
	return out
}

// phrase returns the span of the declaration whose scale word is
// s[i:j]: its bracket, "(In millions, except per share data)", or the
// whole of the scope's text, trimmed, when it is not in one.
func phrase(s string, i, j int) (int, int) {
	open := strings.LastIndexAny(s[:i], "([")
	if open >= 0 && strings.LastIndexAny(s[:i], ")]") < open {
		if k := strings.IndexAny(s[j:], ")]"); k >= 0 {
			return open, j + k + 1
		}
		return open, len(s)
	}
	a, b := 0, len(s)
	for a < b && (s[a] == ' ' || s[a] == '\t') {
		a++
	}
	for b > a && (s[b-1] == ' ' || s[b-1] == '\t') {
		b--
	}
	return a, b
}

// inExcept reports whether word k stands in an except clause of the
// same bracket or line.
func inExcept(ws []word, k int) bool {
	for j := k - 1; j >= 0; j-- {
		switch ws[j].low {
		case "except", "excluding":
			return true
		case ")", "]", ";":
			return false
		}
	}
	return false
}

// declStarts reports whether what precedes a spelled-out scale word at k
// makes it a declaration: nothing (a header cell, "Millions, except per
// share amounts"), a bracket, "in", a currency, or a noun it qualifies
// and "in" ("Dollars in millions", "Shares in thousands").
func declStarts(ws []word, k int) bool {
	if k == 0 {
		return true
	}
	p := ws[k-1]
	switch {
	case p.low == "(" || p.low == "[" || p.low == "in" || p.low == "|" || p.low == "," && bracketed(ws, k):
		return true
	case currencyWord(p):
		return true
	}
	return false
}

// declEnds reports whether what follows a spelled-out scale word at k ends
// a declaration: the end of the scope's text, a bracket's end, a colon, a
// semicolon or a cell; "except" or "unless"; "of" and money ("of U.S.
// dollars"); inside a bracket any comma; outside one, a comma only before
// except, and a full stop only at the end of a short text ("All amounts
// in thousands."). Prose that uses the word ("cash in billions and …",
// "sales grew in millions, and so did costs") declares nothing.
func declEnds(ws []word, k int) bool {
	n := k + 1
	if n >= len(ws) {
		return true
	}
	next := ws[n]
	in := bracketed(ws, k)
	switch next.low {
	case ")", "]", ":", ";", "|", "except", "excluding", "unless":
		return true
	case "of":
		// "(in thousands of units)", "(thousands of barrels per day)": what
		// a bracket's scale counts
		return n+1 < len(ws) && (moneyAfterOf(ws[n+1:]) || ws[n+1].low == "shares" || in)
	case ",":
		if in {
			return true
		}
		return n+1 < len(ws) && (ws[n+1].low == "except" || ws[n+1].low == "unless" || ws[n+1].low == "excluding")
	case ".":
		return n+1 == len(ws) && len(ws) <= 12
	case "and":
		// "(net income in millions and shares in thousands)": in a
		// bracket, a second declaration follows
		return in
	}
	return false
}

// exceptedAt reports whether word k stands in an except clause.
func exceptedAt(ws []word, k int) bool {
	for j := k - 1; j >= 0; j-- {
		if ws[j].low == "except" || ws[j].low == "excluding" {
			return true
		}
		if ws[j].low == "(" || ws[j].low == ")" {
			return false
		}
	}
	return false
}

// bracketed reports whether word k stands inside brackets.
func bracketed(ws []word, k int) bool {
	open := false
	for j := 0; j < k; j++ {
		switch ws[j].low {
		case "(", "[":
			open = true
		case ")", "]":
			open = false
		}
	}
	return open
}

// shortScale reads a short form at word k: m, mn, mm, bn, cr, k, 000,
// '000, 000s after a currency or alone in brackets.
func shortScale(ws []word, k int, scope Scope) (numeral.Scale, bool) {
	w := ws[k]
	if w.num {
		if sc, ok := unitCount(ws, k, scope); ok {
			return sc, true
		}
	}
	low := strings.TrimSuffix(strings.TrimSuffix(w.low, "s"), ".")
	if w.num && (w.s == "000" || w.s == "000s") {
		low = "'000"
	}
	if (low == "'" || low == "’") && k+1 < len(ws) && ws[k+1].num {
		return numeral.Ones, false // read at the 000 after it
	}
	sc, ok := numeral.LookupScale(low)
	switch low {
	case "mio", "mln":
		sc, ok = numeral.Million, true // "(in Mio. EUR)", "(RUB mln)"
	case "mrd":
		sc, ok = numeral.Billion, true
	}
	// the short forms units reads ("m", "bn", "tn", "cr", "lac", "k",
	// "'000"); spelled-out words are spelledScale's
	if !ok || sc == numeral.Ones || len(low) > 3 && low != "lakh" && !strings.HasSuffix(low, "000") {
		return numeral.Ones, false
	}
	prev := k - 1
	if prev >= 0 && (ws[prev].low == "'" || ws[prev].low == "’") {
		prev--
	}
	if prev >= 1 && ws[prev].low == "in" && currencyWord(ws[prev-1]) {
		prev-- // "(₹ in Mn)"
	}
	// "(in 000s)", "(in '000)", "(000's omitted)", "(in mln)": a short
	// form that ends its bracket, after "(" or "in"
	ends := closesBracket(ws, k+1) || k+1 < len(ws) && currencyWord(ws[k+1]) && closesBracket(ws, k+2) // "(in Mio. EUR)"
	if prev >= 0 && (ws[prev].low == "(" || ws[prev].low == "in" && bracketed(ws, prev)) && len(low) > 1 && ends {
		return sc, true
	}
	if prev >= 0 && currencyWord(ws[prev]) && ws[prev].low != "dollars" {
		return sc, true
	}
	// alone in brackets: "(000s)", "('000)", "(mn)"; a single letter
	// alone in brackets, "(b)", "(m)", is a footnote's mark
	if prev >= 0 && ws[prev].low == "(" && len(low) > 1 && k+1 < len(ws) && (ws[k+1].low == ")" || ws[k+1].low == "s" && k+2 < len(ws) && ws[k+2].low == ")") {
		return sc, true
	}
	// "Number of shares (m)", "Shares (m)", "Number (m)" heading a
	// column: after the count it scales, an "m" alone in brackets is
	// millions, not a footnote's mark
	if low == "m" && (scope == InColumn || scope == InTable) && prev >= 1 && ws[prev].low == "(" && k+1 < len(ws) && ws[k+1].low == ")" {
		// a column's head only: in a row's label ("Restricted shares
		// (m)") a letter in brackets is a footnote's mark
		switch ws[prev-1].low {
		case "shares", "share", "options", "units", "rsus", "awards", "number":
			return sc, true
		}
	}
	return numeral.Ones, false
}

// unitCount reads a scale printed as the count it stands for, in a
// bracket of its own after a label or with a currency: "Number of shares
// (1,000)", "(DKK 1,000)", "(in 1,000 EUR)", "(USD 1,000,000)". A
// bracket of a number alone, "(1,000)", in a cell of its own is a
// negative value, never a declaration.
func unitCount(ws []word, k int, scope Scope) (numeral.Scale, bool) {
	var sc numeral.Scale
	switch strings.ReplaceAll(strings.ReplaceAll(ws[k].s, ",", ""), ".", "") {
	case "1000":
		sc = numeral.Thousand
	case "1000000":
		sc = numeral.Million
	default:
		return numeral.Ones, false
	}
	lo, hi := k-1, k+1
	cur := false
	for lo >= 0 && (currencyWord(ws[lo]) || ws[lo].low == "in") {
		cur = cur || currencyWord(ws[lo])
		lo--
	}
	for hi < len(ws) && currencyWord(ws[hi]) {
		cur = true
		hi++
	}
	if cur && hi == len(ws) && len(ws) <= 6 && scope >= InColumn && scope <= InCaption && (lo < 0 || !ws[lo].num) {
		// "DKK 1,000", "Amounts in DKK 1,000" heading a column or a table,
		// a few words alone: a cell's "EUR 1,000" is an amount, and never
		// read here, nor is a sentence's "a fee of DKK 1,000"
		for _, w := range ws[:max(lo, 0)] {
			if w.num {
				return numeral.Ones, false
			}
		}
		return sc, true
	}
	if lo < 0 || ws[lo].low != "(" || !closesBracket(ws, hi) {
		return numeral.Ones, false
	}
	if cur {
		return sc, true // "(DKK 1,000)"
	}
	// "Number of shares (1,000)": a heading that names what it counts,
	// the bracket its last words; "Net loss (1,000) for the year" is a
	// negative number
	if hi+1 < len(ws) || lo == 0 {
		return numeral.Ones, false
	}
	for _, w := range ws[:lo] {
		switch strings.TrimSuffix(w.low, "s") {
		case "share", "number", "unit", "amount", "figure", "option", "rsu", "warrant":
			return sc, true
		}
	}
	return numeral.Ones, false
}

// moneyAfterOf reports whether the words after "in millions of" name
// money: "U.S. dollars", "Canadian dollars", "euros", "Rs.".
func moneyAfterOf(ws []word) bool {
	if len(ws) == 0 {
		return false
	}
	if currencyWord(ws[0]) || nounOfMoney(ws[0].low) {
		return true
	}
	// "U.S. dollars", "Canadian dollars": a currency's adjective and its name
	first, _ := utf8.DecodeRuneInString(ws[0].s)
	return len(ws) > 1 && unicode.IsUpper(first) && (currencyWord(ws[1]) || nounOfMoney(ws[1].low))
}

// closesBracket reports whether the words from k close a bracket, with
// only an apostrophe, an "s" or "omitted" before it: "000's omitted)".
func closesBracket(ws []word, k int) bool {
	for ; k < len(ws); k++ {
		switch ws[k].low {
		case ")", "]":
			return true
		case "'", "’", "s", "omitted":
			continue
		}
		return false
	}
	return false
}

// prefixedCode reads a currency code with a scale prefix, as German and
// Dutch reports print one: "TEUR", "KUSD", "kEUR" (thousands), "MEUR",
// "MUSD" (millions).
func prefixedCode(w string) (numeral.Scale, string, bool) {
	if len(w) < 4 || len(w) > 5 || strings.ToLower(w) == w {
		return numeral.Ones, "", false // a code is three capitals
	}
	// "DKKm", "EURbn", "mEUR": a code glued to a short scale
	for _, g := range []struct {
		suffix string
		sc     numeral.Scale
	}{{"m", numeral.Million}, {"mn", numeral.Million}, {"bn", numeral.Billion}, {"k", numeral.Thousand}} {
		if code, ok := strings.CutSuffix(w, g.suffix); ok && len(code) == 3 && strings.ToUpper(code) == code {
			if _, err := units.CurrencyUnit(code); err == nil {
				return g.sc, code, true
			}
		}
		if code, ok := strings.CutPrefix(w, g.suffix); ok && len(code) == 3 && strings.ToUpper(code) == code {
			if _, err := units.CurrencyUnit(code); err == nil {
				return g.sc, code, true
			}
		}
	}
	if len(w) != 4 {
		return numeral.Ones, "", false
	}
	code := w[1:]
	if _, err := units.CurrencyUnit(code); err != nil || strings.ToUpper(code) != code {
		return numeral.Ones, "", false
	}
	switch w[0] {
	case 'T', 'K', 'k':
		return numeral.Thousand, code, true
	case 'M':
		return numeral.Million, code, true
	}
	return numeral.Ones, "", false
}

// unreadScale reports words that state a scale the reader has no word
// for: "百万円", "千円", "億", "(in hundreds of millions)". A document
// that prints one states its scales in a way reckon cannot check.
func unreadScale(s string) bool {
	low := strings.ToLower(s)
	for _, w := range []string{"百万", "千円", "億", "万円", "hundreds of millions", "hundreds of thousands", "tens of millions", "omitted"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// nounOfMoney reports whether a noun names money: "dollars", "amounts".
func nounOfMoney(w string) bool {
	switch w {
	case "dollars", "dollar", "amounts", "amount", "euros", "rupees", "pounds", "yen", "sterling", "currency", "values", "value":
		return true
	}
	return false
}

// qualifier reads what a declaration's scale word at k is stated for, and
// a currency it names: "(Dollars in millions)" money, "(Shares in
// thousands)" shares, "Amount ($ in millions)" money and "$", "(in
// thousands of U.S. dollars)" money, "(in millions)" the amounts in
// general.
func qualifier(ws []word, k int) (of, cur string) {
	j := k - 1
	if j >= 0 && ws[j].low == "in" {
		j--
	}
	for ; j >= 0 && j >= k-3; j-- {
		w := ws[j]
		switch {
		case currencyWord(w):
			if cur == "" {
				cur = nationalDollar(ws, j)
			}
			if of == "" {
				of = "money"
			}
		case w.low == "shares" || w.low == "share":
			if of == "" {
				of = "shares"
			}
		case nounOfMoney(w.low):
			if of == "" && w.low != "amounts" && w.low != "amount" {
				of = "money"
			}
		case w.low == "(" || w.low == "," || w.low == ";" || w.low == "all" || w.low == "tabular" || w.low == "are" || w.low == "expressed" || w.low == "stated" || w.low == "presented" || w.low == "reported" ||
			// what holds the numbers, not what they count: "(table in
			// millions)", "figures in thousands"
			w.low == "table" || w.low == "tables" || w.low == "figures" || w.low == "figure" || w.low == "numbers" || w.low == "data":
		case unicode.IsLetter(rune(w.low[0])) && of == "" && j == k-2 && len(w.low) > 3 && w.low != "except" && w.low != "and":
			of = strings.TrimSuffix(w.low, "s")
			if of == "unit" || of == "number" {
				of = w.low
			}
		}
		if w.low == "(" || w.low == "," || w.low == ";" {
			break
		}
	}
	// after: "of U.S. dollars", "of shares", "USD"
	for n := k + 1; n < len(ws) && n <= k+4; n++ {
		w := ws[n]
		if w.low == ")" || w.low == "," || w.low == "except" {
			break
		}
		if currencyWord(w) {
			if cur == "" {
				cur = nationalDollar(ws, n)
			}
			if of == "" {
				of = "money"
			}
		}
		if w.low == "shares" && ws[n-1].low == "of" && of == "" {
			of = "shares"
		}
	}
	if of == "number" {
		of = "shares"
	}
	if of != "" && joinsMoneyAndShares(ws, k) {
		of = "" // "(dollars and share amounts in thousands)": both
	}
	return of, cur
}

// nationalDollar returns the currency word at ws[k] with the nation
// before it, where it names a currency of its own: "Canadian dollars",
// "U.S. Dollars", "Hong Kong dollars", "Chilean pesos"; else the word as
// printed.
func nationalDollar(ws []word, k int) string {
	w := ws[k]
	switch w.low {
	case "dollars", "dollar", "pesos", "peso", "rupees", "rupee", "francs", "franc", "reais":
	default:
		return w.s
	}
	if k == 0 {
		return w.s
	}
	for _, n := range []int{2, 1} {
		if k-n < 0 {
			continue
		}
		name := ""
		for _, p := range ws[k-n : k+1] {
			name += " " + p.s
		}
		name = strings.TrimSpace(name)
		if len(numeral.CurrencyNameCurrencies(name)) == 1 {
			return name
		}
	}
	return w.s
}

// joinsMoneyAndShares reports whether the words before a scale word at k,
// back to the bracket or comma that opens its phrase, name both money and
// shares joined by "and": "dollars and share amounts in thousands".
func joinsMoneyAndShares(ws []word, k int) bool {
	money, shares, and := false, false, false
	for j := k - 1; j >= 0 && j >= k-8; j-- {
		w := ws[j]
		switch {
		case w.low == "(" || w.low == "," || w.low == ";":
			return money && shares && and
		case w.low == "except":
			return false
		case w.low == "and":
			and = true
		case w.low == "shares" || w.low == "share":
			shares = true
		case currencyWord(w) || nounOfMoney(w.low) && w.low != "amounts" && w.low != "amount":
			money = true
		}
	}
	return money && shares && and
}

// exceptClause reads the except clause after a declaration's scale word
// at k, up to the end of its bracket, line or sentence: items separated by
// commas and "and", each with the scale it is stated in when it says one
// ("number of shares, which are reflected in thousands").
func exceptClause(s string, ws []word, k int) []Except {
	n := k + 1
	for n < len(ws) && ws[n].low != "except" && ws[n].low != "excluding" && ws[n].low != ")" && ws[n].low != ";" {
		n++
	}
	if n >= len(ws) || ws[n].low != "except" && ws[n].low != "excluding" {
		return nil
	}
	n++
	if n < len(ws) && ws[n].low == "for" {
		n++
	}
	var items [][]word
	var cur []word
	depth := 0
	for ; n < len(ws); n++ {
		w := ws[n]
		if w.low == "(" {
			depth++
		}
		if w.low == ")" {
			if depth == 0 {
				break
			}
			depth--
		}
		if w.low == ";" || w.low == "." && n+1 < len(ws) {
			break
		}
		if w.low == "," || w.low == "and" || w.low == "or" {
			if len(cur) > 0 {
				items = append(items, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	if len(cur) > 0 {
		items = append(items, cur)
	}
	var out []Except
	for _, it := range items {
		// "which are reflected in thousands" states the scale of the item
		// before it.
		if sc, ok := itemScale(it); ok && !itemNames(it) && len(out) > 0 {
			out[len(out)-1].Scale, out[len(out)-1].HasScale = sc, true
			continue
		}
		e := itemOf(it)
		if sc, ok := itemScale(it); ok {
			e.Scale, e.HasScale = sc, true
		}
		out = append(out, e)
	}
	return out
}

// itemScale returns the scale an except item states: "in thousands".
func itemScale(it []word) (numeral.Scale, bool) {
	for _, w := range it {
		if sc, ok := spelledScale(w.low); ok {
			return sc, true
		}
	}
	return numeral.Ones, false
}

// itemNames reports whether an except item names something, rather than
// only stating the scale of the one before it ("which are in thousands").
func itemNames(it []word) bool {
	for _, w := range it {
		switch w.low {
		case "which", "are", "is", "reflected", "stated", "presented", "shown", "expressed", "in", "that", "amounts":
			continue
		}
		if _, ok := spelledScale(w.low); ok {
			continue
		}
		return true
	}
	return false
}

// itemOf reads what an except item names.
func itemOf(it []word) Except {
	var ls []string
	for _, w := range it {
		if w.low != "." {
			ls = append(ls, w.low)
		}
	}
	t := strings.Join(ls, " ")
	t = strings.ReplaceAll(t, "per - share", "per share")
	t = strings.ReplaceAll(t, "per-share", "per share")
	switch {
	case strings.Contains(t, "per share") || strings.Contains(t, "per unit") || strings.Contains(t, "per common share") || strings.Contains(t, "per equity share") || hasWord(ls, "eps"):
		return Except{What: QuantityPerShare}
	case hasWord(ls, "share") || hasWord(ls, "shares") || strings.Contains(t, "stock option") || hasWord(ls, "options") || hasWord(ls, "units") && !strings.Contains(t, "per"):
		return Except{What: QuantityShares}
	case hasWord(ls, "percentages") || hasWord(ls, "percentage") || hasWord(ls, "percent") || hasWord(ls, "%"):
		return Except{What: QuantityPercent}
	case hasWord(ls, "ratios") || hasWord(ls, "ratio") || hasWord(ls, "multiples") || hasWord(ls, "times"):
		return Except{What: QuantityRatio}
	}
	return Except{What: QuantityOther, Noun: t}
}

func hasWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// declKey names the text a cached declaration list was read from.
type declKey struct {
	start, end int
	scope      Scope
}

// decls returns the declarations of the rendering's bytes [start, end)
// read as one scope: read once per document, as a caption or a header is
// asked about by every number under it.
func (d *Document) decls(start, end int, scope Scope) []Decl {
	k := declKey{start, end, scope}
	if v, ok := d.declCache.Load(k); ok {
		return v.([]Decl)
	}
	ds := readDecls(d.text[start:end], start, scope)
	d.declCache.Store(k, ds)
	return ds
}
