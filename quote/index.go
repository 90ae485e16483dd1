package quote

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sort"
	"strings"
	"unicode/utf8"
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
// hash table of its word starts (see indexed) and the offsets of its lines. An Index is
// immutable and safe for concurrent use.
type Index struct {
	offsets
	norm  []byte
	lines []int32 // offset of each line's first byte
	heads []int32 // bucket b holds pos[heads[b]:heads[b+1]]
	pos   []int32 // word starts in norm, grouped by bucket, ascending
	shift uint    // 64 - log2(number of buckets)
	// barriers reports that the source holds bidirectional controls or
	// NUL bytes, so a quote missed by the folded search is also looked up
	// byte for byte.
	barriers bool
}

// NewIndex normalizes src once and builds its lookup tables. It fails only
// for a source larger than [MaxSourceBytes].
func NewIndex(src string) (*Index, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Code: CodeSourceTooLarge,
			Msg:  "source is larger than 1 GiB",
			Hint: "split the source into named parts"}
	}
	f := folder{level: Markup, src: src, bol: true, record: true, anchor: true,
		out:    make([]byte, 0, len(src)+len(src)/64+8),
		anchrs: make([]int32, 0, len(src)/6+8)}
	f.run()
	ix := &Index{offsets: offsets{src, f.marks}, norm: f.out}
	ix.barriers = bytes.IndexByte(f.out, barrier) >= 0
	ix.buildLines()
	ix.buildBuckets(f.anchrs)
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

// Source returns the original text of ix.
func (ix *Index) Source() string { return ix.src }

// Size reports the bytes ix holds beyond the source text itself.
func (ix *Index) Size() int {
	return cap(ix.norm) + 8*cap(ix.marks) + 4*(cap(ix.lines)+cap(ix.heads)+cap(ix.pos))
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

// buildBuckets groups the word starts by the hash of their key with a
// counting sort, so that each bucket lists its offsets in ascending order.
func (ix *Index) buildBuckets(anchors []int32) {
	nb := 1
	if n := len(anchors) / bucketLoad; n > 1 {
		nb = 1 << bits.Len(uint(n-1))
	}
	ix.shift = uint(64 - bits.TrailingZeros(uint(nb)))
	ix.heads = make([]int32, nb+1)
	kept := anchors[:0]
	for _, a := range anchors {
		if k := keyAt(ix.norm, int(a)); indexed(k) {
			ix.heads[ix.bucket(k)+1]++
			kept = append(kept, a)
		}
	}
	for b := 1; b <= nb; b++ {
		ix.heads[b] += ix.heads[b-1]
	}
	ix.pos = make([]int32, len(kept))
	for _, a := range kept {
		b := ix.bucket(keyAt(ix.norm, int(a)))
		ix.pos[ix.heads[b]] = a
		ix.heads[b]++
	}
	copy(ix.heads[1:], ix.heads[:nb])
	ix.heads[0] = 0
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

func (ix *Index) bucket(k uint64) int {
	if ix.shift >= 64 {
		return 0
	}
	return int((k * 0x9E3779B97F4A7C15) >> ix.shift)
}

func (ix *Index) bucketOf(q []byte, d int) []int32 {
	b := ix.bucket(keyAt(q, d))
	return ix.pos[ix.heads[b]:ix.heads[b+1]]
}

// occurrences calls fn with each offset of q in the normalized text, in
// ascending order, until fn returns false. It looks q up through its rarest
// word start when q has one with a full key after it, and scans otherwise.
func (ix *Index) occurrences(q []byte, fn func(p int) bool) {
	best, d := []int32(nil), -1
	for i := 1; i+keyLen <= len(q); i++ {
		if q[i-1] != ' ' {
			continue
		}
		if !indexed(keyAt(q, i)) {
			continue
		}
		if c := ix.bucketOf(q, i); d < 0 || len(c) < len(best) {
			best, d = c, i
		}
	}
	if d < 0 {
		for p := 0; p <= len(ix.norm)-len(q); p++ {
			k := bytes.Index(ix.norm[p:], q)
			if k < 0 {
				return
			}
			p += k
			if !fn(p) {
				return
			}
		}
		return
	}
	for _, c := range best {
		p := int(c) - d
		if p >= 0 && p+len(q) <= len(ix.norm) && bytes.Equal(ix.norm[p:p+len(q)], q) {
			if !fn(p) {
				return
			}
		}
	}
}

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
// source. Lines end at '\n'; columns count bytes, as go/scanner's do.
func (ix *Index) Position(off int) (line, column int) {
	k := sort.Search(len(ix.lines), func(i int) bool { return int(ix.lines[i]) > off })
	return k, off - int(ix.lines[k-1]) + 1
}
