package quote

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reckonhq/reckon/internal/cputime"
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
	defer cputime.Report(b)()
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
	defer cputime.Report(b)()
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
	defer cputime.Report(b)()
	for b.Loop() {
		if strings.Index(norm, nq) < 0 {
			b.Fatal("not found")
		}
	}
}

func BenchmarkFind1000(b *testing.B) {
	benchSetup(b)
	b.SetBytes(int64(len(bench.src)))
	defer cputime.Report(b)()
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
	defer cputime.Report(b)()
	for b.Loop() {
		if m, _ := bench.ix.Find(string(q), Options{}); m.Found {
			b.Fatal("found")
		}
	}
}

// shortVocab are words under four bytes, none of them a negation.
var shortVocab = strings.Fields(`of the to in a is it for on as by at be or an we us so if
	up do go my he me am our its has had was are but all any can may one two new per
	via off out own set yet`)

// shortBench holds 20 MB of text as one source and as four of 5 MB, and
// 2,000 quotes made only of short words, the quotes the word table cannot
// look up.
var shortBench struct {
	once    sync.Once
	texts   []string // the four parts
	whole   *Index   // the four parts as one source
	sources *Sources
	quotes  []Quote // ids "f…" are planted in the source they cite, "w…" in another, "a…" nowhere
}

// shortWordQuote returns five random short words.
func shortWordQuote(rng *rand.Rand) string {
	w := make([]string, 5)
	for i := range w {
		w[i] = shortVocab[rng.IntN(len(shortVocab))]
	}
	return strings.Join(w, " ")
}

// shortSetup builds four filing-like texts of 5 MB in which half the words
// are short, plants 1,500 quotes in them and makes 500 more that are in none.
func shortSetup(b *testing.B) {
	shortBench.once.Do(func() {
		rng := rand.New(rand.NewPCG(5, 6))
		plant := make([][]string, 4)
		for i := 0; i < 1500; i++ {
			q, in := shortWordQuote(rng), rng.IntN(4)
			plant[in] = append(plant[in], q)
			cited := in
			if i >= 1000 {
				cited = (in + 1 + rng.IntN(3)) % 4
			}
			id := "f"
			if cited != in {
				id = "w"
			}
			shortBench.quotes = append(shortBench.quotes,
				Quote{ID: fmt.Sprintf("%s%d", id, i), Source: fmt.Sprintf("part%d", cited), Text: q})
		}
		for i := 0; i < 500; i++ {
			shortBench.quotes = append(shortBench.quotes,
				Quote{ID: fmt.Sprintf("a%d", i), Source: fmt.Sprintf("part%d", rng.IntN(4)), Text: shortWordQuote(rng)})
		}
		long := strings.Fields(`company reported income revenue operating expenses increased
			decreased compared fiscal quarter million billion segment international`)
		parts := map[string]string{}
		for part := range 4 {
			var sb strings.Builder
			col, next := 0, 0
			every := (5 << 20) / (len(plant[part]) + 1)
			for sb.Len() < 5<<20 {
				w := long[rng.IntN(len(long))]
				if rng.IntN(2) == 0 {
					w = shortVocab[rng.IntN(len(shortVocab))]
				}
				if next < len(plant[part]) && sb.Len() > (next+1)*every {
					w = "; " + plant[part][next] + ";"
					next++
				}
				if col+len(w) > 72 {
					sb.WriteByte('\n')
					col = 0
				} else if col > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(w)
				col += len(w) + 1
			}
			text := sb.String()
			shortBench.texts = append(shortBench.texts, text)
			parts[fmt.Sprintf("part%d", part)] = text
		}
		shortBench.sources = mustSources(parts)
		shortBench.whole = MustIndex(strings.Join(shortBench.texts, "\n\n"))
	})
	b.ResetTimer()
}

// findShort looks the 2,000 short-word quotes up in ix, which holds all of
// them but the 500 made to be in no source.
func findShort(b *testing.B, ix *Index) {
	for _, q := range shortBench.quotes {
		m, _ := ix.Find(q.Text, Options{})
		if planted := q.ID[0] != 'a'; planted && !m.Found {
			b.Fatalf("%q not found: %s", q.Text, m.Reason)
		}
	}
}

// BenchmarkShortWords looks 2,000 quotes made only of words under four
// bytes up in one 20 MB source, 500 of them not found (with the search for
// a nearest candidate). The table of short-word starts is built in the
// first round.
func BenchmarkShortWords(b *testing.B) {
	shortSetup(b)
	defer cputime.Report(b)()
	for b.Loop() {
		findShort(b, shortBench.whole)
	}
	ix := shortBench.whole
	b.ReportMetric(float64(ix.Size())/float64(len(ix.Source())), "index/source")
}

// BenchmarkShortWordsCold is BenchmarkShortWords on a fresh index each
// round, so that every round pays for building the table of short-word
// starts (but not for NewIndex).
func BenchmarkShortWordsCold(b *testing.B) {
	shortSetup(b)
	src := shortBench.whole.Source()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ix := MustIndex(src)
		b.StartTimer()
		c := cputime.Process()
		findShort(b, ix)
		cpu += cputime.Process() - c
	}
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkShortWordsCheck checks the 2,000 quotes against four sources of
// 5 MB: 1,000 cite the source they are in, 500 another one (wrong_source,
// found by looking in the three others), 500 are in none.
func BenchmarkShortWordsCheck(b *testing.B) {
	shortSetup(b)
	req := Request{Quotes: shortBench.quotes}
	defer cputime.Report(b)()
	for b.Loop() {
		rep := check(req, shortBench.sources, Options{})
		for i, r := range rep.Results {
			want := map[byte]Reason{'f': "", 'w': WrongSource}[req.Quotes[i].ID[0]]
			if req.Quotes[i].ID[0] != 'a' && r.Reason != want {
				b.Fatalf("%s %q: %s", req.Quotes[i].ID, req.Quotes[i].Text, r.Reason)
			}
		}
	}
}
