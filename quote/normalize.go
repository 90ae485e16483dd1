package quote

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A mark records that normalized byte n came from original byte o; the bytes
// after it, up to the next mark, came from the bytes after o in step.
// Consecutive ASCII text keeps one mark for a whole run, which keeps the
// offset map far smaller than one integer per byte.
type mark struct{ n, o int32 }

// barrier stands in for characters that must never take part in a folded
// match: bidirectional controls and the text they reorder. A folded quote that
// contains it is matched at the exact tier only.
const barrier = 0x00

// folder is one pass of the fold F_t over a string. The fold is a byte loop
// with a fast path for runs of plain ASCII; everything else goes through
// special or foldRune.
type folder struct {
	level  Tier
	src    string
	out    []byte
	record bool    // keep the offset map in marks
	marks  []mark  // offset map, when record is set
	delta  int     // o-n of the last mark
	anchor bool    // keep anchors
	anchrs []int32 // normalized offsets that follow a space
	pend   bool    // a whitespace run awaits emission
	pendAt int     // original offset of that run
	brk    bool    // markup was removed right after a digit
	brkAt  int     // original offset of that markup
	bol    bool    // only whitespace since the last line break
	// noCase skips the case fold even at the case tier and above, so that
	// caseRuns can fold every letter but those of unit and scale tokens.
	noCase bool
	// keepHyph writes a hyphen that joins two words across a line break
	// (or a soft hyphen at a line break) as "-", dropping only the break:
	// the reading of "re-\nsign" as the compound "re-sign".
	keepHyph bool
	// hidden records, with the offset map, the original spans the fold
	// dropped with their content: struck and deleted text and HTML
	// comments. A byte-for-byte lookup must not find a quote there.
	hidden [][2]int
}

// caseOn reports whether the fold lower-cases as it goes.
func (f *folder) caseOn() bool { return f.level >= Case && !f.noCase }

// plain marks the ASCII bytes that the fast path copies (lower-cased at the
// case tier and above) without looking at them further.
var plain = func() (t [128]bool) {
	for c := range t {
		t[c] = true
	}
	for _, c := range " \t\n\v\f\r-*_`#<~&|" {
		t[c] = false
	}
	return t
}()

// lowerASCII lower-cases ASCII letters and leaves every other byte alone.
var lowerASCII = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if 'A' <= i && i <= 'Z' {
			t[i] = byte(i + 'a' - 'A')
		}
	}
	return t
}()

// spaceASCII turns ASCII whitespace into ' ' and leaves every other byte
// alone; lowerSpaceASCII also lower-cases ASCII letters.
var spaceASCII, lowerSpaceASCII = func() (sp, lo [256]byte) {
	for i := range sp {
		sp[i], lo[i] = byte(i), lowerASCII[i]
		if isSpaceByte(byte(i)) {
			sp[i], lo[i] = ' ', ' '
		}
	}
	return sp, lo
}()

// fold applies F_level to s. It is the one definition of every tier's
// normalization: the index, the quote and the tier check all use it.
func fold(s string, level Tier) string {
	f := folder{level: level, src: s, bol: true, out: make([]byte, 0, len(s)+8)}
	f.run()
	return string(f.out)
}

func (f *folder) run() {
	if f.level <= Exact {
		f.out = append(f.out, f.src...)
		return
	}
	f.delta = math.MinInt
	s := f.src
	tab := &spaceASCII
	if f.caseOn() {
		tab = &lowerSpaceASCII
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf || !plain[c] {
			i = f.special(i)
			continue
		}
		f.lead(isDigit(c))
		i = f.plainRun(i, tab)
	}
}

// Classes of ASCII bytes for the fast path.
const (
	clsPlain   = iota // copied through the table
	clsSpace          // ASCII whitespace
	clsSpecial        // markup, hyphen, or not ASCII: see special
)

var class = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = clsSpecial
		case isSpaceByte(byte(c)):
			t[c] = clsSpace
		case !plain[c]:
			t[c] = clsSpecial
		}
	}
	return t
}()

// runChunk bounds one pass of plainRun's loop, so that the anchors it may
// write (at most one for every two bytes) fit the room made for them.
const runChunk = 8 << 10

// plainRun copies the run of plain bytes at i through tab, along with the
// single whitespace bytes between them, the usual gap between words; tab
// turns those into the one space they fold to. It returns where the run
// ends. This loop is where nearly all of an ASCII source's time goes, so it
// has no unpredictable branch: the anchor after a space is always written
// and kept only by advancing the count.
func (f *folder) plainRun(i int, tab *[256]byte) int {
	s := f.src
	n := len(f.out)
	f.mark(n, i)
	if cap(f.out)-n < len(s)-i {
		f.out = append(f.out[:cap(f.out)], make([]byte, len(s)-i)...)
	}
	o := f.out[:cap(f.out)]
	var ring [64]int32 // the anchors' sink when they are not kept
	k, j := n, i
	var prev uint8 // 1 after a whitespace byte
	for j < len(s) {
		anch, mask := ring[:], len(ring)-1
		if f.anchor {
			mask = -1
			if room := runChunk/2 + 1; cap(f.anchrs)-len(f.anchrs) < room {
				f.anchrs = append(f.anchrs[:cap(f.anchrs)], make([]int32, cap(f.anchrs)/2+room)...)[:len(f.anchrs)]
			}
			anch = f.anchrs[len(f.anchrs):cap(f.anchrs)]
		}
		m := 0
		stop := min(len(s), j+runChunk)
		for ; j < stop; j++ {
			c := s[j]
			cl := class[c]
			if cl+prev >= clsSpecial {
				break // something special, or a second whitespace byte
			}
			o[k] = tab[c]
			k++
			anch[m&mask] = int32(k)
			m += int(cl)
			prev = cl
		}
		if f.anchor {
			f.anchrs = f.anchrs[:len(f.anchrs)+m]
		}
		if j < stop {
			break
		}
	}
	f.out = o[:k]
	// A run may end with the space a line break folded to; a heading mark
	// may follow it.
	f.bol = prev == 1 && s[j-1] != ' ' && s[j-1] != '\t'
	return j
}

// mark notes that normalized byte n comes from original byte o.
func (f *folder) mark(n, o int) {
	if f.record && o-n != f.delta {
		f.marks = append(f.marks, mark{int32(n), int32(o)})
		f.delta = o - n
	}
}

// put appends one byte that came from original byte o.
func (f *folder) put(b byte, o int) {
	f.mark(len(f.out), o)
	f.out = append(f.out, b)
}

// putFrom appends the bytes of r, which replaced the size bytes at o. Output
// bytes beyond the input's length all map to its last byte, so that a span
// mapped back always ends inside the replaced character.
func (f *folder) putFrom(r string, o, size int) {
	for k := 0; k < len(r); k++ {
		f.put(r[k], o+min(k, size-1))
	}
}

// lead runs before anything visible is emitted: it writes a pending space,
// or the separator left by markup removed between two digits.
func (f *folder) lead(digit bool) {
	switch {
	case f.pend:
		f.space1(f.pendAt)
	case f.brk && digit:
		f.space1(f.brkAt)
	}
	f.pend, f.brk, f.bol = false, false, false
}

func (f *folder) space1(o int) {
	f.put(' ', o)
	if f.anchor {
		f.anchrs = append(f.anchrs, int32(len(f.out)))
	}
}

// space notes whitespace at o. Leading whitespace is dropped and a run
// becomes one space, written only when something follows it (or, by
// plainRun, at once when the run is a single byte after a word).
func (f *folder) space(o int) {
	if len(f.out) > 0 && !f.pend && f.out[len(f.out)-1] != ' ' {
		f.pend, f.pendAt = true, o
	}
}

// removed notes that markup or an invisible character at o was dropped. If it
// follows a digit it still separates that digit from a digit after it: "10"
// then "<sup>2</sup>" must not read as "102".
func (f *folder) removed(o int) {
	if !f.pend && !f.brk && lastIsDigit(f.out) {
		f.brk, f.brkAt = true, o
	}
}

// special handles the byte at i when it is not plain ASCII and returns the
// offset after what it consumed.
func (f *folder) special(i int) int {
	s := f.src
	c := s[i]
	if c >= utf8.RuneSelf {
		return f.foldRune(i)
	}
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		if c != ' ' && c != '\t' {
			f.bol = true
		}
		f.space(i)
		return i + 1
	case '-':
		if f.level >= Hyphenation {
			if j, ok := f.join(i + 1); ok {
				f.joined(i)
				return j
			}
		}
	case '*', '_', '`':
		if f.level >= Markup {
			f.removed(i)
			return i + 1
		}
	case '|':
		if f.level >= Markup {
			// A table's cell separator reads as the space a browser
			// shows between cells: "Net sales | 5,007" is "Net sales 5,007".
			f.space(i)
			return i + 1
		}
	case '~':
		if f.level >= Markup {
			if k, ok := tildeStrike(s, i); ok {
				// Struck text is removed with its marks, as a <del> is.
				f.hide(i, k)
				return k
			}
		}
	case '#':
		if f.level >= Markup && f.bol {
			if j, ok := heading(s, i); ok {
				return j
			}
		}
	case '&':
		if f.level >= Markup {
			if r, j, ok := entity(s, i); ok {
				return f.foldEntity(r, i, j)
			}
		}
	case '<':
		if f.level >= Markup {
			if k, ok := commentEnd(s, i); ok {
				// A comment is never shown: removed with what it says.
				f.hide(i, k)
				return k
			}
			if j, block, ok := htmlTag(s, i); ok {
				if k, struck := struckEnd(s, i, j); struck {
					// A deletion is removed with what it deletes.
					f.hide(i, k)
					return k
				}
				if block {
					f.space(i)
				} else {
					f.removed(i)
				}
				return j
			}
		}
	}
	f.lead(isDigit(c))
	b := c
	if f.caseOn() {
		b = lowerASCII[c]
	}
	f.put(b, i)
	return i + 1
}

// hide drops the original bytes s[i:k], markup with the text it hides,
// and records them when the offset map is kept.
func (f *folder) hide(i, k int) {
	f.removed(i)
	if f.record {
		f.hidden = append(f.hidden, [2]int{i, k})
	}
}

// join reports whether a hyphen that ends just before j joins two words: a
// letter was emitted right before it, and after white space that holds a
// line break a letter follows. It returns the offset of that letter. A hyphen
// inside a line is a word's own ("re-sign" is not "resign"), so only a
// hyphen at a line break, where typesetting puts one, may join.
func (f *folder) join(j int) (int, bool) {
	if f.pend || f.brk || !lastIsLetter(f.out) {
		return 0, false
	}
	j, brk := skipBreak(f.src, j)
	if !brk {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(f.src[j:])
	return j, j < len(f.src) && unicode.IsLetter(r)
}

// joined notes a hyphen at o that join dropped: in the keepHyph reading
// it stays, as "-".
func (f *folder) joined(o int) {
	if f.keepHyph {
		f.put('-', o)
	}
}

// foldRune handles the non-ASCII character at i.
func (f *folder) foldRune(i int) int {
	s := f.src
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		f.lead(false)
		f.putFrom("\uFFFD", i, 1)
		return i + 1
	case isBidi(r):
		return f.bidi(i)
	case unicode.IsSpace(r):
		if isLineBreak(r) {
			f.bol = true
		}
		f.space(i)
		return i + size
	}
	if f.level >= Typography {
		switch {
		case isZeroWidth(r):
			f.removed(i)
			return i + size
		case r == '\u00AD':
			// A soft hyphen shows only where a line breaks inside a word:
			// drop it, and the white space after it only when that holds
			// a line break. "not\u00ad able" reads "not able", never
			// "notable".
			if j, brk := skipBreak(s, i+size); brk {
				if f.level >= Hyphenation && lastIsLetter(f.out) {
					f.joined(i)
				}
				f.removed(i)
				return j
			}
			f.removed(i)
			return i + size
		}
		if rep := typography(r); rep != "" {
			if rep == "-" && (r == '\u2010' || r == '\u2011') && f.level >= Hyphenation {
				if j, ok := f.join(i + size); ok {
					f.joined(i)
					return j
				}
			}
			f.lead(false)
			f.putFrom(rep, i, size)
			return i + size
		}
	}
	f.lead(unicode.IsNumber(r))
	if f.caseOn() {
		switch r {
		case 'ß', 'ẞ':
			f.putFrom("ss", i, size)
			return i + size
		}
		r = caseFold(r)
	}
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	f.putFrom(string(buf[:n]), i, size)
	return i + size
}

// bidi emits barriers for a bidirectional control at i and, when it opens an
// embedding, override or isolate, for everything up to the matching close or
// the end of the paragraph: text whose display order differs from its byte
// order never takes part in a folded match.
func (f *folder) bidi(i int) int {
	s := f.src
	depth := 0
	j := i
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if j > i && (r == '\n' || r == '\r' || isLineBreak(r)) {
			break
		}
		switch {
		case isBidiOpen(r):
			depth++
		case isBidiClose(r) && depth > 0:
			depth--
		}
		f.lead(false)
		f.put(barrier, j)
		j += size
		if depth == 0 {
			break
		}
	}
	return j
}

// caseFold maps r to one representative of its Unicode simple case-folding
// orbit, lower-cased, so that two runes fold alike exactly when
// [unicode.SimpleFold] links them within one script. Turkish dotted capital
// I and dotless small i fold to "i" as well, so "İSTANBUL" matches
// "istanbul".
//
// Two orbits cross scripts: the micro sign µ (Common) with Greek mu, and the
// combining ypogegrammeni (Inherited) with Greek iota. Their members outside
// Greek fold to themselves, so "Μg" (a Greek capital mu) never reads as "µg"
// (micrograms): case folding never makes a letter of one script equal to a
// letter of another. TestCaseFoldScripts checks this list against the
// Unicode tables.
func caseFold(r rune) rune {
	switch r {
	case 'İ', 'ı':
		return 'i'
	case '\u00B5', '\u0345':
		return r
	}
	m := r
	for g := unicode.SimpleFold(r); g != r; g = unicode.SimpleFold(g) {
		if g != '\u00B5' && g != '\u0345' {
			m = min(m, g)
		}
	}
	return unicode.ToLower(m)
}

// typography returns the replacement of a typographic character, or "".
// Digits are never produced: superscripts, fractions and other compatibility
// forms are left alone, unlike NFKC, which turns "10²" into "102".
func typography(r rune) string {
	switch r {
	case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '\u2039', '\u203A',
		'\u02BC', '\uFF07':
		// U+02BC, the modifier letter apostrophe, is what some PDFs print
		// in "doesnʼt": read as a letter it would hide the "n't".
		return "'"
	case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u00AB', '\u00BB':
		return `"`
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212',
		'\uFE58', '\uFE63', '\uFF0D':
		return "-"
	case '\u2026':
		return "..."
	case '\uFB00':
		return "ff"
	case '\uFB01':
		return "fi"
	case '\uFB02':
		return "fl"
	case '\uFB03':
		return "ffi"
	case '\uFB04':
		return "ffl"
	case '\uFB05', '\uFB06':
		return "st"
	}
	return ""
}

// isZeroWidth reports the invisible characters that the typography tier
// drops: zero-width space, non-joiner and joiner, word joiner and BOM.
func isZeroWidth(r rune) bool {
	switch r {
	case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF':
		return true
	}
	return false
}

// isBidi reports the bidirectional formatting characters: embeddings and
// overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks U+200E,
// U+200F and U+061C.
func isBidi(r rune) bool {
	return '\u202A' <= r && r <= '\u202E' || '\u2066' <= r && r <= '\u2069' ||
		r == '\u200E' || r == '\u200F' || r == '\u061C'
}

func isBidiOpen(r rune) bool {
	return r == '\u202A' || r == '\u202B' || r == '\u202D' || r == '\u202E' ||
		'\u2066' <= r && r <= '\u2068'
}

func isBidiClose(r rune) bool { return r == '\u202C' || r == '\u2069' }

// isLineBreak reports the non-ASCII line and paragraph separators.
func isLineBreak(r rune) bool { return r == '\u0085' || r == '\u2028' || r == '\u2029' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// skipBreak returns the offset of the first non-whitespace character at or
// after j and whether the white space skipped holds a line break.
func skipBreak(s string, j int) (int, bool) {
	k := skipSpace(s, j)
	ws := s[j:k]
	return k, strings.ContainsAny(ws, "\n\r\v\f\u0085\u2028\u2029")
}

// skipSpace returns the offset of the first non-whitespace character at or
// after j.
func skipSpace(s string, j int) int {
	for j < len(s) {
		if c := s[j]; c < utf8.RuneSelf {
			if !isSpaceByte(c) {
				return j
			}
			j++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsSpace(r) {
			return j
		}
		j += size
	}
	return j
}

func lastIsDigit(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if c := b[len(b)-1]; c < utf8.RuneSelf {
		return isDigit(c)
	}
	r, _ := utf8.DecodeLastRune(b)
	return unicode.IsNumber(r)
}

func lastIsLetter(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if c := b[len(b)-1]; c < utf8.RuneSelf {
		return 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	r, _ := utf8.DecodeLastRune(b)
	return unicode.IsLetter(r)
}

// heading reports a markdown heading mark at i (one to six '#' followed by a
// space, a tab or the end of the line) and returns the offset after it.
func heading(s string, i int) (int, bool) {
	j := i
	for j < len(s) && s[j] == '#' && j-i < 6 {
		j++
	}
	if j == len(s) || s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' {
		return j, true
	}
	return 0, false
}

// maxTagBytes bounds a tag's length so that a stray '<' costs little.
const maxTagBytes = 256

// htmlTags lists the tag names that the markup tier removes; true marks block
// elements, which separate words and so fold to a space.
var htmlTags = map[string]bool{
	"a": false, "abbr": false, "b": false, "big": false, "cite": false, "code": false,
	"del": false, "em": false, "font": false, "i": false, "ins": false, "mark": false,
	"q": false, "s": false, "small": false, "span": false, "strike": false,
	"strong": false, "sub": false, "sup": false, "u": false,
	"script": false, "style": false, "template": false,
	"article": true, "aside": true, "blockquote": true, "br": true, "caption": true,
	"dd": true, "div": true, "dl": true, "dt": true, "figcaption": true, "figure": true,
	"footer": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true,
	"h6": true, "header": true, "hr": true, "li": true, "main": true, "ol": true,
	"p": true, "pre": true, "section": true, "table": true, "tbody": true, "td": true,
	"tfoot": true, "th": true, "thead": true, "tr": true, "ul": true,
}

// htmlTag reports a simple HTML tag at i: "<name>", "</name>", "<name/>" or
// "<name attr=...>" for a known name. Anything else, such as "a < b and
// c > d", is text.
func htmlTag(s string, i int) (end int, block, ok bool) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		j++
	}
	k := j
	for k < len(s) && k-j < 12 && ('a' <= s[k]|0x20 && s[k]|0x20 <= 'z' || isDigit(s[k])) {
		k++
	}
	if k == j || isDigit(s[j]) {
		return 0, false, false
	}
	var name [12]byte
	for p := j; p < k; p++ {
		name[p-j] = lowerASCII[s[p]]
	}
	block, known := htmlTags[string(name[:k-j])]
	if !known {
		return 0, false, false
	}
	attrs := false
	for p := k; p < len(s) && p-i < maxTagBytes; p++ {
		switch c := s[p]; {
		case c == '>':
			// "<del>", "<del/>", "<del >", "<del\n>" and "<del class=x>"
			// are tags; "<del-x>" is not.
			rest := s[k:p]
			if rest == "" || attrs || isSpaceByte(rest[0]) && (trimSpaceASCII(rest) == "/" || trimSpaceASCII(rest) == "" || boolAttrs(rest)) ||
				rest == "/" {
				return p + 1, block, true
			}
			return 0, false, false
		case c == '<':
			return 0, false, false
		case c == '=' && p > k && isSpaceByte(s[k]):
			attrs = true
			// A quoted value may hold '>' or '<': "<del title=\"a>b\">".
			if q := p + 1; q < len(s) && (s[q] == '"' || s[q] == '\'') {
				e := -1
				if lim := min(len(s), i+maxTagBytes); q+1 < lim {
					e = strings.IndexByte(s[q+1:lim], s[q])
				}
				if e < 0 {
					return 0, false, false
				}
				p = q + 1 + e
			}
		}
	}
	return 0, false, false
}

// struckTags are the elements whose content is deleted text: a redline's
// <del>, and <s> and <strike>, which mark text as no longer accurate.
var struckTags = map[string]bool{"del": true, "s": true, "strike": true}

// rawTextTags are the elements whose content a page never shows as text:
// a script, a style sheet, a template. Their content runs to the close
// tag, blank lines and all, as a browser reads it.
var rawTextTags = map[string]bool{"script": true, "style": true, "template": true}

// boolAttrs reports whether rest, what follows a tag's name, holds only
// attributes without values: "<div hidden>", "<td nowrap>".
func boolAttrs(rest string) bool {
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if !isSpaceByte(c) && c != '-' && c != '/' && !isDigit(c) && ('a' > c|0x20 || c|0x20 > 'z') {
			return false
		}
	}
	return true
}

// tagName returns the lower-cased name of the tag s[i:j] that htmlTag
// accepted and whether it opens an element rather than closing one. A tag
// written as closing itself ("<del/>") opens one too: HTML ignores the
// slash on an element that is not void, so a browser strikes what follows
// it, and struck text is never read as present.
func tagName(s string, i, j int) (name string, open bool) {
	k := i + 1
	open = s[k] != '/'
	if s[k] == '/' {
		k++
	}
	e := k
	for e < j && ('a' <= s[e]|0x20 && s[e]|0x20 <= 'z' || isDigit(s[e])) {
		e++
	}
	return strings.ToLower(s[k:e]), open
}

// tildeStrike reports whether s[i:] opens a markdown strikethrough,
// "~~text~~" as GitHub writes it, and returns the offset after its closing
// tildes. The opening pair must be followed, and the closing pair preceded,
// by something other than white space, and both must lie in one paragraph;
// anything else ("~~ x", a lone "~5") is text. Unlike an HTML element, an
// unclosed pair strikes nothing: markdown renders it as tildes.
func tildeStrike(s string, i int) (int, bool) {
	if !strings.HasPrefix(s[i:], "~~") || i+2 >= len(s) || isSpaceByte(s[i+2]) || s[i+2] == '~' {
		return 0, false
	}
	for p := i + 3; p+1 < len(s); p++ {
		switch s[p] {
		case '\n':
			if k := skipSpaceASCII(s, p+1); strings.IndexByte(s[p+1:k], '\n') >= 0 {
				return 0, false // a blank line ends the paragraph
			}
		case '~':
			if s[p+1] == '~' && !isSpaceByte(s[p-1]) {
				return p + 2, true
			}
		}
	}
	return 0, false
}

// hiddenStyle reports whether the tag s, with its attributes, strikes its
// content through or hides it, as word processors and redlining tools
// export a deletion: <span style="text-decoration: line-through">, <font
// style="display:none">, <div hidden>. Such text is struck text. It runs
// for every tag of an HTML source, so it allocates nothing.
func hiddenStyle(tag string) bool {
	if !strings.ContainsAny(tag, " \t\n\r") {
		return false // no attributes: "<span>"
	}
	if hiddenAttr(tag) {
		return true
	}
	st := indexFold(tag, "style")
	if st < 0 {
		return false
	}
	tag = tag[st:]
	return indexFold(tag, "line-through") >= 0 || styleIs(tag, "display", "none") ||
		styleIs(tag, "visibility", "hidden")
}

// styleIs reports whether tag holds the declaration "prop: value", in any
// case, with any white space around the colon.
func styleIs(tag, prop, value string) bool {
	for i := 0; ; {
		k := indexFold(tag[i:], prop)
		if k < 0 {
			return false
		}
		j := skipSpaceASCII(tag, i+k+len(prop))
		if j < len(tag) && tag[j] == ':' {
			j = skipSpaceASCII(tag, j+1)
			if j+len(value) <= len(tag) && strings.EqualFold(tag[j:j+len(value)], value) {
				return true
			}
		}
		i += k + 1
	}
}

// hiddenAttr reports whether the tag carries HTML's hidden attribute,
// "<div hidden>", "<p hidden=\"\">", which hides the element and what it
// holds. The attribute values are skipped.
func hiddenAttr(tag string) bool {
	i := 1
	for i < len(tag) && !isSpaceByte(tag[i]) && tag[i] != '>' && tag[i] != '/' {
		i++ // the tag's name
	}
	for i < len(tag) {
		for i < len(tag) && (isSpaceByte(tag[i]) || tag[i] == '/') {
			i++
		}
		j := i
		for j < len(tag) && !isSpaceByte(tag[j]) && tag[j] != '=' && tag[j] != '>' && tag[j] != '/' {
			j++
		}
		if j == i {
			return false
		}
		if strings.EqualFold(tag[i:j], "hidden") {
			return true
		}
		i = skipSpaceASCII(tag, j)
		if i < len(tag) && tag[i] == '=' {
			i = skipSpaceASCII(tag, i+1)
			if i < len(tag) && (tag[i] == '"' || tag[i] == '\'') {
				e := strings.IndexByte(tag[i+1:], tag[i])
				if e < 0 {
					return false
				}
				i += e + 2
			} else {
				for i < len(tag) && !isSpaceByte(tag[i]) && tag[i] != '>' {
					i++
				}
			}
		}
	}
	return false
}

// indexFold returns the offset of the first ASCII-case-insensitive match of
// sub in s, or -1; sub starts with a byte that has no case, or with a
// lower-case letter.
func indexFold(s, sub string) int {
	c := sub[0]
	up := c
	if 'a' <= c && c <= 'z' {
		up = c - 'a' + 'A'
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i] != c && s[i] != up {
			continue
		}
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// commentEnd reports whether s[i:] opens an HTML comment and returns the
// offset after its "-->". A comment left open runs to the end of the text,
// as a browser reads it: what it holds is never shown.
func commentEnd(s string, i int) (int, bool) {
	if !strings.HasPrefix(s[i:], "<!--") {
		return 0, false
	}
	if e := strings.Index(s[i+4:], "-->"); e >= 0 {
		return i + 4 + e + 3, true
	}
	return len(s), true
}

// struckEnd reports whether s[i:j] opens a struck element and returns the
// offset after its matching close tag. An element left open ends at the end
// of its paragraph (a blank line) or of the text, as a browser ends it at
// the end of its block: deleted text is never read as present.
func struckEnd(s string, i, j int) (int, bool) {
	name, open := tagName(s, i, j)
	if !open || !struckTags[name] && !rawTextTags[name] && !hiddenStyle(s[i:j]) {
		return 0, false
	}
	if rawTextTags[name] {
		if e := indexFold(s[j:], "</"+name); e >= 0 {
			if k := strings.IndexByte(s[j+e:], '>'); k >= 0 {
				return j + e + k + 1, true
			}
		}
		return len(s), true
	}
	depth := 1
	for p := j; p < len(s); p++ {
		switch s[p] {
		case '\n':
			if k := skipSpaceASCII(s, p+1); strings.IndexByte(s[p+1:k], '\n') >= 0 {
				return p, true // a blank line ends the paragraph
			}
		case '<':
			e, _, ok := htmlTag(s, p)
			if !ok {
				continue
			}
			if n, o := tagName(s, p, e); n == name {
				if o {
					depth++
				} else if s[p+1] == '/' {
					depth--
				}
			}
			if depth == 0 {
				return e, true
			}
			p = e - 1
		}
	}
	return len(s), true
}

// skipSpaceASCII returns the offset of the first byte at or after j that is
// not ASCII white space.
func skipSpaceASCII(s string, j int) int {
	for j < len(s) && isSpaceByte(s[j]) {
		j++
	}
	return j
}

func trimSpaceASCII(s string) string {
	for len(s) > 0 && isSpaceByte(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpaceByte(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// maxUnitLetters is the longest letter run beside a number that keeps its
// case. Unit and scale symbols are short ("m", "MW", "kWh", "Mbps"), and in
// them case is meaning: mega is not milli, bytes are not bits. Longer words
// beside a number ("MILLION", "Euros") are words, whose case never changes
// what they say.
const maxUnitLetters = 4

// canon is F_t as the tier check compares it: fold(s, t), except that at the
// case tier and above a unit run keeps its case. A unit run is a run of at
// most maxUnitLetters letters beside a decimal digit run (of any script), in the folded
// text: glued to it ("500MW", "FY2023") or across up to maxUnitSep spaces
// and dashes ("500 MW", "500-MW", "500 – MW", "EUR 20"). So "500 MW" never matches "500 mW", nor
// "20 M euros" "20 m euros", nor "100 MB" "100 Mb". Which runs count is a
// plain text test, not a reading of the number: every short run beside
// digits keeps its case, so "PAGE 5 OF 9" matches "page 5 of 9" only at
// the exact or whitespace tier. before and after say that a digit run sits
// just outside s (the source around a span), which makes a run at an edge
// of s a unit run too. A run written with a lower-case letter before an
// upper-case one ("mW", "kWh") is a unit run wherever it stands (see
// camel). At the lower tiers markup or an invisible character
// may still stand between a number and its unit; tierOf therefore also
// compares the unit runs as the markup tier reads them (see unitRuns).
func canon(s string, t Tier, before, after, keepHyph bool) string {
	f := folder{level: t, src: s, bol: true, noCase: true, keepHyph: keepHyph,
		out: make([]byte, 0, len(s)+8)}
	f.run()
	if t < Case {
		return string(f.out)
	}
	return caseRuns(f.out, before, after)
}

// caseRuns case-folds b, a fold made without case, as the folder would,
// except for the letters of unit runs (see canon).
func caseRuns(b []byte, before, after bool) string {
	out := make([]byte, 0, len(b)+8)
	eachRun(b, before, after, func(i, j int, unit bool) {
		if unit {
			out = append(out, b[i:j]...)
			return
		}
		for i < j {
			if c := b[i]; c < utf8.RuneSelf {
				out = append(out, lowerASCII[c])
				i++
				continue
			}
			r, size := utf8.DecodeRune(b[i:])
			out = appendFold(out, r, b[i:i+size])
			i += size
		}
	})
	return string(out)
}

// unitRuns returns the unit runs of s, as they read in its markup-tier fold
// without case: the tokens whose case a match at the case tier or above
// must keep. Reading them at the markup tier puts "500 **MW**",
// "500\u200bMW" and "500–MW" beside their number at every tier.
func unitRuns(s string, before, after bool) []string {
	f := folder{level: Markup, src: s, bol: true, noCase: true, out: make([]byte, 0, len(s)+8)}
	f.run()
	var runs []string
	eachRun(f.out, before, after, func(i, j int, unit bool) {
		if unit {
			runs = append(runs, string(f.out[i:j]))
		}
	})
	return runs
}

// eachRun splits b into letter runs and the characters between them, in
// order, and calls fn with each piece and whether it is a unit run: at most
// maxUnitLetters letters beside a decimal digit run (of any script) (see canon). before and
// after say that a digit run sits just outside b.
func eachRun(b []byte, before, after bool, fn func(i, j int, unit bool)) {
	for i := 0; i < len(b); {
		j, n := runEnd(b, i)
		if n == 0 { // one character that is not a letter
			_, size := utf8.DecodeRune(b[i:])
			fn(i, i+size, false)
			i += size
			continue
		}
		fn(i, j, n <= maxUnitLetters && (digitBefore(b, i) || i == 0 && before ||
			digitAfter(b, j) || j == len(b) && after || camel(b[i:j])))
		i = j
	}
}

// camel reports a letter run with a lower-case letter right before an
// upper-case one ("mW", "kWh", "dBm"). Only a symbol is written so, and
// its case is its meaning wherever it stands: "Capacity (MW)" heads a
// column of megawatts and "capacity (mW)" one of milliwatts, with no digit
// beside either. A run is kept whole when the source or the quote spells it
// so, since each is read by the same rule.
func camel(b []byte) bool {
	lower := false
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if lower && unicode.IsUpper(r) {
			return true
		}
		lower = unicode.IsLower(r)
	}
	return false
}

// letterASCII marks the ASCII letters.
var letterASCII = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	return t
}()

// runEnd returns the end of the letter run at i and its length in
// characters, 0 when b[i] starts no run.
func runEnd(b []byte, i int) (int, int) {
	n := 0
	for i < len(b) {
		if c := b[i]; c < utf8.RuneSelf {
			if !letterASCII[c] {
				break
			}
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !isRunRune(r) {
			break
		}
		i += size
		n++
	}
	return i, n
}

// appendFold appends the case fold of r, whose encoding is enc, as
// foldRune and the ASCII table fold it.
func appendFold(out []byte, r rune, enc []byte) []byte {
	switch {
	case r < utf8.RuneSelf:
		return append(out, lowerASCII[r])
	case r == utf8.RuneError && len(enc) == 1:
		return append(out, enc...)
	case r == 'ß' || r == 'ẞ':
		return append(out, "ss"...)
	}
	return utf8.AppendRune(out, caseFold(r))
}

// isRunRune reports the characters of a letter run: letters and the marks
// that combine with them.
func isRunRune(r rune) bool { return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) }

// maxUnitSep bounds the spaces and dashes that may stand between a number
// and its unit: "500 MW", "500-MW", "500 – MW".
const maxUnitSep = 3

// digitBefore reports a decimal digit glued to b[i] from the left or at
// most maxUnitSep spaces or dashes away from it. Any script's digits count:
// "５００ MW" in a Japanese filing and "٥٠٠ MW" in an Arabic one are numbers
// with a unit as much as "500 MW" is.
func digitBefore(b []byte, i int) bool {
	for k := 0; i > 0 && k <= maxUnitSep; k++ {
		r, n := utf8.DecodeLastRune(b[:i])
		if unicode.IsDigit(r) {
			return true
		}
		if !isSeparator(r) {
			return false
		}
		i -= n
	}
	return false
}

// digitAfter reports a decimal digit at b[j] or at most maxUnitSep spaces
// or dashes after it, in any script (see digitBefore).
func digitAfter(b []byte, j int) bool {
	for k := 0; j < len(b) && k <= maxUnitSep; k++ {
		r, n := utf8.DecodeRune(b[j:])
		if unicode.IsDigit(r) {
			return true
		}
		if !isSeparator(r) {
			return false
		}
		j += n
	}
	return false
}

// isSeparator reports the characters that may stand between a number and
// its unit: a space or any dash ("500 MW", "500-MW", "500–MW").
func isSeparator(r rune) bool { return r == ' ' || unicode.Is(unicode.Pd, r) }

// maxFoldRounds bounds [Normalize]'s iteration. One pass is a fixed point for
// ordinary text; removing markup can at most expose a little new markup (as
// in "<<b>b>"), and each further round removes bytes.
const maxFoldRounds = 16

// Normalize returns N(s), the canonical form of s at the given tier: F_t
// applied until nothing changes. [Exact] returns s unchanged, and [Elided] is
// the same as [Markup]. At the case tier and above, letters of a unit or
// scale token beside a number keep their case (see the package
// documentation). Search uses one pass of F_t, which is already N for any
// text without nested markup.
func Normalize(s string, t Tier) string {
	if t == None || t == Exact {
		return s
	}
	if t > Markup {
		t = Markup
	}
	out := canon(s, t, false, false, false)
	for i := 0; i < maxFoldRounds; i++ {
		next := canon(out, t, false, false, false)
		if next == out {
			break
		}
		out = next
	}
	return out
}
