package quote

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Nearest is the closest candidate span for a quote that was not found in
// the source it names, or, for [WrongSource], where it was found instead.
// It is a hint for repairing the quote, never a match.
type Nearest struct {
	Source string `json:"source"` // the source the span is in
	Start  int    `json:"start"`  // byte offset of the span
	End    int    `json:"end"`    // byte offset one past the span
	Line   int    `json:"line"`   // 1-based line of Start
	Column int    `json:"column"` // 1-based column of Start, in bytes
	// Tier is set for a quote found in another source.
	Tier Tier   `json:"tier,omitempty"`
	Text string `json:"text"` // the source text of the span
	// Similarity is the share of the quote's and the span's word bytes that
	// align, in [0, 1), as a decimal string with two places ("0.97"). It is
	// "1.00" only for a quote found in another source.
	Similarity string `json:"similarity"`
	// Differs says what differs first, for example "source says 5,007
	// where the quote says 5,008".
	Differs string `json:"differs"`
}

// Bounds of the nearest-candidate search. The search looks up the quote's
// rarest word starts, so its cost depends on the quote, not the source.
const (
	nearAnchors    = 8   // word starts of the quote looked up
	nearPerAnchor  = 32  // candidate offsets taken from each
	nearWords      = 200 // quote words compared; longer quotes are cut
	nearMinPercent = 50  // weaker candidates are not reported
)

// word is a span of a folded text.
type word struct{ s, e int }

func words(b []byte, from, maxWords, maxBytes int) []word {
	var ws []word
	for i := from; i < len(b) && len(ws) < maxWords && i-from < maxBytes; {
		j := bytes.IndexByte(b[i:], ' ')
		if j < 0 {
			j = len(b) - i
		}
		ws = append(ws, word{i, i + j})
		i += j + 1
	}
	return ws
}

// nearest finds the candidate span most like q, or nil.
func (ix *Index) nearest(q *prepared) *Nearest {
	qb, qmap := mapFold(q.trim)
	qw := words(qb, 0, nearWords, len(qb))
	type anchor struct {
		d    int
		hits []int32
	}
	// Long words make the rarest anchors; a quote with few of them (the
	// changed word may be one) is anchored at its short words too, through
	// the table built for them.
	var anchors []anchor
	for _, long := range []bool{true, false} {
		for _, w := range qw {
			if w.s+keyLen <= len(qb) && indexed(keyAt(qb, w.s)) == long {
				if hits := ix.wordBucket(qb, w.s); len(hits) > 0 {
					anchors = append(anchors, anchor{w.s, hits})
				}
			}
		}
		if len(anchors) >= nearAnchors/2 {
			break
		}
	}
	sort.SliceStable(anchors, func(i, j int) bool { return len(anchors[i].hits) < len(anchors[j].hits) })
	best := -1
	bestScore := nearMinPercent * 100 // in hundredths of a percent
	seen := map[int]bool{}
	for _, a := range anchors[:min(len(anchors), nearAnchors)] {
		for _, c := range a.hits[:min(len(a.hits), nearPerAnchor)] {
			start := max(0, int(c)-a.d)
			for start > 0 && ix.norm[start-1] != ' ' {
				start--
				q.work++
			}
			if seen[start] {
				continue
			}
			seen[start] = true
			_, score, cells := ix.compare(qb, qw, &qmap, start, false)
			q.work += cells
			if score > bestScore {
				best, bestScore = start, score
			}
		}
	}
	if best < 0 {
		return nil
	}
	n, _, cells := ix.compare(qb, qw, &qmap, best, true)
	q.work += cells
	return n
}

// compare aligns the quote's words with the source's words from start on and
// scores the aligned span in hundredths of a percent; with describe, it
// describes the span too. A span that is not valid text scores 0. cells is
// the number of word pairs the alignment compared.
func (ix *Index) compare(qb []byte, qw []word, qmap *offsets, start int, describe bool) (n *Nearest, score, cells int) {
	sw := words(ix.norm, start, len(qw)+4, 2*len(qb)+64)
	cells = len(qw) * len(sw)
	pairs := align(qb, qw, ix.norm, sw)
	if len(pairs) == 0 {
		return nil, 0, cells
	}
	// Widen the span by as many source words as the quote has before its
	// first and after its last aligned word, so a changed word at an edge
	// shows as a change rather than as an omission.
	first := max(0, pairs[0][1]-pairs[0][0])
	last := min(len(sw)-1, pairs[len(pairs)-1][1]+len(qw)-1-pairs[len(pairs)-1][0])
	matched, qBytes, sBytes := 0, 0, 0
	for _, p := range pairs {
		matched += qw[p[0]].e - qw[p[0]].s
	}
	for _, w := range qw {
		qBytes += w.e - w.s
	}
	for _, w := range sw[first : last+1] {
		sBytes += w.e - w.s
	}
	score = min(9999, 20000*matched/(qBytes+sBytes))
	s, e := ix.span(sw[first].s, sw[last].e)
	if !utf8.ValidString(ix.src[s:e]) {
		return nil, 0, cells // a hint must be text a caller can show
	}
	if !describe {
		return nil, score, cells
	}
	line, col := ix.Position(s)
	return &Nearest{
		Start: s, End: e, Line: line, Column: col,
		Text:       ix.src[s:e],
		Similarity: fmt.Sprintf("%d.%02d", score/10000, score/100%100),
		Differs:    differs(qw, sw[:last+1], first, pairs, qmap, &ix.offsets),
	}, score, cells
}

// wordKeys returns the words of b as align compares them: without quotation
// marks around them or punctuation after them ("million," is "million").
// Digits, signs and currency symbols always count.
func wordKeys(b []byte, ws []word) [][]byte {
	keys := make([][]byte, len(ws))
	for i, w := range ws {
		keys[i] = bytes.TrimRight(bytes.Trim(b[w.s:w.e], `"'`), `,;:.!?"'`)
	}
	return keys
}

// align returns the longest common subsequence of alike words as index
// pairs (quote word, source word), in order.
func align(qb []byte, qw []word, sb []byte, sw []word) [][2]int {
	n, m := len(qw), len(sw)
	qk, sk := wordKeys(qb, qw), wordKeys(sb, sw)
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) *int32 { return &lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case bytes.Equal(qk[i], sk[j]):
				*at(i, j) = *at(i+1, j+1) + 1
			default:
				*at(i, j) = max(*at(i+1, j), *at(i, j+1))
			}
		}
	}
	var pairs [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case bytes.Equal(qk[i], sk[j]):
			pairs = append(pairs, [2]int{i, j})
			i, j = i+1, j+1
		case *at(i+1, j) >= *at(i, j+1):
			i++
		default:
			j++
		}
	}
	return pairs
}

// differs describes the first gap in an alignment, in the original text of
// both sides, and counts the others.
func differs(qw, sw []word, first int, pairs [][2]int, qmap, smap *offsets) string {
	text := func(m *offsets, ws []word) string {
		if len(ws) == 0 {
			return ""
		}
		s, e := m.span(ws[0].s, ws[len(ws)-1].e)
		return strings.Join(strings.Fields(m.src[s:e]), " ")
	}
	var gaps []string
	pi, pj := -1, first-1
	ends := append(pairs[:len(pairs):len(pairs)], [2]int{len(qw), len(sw)})
	for _, p := range ends {
		qs, ss := text(qmap, qw[pi+1:p[0]]), text(smap, sw[pj+1:p[1]])
		switch {
		case qs != "" && ss != "":
			gaps = append(gaps, fmt.Sprintf("source says %s where the quote says %s", ss, qs))
		case qs != "":
			gaps = append(gaps, fmt.Sprintf("the quote has %s, which the source lacks", qs))
		case ss != "":
			gaps = append(gaps, fmt.Sprintf("the source has %s, which the quote lacks", ss))
		}
		pi, pj = p[0], p[1]
	}
	switch len(gaps) {
	case 0:
		return "the words agree; a number or word at an edge runs on in the source"
	case 1:
		return gaps[0]
	}
	return fmt.Sprintf("%s (and %d more differences)", gaps[0], len(gaps)-1)
}
