package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"
	exprlang "github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/receipt"
)

// nsPerOp runs fn as a Go benchmark for the configured time and returns
// its wall-clock ns/op.
func nsPerOp(fn func(b *testing.B)) float64 {
	wall, _ := measure(fn)
	return wall
}

// measure runs fn as a Go benchmark for the configured time and returns
// its ns/op in wall-clock time and in CPU time of the whole process (user
// and system, every thread, so the garbage collector's work counts). CPU
// time hardly moves when other jobs share the machine; wall time does.
func measure(fn func(b *testing.B)) (wall, cpu float64) {
	var cpuNS time.Duration
	r := testing.Benchmark(func(b *testing.B) {
		c0 := processCPU()
		fn(b)
		cpuNS = processCPU() - c0
	})
	if r.N == 0 {
		return math.NaN(), math.NaN()
	}
	return float64(r.T.Nanoseconds()) / float64(r.N), float64(cpuNS.Nanoseconds()) / float64(r.N)
}

// processCPU returns the user and system time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// pair is the wall-clock and CPU samples of one figure.
type pair struct{ wall, cpu samples }

func (p *pair) add(wall, cpu float64) {
	p.wall = append(p.wall, wall)
	p.cpu = append(p.cpu, cpu)
}

func (p *pair) measure(fn func(b *testing.B)) { p.add(measure(fn)) }

// formulaCase holds one formula ready for each contender.
type formulaCase struct {
	gen.Formula
	vars   expr.Vars      // reckon's values
	env    map[string]any // expr-lang's values, float64
	parsed *expr.Formula
	prog   *vm.Program
}

func newFormulaCase(f gen.Formula) (*formulaCase, error) {
	fc := &formulaCase{Formula: f, vars: expr.Vars{}, env: map[string]any{}}
	for name, v := range f.Vars {
		d, _, err := apd.NewFromString(v)
		if err != nil {
			return nil, err
		}
		fc.vars[name] = d
		var x float64
		if _, err := fmt.Sscan(v, &x); err != nil {
			return nil, err
		}
		fc.env[name] = x
	}
	var err error
	if fc.parsed, err = expr.Parse(f.Source); err != nil {
		return nil, err
	}
	if fc.prog, err = exprlang.Compile(f.Source, exprlang.Env(fc.env)); err != nil {
		return nil, err
	}
	return fc, nil
}

func (fc *formulaCase) reckonFresh(b *testing.B) {
	for b.Loop() {
		f, err := expr.Parse(fc.Source)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.Eval(fc.vars); err != nil {
			b.Fatal(err)
		}
	}
}

func (fc *formulaCase) reckonCached(b *testing.B) {
	for b.Loop() {
		if _, err := fc.parsed.Eval(fc.vars); err != nil {
			b.Fatal(err)
		}
	}
}

func (fc *formulaCase) exprFresh(b *testing.B) {
	for b.Loop() {
		p, err := exprlang.Compile(fc.Source, exprlang.Env(fc.env))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := exprlang.Run(p, fc.env); err != nil {
			b.Fatal(err)
		}
	}
}

func (fc *formulaCase) exprCached(b *testing.B) {
	for b.Loop() {
		if _, err := exprlang.Run(fc.prog, fc.env); err != nil {
			b.Fatal(err)
		}
	}
}

// formulas compares parse + evaluate, evaluate alone, and whole requests.
func formulas(c *config) ([]row, error) {
	var cases []*formulaCase
	for _, f := range gen.Seeds() {
		fc, err := newFormulaCase(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		cases = append(cases, fc)
	}
	pyIn, err := json.Marshal(gen.Seeds())
	if err != nil {
		return nil, err
	}
	seeds, err := gen.LoadSeeds(c.seeds)
	if err != nil {
		return nil, err
	}
	lines := gen.Requests(seeds, len(seeds))

	type figures struct{ rf, rc, ef, ec, pf, pc pair }
	fig := make([]figures, len(cases))
	var calc, respond, pyReq pair
	pyMS := fmt.Sprint(c.benchDur.Milliseconds())
	for round := range c.rounds {
		logf("   round %d/%d", round+1, c.rounds)
		for i, fc := range cases {
			fig[i].rf.measure(fc.reckonFresh)
			fig[i].ef.measure(fc.exprFresh)
			fig[i].rc.measure(fc.reckonCached)
			fig[i].ec.measure(fc.exprCached)
		}
		var py map[string]struct {
			Fresh     float64 `json:"fresh"`
			FreshCPU  float64 `json:"fresh_cpu"`
			Cached    float64 `json:"cached"`
			CachedCPU float64 `json:"cached_cpu"`
		}
		if err := runPython(c, pyIn, &py, "formulas", pyMS); err != nil {
			return nil, err
		}
		for i, fc := range cases {
			p := py[fc.Name]
			fig[i].pf.add(p.Fresh, p.FreshCPU)
			fig[i].pc.add(p.Cached, p.CachedCPU)
		}
		w, cpu := measure(func(b *testing.B) {
			for b.Loop() {
				for _, r := range seeds {
					if _, err := receipt.Calculate(r); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		calc.add(w/float64(len(seeds)), cpu/float64(len(seeds)))
		w, cpu = measure(func(b *testing.B) {
			var out []byte // one buffer reused, as calc -jsonl reuses its chunks'
			for b.Loop() {
				for _, l := range lines {
					req, err := receipt.DecodeRequest(l)
					if err != nil {
						b.Fatal(err)
					}
					out = append(receipt.Respond(req, dsse.Unsigned()).AppendJSON(out[:0]), '\n')
				}
			}
		})
		respond.add(w/float64(len(lines)), cpu/float64(len(lines)))
		var pr struct {
			NS    float64 `json:"ns"`
			CPUNS float64 `json:"cpu_ns"`
		}
		if err := runPython(c, joinLines(lines), &pr, "requests", pyMS); err != nil {
			return nil, err
		}
		pyReq.add(pr.NS, pr.CPUNS)
	}

	var rows []row
	for i, fc := range cases {
		f := fig[i]
		peerFresh, peerFreshName := faster(f.ef, "expr-lang", f.pf, "Python")
		peerCached, peerCachedName := faster(f.ec, "expr-lang", f.pc, "Python")
		label := fmt.Sprintf("`%s`", shorten(fc.Source))
		r := compare("formula", label+": parse + evaluate", f.rf, peerFresh, dur)
		r.ref = fmt.Sprintf("expr-lang %s · Python %s (vs %s)", dur(f.ef.wall.median()), dur(f.pf.wall.median()), peerFreshName)
		r.check(0.5, true)
		rows = append(rows, r)
		r = compare("formula", label+": cached, evaluate only, vs the peers' parse + evaluate", f.rc, peerFresh, dur)
		r.ref += " (" + peerFreshName + ")"
		r.check(0.1, true)
		if len(fc.Source) > 64 { // the 30-term formula
			r.issue, r.today = 7, "0.27×"
		}
		rows = append(rows, r)
		r = compare("formula", label+": cached, vs the peers' cached", f.rc, peerCached, dur)
		r.ref = fmt.Sprintf("expr-lang %s · Python %s (vs %s)", dur(f.ec.wall.median()), dur(f.pc.wall.median()), peerCachedName)
		r.target = "reported"
		rows = append(rows, r)
	}
	r := compare("request", "`receipt.Calculate`, unsigned, mean of the 5 seed requests (formula cache warm)", calc, pyReq, dur)
	r.ref += " (Python: JSON line in, Decimal, JSON line out)"
	r.target, r.met = "≤ 3 µs", "met"
	if calc.wall.median() > 3000 {
		r.met = "**missed**"
	}
	r.issue, r.today = 5, "8.9 µs"
	rows = append(rows, r)
	r = compare("request", "JSON line in → `Respond` (unsigned receipt) → JSON line out, mean of the 5 seeds", respond, pyReq, dur)
	r.ref += " (Python, the same)"
	r.check(0.5, true)
	r.issue, r.today = 1, "2.41×"
	rows = append(rows, r)
	return rows, nil
}

// compare makes a row of reckon's figure against a reference, both times:
// the ratio of wall-clock medians, and of CPU-time medians.
func compare(area, measure string, reckon, ref pair, format func(float64) string) row {
	return row{area: area, measure: measure,
		reckon: format(reckon.wall.median()), ref: format(ref.wall.median()),
		ratio:    reckon.wall.median() / ref.wall.median(),
		cpuRatio: reckon.cpu.median() / ref.cpu.median(),
		spread:   maxSpread(reckon.wall, ref.wall)}
}

// faster returns the faster of two peers by their wall-clock medians.
func faster(a pair, an string, b pair, bn string) (pair, string) {
	if a.wall.median() <= b.wall.median() {
		return a, an
	}
	return b, bn
}

func maxSpread(ss ...samples) float64 {
	m := 0.0
	for _, s := range ss {
		m = max(m, s.spread())
	}
	return m
}

// shorten abbreviates a long formula for the table.
func shorten(src string) string {
	if len(src) <= 64 {
		return src
	}
	return src[:30] + " … " + src[len(src)-20:]
}

// runPython runs the reference in mode with stdin and decodes its JSON
// output into v.
func runPython(c *config, stdin []byte, v any, args ...string) error {
	cmd := exec.Command(c.python, append([]string{refScript}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("python %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return json.Unmarshal(out, v)
}
