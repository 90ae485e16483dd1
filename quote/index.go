package quote

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/indexcount"
)

// MaxSourceBytes is the largest source [NewIndex] accepts. Offsets are kept
// as int32 to hold the index near twice the source's size, and folding can
// grow text by half (a two-byte capital whose lower case takes three bytes).
const MaxSourceBytes = 1 << 30

// keyLen is how many normalized bytes after a word start make a lookup key.
// Eight bytes fit one machine word and usually span two words of text, which
// makes most buckets small.
const keyLen = 8

// bucketLoad is the mean number of word starts per bucket. A bucket is
// scanned only for the rarest key of a quote, so a few entries cost little,
// while a smaller table stays in cache as it is built.
const bucketLoad = 8

// Index is a source text prepared for quote lookup: its normalized form
// (one pass of F_Markup), a map from normalized back to original offsets, a
// hash table of its word starts (see indexed) and the offsets of its lines.
// A second table, of the word starts the first leaves out, is built the
// first time a quote made only of short words needs it. An Index is
// immutable (but for that table, built once under a sync.Once) and safe for
// concurrent use.
type Index struct {
	offsets
	norm  []byte
	lines []int32 // offset of each line's first byte
	table         // word starts of long words
	short *lazyTable
	// barriers reports that the source holds bidirectional controls or
	// NUL bytes, so a quote missed by the folded search is also looked up
	// byte for byte.
	barriers bool
	// hidden are the original spans the fold dropped with their content
	// (struck text, comments), in order: a byte-for-byte match inside one
	// quotes what the document does not show.
	hidden [][2]int
}

// table is a hash table of word starts in the folded text, keyed by the
// keyLen bytes at each.
type table struct {
	heads []int32 // bucket b holds pos[heads[b]:heads[b+1]]
	pos   []int32 // word starts in norm, grouped by bucket, ascending
	shift uint    // 64 - log2(number of buckets)
}

// lazyTable is the table of short-word starts, built on first use.
type lazyTable struct {
	once sync.Once
	done atomic.Bool // set once the table is built
	table
}

func (l *lazyTable) built() bool { return l != nil && l.done.Load() }

// NewIndex normalizes src once and builds its lookup tables. It fails only
// for a source larger than [MaxSourceBytes].
func NewIndex(src string) (*Index, error) {
	if len(src) > MaxSourceBytes {
		return nil, &fault.Error{Code: fault.SourceTooLarge,
			Msg:  "source is larger than 1 GiB",
			Hint: "split the source into named parts"}
	}
	indexcount.Add()
	f := folder{level: Markup, src: src, bol: true, record: true, anchor: true,
		out:    make([]byte, 0, len(src)+len(src)/64+8),
		anchrs: make([]int32, 0, len(src)/6+8)}
	f.run()
	ix := &Index{offsets: offsets{src, f.marks}, norm: f.out, short: new(lazyTable), hidden: f.hidden}
	ix.barriers = bytes.IndexByte(f.out, barrier) >= 0
	ix.buildLines()
	ix.table.build(ix.norm, f.anchrs, indexed)
	return ix, nil
}

// MustIndex is [NewIndex] for tests and package-level variables; it panics
// on error.
func MustIndex(src string) *Index {
	ix, err := NewIndex(src)
	if err != nil {
		panic(err)
	}
	return ix
}

// inHidden reports whether the original bytes s:e overlap a span the fold
// dropped with its content.
func (ix *Index) inHidden(s, e int) bool {
	k, _ := slices.BinarySearchFunc(ix.hidden, s, func(h [2]int, s int) int { return cmp.Compare(h[1], s+1) })
	return k < len(ix.hidden) && ix.hidden[k][0] < e
}

// Source returns the original text of ix.
func (ix *Index) Source() string { return ix.src }

// Size reports the bytes ix holds beyond the source text itself, the table
// of short-word starts included once it is built.
func (ix *Index) Size() int {
	n := cap(ix.norm) + 8*cap(ix.marks) + 4*(cap(ix.lines)+cap(ix.heads)+cap(ix.pos))
	if ix.short.built() {
		n += 4 * (cap(ix.short.heads) + cap(ix.short.pos))
	}
	return n
}

// shortWords returns the table of the word starts that the main table
// leaves out, building it on first use: the starts of words under four
// bytes ("it is not to be"), and the starts of words after anything but a
// space ("(revenue", "non-compliant"). Between the two tables every word
// start of the text is keyed, so a quote made only of short words, or whose
// only long word is its first, is looked up, not scanned.
func (ix *Index) shortWords() *table {
	ix.short.once.Do(func() {
		norm := ix.norm
		starts := make([]int32, 0, len(norm)/8)
		prev := false // the character before p is a letter or a number
		for p := 0; p < len(norm); p++ {
			s, w := p, wordASCII[norm[p]&0x7F]
			if norm[p] >= utf8.RuneSelf {
				var size int
				w, size = wordAt(norm, p)
				p += size - 1
			}
			if w && !prev && (s == 0 || norm[s-1] != ' ' || !indexed(keyAt(norm, s))) {
				starts = append(starts, int32(s))
			}
			prev = w
		}
		ix.short.build(norm, starts, func(uint64) bool { return true })
		ix.short.done.Store(true)
	})
	return &ix.short.table
}

// wordASCII marks the ASCII letters and digits.
var wordASCII = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c|0x20 && c|0x20 <= 'z' || isDigit(byte(c))
	}
	return t
}()

// wordAt reports whether the character at p is a letter or a number, and
// its size.
func wordAt(b []byte, p int) (bool, int) {
	if c := b[p]; c < utf8.RuneSelf {
		return wordASCII[c], 1
	}
	r, size := utf8.DecodeRune(b[p:])
	return isWordRune(r), size
}

func (ix *Index) buildLines() {
	ix.lines = make([]int32, 1, strings.Count(ix.src, "\n")+1)
	for i := 0; ; {
		j := strings.IndexByte(ix.src[i:], '\n')
		if j < 0 {
			return
		}
		i += j + 1
		ix.lines = append(ix.lines, int32(i))
	}
}

// build groups the word starts that keep admits by the hash of their key
// with a counting sort, so that each bucket lists its offsets in ascending
// order.
func (t *table) build(norm []byte, anchors []int32, keep func(uint64) bool) {
	nb := 1
	if n := len(anchors) / bucketLoad; n > 1 {
		nb = 1 << bits.Len(uint(n-1))
	}
	t.shift = uint(64 - bits.TrailingZeros(uint(nb)))
	t.heads = make([]int32, nb+1)
	if nb >= partitionMin {
		t.buildPartitioned(norm, anchors, keep)
		return
	}
	t.buildCounting(norm, anchors, keep)
}

// buildCounting fills a table whose heads are allocated with one counting
// sort, overwriting anchors with the kept ones.
func (t *table) buildCounting(norm []byte, anchors []int32, keep func(uint64) bool) {
	nb := len(t.heads) - 1
	kept := anchors[:0]
	for _, a := range anchors {
		if k := keyAt(norm, int(a)); keep(k) {
			t.heads[t.bucket(k)+1]++
			kept = append(kept, a)
		}
	}
	for b := 1; b <= nb; b++ {
		t.heads[b] += t.heads[b-1]
	}
	t.pos = make([]int32, len(kept))
	for _, a := range kept {
		b := t.bucket(keyAt(norm, int(a)))
		t.pos[t.heads[b]] = a
		t.heads[b]++
	}
	copy(t.heads[1:], t.heads[:nb])
	t.heads[0] = 0
}

// partitionMin is the number of buckets from which build sorts in two
// passes: 2^16 buckets of 4 bytes, and the offsets they scatter to, no
// longer fit in a core's cache, and scattering straight into them cost a
// cache miss a word start (at 100 MiB of text, 1.5× the time a byte of
// 1 MiB did).
const partitionMin = 1 << 16

// partitionBits sets the partitions of buildPartitioned: 256 places
// written at once stay within the cache and its TLB (2,048 ran at half the
// speed), and leave each partition of 100 MiB of text about 160 KiB of
// offsets to scatter.
const partitionBits = 8

// buildPartitioned builds the same table as build's counting sort, in two
// passes that each write to few places at once: the kept word starts are
// first scattered by the top bits of their bucket into as many partitions
// as fit in the cache's write buffers, then each partition, whose buckets
// are a small contiguous range, is counted and scattered into place. Both
// passes are stable, so each bucket lists its offsets in ascending order.
func (t *table) buildPartitioned(norm []byte, anchors []int32, keep func(uint64) bool) {
	nb := len(t.heads) - 1
	low := uint(bits.TrailingZeros(uint(nb))) - partitionBits // bits of a bucket within its partition
	parts := nb >> low
	starts := make([]int, parts+1)
	n := 0
	for _, a := range anchors {
		if k := keyAt(norm, int(a)); keep(k) {
			starts[t.bucket(k)>>low+1]++
			n++
		}
	}
	for i := 1; i <= parts; i++ {
		starts[i] += starts[i-1]
	}
	// Each entry is its bucket and its offset, so that the second pass
	// reads no text.
	sorted := make([]uint64, n)
	next := append([]int(nil), starts[:parts]...)
	for _, a := range anchors {
		if k := keyAt(norm, int(a)); keep(k) {
			b := t.bucket(k)
			sorted[next[b>>low]] = uint64(b)<<32 | uint64(uint32(a))
			next[b>>low]++
		}
	}
	for _, e := range sorted {
		t.heads[e>>32+1]++
	}
	for b := 1; b <= nb; b++ {
		t.heads[b] += t.heads[b-1]
	}
	t.pos = make([]int32, n)
	for _, e := range sorted {
		b := e >> 32
		t.pos[t.heads[b]] = int32(uint32(e))
		t.heads[b]++
	}
	copy(t.heads[1:], t.heads[:nb])
	t.heads[0] = 0
}

// indexed reports whether a word start with key k goes into the table: only
// words of four bytes or more do. Short words ("of", "the") make poor keys,
// and leaving them out halves the table and its build time; a quote found
// through the table needs one longer word after its first.
func indexed(k uint64) bool {
	for i := 0; i < 4; i++ {
		if byte(k>>(8*i)) == ' ' {
			return false
		}
	}
	return true
}

// keyAt returns the keyLen bytes at p as a word, zero-padded at the end.
func keyAt(b []byte, p int) uint64 {
	if p+keyLen <= len(b) {
		return binary.LittleEndian.Uint64(b[p:])
	}
	var k uint64
	for i := p; i < len(b); i++ {
		k |= uint64(b[i]) << (8 * (i - p))
	}
	return k
}

func (t *table) bucket(k uint64) int {
	if t.shift >= 64 {
		return 0
	}
	return int((k * 0x9E3779B97F4A7C15) >> t.shift)
}

// of returns the bucket of the key at q[d:]: every word start of the text
// whose key is the same, and some others.
func (t *table) of(q []byte, d int) []int32 {
	b := t.bucket(keyAt(q, d))
	return t.pos[t.heads[b]:t.heads[b+1]]
}

// wordBucket returns the bucket of the word start at q[d:], a word after a
// space, in the table that holds such keys.
func (ix *Index) wordBucket(q []byte, d int) []int32 {
	if indexed(keyAt(q, d)) {
		return ix.table.of(q, d)
	}
	return ix.shortWords().of(q, d)
}

// A probe is the set of places in the text where a quote's key at q[d:]
// may be: a bucket of the main table, of the short-word table, or both.
type probe struct {
	d           int
	main, short []int32
}

func (p probe) size() int { return len(p.main) + len(p.short) }

// bestProbe returns the rarest place where a key of the folded quote q may
// be found: a word start with keyLen bytes after it, or a place after a
// space where a long word's key starts. At q[0], where the text before the
// quote is unknown, a long word's key may be in either table. The short-word
// table is consulted, and built, only when no key of q is in the main one.
// It reports false for a quote with no key at all.
func (ix *Index) bestProbe(q []byte) (probe, bool) {
	var best probe
	found, short := false, false
	prev := false
	for i := 0; i+keyLen <= len(q); {
		w, size := wordAt(q, i)
		if i > 0 && q[i-1] == ' ' && indexed(keyAt(q, i)) {
			if c := ix.table.of(q, i); !found || len(c) < best.size() {
				best, found = probe{d: i, main: c}, true
			}
		} else if w && !prev {
			short = true
		}
		prev = w
		i += size
	}
	if found || !short {
		return best, found
	}
	st := ix.shortWords()
	prev = false
	for i := 0; i+keyLen <= len(q); {
		w, size := wordAt(q, i)
		if w && !prev && !(i > 0 && q[i-1] == ' ' && indexed(keyAt(q, i))) {
			p := probe{d: i, short: st.of(q, i)}
			if i == 0 && indexed(keyAt(q, 0)) {
				p.main = ix.table.of(q, 0)
			}
			if !found || p.size() < best.size() {
				best, found = p, true
			}
		}
		prev = w
		i += size
	}
	return best, found
}

// occurrences calls fn with each offset of q in the normalized text, in
// ascending order, until fn returns false, and returns the bytes it
// compared or scanned, the measure of its cost. It looks q up through its
// rarest key (see bestProbe). Only a quote with no key, one with no word
// start keyLen bytes from its end (shorter than the default MinChars
// allows), scans the text.
func (ix *Index) occurrences(q []byte, fn func(p int) bool) (work int) {
	best, ok := ix.bestProbe(q)
	// In repetitive text ("0 0 0 0 …", a dotted leader, a table of dashes)
	// the rarest key may still start at most word starts, and comparing a
	// long quote at each would cost the bucket's size times the quote's
	// length. A scan costs about the text's length (bytes.Index falls back
	// to Rabin-Karp), so past that the scan is the cheaper bound.
	if ok && best.size() > (scanFactor*len(ix.norm)+scanSlack)/max(1, len(q)) {
		ok = false
	}
	if !ok {
		for p := 0; p <= len(ix.norm)-len(q); p++ {
			k := bytes.Index(ix.norm[p:], q)
			if k < 0 {
				return work + len(ix.norm) - p
			}
			work += k + len(q)
			p += k
			if !fn(p) {
				return work
			}
		}
		return work
	}
	// The two buckets are each ascending; merge them.
	m, s := best.main, best.short
	for len(m) > 0 || len(s) > 0 {
		var c int32
		if len(s) == 0 || len(m) > 0 && m[0] < s[0] {
			c, m = m[0], m[1:]
		} else {
			c, s = s[0], s[1:]
		}
		p := int(c) - best.d
		if p < 0 || p+len(q) > len(ix.norm) {
			continue
		}
		// The quote's last byte first: in repetitive text most candidates
		// differ only at its end.
		work++
		if ix.norm[p+len(q)-1] == q[len(q)-1] {
			work += len(q)
			if bytes.Equal(ix.norm[p:p+len(q)], q) && !fn(p) {
				return work
			}
		}
	}
	return work
}

// scanFactor and scanSlack set when occurrences scans the text rather than
// probing a bucket: when the bucket's candidates, each compared over the
// quote's length, would cost more than scanFactor passes over the text
// plus scanSlack bytes.
const (
	scanFactor = 4
	scanSlack  = 1 << 16
)

// offsets maps normalized offsets back into the original text src.
type offsets struct {
	src   string
	marks []mark
}

// mapFold folds s at the Markup tier keeping the offset map.
func mapFold(s string) ([]byte, offsets) {
	f := folder{level: Markup, src: s, bol: true, record: true}
	f.run()
	return f.out, offsets{s, f.marks}
}

// orig maps a normalized offset to the original offset it came from.
func (m *offsets) orig(n int) int {
	k := sort.Search(len(m.marks), func(i int) bool { return int(m.marks[i].n) > n }) - 1
	if k < 0 {
		return n
	}
	return int(m.marks[k].o) + n - int(m.marks[k].n)
}

// span maps the normalized span [ns, ne) to the original span that produced
// it, widened to whole characters.
func (m *offsets) span(ns, ne int) (start, end int) {
	start = runeStart(m.src, m.orig(ns))
	last := runeStart(m.src, m.orig(ne-1))
	_, size := utf8.DecodeRuneInString(m.src[last:])
	return start, last + size
}

// runeStart returns the start of the character that holds byte i, as
// utf8.DecodeRuneInString splits s: an invalid byte stands alone. It looks
// back at most three bytes, so a run of stray continuation bytes costs no
// more than valid text.
func runeStart(s string, i int) int {
	i = max(0, min(i, len(s)-1))
	for k := 1; k < utf8.UTFMax && i-k >= 0; k++ {
		if utf8.RuneStart(s[i-k]) {
			if _, size := utf8.DecodeRuneInString(s[i-k:]); size > k {
				return i - k
			}
			break
		}
	}
	return i
}

// Position returns the 1-based line and column of the byte offset off in the
// source. Lines end at '\n'; columns count bytes, as go/scanner's do. An
// offset before the start, or any offset of a zero Index, has no position:
// 0, 0.
func (ix *Index) Position(off int) (line, column int) {
	k := sort.Search(len(ix.lines), func(i int) bool { return int(ix.lines[i]) > off })
	if k == 0 {
		return 0, 0
	}
	return k, off - int(ix.lines[k-1]) + 1
}
