package quote

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options are the limits and switches of a lookup. The zero value is ready
// to use. For each limit, 0 means its default and -1 means no limit; any
// other negative value is an error.
type Options struct {
	// MinWords refuses quotes with fewer words (tokens holding a letter or
	// digit) as too short. Default 3.
	MinWords int
	// MinChars refuses quotes with fewer characters, counted in runes after
	// normalization, as too short. Default 12.
	MinChars int
	// MaxQuoteBytes refuses longer quotes as too long. Default 16384.
	MaxQuoteBytes int
	// MaxQuotes refuses a [Request] with more quotes. Default 10000.
	MaxQuotes int
	// Ellipsis lets a quote "A … B" or "A ... B" match A and then B, in
	// order, with at most MaxGap normalized bytes between them. Such a match
	// reports the tier [Elided].
	Ellipsis bool
	// MaxGap bounds the text an ellipsis may stand for, in normalized bytes.
	// Default 2000.
	MaxGap int
}

// Defaults of [Options].
const (
	DefaultMinWords      = 3
	DefaultMinChars      = 12
	DefaultMaxQuoteBytes = 16 << 10
	DefaultMaxQuotes     = 10000
	DefaultMaxGap        = 2000
)

// limit resolves one option: 0 is def, -1 is unlimited.
func limit(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return int(^uint(0) >> 1)
	}
	return v
}

// minimum resolves a minimum: 0 is def, -1 is none.
func minimum(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

func (o Options) validate() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"MinWords", o.MinWords}, {"MinChars", o.MinChars}, {"MaxQuoteBytes", o.MaxQuoteBytes},
		{"MaxQuotes", o.MaxQuotes}, {"MaxGap", o.MaxGap}} {
		if f.v < -1 {
			return &Error{Code: CodeInvalidOption,
				Msg:  fmt.Sprintf("%s is %d", f.name, f.v),
				Hint: "use 0 for the default, -1 for no limit, or a positive value"}
		}
	}
	return nil
}

// Match is the outcome of looking up one quote in one source.
type Match struct {
	Found  bool   // the quote is in the source
	Tier   Tier   // the first tier at which it is found; None if not
	Start  int    // byte offset of the span in the source
	End    int    // byte offset one past the span
	Line   int    // 1-based line of Start
	Column int    // 1-based column of Start, in bytes
	Text   string // the source text of the span, as it is in the source
	// Reason says why the quote was not found; empty when found.
	Reason Reason
	// Nearest is the closest candidate span for a quote not found, as a
	// hint for repairing it. It is never a match.
	Nearest *Nearest
}

// maxOccurrences bounds how many occurrences of the folded quote are
// examined for the weakest tier; a quote repeated more often than this
// reports the best tier among the first ones.
const maxOccurrences = 64

// Find looks quote up in source with default [Options]. It is a
// convenience over [NewIndex] and [Index.Find] for a single lookup.
func Find(source, quote string) (Match, error) {
	ix, err := NewIndex(source)
	if err != nil {
		return Match{}, err
	}
	return ix.Find(quote, Options{})
}

// Find looks quote up in the source of ix. The quote is trimmed of
// surrounding whitespace. When it is found, the match reports the weakest
// tier needed: the first tier, in the order of [Tier], at which some
// occurrence of it is in the source. When it is not, the match carries a
// [Reason] and, for [NotFound], the nearest candidate.
//
// A match never drops or changes a digit, sign, decimal point or currency
// symbol: it must begin and end at word boundaries, and a quote that begins
// or ends with a number must not sit inside a longer number or next to its
// sign or currency symbol in the source.
func (ix *Index) Find(quote string, opts Options) (Match, error) {
	if err := opts.validate(); err != nil {
		return Match{}, err
	}
	q, reason := prepare(quote, opts)
	if reason != "" {
		return Match{Reason: reason}, nil
	}
	if m, ok := ix.find(q); ok {
		return m, nil
	}
	if opts.Ellipsis {
		if m, ok := ix.findElided(q, limit(opts.MaxGap, DefaultMaxGap)); ok {
			return m, nil
		}
	}
	m := Match{Reason: NotFound}
	if q.raw != "" {
		m.Reason = BidiControl
		return m, nil
	}
	m.Nearest = ix.nearest(q)
	return m, nil
}

// prepared is a quote checked and folded at every tier.
type prepared struct {
	trim  string             // the quote without surrounding whitespace
	folds [Markup + 1]string // F_t of trim, for each tier
	raw   string             // set when only a byte-for-byte match may count
}

func prepare(quote string, opts Options) (prepared, Reason) {
	var q prepared
	if !utf8.ValidString(quote) {
		return q, InvalidUTF8
	}
	if len(quote) > limit(opts.MaxQuoteBytes, DefaultMaxQuoteBytes) {
		return q, TooLong
	}
	q.trim = strings.TrimFunc(quote, unicode.IsSpace)
	for t := Exact; t <= Markup; t++ {
		q.folds[t] = fold(q.trim, t)
	}
	norm := q.folds[Markup]
	if strings.IndexByte(norm, barrier) >= 0 {
		q.raw = q.trim
	}
	if q.raw != "" {
		norm = q.raw // barriers stand for characters; count the characters
	}
	if norm == "" || utf8.RuneCountInString(norm) < minimum(opts.MinChars, DefaultMinChars) ||
		countWords(norm) < minimum(opts.MinWords, DefaultMinWords) {
		return q, TooShort
	}
	return q, ""
}

// countWords counts the space-separated tokens of s that hold a letter or a
// number.
func countWords(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0 {
			n++
		}
	}
	return n
}

// find returns the weakest-tier occurrence of q.
func (ix *Index) find(q prepared) (Match, bool) {
	var best Match
	if q.raw == "" {
		norm := []byte(q.folds[Markup])
		seen := 0
		ix.occurrences(norm, func(p int) bool {
			if !bounded(ix.norm, p, p+len(norm)) {
				return true
			}
			seen++
			start, end := ix.span(p, p+len(norm))
			if t := tierOf(ix.src[start:end], q); t != None && (best.Tier == None || t < best.Tier) {
				best = Match{Found: true, Tier: t, Start: start, End: end}
			}
			return best.Tier != Exact && seen < maxOccurrences
		})
	}
	if !best.Found && (q.raw != "" || ix.barriers) {
		best = ix.findRaw(q.trim)
	}
	if !best.Found {
		return Match{}, false
	}
	best.Text = ix.src[best.Start:best.End]
	best.Line, best.Column = ix.Position(best.Start)
	return best, true
}

// findRaw looks q up byte for byte: the only lookup for a quote that holds
// bidirectional controls, and the fallback for text a barrier hides.
func (ix *Index) findRaw(q string) Match {
	for p := 0; p <= len(ix.src)-len(q); p++ {
		k := strings.Index(ix.src[p:], q)
		if k < 0 {
			break
		}
		p += k
		// Check the bounds on a few characters either side of the match.
		ws := max(0, p-2*utf8.UTFMax)
		near := []byte(ix.src[ws:min(len(ix.src), p+len(q)+2*utf8.UTFMax)])
		if bounded(near, p-ws, p-ws+len(q)) {
			return Match{Found: true, Tier: Exact, Start: p, End: p + len(q)}
		}
	}
	return Match{}
}

// tierOf returns the first tier at which span folds to the same text as the
// quote, or None.
func tierOf(span string, q prepared) Tier {
	if !utf8.ValidString(span) {
		return None
	}
	if span == q.trim {
		return Exact
	}
	for t := Whitespace; t <= Markup; t++ {
		if fold(span, t) == q.folds[t] {
			return t
		}
	}
	return None
}

// bounded reports whether text[s:e] may stand as a match on its own: it
// neither starts nor ends inside a word, and a number at either end is whole,
// with its sign, decimal part and currency symbol.
func bounded(text []byte, s, e int) bool {
	first, _ := utf8.DecodeRune(text[s:])
	last, _ := utf8.DecodeLastRune(text[:e])
	if s > 0 {
		prev, n := utf8.DecodeLastRune(text[:s])
		if unicode.IsNumber(prev) || isWordRune(first) && isWordRune(prev) {
			return false // cuts a number (".5" of "4.5") or a word
		}
		if unicode.IsNumber(first) || unicode.Is(unicode.Sc, first) {
			switch {
			case prev == '-' || prev == '+' || prev == '\u2212' || unicode.Is(unicode.Sc, prev) && first != prev:
				return false
			case (prev == '.' || prev == ','):
				if pp, _ := utf8.DecodeLastRune(text[:s-n]); unicode.IsNumber(pp) {
					return false
				}
			}
		}
	}
	if e < len(text) {
		next, n := utf8.DecodeRune(text[e:])
		if unicode.IsNumber(next) || isWordRune(last) && (isWordRune(next) || unicode.Is(unicode.Mn, next)) {
			return false // cuts a number ("4." of "4.5") or a word
		}
		if unicode.IsNumber(last) {
			switch {
			case next == '%' || next == '\u2030' || unicode.Is(unicode.Sc, next):
				return false
			case next == '.' || next == ',':
				if nn, _ := utf8.DecodeRune(text[e+n:]); unicode.IsNumber(nn) {
					return false
				}
			}
		}
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// findElided matches a quote with ellipses part by part, in order, each
// part within gap normalized bytes of the one before.
func (ix *Index) findElided(q prepared, gap int) (Match, bool) {
	var parts [][]byte
	for _, p := range strings.Split(q.folds[Markup], "...") {
		if p = strings.Trim(p, " ."); p != "" {
			parts = append(parts, []byte(p))
		}
	}
	if len(parts) == 0 || q.raw != "" {
		return Match{}, false
	}
	var m Match
	tried := 0
	ix.occurrences(parts[0], func(p int) bool {
		tried++
		if end, ok := ix.rest(p, parts, gap); ok {
			start, stop := ix.span(p, end)
			if utf8.ValidString(ix.src[start:stop]) {
				m = Match{Found: true, Tier: Elided, Start: start, End: stop}
				return false
			}
		}
		return tried < maxOccurrences
	})
	if !m.Found {
		return m, false
	}
	m.Text = ix.src[m.Start:m.End]
	m.Line, m.Column = ix.Position(m.Start)
	return m, true
}

// rest checks that parts[0] at p stands on its own and that every later
// part follows in order within gap bytes, and returns where the last ends.
func (ix *Index) rest(p int, parts [][]byte, gap int) (int, bool) {
	end := p + len(parts[0])
	if !ix.partOK(p, end, parts[0]) {
		return 0, false
	}
	for _, part := range parts[1:] {
		window := ix.norm[end:min(len(ix.norm), end+gap+len(part)+1)]
		found := false
		for off := 0; off <= len(window)-len(part); off++ {
			k := bytes.Index(window[off:], part)
			if k < 0 {
				break
			}
			off += k
			if s := end + off; ix.partOK(s, s+len(part), part) {
				end, found = s+len(part), true
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return end, true
}

// partOK checks one part of an elided quote: whole words, and the source
// span folds back to exactly the part.
func (ix *Index) partOK(s, e int, part []byte) bool {
	if !bounded(ix.norm, s, e) {
		return false
	}
	start, end := ix.span(s, e)
	span := ix.src[start:end]
	return utf8.ValidString(span) && fold(span, Markup) == string(part)
}
