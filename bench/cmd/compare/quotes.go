package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/quote"
)

// filingSize is the size of the generated filing the quote comparisons
// search: a long 10-K.
const filingSize = 10 << 20

// quoteCount is how many quotes each round looks up.
const quoteCount = 1000

// quotes compares index builds and lookups with strings.Index on
// pre-normalized text (the bound) and with Python.
func quotes(c *config) ([]row, error) {
	text := gen.Filing(filingSize)
	qs := gen.Quotes(text, quoteCount)
	textFile := filepath.Join(c.work, "filing.txt")
	quotesFile := filepath.Join(c.work, "quotes.txt")
	if err := os.WriteFile(textFile, []byte(text), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(quotesFile, []byte(strings.Join(qs, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	plainQ := make([]string, len(qs))
	for i, q := range qs {
		plainQ[i] = gen.Plain(q)
	}
	mb := float64(len(text)) / 1e6
	// Each pair holds ns: for a build, of the whole build; for a lookup,
	// per quote.
	var build, plainBuild, find, bound, pyBuild, pyFind pair
	nq := float64(len(qs))
	for round := range c.rounds {
		logf("   round %d/%d", round+1, c.rounds)
		runtime.GC()
		var ix *quote.Index
		if err := timeIt(&build, 1, func() (err error) {
			ix, err = quote.NewIndex(text)
			return err
		}); err != nil {
			return nil, err
		}
		var plain string
		timeIt(&plainBuild, 1, func() error { plain = gen.Plain(text); return nil })
		if err := timeIt(&find, nq, func() error {
			for _, q := range qs {
				m, err := ix.Find(q, quote.Options{})
				if err != nil || !m.Found {
					return fmt.Errorf("Find(%q): %+v, %v", q, m, err)
				}
			}
			return nil
		}); err != nil {
			return nil, err
		}
		if err := timeIt(&bound, nq, func() error {
			for _, q := range plainQ {
				if strings.Index(plain, q) < 0 {
					return fmt.Errorf("strings.Index misses %q", q)
				}
			}
			return nil
		}); err != nil {
			return nil, err
		}
		var py struct {
			BuildNS    float64 `json:"build_ns"`
			BuildCPUNS float64 `json:"build_cpu_ns"`
			FindNS     float64 `json:"find_ns"`
			FindCPUNS  float64 `json:"find_cpu_ns"`
			Found      int     `json:"found"`
		}
		if err := runPython(c, nil, &py, "quotes", textFile, quotesFile); err != nil {
			return nil, err
		}
		if py.Found != len(qs) {
			return nil, fmt.Errorf("python reference found %d of %d quotes", py.Found, len(qs))
		}
		pyBuild.add(py.BuildNS, py.BuildCPUNS)
		pyFind.add(py.FindNS, py.FindCPUNS)
	}
	size := fmt.Sprintf("%.0f MB", mb)
	speed := func(ns float64) string { return mbps(mb / (ns / 1e9)) }
	var rows []row
	// For rates the ratio is inverted: reckon's speed over the reference's.
	r := compare("quotes", fmt.Sprintf("`quote.NewIndex`, %s filing-like text", size), pyBuild, build, speed)
	r.reckon, r.ref = r.ref, r.reckon+" (Python: split, join, lower)"
	r.check(2, false)
	rows = append(rows, r)
	r = row{area: "quotes", measure: "`quote.NewIndex` throughput, absolute",
		reckon: speed(build.wall.median()), ref: "300 MB/s", ratio: mb / (build.wall.median() / 1e9) / 300,
		cpuRatio: mb / (build.cpu.median() / 1e9) / 300, spread: build.wall.spread()}
	r.check(1, false)
	r.target = "≥ 300 MB/s"
	rows = append(rows, r)
	r = compare("quotes", "the same normalization in Go (`strings.Fields`, `Join`, `ToLower`), no offsets or table", plainBuild, build, speed)
	r.reckon, r.ref = r.ref, r.reckon
	r.target = "reported"
	rows = append(rows, r)
	r = compare("quotes", fmt.Sprintf("`(*Index).Find`, mean of %s quotes of 6–12 words", count(len(qs))), find, bound, dur)
	r.ref += " (`strings.Index` on normalized text)"
	r.check(2, true)
	rows = append(rows, r)
	r = compare("quotes", "`(*Index).Find` against Python `in` on normalized text", find, pyFind, dur)
	r.target = "reported"
	rows = append(rows, r)
	return rows, nil
}

// timeIt runs fn once and adds its wall-clock and CPU time, divided by
// per, to p.
func timeIt(p *pair, per float64, fn func() error) error {
	t, c := time.Now(), processCPU()
	err := fn()
	p.add(float64(time.Since(t).Nanoseconds())/per, float64((processCPU()-c).Nanoseconds())/per)
	return err
}

func mbps(x float64) string { return fmt.Sprintf("%.0f MB/s", x) }
