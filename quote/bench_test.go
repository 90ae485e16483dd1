package quote

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// filing returns a deterministic, mostly-ASCII text of about n bytes shaped
// like a financial filing: paragraphs of wrapped lines with numbers, some
// curly quotes and some words hyphenated across line breaks.
func filing(n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := strings.Fields(`the company reported net income revenue operating expenses
		increased decreased compared with fiscal year quarter million billion
		segment international domestic consolidated statements cash flows from
		activities interest tax provision deferred assets liabilities equity
		shareholders dividend per share diluted basic weighted average primarily
		due to higher lower sales volume pricing currency exchange rates impact`)
	var b strings.Builder
	b.Grow(n + 200)
	col := 0
	for b.Len() < n {
		var w string
		switch r := rng.IntN(40); {
		case r == 0:
			w = fmt.Sprintf("$%d,%03d", rng.IntN(999)+1, rng.IntN(1000))
		case r == 1:
			w = fmt.Sprintf("%d.%d%%", rng.IntN(40), rng.IntN(10))
		case r == 2:
			w = "\u201c" + vocab[rng.IntN(len(vocab))] + "\u201d"
		case r == 3:
			w = fmt.Sprintf("(%d)", rng.IntN(10000))
		default:
			w = vocab[rng.IntN(len(vocab))]
		}
		if col+len(w) > 72 {
			if len(w) > 6 && rng.IntN(8) == 0 {
				b.WriteString(w[:3] + "-\n" + w[3:])
				col = len(w) - 3
			} else {
				b.WriteString("\n" + w)
				col = len(w)
			}
		} else {
			if col > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			col += len(w) + 1
		}
		if rng.IntN(120) == 0 {
			b.WriteString(".\n\n")
			col = 0
		}
	}
	return b.String()
}

const benchSize = 10 << 20

var bench struct {
	once   sync.Once
	src    string
	ix     *Index
	quotes []string
}

// benchSetup builds the shared source, its index and 1,000 quotes taken from
// spread-out places in the source (some across a line break).
func benchSetup(b *testing.B) {
	bench.once.Do(func() {
		bench.src = filing(benchSize)
		bench.ix = MustIndex(bench.src)
		rng := rand.New(rand.NewPCG(3, 4))
		for len(bench.quotes) < 1000 {
			p := rng.IntN(len(bench.src) - 200)
			p += strings.IndexByte(bench.src[p:], ' ') + 1
			q := bench.src[p : p+60]
			q = q[:strings.LastIndexByte(q, ' ')]
			bench.quotes = append(bench.quotes, q)
		}
	})
	b.ResetTimer()
}

func BenchmarkIndex(b *testing.B) {
	benchSetup(b)
	b.SetBytes(int64(len(bench.src)))
	for b.Loop() {
		MustIndex(bench.src)
	}
	b.ReportMetric(float64(bench.ix.Size())/float64(len(bench.src)), "index/source")
}

// benchQuote is a quote near the middle of the source, found at the case
// tier, so that strings.Index must scan half the text.
func benchQuote() (quote, norm string) {
	p := len(bench.src) / 2
	p += strings.IndexByte(bench.src[p:], '\n') + 1
	q := bench.src[p : p+50]
	q = q[:strings.LastIndexByte(q, ' ')]
	return strings.ToUpper(q), fold(q, Markup)
}

func BenchmarkFind(b *testing.B) {
	benchSetup(b)
	q, _ := benchQuote()
	b.SetBytes(int64(len(bench.src)))
	for b.Loop() {
		if m, _ := bench.ix.Find(q, Options{}); !m.Found {
			b.Fatalf("%q not found", q)
		}
	}
}

// BenchmarkStringsIndex is the bound for BenchmarkFind: a plain
// strings.Index of the folded quote over the already folded source.
func BenchmarkStringsIndex(b *testing.B) {
	benchSetup(b)
	_, nq := benchQuote()
	norm := string(bench.ix.norm)
	b.SetBytes(int64(len(bench.src)))
	for b.Loop() {
		if strings.Index(norm, nq) < 0 {
			b.Fatal("not found")
		}
	}
}

func BenchmarkFind1000(b *testing.B) {
	benchSetup(b)
	b.SetBytes(int64(len(bench.src)))
	for b.Loop() {
		for _, q := range bench.quotes {
			if m, _ := bench.ix.Find(q, Options{}); !m.Found {
				b.Fatalf("%q not found: %s", q, m.Reason)
			}
		}
	}
}

// BenchmarkNearest is a quote with one digit changed: the bounded search
// for the nearest candidate.
func BenchmarkNearest(b *testing.B) {
	benchSetup(b)
	q := []byte(bench.quotes[0])
	for i, c := range q {
		if 'a' <= c && c <= 'z' {
			q[i] = 'x'
			break
		}
	}
	for b.Loop() {
		if m, _ := bench.ix.Find(string(q), Options{}); m.Found {
			b.Fatal("found")
		}
	}
}
