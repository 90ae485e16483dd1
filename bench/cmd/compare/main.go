// Command compare runs reckon beside the tools users already have, on the
// same inputs in one run, and prints one table of figures and ratios. It is
// what bench/run.sh runs; see bench/README.md.
//
// Comparisons are interleaved: each round measures every contender once,
// in turn, and the table reports the median of the rounds, so a burst of
// load from other jobs lands on all contenders alike rather than on one.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// config is what the flags set.
type config struct {
	quick    bool
	rounds   int
	reckon   string // the reckon binary, or "" to skip the batch section
	python   string
	seeds    string // the seed requests
	work     string // scratch directory for generated files
	out      string // the markdown file to write
	million  bool   // run the 1,000,000-receipt batch
	benchDur time.Duration
	batchN   int         // requests in a batch comparison
	batch    *batchFiles // the batch inputs, once written
	only     string
}

func main() {
	testing.Init()
	var c config
	flag.BoolVar(&c.quick, "quick", false, "fewer rounds, shorter timings and smaller batches")
	flag.IntVar(&c.rounds, "rounds", 0, "interleaved rounds per comparison (default 3 quick, 7 full)")
	flag.StringVar(&c.reckon, "reckon", "", "the reckon binary for the batch section; empty skips it")
	flag.StringVar(&c.python, "python", "python3", "the Python 3 interpreter")
	flag.StringVar(&c.seeds, "seeds", "../receipt/testdata/requests", "directory of seed requests")
	flag.StringVar(&c.work, "work", "", "scratch directory (default a new temporary one)")
	flag.StringVar(&c.out, "out", "results.md", "markdown file to write")
	flag.BoolVar(&c.million, "million", false, "also run the 1,000,000-receipt batch")
	flag.StringVar(&c.only, "only", "", "comma-separated sections to run (default all)")
	flag.Parse()
	if err := run(&c); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func run(c *config) error {
	c.benchDur, c.batchN = 300*time.Millisecond, 100_000
	if c.rounds == 0 {
		c.rounds = 7
	}
	if c.quick {
		c.benchDur, c.batchN = 60*time.Millisecond, 10_000
		if !flagSet("rounds") {
			c.rounds = 3
		}
	}
	if err := flag.Set("test.benchtime", c.benchDur.String()); err != nil {
		return err
	}
	if c.work == "" {
		dir, err := os.MkdirTemp("", "reckon-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c.work = dir
	}
	start := time.Now()
	loadBefore := loadavg()
	var rows []row
	sections := []struct {
		name string
		fn   func(*config) ([]row, error)
	}{
		{"formulas", formulas},
		{"batch", batches},
		{"quotes", quotes},
		{"grounding", grounding},
		{"scaling", scaling},
	}
	for _, s := range sections {
		if c.only != "" && !slices.Contains(strings.Split(c.only, ","), s.name) {
			continue
		}
		t := time.Now()
		logf("== %s", s.name)
		r, err := s.fn(c)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		rows = append(rows, r...)
		logf("   %s done in %s", s.name, time.Since(t).Round(time.Second))
	}
	var md bytes.Buffer
	header(&md, c, start, loadBefore)
	fmt.Fprint(&md, "The performance issue's seven figures and its grounding figure, each from its row below:\n\n")
	writeIssueTable(&md, rows)
	fmt.Fprint(&md, "\nEvery comparison:\n\n")
	writeTable(&md, rows)
	footer(&md)
	writeIssueTable(os.Stdout, rows)
	fmt.Println()
	writeTable(os.Stdout, rows)
	return os.WriteFile(c.out, md.Bytes(), 0o644)
}

func flagSet(name string) (set bool) {
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func logf(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }

// header writes the machine and the run: what a reader needs to weigh the
// figures.
func header(w io.Writer, c *config, start time.Time, loadBefore string) {
	mode := "full"
	if c.quick {
		mode = "quick (QUICK=1)"
	}
	fmt.Fprintf(w, "# reckon beside the alternatives\n\n")
	fmt.Fprintf(w, "Written by `bench/run.sh` (%s mode) on %s, in %s.\n\n",
		mode, start.UTC().Format("2006-01-02"), time.Since(start).Round(time.Second))
	fmt.Fprintf(w, "| machine | |\n|---|---|\n")
	fmt.Fprintf(w, "| cores (`nproc`) | %d |\n", runtime.NumCPU())
	fmt.Fprintf(w, "| CPU | %s |\n", cpuModel())
	fmt.Fprintf(w, "| Go | %s |\n", runtime.Version())
	fmt.Fprintf(w, "| Python | %s |\n", pythonVersion(c.python))
	fmt.Fprintf(w, "| load average before / after | %s / %s |\n", loadBefore, loadavg())
	fmt.Fprintf(w, "| rounds per comparison | %d, interleaved; each figure is the median |\n\n", c.rounds)
}

func footer(w io.Writer) {
	fmt.Fprint(w, `
How to read it:

- For times, a ratio is reckon's figure over the reference's, so below 1
  is faster; for rates (MB/s, receipts/s) it is reckon's over the
  reference's, so above 1 is faster. Verdicts use the wall-clock medians.
- "ratio in CPU time" is the same ratio in user + system time of the
  whole process (every thread, so garbage collection counts). Other jobs on
  a shared machine stretch wall-clock time but hardly move CPU time, so
  where the two ratios disagree, load skewed the wall-clock figure. For
  verify it is receipts per CPU-second over bare verifications per
  CPU-second.
- "spread" marks a row whose samples ranged over more than a quarter of
  their median: another job probably ran during some rounds.
- The cached target compares a parsed formula's evaluation with the faster
  peer's parse + evaluate, the cost a peer pays per request; the row
  against the peers' own cached evaluation (expr-lang's float64 VM, Python's
  tree walk over C decimals) is reported without a target.
- Scaling rows compare the cost per unit (node, byte, request) with the
  previous size; 1× is linear.
`)
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func pythonVersion(python string) string {
	out, err := exec.Command(python, "--version").CombinedOutput()
	if err != nil {
		return "unknown"
	}
	return strings.TrimPrefix(strings.TrimSpace(string(out)), "Python ")
}

// refScript is the Python reference, relative to bench/.
var refScript = filepath.Join("py", "ref.py")
