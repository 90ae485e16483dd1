package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/quote"
)

// scaling measures how time and memory grow with formula size, source
// size and batch length. Each row's ratio compares the cost per unit (node,
// byte, receipt) with the previous, smaller size: 1× is linear.
func scaling(c *config) ([]row, error) {
	rows, err := scaleFormulas(c)
	if err != nil {
		return nil, err
	}
	r, err := scaleQuotes(c)
	if err != nil {
		return nil, err
	}
	rows = append(rows, r...)
	r, err = scaleBatch(c)
	if err != nil {
		return nil, err
	}
	return append(rows, r...), nil
}

// linear marks a per-unit ratio as linear when growth per unit stays
// within half again.
func (r *row) linear() {
	r.target = "≈ 1× (linear)"
	r.met = "met"
	if r.ratio > 1.5 {
		r.met = "**missed**"
	}
}

// nodeCounter counts the nodes of a formula through expr.Fold.
type nodeCounter struct{}

func (nodeCounter) Number(*expr.Number) (int, error)        { return 1, nil }
func (nodeCounter) Ident(*expr.Ident) (int, error)          { return 1, nil }
func (nodeCounter) Unary(_ *expr.Unary, x int) (int, error) { return 1 + x, nil }
func (nodeCounter) Binary(_ *expr.Binary, x, y int) (int, error) {
	return 1 + x + y, nil
}
func (nodeCounter) Call(_ *expr.Call, args []int) (int, error) {
	n := 1
	for _, a := range args {
		n += a
	}
	return n, nil
}

func scaleFormulas(c *config) ([]row, error) {
	lim := expr.Limits{MaxNodes: expr.CapMaxNodes, MaxBytes: expr.CapMaxBytes}
	var rows []row
	prev := 0.0
	for _, terms := range []int{5, 50, 500, 5000} {
		f := gen.Terms(terms)
		vars := expr.Vars{}
		for k, v := range f.Vars {
			d, _, err := apd.NewFromString(v)
			if err != nil {
				return nil, err
			}
			vars[k] = d
		}
		parsed, err := expr.ParseLimits(f.Source, lim)
		if err != nil {
			return nil, err
		}
		nodes, err := expr.Fold(parsed.Root, expr.Algebra[int](nodeCounter{}))
		if err != nil {
			return nil, err
		}
		var ns, mem samples
		for range c.rounds {
			res := testing.Benchmark(func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					f, err := expr.ParseLimits(f.Source, lim)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := f.Eval(vars); err != nil {
						b.Fatal(err)
					}
				}
			})
			ns = append(ns, float64(res.NsPerOp()))
			mem = append(mem, float64(res.AllocedBytesPerOp()))
		}
		perNode := ns.median() / float64(nodes)
		r := row{area: "scaling", measure: fmt.Sprintf("formula of %s nodes (%s bytes): parse + evaluate", count(nodes), count(len(f.Source))),
			reckon: fmt.Sprintf("%s, %s allocated", dur(ns.median()), bytesize(mem.median())),
			ref:    fmt.Sprintf("%s and %.0f B a node", dur(perNode), mem.median()/float64(nodes)),
			ratio:  nan(), spread: ns.spread()}
		if prev > 0 {
			r.ratio = perNode / prev
			r.linear()
		}
		prev = perNode
		rows = append(rows, r)
	}
	return rows, nil
}

func scaleQuotes(c *config) ([]row, error) {
	sizes := []int{1 << 20, 10 << 20, 100 << 20}
	if c.quick {
		sizes = sizes[:2]
	}
	big := gen.Filing(sizes[len(sizes)-1])
	var rows []row
	prev, first := 0.0, 0.0
	for _, size := range sizes {
		src := big[:size]
		var ns samples
		var ixSize int
		reps := min(c.rounds, 3)
		for range reps {
			runtime.GC()
			t := time.Now()
			ix, err := quote.NewIndex(src)
			if err != nil {
				return nil, err
			}
			ns = append(ns, float64(time.Since(t).Nanoseconds()))
			ixSize = ix.Size()
		}
		perByte := ns.median() / float64(size)
		r := row{area: "scaling", measure: fmt.Sprintf("`quote.NewIndex` of %s", bytesize(float64(size))),
			reckon: fmt.Sprintf("%s, %s", dur(ns.median()), mbps(float64(size)/1e6/(ns.median()/1e9))),
			ref:    fmt.Sprintf("index %s: %.2f bytes a source byte", bytesize(float64(ixSize)), float64(ixSize)/float64(size)),
			ratio:  nan(), spread: ns.spread()}
		if prev > 0 {
			r.ratio = perByte / prev
			r.linear()
		}
		prev = perByte
		rows = append(rows, r)
		if first == 0 {
			first = perByte
		}
		if size == 100<<20 {
			rows = append(rows, indexTarget(ns, size, perByte/first))
		}
	}
	return rows, nil
}

// indexTargetMBps is the throughput the performance issue asks of
// quote.NewIndex at 100 MiB, a whole filing indexed for grounding.
const indexTargetMBps = 400

// indexTarget is the issue's figure for NewIndex: its throughput at size,
// and its cost a byte over the 1 MiB run's (vsFirst), which linear
// indexing keeps near 1×.
func indexTarget(ns samples, size int, vsFirst float64) row {
	got := float64(size) / 1e6 / (ns.median() / 1e9)
	r := row{area: "scaling", measure: "`quote.NewIndex` of 100 MiB: throughput, and cost a byte over 1 MiB's",
		reckon: mbps(got), ref: fmt.Sprintf("%d MB/s", indexTargetMBps), ratio: vsFirst, spread: ns.spread(),
		target: fmt.Sprintf("≥ %d MB/s, ≈ 1× (linear)", indexTargetMBps), met: "met",
		issue: 6, today: "261 MB/s; 1.60×"}
	if got < indexTargetMBps || vsFirst > 1.25 {
		r.met = "**missed**"
	}
	return r
}

// runPeak runs argv like runProc and reads its peak RSS through GNU time.
// The driver's own RSS cannot be read from wait4: a child inherits its
// parent's high-water mark across fork and exec, so a child forked from a
// driver holding a gigabyte of test data would report that gigabyte. GNU
// time is a small process in between. Without it, the RSS is left out.
func runPeak(argv []string, work string, stdin io.Reader) (proc, error) {
	gnuTime, err := exec.LookPath("time")
	if err != nil {
		gnuTime = "/usr/bin/time"
	}
	if _, err := os.Stat(gnuTime); err != nil {
		p, err := runProc(argv, nil, stdin, nil)
		p.maxRSS = 0
		return p, err
	}
	out := filepath.Join(work, "rss.txt")
	p, err := runProc(append([]string{gnuTime, "-f", "%M", "-o", out}, argv...), nil, stdin, nil)
	if err != nil {
		return p, err
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return p, err
	}
	kb, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return p, fmt.Errorf("GNU time: %q: %w", data, err)
	}
	p.maxRSS = kb * 1024
	return p, nil
}

// scaleBatch runs `reckon calc -jsonl` over growing batches fed through a
// pipe, cycling the generated requests, and reads each run's peak RSS.
func scaleBatch(c *config) ([]row, error) {
	if c.batch == nil {
		return nil, nil
	}
	counts := []int{1, 100, 10_000, 100_000}
	if c.quick {
		counts = counts[:3]
	}
	if c.million {
		counts = append(counts, 1_000_000)
	}
	lines := c.batch.lines
	var rows []row
	prev := 0.0
	var firstRSS int64
	for _, n := range counts {
		pr, pw := io.Pipe()
		go func() {
			var buf bytes.Buffer
			for i := range n {
				buf.Write(lines[i%len(lines)])
				buf.WriteByte('\n')
				if buf.Len() > 1<<20 || i == n-1 {
					if _, err := pw.Write(buf.Bytes()); err != nil {
						pw.CloseWithError(err)
						return
					}
					buf.Reset()
				}
			}
			pw.Close()
		}()
		p, err := runPeak([]string{c.reckon, "calc", "-jsonl"}, c.work, pr)
		pr.Close()
		if err != nil {
			return nil, err
		}
		per := float64(p.wall.Nanoseconds()) / float64(n)
		if firstRSS == 0 {
			firstRSS = p.maxRSS
		}
		r := row{area: "scaling", measure: fmt.Sprintf("`reckon calc -jsonl` over %s requests (one run)", count(n)),
			reckon: dur(float64(p.wall.Nanoseconds())), ref: dur(per) + " a request", ratio: nan()}
		if p.maxRSS > 0 {
			r.reckon += ", peak RSS " + bytesize(float64(p.maxRSS))
			r.ref += fmt.Sprintf("; RSS %.2f× the 1-request run", float64(p.maxRSS)/float64(firstRSS))
		}
		if n >= 10_000 && prev > 0 {
			r.ratio = per / prev
			r.linear()
		}
		if n >= 10_000 {
			prev = per
		}
		rows = append(rows, r)
	}
	return rows, nil
}
