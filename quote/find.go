package quote

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
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
	// Tiers, when not empty, is the policy of which tiers count as found: a
	// quote whose best match needs a tier outside it is not found, with
	// reason [TierNotAccepted] and the match as Nearest. [None] may not be
	// listed. For example {Exact, Whitespace} accepts only quotes that
	// differ from the source in white space at most.
	Tiers []Tier
}

// Defaults of [Options].
const (
	defaultMinWords      = 3
	defaultMinChars      = 12
	defaultMaxQuoteBytes = 16 << 10
	defaultMaxQuotes     = 10000
	defaultMaxGap        = 2000
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
			return &fault.Error{Code: fault.InvalidOption,
				Msg:  fmt.Sprintf("%s is %d", f.name, f.v),
				Hint: "use 0 for the default, -1 for no limit, or a positive value"}
		}
	}
	for _, t := range o.Tiers {
		if t <= None || t > Elided {
			return &fault.Error{Code: fault.InvalidOption, Msg: fmt.Sprintf("Tiers holds %s", t),
				Hint: "list tiers from exact to elided, or leave Tiers empty to accept all"}
		}
	}
	return nil
}

// accepts reports whether the policy of o accepts a match at tier t.
func (o Options) accepts(t Tier) bool {
	return len(o.Tiers) == 0 || slices.Contains(o.Tiers, t)
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
// [Reason] and, for [NotFound], [NegationCut] and [TierNotAccepted], the
// nearest candidate.
//
// A match never drops or changes a digit, sign, decimal point or currency
// symbol: it must begin and end at word boundaries, and a quote that begins
// or ends with a number must not sit inside a longer number or next to its
// sign or currency symbol in the source. Nor does it drop a negation: an
// occurrence right after "not", "no", "never", "non", "cannot", "without",
// "neither", "nor", "fails to", a word ending in "n't", or "un-", or one whose ellipsis stands for text holding
// such a word, is not a match (see [NegationCut]).
func (ix *Index) Find(quote string, opts Options) (Match, error) {
	if err := opts.validate(); err != nil {
		return Match{}, err
	}
	q, reason := prepare(quote, opts)
	if reason != "" {
		return Match{Reason: reason}, nil
	}
	return ix.lookup(&q, opts), nil
}

// lookup is Find for a prepared quote and valid options.
func (ix *Index) lookup(q *prepared, opts Options) Match {
	m, cut := ix.find(q)
	if !m.Found && opts.Ellipsis {
		var ecut *Nearest
		m, ecut = ix.findElided(q, limit(opts.MaxGap, defaultMaxGap))
		cut = cmp.Or(cut, ecut)
	}
	switch {
	case m.Found && !opts.accepts(m.Tier):
		return Match{Reason: TierNotAccepted, Nearest: &Nearest{Start: m.Start, End: m.End,
			Line: m.Line, Column: m.Column, Tier: m.Tier, Text: m.Text, Similarity: "1.00",
			Differs: fmt.Sprintf("found at tier %s, which the policy does not accept", m.Tier)}}
	case m.Found:
		return m
	case cut != nil:
		return Match{Reason: NegationCut, Nearest: cut}
	case q.raw != "":
		return Match{Reason: BidiControl}
	}
	return Match{Reason: NotFound, Nearest: ix.nearest(q)}
}

// prepared is a quote checked and folded at every tier.
type prepared struct {
	trim string // the quote without surrounding whitespace
	// key is fold(trim, Markup), what the index's folded text is searched
	// for; alt is key without its hyphens between letters, or "" when it
	// has none: a hyphen the quote writes inside a line may stand for one
	// the source breaks a line at.
	key, alt string
	raw      string // set when only a byte-for-byte match may count
	// folds caches canon of trim at each tier, by whether a line-break
	// hyphen is kept and whether a number stands just before and after;
	// most quotes match at the exact or whitespace tier and never need the
	// rest.
	folds [2][2][2][Markup + 1]*string
	units [2][2][]string // unitRuns of trim and a final "", by context
	// work counts the bytes the lookups of the quote have compared or
	// scanned in the text and the word pairs the nearest-candidate search
	// has aligned: the measure of their cost, which tests bound.
	work int
}

// unitRuns returns the unit runs of trim (see unitRuns) as if it stood
// where the span it is compared with stands, computed on first use.
func (q *prepared) unitRuns(before, after bool) []string {
	u := &q.units[b2i(before)][b2i(after)]
	if *u == nil {
		*u = append(unitRuns(q.trim, before, after), "")
	}
	return (*u)[:len(*u)-1]
}

// canon returns canon(trim, t), keeping line-break hyphens when keep is
// set, as if the quote stood where the span it is compared with stands: a
// short run at its edge is a unit when the span's number is just outside
// it. Each is folded on first use.
func (q *prepared) canon(t Tier, keep, before, after bool) string {
	c := &q.folds[b2i(keep)][b2i(before)][b2i(after)][t]
	if *c == nil {
		f := canon(q.trim, t, before, after, keep)
		*c = &f
	}
	return **c
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func prepare(quote string, opts Options) (prepared, Reason) {
	var q prepared
	if !utf8.ValidString(quote) {
		return q, InvalidUTF8
	}
	if len(quote) > limit(opts.MaxQuoteBytes, defaultMaxQuoteBytes) {
		return q, TooLong
	}
	q.trim = strings.TrimFunc(quote, unicode.IsSpace)
	q.key = fold(q.trim, Markup)
	if alt := dropHyphens(q.key); alt != q.key {
		q.alt = alt
	}
	norm := q.key
	if strings.IndexByte(norm, barrier) >= 0 {
		q.raw = q.trim
	}
	if q.raw != "" {
		norm = q.raw // barriers stand for characters; count the characters
	}
	if norm == "" || utf8.RuneCountInString(norm) < minimum(opts.MinChars, defaultMinChars) ||
		countWords(norm) < minimum(opts.MinWords, defaultMinWords) {
		return q, TooShort
	}
	return q, ""
}

// dropHyphens removes every '-' between two letters of the folded text s.
func dropHyphens(s string) string {
	if strings.IndexByte(s, '-') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '-' && lastIsLetter(b) {
			if r, _ := utf8.DecodeRuneInString(s[i+1:]); unicode.IsLetter(r) {
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
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

// find returns the weakest-tier occurrence of q, or, when every occurrence
// is cut from a negation, the fuller span of the first as a hint.
func (ix *Index) find(q *prepared) (Match, *Nearest) {
	var best Match
	var cut *Nearest
	if q.raw == "" {
		for _, key := range []string{q.key, q.alt} {
			if key != "" && !best.Found {
				best, cut = ix.findKey(q, []byte(key), cut)
			}
		}
	}
	if !best.Found && (q.raw != "" || ix.barriers) {
		var rcut *Nearest
		best, rcut = ix.findRaw(q)
		cut = cmp.Or(cut, rcut)
	}
	if !best.Found {
		return Match{}, cut
	}
	best.Text = ix.src[best.Start:best.End]
	best.Line, best.Column = ix.Position(best.Start)
	return best, nil
}

// findKey looks at the occurrences of the folded key and returns the one of
// the weakest tier, and cut if none but a cut one (the first) was found.
func (ix *Index) findKey(q *prepared, key []byte, cut *Nearest) (Match, *Nearest) {
	var best Match
	seen := 0
	q.work += ix.occurrences(key, func(p int) bool {
		e := p + len(key)
		if !bounded(ix.norm, p, e) {
			return true
		}
		seen++
		start, end := ix.span(p, e)
		before, after := digitBefore(ix.norm, p), digitAfter(ix.norm, e)
		t := tierOf(ix.src[start:end], q, before, after)
		switch {
		case t == None:
		case negationAt(ix.norm, p) >= 0:
			if cut == nil {
				cut = ix.cutHint(q, negationAt(ix.norm, p), e, "")
			}
		case best.Tier == None || t < best.Tier:
			best = Match{Found: true, Tier: t, Start: start, End: end}
		}
		return best.Tier != Exact && seen < maxOccurrences
	})
	return best, cut
}

// findRaw looks q up byte for byte: the only lookup for a quote that holds
// bidirectional controls, and the fallback for text a barrier hides.
func (ix *Index) findRaw(pq *prepared) (Match, *Nearest) {
	q := pq.trim
	var cut *Nearest
	for p := 0; p <= len(ix.src)-len(q); p++ {
		k := strings.Index(ix.src[p:], q)
		if k < 0 {
			pq.work += len(ix.src) - p
			break
		}
		pq.work += k + len(q)
		p += k
		// Check the bounds on a few characters either side of the match.
		ws := max(0, p-2*utf8.UTFMax)
		near := []byte(ix.src[ws:min(len(ix.src), p+len(q)+2*utf8.UTFMax)])
		if !bounded(near, p-ws, p-ws+len(q)) || ix.inHidden(p, p+len(q)) {
			continue
		}
		// The word before the match, folded as the index folds it.
		ws = runeStart(ix.src, max(0, p-64))
		pre := []byte(fold(ix.src[ws:p]+"x", Markup))
		if n := negationAt(pre, len(pre)-1); n >= 0 {
			if cut == nil {
				s := ws + len(ix.src[ws:p]) - (len(pre) - 1 - n)
				s = max(ws, min(s, p))
				cut = ix.cutText(runeStart(ix.src, s), p+len(q), q, "")
			}
			continue
		}
		return Match{Found: true, Tier: Exact, Start: p, End: p + len(q)}, nil
	}
	return Match{}, cut
}

// tierOf returns the first tier at which span folds to the same text as the
// quote, or None. before and after say that a digit run sits just outside
// span in the source, for the unit runs at its edges (see canon).
func tierOf(span string, q *prepared, before, after bool) Tier {
	if !utf8.ValidString(span) {
		return None
	}
	if span == q.trim {
		return Exact
	}
	// Without a hyphen the span reads the same either way (see canon).
	hyph := strings.ContainsAny(span, "-\u00ad\u2010\u2011")
	for t := Whitespace; t <= Markup; t++ {
		if canon(span, t, before, after, false) != q.canon(t, false, before, after) &&
			!(t >= Hyphenation && hyph && canon(span, t, before, after, true) == q.canon(t, true, before, after)) {
			continue
		}
		// From the case tier on, the unit runs must also agree as the
		// markup tier reads them, where markup, invisible characters and
		// dashes between a number and its unit are folded away.
		if t >= Case && !slices.Equal(unitRuns(span, before, after), q.unitRuns(before, after)) {
			return None
		}
		return t
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
				if pp, _ := utf8.DecodeLastRune(text[:s-n]); unicode.IsNumber(pp) && !(prev == ',' && decimalTail(text[:s-n])) {
					return false // "5" of "4,5": but "45.67,1188" is two fields
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
				if nn, _ := utf8.DecodeRune(text[e+n:]); unicode.IsNumber(nn) && !(next == ',' && decimalTail(text[s:e])) {
					return false // "4" of "4.5": but "-45.67,1188.89" is two fields
				}
			}
		}
	}
	return true
}

// decimalTail reports whether b ends with a number that has a decimal
// point, "45.67": no comma after it groups its digits, so a comma there
// separates fields.
func decimalTail(b []byte) bool {
	i := len(b)
	for i > 0 && b[i-1] >= '0' && b[i-1] <= '9' {
		i--
	}
	return i < len(b) && i > 1 && b[i-1] == '.' && b[i-2] >= '0' && b[i-2] <= '9'
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// findElided matches a quote with ellipses part by part, in order, each
// part within gap normalized bytes of the one before. Each part is searched
// by its search fold and checked by its fold without case (see partOK). An
// occurrence right after a negation, or whose gaps hold one, is cut.
func (ix *Index) findElided(q *prepared, gap int) (Match, *Nearest) {
	f := folder{level: Markup, src: q.trim, bol: true, noCase: true}
	f.run()
	keys, parts := elidedParts(q.key), elidedParts(string(f.out))
	if len(keys) == 0 || len(keys) != len(parts) || q.raw != "" {
		return Match{}, nil
	}
	var m Match
	var cut *Nearest
	tried := 0
	q.work += ix.occurrences(keys[0], func(p int) bool {
		tried++
		end, neg, ok := ix.rest(p, keys, parts, gap)
		if !ok {
			return tried < maxOccurrences
		}
		if n := negationAt(ix.norm, p); n >= 0 || neg != "" {
			if cut == nil {
				from := p
				if n >= 0 {
					from = n
				}
				cut = ix.cutHint(q, from, end, neg)
			}
			return tried < maxOccurrences
		}
		start, stop := ix.span(p, end)
		if utf8.ValidString(ix.src[start:stop]) {
			m = Match{Found: true, Tier: Elided, Start: start, End: stop}
			return false
		}
		return tried < maxOccurrences
	})
	if !m.Found {
		return m, cut
	}
	m.Text = ix.src[m.Start:m.End]
	m.Line, m.Column = ix.Position(m.Start)
	return m, nil
}

// elidedParts splits a folded quote at its ellipses.
func elidedParts(s string) [][]byte {
	var parts [][]byte
	for _, p := range strings.Split(s, "...") {
		if p = strings.Trim(p, " ."); p != "" {
			parts = append(parts, []byte(p))
		}
	}
	return parts
}

// rest checks that keys[0] at p stands on its own and that every later
// key follows in order within gap bytes, each checked against its part, and
// returns where the last ends and the first negation a gap holds.
func (ix *Index) rest(p int, keys, parts [][]byte, gap int) (int, string, bool) {
	end := p + len(keys[0])
	if !ix.partOK(p, end, parts[0]) {
		return 0, "", false
	}
	neg := ""
	for i, key := range keys[1:] {
		window := ix.norm[end:min(len(ix.norm), end+gap+len(key)+1)]
		found := false
		for off := 0; off <= len(window)-len(key); off++ {
			k := bytes.Index(window[off:], key)
			if k < 0 {
				break
			}
			off += k
			if s := end + off; ix.partOK(s, s+len(key), parts[i+1]) {
				if neg == "" {
					neg = negationIn(ix.norm[end:s])
				}
				end, found = s+len(key), true
				break
			}
		}
		if !found {
			return 0, "", false
		}
	}
	return end, neg, true
}

// partOK checks one part of an elided quote: whole words, and the source
// span folds back to exactly the part, which is folded without case so that
// its unit runs are read where the span stands (see canon).
func (ix *Index) partOK(s, e int, part []byte) bool {
	if !bounded(ix.norm, s, e) {
		return false
	}
	start, end := ix.span(s, e)
	span := ix.src[start:end]
	before, after := digitBefore(ix.norm, s), digitAfter(ix.norm, e)
	return utf8.ValidString(span) &&
		canon(span, Markup, before, after, false) == caseRuns(part, before, after)
}
