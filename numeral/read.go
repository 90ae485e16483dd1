package numeral

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the one reader of printed numbers. Display parsing
// ([units.ParseAmount]), the quote check and prose extraction all take a number
// apart here, so that they can never disagree on how a number is read; each
// keeps its own rules about what counts.

// Next returns the first printed number in text whose digits start at or
// after from, and false when there is none. Its prefix (a sign, a currency,
// an accounting parenthesis) never reaches before from, so a caller that
// goes on from the previous token's End reads every number once, in one
// linear pass. Next allocates nothing.
func Next(text string, from int) (Token, bool) {
	// ASCII bytes other than digits are skipped one by one without
	// decoding; other runes are decoded only to find other numbers.
	for i := from; i < len(text); {
		c := text[i]
		if c >= '0' && c <= '9' {
			return ReadAt(text, i, from), true
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsNumber(r) {
			return ReadAt(text, i, from), true
		}
		i += n
	}
	return Token{}, false
}

// IsNumberAt reports whether a printed number's digits start at byte i of
// text: a digit (ASCII or any other Unicode number) that does not continue a
// number begun before it. It allocates nothing.
func IsNumberAt(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	if !unicode.IsNumber(r) {
		return false
	}
	p := lastRuneOf(text[:i])
	if unicode.IsNumber(p) {
		return false
	}
	if p == '.' || p == ',' {
		return !unicode.IsNumber(lastRuneOf(text[:i-1]))
	}
	return true
}

// NumberEnd returns where the printed number whose digits start at i ends,
// accounting ")" included: the End of [ReadAt](text, i, 0). It allocates
// nothing.
func NumberEnd(text string, i int) int { return ReadAt(text, i, 0).End }

// ReadAt reads the printed number whose digits start at byte i of text,
// looking no further back than floor for its prefix. It reads the whole
// token, recognising every form listed on [Flag], so that a number is never
// silently cut short. It allocates nothing.
func ReadAt(text string, i, floor int) Token {
	r := reading{text: text, floor: floor}
	r.t.NumStart = i
	if i > floor && text[i-1] == '.' && (i-1 == floor || !isWordOrPoint(lastRuneOf(text[:i-1]))) {
		r.t.NumStart = i - 1 // ".5", "$.50"
	}
	r.digits(i)
	r.continuation()
	r.prefix()
	r.suffix()
	r.finish()
	return r.t
}

// reading is the state of one ReadAt.
type reading struct {
	text   string
	floor  int
	t      Token
	pos    int // where the suffix has been read to
	open   int // the offset of an accounting "(" not yet closed, or -1
	before int // where the token starts if the parenthesis does not close

	// What stands before the "(": it joins the token when ")" closes.
	outStart  int
	outCur    string
	outSigned bool
	// The "(" follows an amount: "₹150 crore ($18 million)" gives its
	// equivalent when the bracket's number carries a currency or scale of
	// its own; a bare "(4,500)" is a negative, wherever it stands.
	afterAmount bool
}

// digits reads the digits from i with their separators: commas, points,
// spaces or apostrophes followed by digits, and any Unicode number.
func (r *reading) digits(i int) {
	t := r.text
	j := i
	for j < len(t) {
		c := t[j]
		switch {
		case c >= '0' && c <= '9':
			j++
			continue
		case c == ',' || c == '.':
			// Every comma or point between digits is taken in, whatever
			// the grouping: classify judges the whole run afterwards, so
			// that "1109,638.91" is never read from its middle.
			if j+1 < len(t) && isASCIIDigit(t[j+1]) {
				j++
				continue
			}
			if c == ',' && j+1 < len(t) && t[j+1] == '\n' && threeDigits(t, j+2) {
				// A line broken after a group's comma, "84,\n000": one
				// number or two, never read as 84.
				r.t.Flags |= FlagSpaceGrouping
				j += 2
				continue
			}
		case c == ' ' || c == '\'' || c >= utf8.RuneSelf:
			// A space before exactly three digits continues the number
			// ("5 500"): reading the 5 alone would back a display of 5
			// with a quote that prints 5500. Once one such group is read
			// the rest follow without looking back, which keeps a long
			// run linear.
			if n := groupSep(t, j); n > 0 && threeDigits(t, j+n) &&
				(r.t.Flags&FlagSpaceGrouping != 0 || r.spaceGroupable(t[r.t.NumStart:j])) {
				r.t.Flags |= FlagSpaceGrouping
				j += n
				continue
			}
			if c >= utf8.RuneSelf {
				// Other numbers and invisible characters are taken into
				// the run and flagged, never left as a boundary: "5²" is
				// not 5, and "2\u200b7" is not 2.
				ru, n := utf8.DecodeRuneInString(t[j:])
				if unicode.IsNumber(ru) {
					r.t.Flags |= numberFlag(ru)
					j += n
					continue
				}
				if invisible(ru) {
					r.t.Flags |= FlagInvisible // "2\u200b7", "27\u2060", a keycap 5\ufe0f\u20e3
					j += n
					continue
				}
			}
		}
		break
	}
	r.t.NumEnd = j
	r.pos = j
}

// spaceGroupable reports whether the digits read so far can be the first
// groups of a space-grouped number: one to three digits, then groups of
// three, no point. "2021 500" is two numbers; "5 500" is one.
func (r *reading) spaceGroupable(s string) bool {
	if strings.ContainsAny(s, ".,") {
		return false
	}
	first := 0
	for first < len(s) && isASCIIDigit(s[first]) {
		first++
	}
	return first >= 1 && first <= 3
}

// groupSep returns the length of a space or apostrophe at j that may
// separate digit groups, or 0.
func groupSep(t string, j int) int {
	switch {
	case t[j] == ' ' || t[j] == '\'':
		return 1
	case strings.HasPrefix(t[j:], "\u00a0"), strings.HasPrefix(t[j:], "\u2019"):
		return 2
	case t[j] >= utf8.RuneSelf:
		// Any other space a typesetter puts between digit groups: the
		// narrow and thin spaces, the figure space, the hair space, the
		// ideographic space. "5\u200a500" is not 5.
		if r, n := utf8.DecodeRuneInString(t[j:]); unicode.Is(unicode.Zs, r) {
			return n
		}
	}
	return 0
}

// threeDigits reports whether exactly three ASCII digits start at j.
func threeDigits(t string, j int) bool {
	return j+3 <= len(t) && isASCIIDigit(t[j]) && isASCIIDigit(t[j+1]) && isASCIIDigit(t[j+2]) &&
		(j+3 == len(t) || !isASCIIDigit(t[j+3]))
}

// invisible reports a character that prints nothing but may hide in or
// beside digits: a format character (zero-width space and joiners, soft
// hyphen, word joiner, byte-order mark, bidi marks) or a combining or
// enclosing mark (variation selectors, the keycap U+20E3).
func invisible(r rune) bool {
	return r >= utf8.RuneSelf && unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me)
}

// numberFlag classifies a Unicode number that is not an ASCII digit.
func numberFlag(r rune) Flag {
	switch {
	case r == '¹' || r == '²' || r == '³' || r >= '⁰' && r <= '⁹':
		return FlagSuperscript
	case r >= '¼' && r <= '¾', r >= '⅐' && r <= '⅟', r == '↉':
		return FlagFraction
	}
	return FlagNonASCII
}

// continuation reads what continues the digits and makes the number
// unreadable: an exponent, a fraction, a trailing minus.
func (r *reading) continuation() {
	t, j := r.text, r.pos
	if j >= len(t) {
		return
	}
	// Each form is consumed into the token as well as flagged, so that a
	// caller going on from End does not read the exponent or the
	// denominator as a number of its own.
	if k := timesPowerOfTen(t, j); k > j {
		r.t.Flags |= FlagExponent // 5×10^6, 5 x 10³
		r.pos = k
		return
	}
	switch c := t[j]; {
	case c == 'e' || c == 'E' || c == '^':
		k := j + 1
		if k < len(t) && (t[k] == '+' || t[k] == '-') {
			k++
		}
		if k < len(t) && isASCIIDigit(t[k]) {
			r.t.Flags |= FlagExponent
			r.pos = skipDigits(t, k)
		}
	case c == '/' || strings.HasPrefix(t[j:], "\u2044"):
		n := 1
		if c != '/' {
			n = len("\u2044")
		}
		if j+n < len(t) && isASCIIDigit(t[j+n]) {
			r.t.Flags |= FlagFraction
			k := skipDigits(t, j+n)
			for k+1 < len(t) && t[k] == '/' && isASCIIDigit(t[k+1]) {
				k = skipDigits(t, k+1) // 03/04/2021
			}
			r.pos = k
		}
	default:
		// A dash followed by a letter or digit joins ("10-K", "10-12");
		// before a space, punctuation or the end it is a trailing minus,
		// as ledgers print "799-".
		if n := minusAt(t, j); n > 0 && !isWordRune(runeAt(t, j+n)) && !rangeCurrency(t, j+n) {
			r.t.Flags |= FlagTrailingSign
			r.t.Neg, r.t.Signed = true, true
			r.pos = j + n
		} else if k := mixedFraction(t, j); k > j && r.t.Flags&FlagSpaceGrouping == 0 {
			r.t.Flags |= FlagFraction
			r.pos = k
		}
	}
}

// timesPowerOfTen returns the end of a power of ten that multiplies the
// digits ending at j, "×10^6", " x 10³", "·10^-3", or j when there is none:
// 5×10^6 is five million, and reading its 5 alone (or as a ratio 5×) would
// be wrong by the power.
func timesPowerOfTen(t string, j int) int {
	k := j + spaceAt(t, j)
	if k >= len(t) {
		return j
	}
	switch {
	case t[k] == 'x' || t[k] == 'X' || t[k] == '*':
		k++
	case strings.HasPrefix(t[k:], "×"), strings.HasPrefix(t[k:], "·"), strings.HasPrefix(t[k:], "⋅"), strings.HasPrefix(t[k:], "∙"):
		_, n := utf8.DecodeRuneInString(t[k:])
		k += n
	default:
		return j
	}
	k += spaceAt(t, k)
	if !strings.HasPrefix(t[k:], "10") {
		return j
	}
	k += 2
	if k < len(t) && t[k] == '^' {
		e := k + 1
		if e < len(t) && (t[e] == '+' || t[e] == '-') {
			e++
		} else if n := minusAt(t, e); n > 0 {
			e += n
		}
		if e < len(t) && isASCIIDigit(t[e]) {
			return skipDigits(t, e)
		}
		return j
	}
	e := k
	if strings.HasPrefix(t[e:], "⁻") || strings.HasPrefix(t[e:], "⁺") {
		e += len("⁻")
	}
	start := e
	for e < len(t) {
		r, n := utf8.DecodeRuneInString(t[e:])
		if numberFlag(r) != FlagSuperscript || r < utf8.RuneSelf {
			break
		}
		e += n
	}
	if e == start {
		return j
	}
	return e
}

// rangeCurrency reports whether a currency sign and then a digit start at p,
// as after the dash of a range: "$5–$10" and "€5-€10" join two amounts,
// and the dash is no trailing minus of the first.
func rangeCurrency(t string, p int) bool {
	if p >= len(t) {
		return false
	}
	sym, ok := currencyAt(t, p)
	return ok && p+len(sym) < len(t) && isASCIIDigit(t[p+len(sym)])
}

// mixedFraction returns the end of the fraction of a mixed number after
// the digits that end at j, "5 1/2" or "5 ½", or j when there is none.
func mixedFraction(t string, j int) int {
	n := spaceAt(t, j)
	if n == 0 || j+n >= len(t) {
		return j
	}
	k := j + n
	if r, size := utf8.DecodeRuneInString(t[k:]); numberFlag(r) == FlagFraction && r >= utf8.RuneSelf {
		return k + size
	}
	e := skipDigits(t, k)
	if e == k || e+1 >= len(t) || t[e] != '/' || !isASCIIDigit(t[e+1]) {
		return j
	}
	return skipDigits(t, e+1)
}

// prefix reads, right to left from the digits, a sign, a currency sign or
// code, and an accounting "(" with a currency or sign before it, never
// before the floor. What stands before the "(" joins the token only if the
// ")" follows the number (see finish).
func (r *reading) prefix() {
	t := r.text
	b := r.t.NumStart
	r.open = -1
	for b > r.floor {
		p, n := utf8.DecodeLastRuneInString(t[:b])
		if !invisible(p) {
			break
		}
		r.t.Flags |= FlagInvisible // "\u200b27"
		b -= n
	}
	if k, neg, ok := r.sign(b); ok {
		if r.t.Signed {
			r.t.Flags |= FlagTwoSigns // "-5-"
		}
		r.t.Signed, r.t.Neg, b = true, r.t.Neg || neg, k
	}
	if k, sym, ok := currencyBefore(t, b, r.floor); ok {
		r.t.Currency, b = sym, k
		if k, neg, ok := r.sign(b); ok {
			if r.t.Signed {
				r.t.Flags |= FlagTwoSigns // "-$-5"
			}
			r.t.Signed, r.t.Neg, b = true, r.t.Neg || neg, k
		}
	}
	if b == r.t.NumStart && b > r.floor && gluedBefore(t, b) {
		r.t.Flags |= FlagGluedBefore
	}
	r.t.Start, r.before = b, b
	if r.t.Signed {
		// "(-5)" is an aside holding a negative, not an accounting
		// negative: reading it as one would make it positive again.
		return
	}
	k, ok := openBefore(t, b, r.floor)
	if !ok {
		return
	}
	r.open, r.outStart, r.afterAmount = k, k, amountBefore(t, k, 0) // context: the amount may stand before the floor
	if r.t.Currency == "" {
		if k2, sym, ok := currencyBefore(t, k, r.floor); ok && k2+len(sym) == k {
			r.outCur, r.outStart = sym, k2 // "$(1,234)"
		}
	}
	if k2, _, ok := r.sign(r.outStart); ok {
		r.outSigned, r.outStart = true, k2 // "-(5)"
	}
}

// sign reports a sign glued before i, and a second one before it as
// [FlagTwoSigns]: "--5".
func (r *reading) sign(i int) (at int, neg, ok bool) {
	k, neg, found := signBefore(r.text, i, r.floor)
	if !found {
		return i, false, false
	}
	if _, _, again := signBeforeAny(r.text, k, r.floor); again {
		r.t.Flags |= FlagTwoSigns
	}
	return k, neg, true
}

// signBeforeAny reports a plus or minus glued before i, whatever precedes it.
func signBeforeAny(t string, i, floor int) (int, bool, bool) {
	if i <= floor {
		return i, false, false
	}
	p, n := utf8.DecodeLastRuneInString(t[:i])
	if minusRune(p) || p == '+' || p == '＋' {
		return i - n, minusRune(p), true
	}
	return i, false, false
}

// gluedBefore reports whether the digits at b continue a word: a letter,
// "_", "#" or "@" in front, or a hyphen, slash or colon after a letter.
func gluedBefore(t string, b int) bool {
	p := lastRuneOf(t[:b])
	switch {
	case p == '_' || p == '#' || p == '@' || unicode.IsLetter(p):
		return true
	case p == '/' || p == ':' || minusRune(p):
		return unicode.IsLetter(lastRuneOf(t[:b-utf8.RuneLen(p)]))
	}
	return false
}

// suffix reads what follows the digits, each part glued or after one space:
// the accounting ")", a scale, %, a unit word, a currency, a Cr or Dr marker.
func (r *reading) suffix() {
	t := r.text
	for {
		p, spaced := r.pos, false
		if p < len(t) {
			if n := spaceAt(t, p); n > 0 {
				p, spaced = p+n, true
			}
		}
		if p >= len(t) {
			return
		}
		// The parts may come in any order a source prints them ("1.2
		// million USD", "(2.5)%", "(1,234) USD"), each at most once; a
		// part already read ends the token, so "5 million thousand" stops
		// after million and its display is refused for the rest.
		if r.open >= 0 && t[p] == ')' {
			if r.afterAmount && (r.t.Currency != "" || r.t.ScaleText != "") {
				r.open = -1 // an equivalent, "($18 million)": not a negative
				return
			}
			r.t.Paren, r.open = true, -1
			r.pos = p + 1
			continue
		}
		if strings.HasPrefix(t[p:], "‰") || strings.HasPrefix(t[p:], "‱") {
			r.t.Flags |= FlagPerMille // ‱ too: per ten thousand, which reckon reads no more than ‰
			r.pos = p + len("‰")
			continue
		}
		if n, k := unitSignAt(t, p); n > 0 && r.t.Suffix == 0 {
			r.t.Suffix, r.pos = k, p+n
			r.points()
			continue
		}
		if r.t.Currency == "" {
			if sym, ok := currencyAt(t, p); ok && !startsNumber(t, p+len(sym)) {
				r.t.Currency, r.t.CurrencyAfter, r.pos = sym, true, p+len(sym)
				continue
			}
		}
		if !spaced && t[p] == '-' && r.t.Suffix == 0 && r.pos == r.t.NumEnd {
			// "a 4.3-percent margin", "25-basis-point cut".
			if w := wordAt(t, p+1); len(w) > 2 {
				if k, n := unitWordAt(t, p+1, w); k != 0 && k != SuffixRatio {
					r.t.Suffix, r.pos = k, p+1+n
					continue
				}
			}
		}
		if !spaced && t[p] == '-' && r.t.ScaleText == "" && r.t.Marker == "" {
			// A spelled-out scale joined by a hyphen, as an adjective
			// prints it: "a $84-million grant" is 84 million, not 84.
			if w := wordAt(t, p+1); spelled(w) && !isMarker(w) {
				if _, ok := scaleOf(w); ok && r.word(p+1, w, false) {
					continue
				}
			}
		}
		w := wordAt(t, p)
		if w == "" {
			return
		}
		if !r.word(p, w, spaced) {
			// Letters glued to the digits make a name ("3D", "4G"); after
			// a space they are the next word of the sentence.
			if !spaced && r.pos == r.t.NumEnd {
				r.t.Flags |= FlagGluedAfter // "3D", "4G", "3rd"
				r.pos = p + len(w)
			}
			return
		}
	}
}

// word reads one word w at p after the number: a scale, a unit word, a
// marker. It reports false when w is none of these, or already read.
func (r *reading) word(p int, w string, spaced bool) bool {
	t := r.text
	end := p + len(w)
	switch {
	case r.t.ScaleText == "" && r.t.Marker == "" && isMarker(w):
		// Cr is checked before the scales, which also list it: a bank
		// statement's credit must never be read as ten million.
		if end < len(t) && t[end] == '.' {
			end++
		}
		r.t.Marker, r.t.Flags = t[p:end], r.t.Flags|FlagCreditDebit
	case r.t.ScaleText == "" && r.t.Marker == "":
		s, ok := scaleOf(w)
		if !ok {
			return r.unitWord(p, w, spaced)
		}
		r.t.Scale, r.t.ScaleExp, r.t.ScaleGlued = s, s.Exp(), !spaced
		// A larger scale after a smaller one multiplies it: lakh crore
		// is 10^12, thousand million 10^9. The other order ("million
		// thousand") is no compound a source prints, and is left unread.
		if q := end + spaceAt(t, end); q > end {
			if w2 := wordAt(t, q); w2 != "" {
				// Only spelled-out words compound: "5 K M&A" is five
				// thousand before a word, never five billion.
				if s2, ok := scaleOf(w2); ok && s2.Exp() > s.Exp() && !isMarker(w2) && spelled(w) && spelled(w2) {
					r.t.ScaleExp += s2.Exp()
					r.t.Scale, _ = scaleOfExp(r.t.ScaleExp)
					r.t.Flags |= FlagCompoundScale
					end = q + len(w2)
				}
			}
		}
		r.t.ScaleText = t[p:end]
	default:
		return r.unitWord(p, w, spaced)
	}
	r.pos = end
	return true
}

// spelled reports whether a scale word is spelled out (thousand, lakh,
// lacs, crore, million), not a letter or an abbreviation (k, M, mn, bn).
func spelled(w string) bool { return len(w) > 3 || strings.EqualFold(w, "lac") }

// unitWord reads a unit word after the number: percent, pp, bp, a glued x
// for a ratio, or a currency code.
func (r *reading) unitWord(p int, w string, spaced bool) bool {
	t := r.text
	if r.t.Suffix == 0 {
		if k, n := unitWordAt(t, p, w); k != 0 && (k != SuffixRatio || !spaced) {
			r.t.Suffix, r.pos = k, p+n
			r.points()
			return true
		}
		if n := perMilleAt(t, p, w); n > 0 {
			r.t.Flags |= FlagPerMille
			r.pos = p + n
			return true
		}
	}
	if r.t.Currency == "" && len(w) == 3 && isUpper(w) {
		if _, ok := ISOCode(w); ok {
			r.t.Currency, r.t.CurrencyAfter, r.pos = w, true, p+3
			return true
		}
	}
	return false
}

// points reads percentage points after a percent just read: "4.3 %
// pts", "4.3% points", "1.5%-points", "1.5%pts", "1.5 per cent points",
// "1.5 percent pts". A percent followed by a points word is never a
// percent.
func (r *reading) points() {
	if r.t.Suffix != SuffixPercent {
		return
	}
	t := r.text
	q := r.pos + spaceAt(t, r.pos)
	if q == r.pos && q < len(t) && t[q] == '-' {
		q++
	}
	if w := wordAt(t, q); PointsWord(w) {
		r.t.Suffix, r.pos = SuffixPP, q+len(w)
	}
}

// perMilleAt returns the bytes the per-mille words at p take ("per
// mille", "per mil", "permille"), or 0.
func perMilleAt(t string, p int, w string) int {
	switch {
	case strings.EqualFold(w, "permille"), strings.EqualFold(w, "permil"):
		return len(w)
	case strings.EqualFold(w, "per"):
		q := p + len(w)
		q += spaceAt(t, q)
		if w2 := wordAt(t, q); strings.EqualFold(w2, "mille") || strings.EqualFold(w2, "mil") {
			return q + len(w2) - p
		}
	}
	return 0
}

// unitWordAt returns the kind of the unit word w at p, and the bytes it
// takes (two words for "per cent" and "basis points").
func unitWordAt(t string, p int, w string) (Suffix, int) {
	for _, u := range unitWords {
		if !strings.EqualFold(w, u.first) {
			continue
		}
		if u.second == "" {
			return u.kind, len(w)
		}
		q := p + len(w)
		if n := spaceAt(t, q); n > 0 {
			q += n
		} else if q < len(t) && t[q] == '-' {
			q++ // percentage-points, basis-points
		}
		if w2 := wordAt(t, q); strings.EqualFold(w2, u.second) {
			return u.kind, q + len(w2) - p
		}
	}
	return 0, 0
}

// unitWords are the unit words read after a number, two-word ones first.
var unitWords = []struct {
	first, second string
	kind          Suffix
}{
	{"percentage", "points", SuffixPP}, {"percentage", "point", SuffixPP},
	{"percentage", "pts", SuffixPP}, {"percentage", "pt", SuffixPP},
	{"basis", "points", SuffixBP}, {"basis", "point", SuffixBP}, {"basis", "pts", SuffixBP}, {"basis", "pt", SuffixBP},
	{"percent", "points", SuffixPP}, {"percent", "point", SuffixPP},
	{"percent", "pts", SuffixPP}, {"percent", "pt", SuffixPP}, {"per", "cent", SuffixPercent},
	{"pct", "pts", SuffixPP}, {"pct", "points", SuffixPP}, {"pct", "point", SuffixPP},
	{"ppt", "", SuffixPP}, {"ppts", "", SuffixPP},
	{"percent", "", SuffixPercent}, {"pct", "", SuffixPercent}, {"pp", "", SuffixPP},
	{"bp", "", SuffixBP}, {"bps", "", SuffixBP}, {"x", "", SuffixRatio},
}

// unitSignAt returns the length and kind of a % or × at p, or 0.
func unitSignAt(t string, p int) (int, Suffix) {
	if t[p] == '%' {
		return 1, SuffixPercent
	}
	for _, s := range unitSigns {
		if strings.HasPrefix(t[p:], s.sign) {
			return len(s.sign), s.kind
		}
	}
	return 0, 0
}

// PointsWord reports a word of points: "points", "pts", "point", "pt". It
// makes a percent sign before it percentage points ("4.3 % pts", "4.3%
// points"), and after a bare number it states points, never a percent:
// "margin rose 5 points" is a change of 5 percentage points (or an
// index's points), not 5%.
func PointsWord(w string) bool {
	for _, p := range [...]string{"pts", "pt", "points", "point"} {
		if strings.EqualFold(w, p) {
			return true
		}
	}
	return false
}

// unitSigns are the signs of a unit printed after a number, other than %.
var unitSigns = [...]struct {
	sign string
	kind Suffix
}{{"％", SuffixPercent}, {"×", SuffixRatio}}

// isMarker reports whether w is the credit or debit marker of a bank
// statement: Cr or Dr in any case. Cr is also an abbreviation of crore,
// which is why the reader reports it rather than choose.
func isMarker(w string) bool { return strings.EqualFold(w, "cr") || strings.EqualFold(w, "dr") }

// scaleOf returns the scale a word or letter names, ignoring case; "units"
// and "ones" are no scale after a number. It allocates nothing.
func scaleOf(w string) (Scale, bool) {
	for i, s := range scaleWords {
		if i == 0 {
			continue
		}
		for _, a := range s.aliases {
			if strings.EqualFold(w, a) {
				return Scale{uint8(i)}, true
			}
		}
	}
	return Ones, false
}

// scaleOfExp returns the first table scale of power exp.
func scaleOfExp(exp int) (Scale, bool) {
	for i, s := range scaleWords {
		if s.exp == exp {
			return Scale{uint8(i)}, true
		}
	}
	return Ones, false
}

// finish closes the token. An accounting "(" joins it only when its ")"
// follows the number, and then makes it negative; an unclosed one opens an
// aside, and what stands before it is not part of the token.
func (r *reading) finish() {
	if r.t.Paren {
		r.t.Start, r.t.Neg = r.outStart, true
		if r.t.Currency == "" {
			r.t.Currency = r.outCur
		}
		if r.outSigned || r.t.Flags&FlagTrailingSign != 0 {
			r.t.Flags |= FlagTwoSigns
		}
	}
	r.t.End = r.pos
	r.t.Text = r.text[r.t.Start:r.t.End]
	r.t.Number = r.text[r.t.NumStart:r.t.NumEnd]
	r.t.classify()
}

// signBefore reports a sign glued before i, and whether it is a minus: a
// plus, or any minus or dash. A dash after a letter or digit joins words or
// a range ("COVID-19", "2019-2020") and is no sign.
func signBefore(t string, i, floor int) (at int, neg, ok bool) {
	at, neg, ok = signBeforeAny(t, i, floor)
	if !ok || at < floor {
		return i, false, false
	}
	if q := lastRuneOf(t[:at]); isWordRune(q) || q == '.' || q == '%' || q == '％' {
		return i, false, false // a range: "10-12", "50%-60%"
	}
	// a comma before the sign separates fields: "TESCO STORES,-45.67",
	// "2024-01-03,-45.67"
	return at, neg, true
}

// minusRune reports whether r prints a minus: the hyphen-minus, U+2212, the
// dashes U+2010–U+2015, and the small, full-width and heavy minus forms.
func minusRune(r rune) bool {
	switch r {
	case '-', '\u2212', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015',
		'\ufe58', '\ufe63', '\uff0d', '\u2796', '\u02d7':
		return true
	}
	return false
}

// IsMinus reports whether r prints a minus or a dash that may be one: the
// hyphen-minus, U+2212, the dashes U+2010–U+2015, and the small, full-width
// and heavy minus forms. It is the reader's one list of them.
func IsMinus(r rune) bool { return minusRune(r) }

// minusAt returns the length of a minus at j, or 0.
func minusAt(t string, j int) int {
	r, n := utf8.DecodeRuneInString(t[j:])
	if minusRune(r) {
		return n
	}
	return 0
}

// currencyBefore reports a currency sign or an upper-case ISO 4217 code
// that ends at i, or at i after one space: "$1", "₹ 5", "Rs. 12", "USD 5". A
// sign or code made of letters must start a word.
func currencyBefore(t string, i, floor int) (int, string, bool) {
	for n, e := range [2]int{i, i - spaceBefore(t, i, floor)} {
		if n == 1 && e == i {
			break
		}
		if e <= floor {
			continue
		}
		for _, sg := range symbolsByLast[t[e-1]] {
			if e-len(sg) < floor || !strings.HasSuffix(t[:e], sg) {
				continue
			}
			at := e - len(sg)
			if isLetter(sg[0]) && isWordRune(lastRuneOf(t[:at])) {
				continue
			}
			return at, sg, true
		}
		if e-3 >= floor && isUpper(t[e-3:e]) && !isWordRune(lastRuneOf(t[:e-3])) {
			if _, ok := ISOCode(t[e-3 : e]); ok {
				return e - 3, t[e-3 : e], true
			}
		}
	}
	return i, "", false
}

// symbolsByFirst and symbolsByLast index the currency signs by their first
// and last byte, longest first, so that the bytes that start or end no sign
// (most of them, around digits) cost one look-up.
var symbolsByFirst, symbolsByLast = func() (first, last [256][]string) {
	for _, sg := range prefixSymbols {
		first[sg[0]] = append(first[sg[0]], sg)
		last[sg[len(sg)-1]] = append(last[sg[len(sg)-1]], sg)
	}
	return first, last
}()

// currencyAt reports a currency sign that starts at p: "€" in "5 €". A sign
// made of letters must end a word.
func currencyAt(t string, p int) (string, bool) {
	for _, sg := range symbolsByFirst[t[p]] {
		if strings.HasPrefix(t[p:], sg) && (!isLetter(sg[0]) || !isWordRune(runeAt(t, p+len(sg)))) {
			return sg, true
		}
	}
	return "", false
}

// amountBefore reports whether an amount ends right before the "(" at k,
// glued or after one space: a digit, or a word with a digit in it or a
// scale word ("crore", "million", "bn", "18m"), or a currency code after
// one of those ("1.2 billion USD").
func amountBefore(t string, k, floor int) bool {
	e := k - spaceBefore(t, k, floor)
	s := e
	for s > floor {
		r, n := utf8.DecodeLastRuneInString(t[:s])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == ',') {
			break
		}
		s -= n
	}
	w := strings.TrimRight(t[s:e], ".,")
	if w == "" {
		return false
	}
	if periodWord(w) {
		return false // "in 2024 (1,234)", "Q3 (1,234)", "FY24 (56)": a period, not an amount
	}
	if strings.IndexFunc(w, unicode.IsDigit) >= 0 {
		// an amount: "18m", "£85.2m", "$1,234"; a bare number is not one
		// ("Tier 1 (", "Note 12 (", "5,000 (": the bracket is a negative)
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			return true
		}
		_, _, ok := currencyBefore(t, s, floor)
		return ok
	}
	if sc, ok := scaleOf(w); ok && sc != Ones && len(w) > 1 {
		return true // "crore", "million", "bn"
	}
	if len(w) == 3 && strings.ToUpper(w) == w {
		return s > floor && amountBefore(t, s, floor) // "1.2 billion USD ("
	}
	return false
}

// periodWord reports whether a word names a period: a year ("2024"), a
// quarter or half ("Q3", "H1", "Q3'24"), a fiscal year ("FY24", "FY2024").
func periodWord(w string) bool {
	if len(w) == 4 && strings.Trim(w, "0123456789") == "" && (w[:2] == "19" || w[:2] == "20") {
		return true
	}
	for _, p := range [...]string{"FY", "Q", "H"} {
		if len(w) > len(p) && strings.EqualFold(w[:len(p)], p) && strings.Trim(w[len(p):], "0123456789'’/-") == "" {
			return true
		}
	}
	return false
}

// openBefore reports an accounting "(" before i, glued or after one space.
func openBefore(t string, i, floor int) (int, bool) {
	k := i - spaceBefore(t, i, floor)
	if k > floor && t[k-1] == '(' {
		return k - 1, true
	}
	return i, false
}

// spaceAt returns the length of one space at p, or 0: an ASCII space, a
// no-break space (U+00A0), or one of the typesetter's spaces (see
// wideSpace), which typesetting puts between a number and its unit.
func spaceAt(t string, p int) int {
	if p >= len(t) {
		return 0
	}
	switch t[p] {
	case ' ':
		return 1
	case '\n', '\r':
		// One line break is a space a PDF or a wrapped line put there:
		// "$84\nmillion" is 84 million. Two end a paragraph.
		n := 1
		if t[p] == '\r' && p+1 < len(t) && t[p+1] == '\n' {
			n = 2
		}
		if p+n < len(t) && (t[p+n] == '\n' || t[p+n] == '\r') {
			return 0
		}
		return n
	case 0xc2:
		if p+1 < len(t) && t[p+1] == 0xa0 {
			return 2
		}
	case 0xe2, 0xe3:
		if p+2 < len(t) && wideSpace(t[p], t[p+1], t[p+2]) {
			return 3
		}
	}
	return 0
}

// wideSpace reports whether the three bytes encode a space of the
// typesetter's: U+2000–U+200A (en, em, thin, hair, figure, punctuation
// spaces), U+202F, U+205F or U+3000. Each is as much one space between a
// number and its unit as U+0020: "12.5\u200a%" is a percent.
func wideSpace(a, b, c byte) bool {
	switch {
	case a == 0xe2 && b == 0x80:
		return c >= 0x80 && c <= 0x8a || c == 0xaf
	case a == 0xe2 && b == 0x81:
		return c == 0x9f
	}
	return a == 0xe3 && b == 0x80 && c == 0x80
}

// spaceBefore returns the length of one space (as spaceAt reads it) that
// ends at i, or 0.
func spaceBefore(t string, i, floor int) int {
	if i <= floor {
		return 0
	}
	switch t[i-1] {
	case ' ':
		return 1
	case '\n', '\r':
		n := 1
		if t[i-1] == '\n' && i-2 >= floor && t[i-2] == '\r' {
			n = 2
		}
		if i-n-1 >= floor && (t[i-n-1] == '\n' || t[i-n-1] == '\r') {
			return 0
		}
		return n
	case 0xa0:
		if i-2 >= floor && t[i-2] == 0xc2 {
			return 2
		}
	default:
		if i-3 >= floor && wideSpace(t[i-3], t[i-2], t[i-1]) {
			return 3
		}
	}
	return 0
}

// wordAt returns the word at p: a run of letters, or "'000" and "’000".
func wordAt(t string, p int) string {
	for _, s := range [...]string{"'000", "’000"} {
		if strings.HasPrefix(t[p:], s) {
			return s
		}
	}
	j := p
	for j < len(t) {
		r, n := utf8.DecodeRuneInString(t[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += n
	}
	return t[p:j]
}

// skipDigits returns the end of the ASCII digits at j.
func skipDigits(t string, j int) int {
	for j < len(t) && isASCIIDigit(t[j]) {
		j++
	}
	return j
}

func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWordRune reports a letter, a number or an underscore.
func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }

// isWordOrPoint reports a rune that makes a "." before digits part of
// something else: "v1.5" or "1..5".
func isWordOrPoint(r rune) bool { return isWordRune(r) || r == '.' }

// lastRuneOf returns the last rune of s, or 0 when s is empty.
func lastRuneOf(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	if s == "" {
		return 0
	}
	return r
}

// runeAt returns the rune at p, or 0 at the end of t.
func runeAt(t string, p int) rune {
	if p >= len(t) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(t[p:])
	return r
}

// RangeEnd returns the second end of the range that tok opens, and true,
// when a dash glued after tok joins it to another number: "5–10%",
// "$5–$10 million", "2019-2020". The first end of such a range takes what
// is printed after the second (10% makes 5 a percent, million makes $5 five
// million), so a caller that reads the first end alone must compare the
// two. It allocates nothing.
func RangeEnd(text string, tok *Token) (Token, bool) {
	if tok == nil {
		return Token{}, false
	}
	j := tok.End
	if j >= len(text) {
		return Token{}, false
	}
	n := minusAt(text, j)
	if n == 0 {
		return Token{}, false
	}
	k := j + n
	if k >= len(text) {
		return Token{}, false
	}
	d := k
	if sym, ok := currencyAt(text, k); ok {
		d = k + len(sym)
	}
	if d >= len(text) || !isASCIIDigit(text[d]) {
		return Token{}, false
	}
	return ReadAt(text, d, k), true
}

// ForeignCurrencyBeside reports whether a currency sign the reader does not
// know is printed glued to tok or one space from it, before or after: "₩5",
// "5₽", "84¢". The number is then not the number it seems in any currency
// the reader knows. It allocates nothing.
func ForeignCurrencyBeside(text string, tok *Token) bool {
	if tok == nil || tok.Currency != "" {
		return false
	}
	b := tok.Start - spaceBefore(text, tok.Start, 0)
	if unicode.Is(unicode.Sc, lastRuneOf(text[:b])) {
		return true
	}
	return unicode.Is(unicode.Sc, runeAt(text, tok.End+spaceAt(text, tok.End)))
}

// DetachedSign reports whether a minus stands one space before tok, apart
// from it, after a word, a colon or an opening parenthesis: "the margin was
// - 4.3%", "(– 5)". The reader reads a sign only glued to the number, so
// tok reads unsigned where the text prints a negative. A dash after a
// number ("5 - 4.3", a subtraction or a range) or at the start of a line
// (a list bullet, "- 84 documents") is not reported, nor is an em dash,
// which sets off an aside ("authorized — 11,200 shares"). It allocates
// nothing.
func DetachedSign(text string, tok *Token) bool {
	if tok == nil || tok.Signed || tok.Paren {
		return false
	}
	b := tok.Start - spaceBefore(text, tok.Start, 0)
	if b == tok.Start || b == 0 {
		return false
	}
	p, n := utf8.DecodeLastRuneInString(text[:b])
	if !minusRune(p) || p == '—' {
		return false // an em dash apart from its number is an aside: "authorized — 11,200 shares"
	}
	at := b - n
	if text[b] == '\n' || text[b] == '\r' {
		return true // "-\n4.3%": a minus a line break keeps from its number; a bullet has a space
	}
	q := lastRuneOf(text[:at])
	if s := spaceBefore(text, at, 0); s > 0 && text[at-1] != '\n' && text[at-1] != '\r' {
		q = lastRuneOf(text[:at-s])
	}
	return unicode.IsLetter(q) || q == ':' || q == '(' || q == '='
}

// startsNumber reports whether a number, or its sign or parenthesis,
// starts at i, after at most one space: a currency sign there belongs to
// the number after it ("346,453 $52.10" is two numbers, the second in
// dollars; "(2018 $19.6 million)" is a year and an amount), not to the
// one before it.
func startsNumber(t string, i int) bool {
	if i < len(t) && t[i] == ' ' {
		i++
	}
	if i < len(t) && (t[i] == '(' || t[i] == '-') {
		i++
	}
	return i < len(t) && t[i] >= '0' && t[i] <= '9'
}
