package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// samples are repeated measurements of one figure, in its unit (ns, MB/s,
// receipts/s, bytes).
type samples []float64

// median returns the median of s, or NaN for none.
func (s samples) median() float64 {
	if len(s) == 0 {
		return math.NaN()
	}
	c := slices.Clone(s)
	slices.Sort(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

// spread returns (max - min) / median: how far load moved the samples.
func (s samples) spread() float64 {
	if len(s) < 2 {
		return 0
	}
	return (slices.Max(s) - slices.Min(s)) / s.median()
}

// row is one line of the results table.
type row struct {
	area, measure string
	reckon, ref   string  // formatted figures
	ratio         float64 // reckon over the reference, NaN for none
	cpuRatio      float64 // the same ratio in CPU time, 0 for none
	target        string  // e.g. "≤ 0.5×"; empty for none
	met           string  // "met", "missed" or ""
	spread        float64 // the largest spread of the samples behind the row
	// issue numbers the row among the seven figures of the performance
	// issue's table (1 to 7) and its grounding figure (8), 0 for the
	// others; today is the figure the issue started from; note, when set,
	// is what the issue table prints for this run.
	issue int
	today string
	note  string
}

// check sets r.met by comparing r.ratio with a bound: at most when atMost,
// else at least.
func (r *row) check(bound float64, atMost bool) {
	op := "≥"
	if atMost {
		op = "≤"
	}
	r.target = fmt.Sprintf("%s %s×", op, trim(bound))
	switch {
	case math.IsNaN(r.ratio):
		r.met = ""
	case atMost == (r.ratio <= bound):
		r.met = "met"
	default:
		r.met = "**missed**"
	}
}

// noisy is the spread above which a row is marked as possibly skewed by
// other jobs on the machine.
const noisy = 0.25

func writeTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| area | measure | reckon | reference | ratio | target | verdict | ratio in CPU time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		ratio := ""
		if !math.IsNaN(r.ratio) {
			ratio = trim(r.ratio) + "×"
		}
		verdict := r.met
		if r.spread > noisy {
			verdict = strings.TrimSpace(verdict + fmt.Sprintf(" (spread %.0f%%)", 100*r.spread))
		}
		cpu := ""
		if r.cpuRatio > 0 && !math.IsNaN(r.cpuRatio) {
			cpu = trim(r.cpuRatio) + "×"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.area, r.measure, r.reckon, r.ref, ratio, r.target, verdict, cpu)
	}
}

// issueFigures name the performance issue's seven figures, in its order,
// and the grounding figure its third item asks for.
var issueFigures = [...]string{
	1: "JSON line → response → JSON line, unsigned, vs Python",
	2: "`calc -jsonl`, one core, vs Python",
	3: "`calc -jsonl`, all cores, vs Python",
	4: "`verify -jsonl` vs bare ed25519 verify (1 core)",
	5: "`receipt.Calculate`, seed mean",
	6: "`quote.NewIndex` at 100 MiB, and its cost a byte over 1 MiB's",
	7: "30-term formula, cached, vs expr-lang parse + run",
	8: "grounding: one request against a 10 MB source registered once, vs the same request without it",
}

// writeIssueTable writes the seven figures of the performance issue, each
// from its row of this run, beside the figure the issue started from.
func writeIssueTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| # | figure | at the issue | this run | target | verdict | in CPU time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for n := 1; n < len(issueFigures); n++ {
		i := slices.IndexFunc(rows, func(r row) bool { return r.issue == n })
		if i < 0 {
			fmt.Fprintf(w, "| %d | %s | | not run in this mode | | | |\n", n, issueFigures[n])
			continue
		}
		r := rows[i]
		now := r.reckon
		if !math.IsNaN(r.ratio) && n != 5 { // Calculate's target is a time, not a ratio
			now = trim(r.ratio) + "×"
			if n == 6 {
				now = r.reckon + "; " + now
			}
		}
		if r.note != "" {
			now = r.note
		}
		cpu := ""
		if r.cpuRatio > 0 && !math.IsNaN(r.cpuRatio) {
			cpu = trim(r.cpuRatio) + "×"
		}
		verdict := r.met
		if r.spread > noisy {
			verdict = strings.TrimSpace(verdict + fmt.Sprintf(" (spread %.0f%%)", 100*r.spread))
		}
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %s |\n", n, issueFigures[n], r.today, now, r.target, verdict, cpu)
	}
}

// trim prints a ratio with three significant digits.
func trim(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	case x >= 1:
		return fmt.Sprintf("%.2f", x)
	default:
		return fmt.Sprintf("%.3g", x)
	}
}

// dur prints a duration given in nanoseconds.
func dur(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.1f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	default:
		return fmt.Sprintf("%.0f ns", ns)
	}
}

// bytesize prints a size in bytes.
func bytesize(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", b/(1<<10))
	default:
		return fmt.Sprintf("%.0f B", b)
	}
}

// count prints an integer with thousands separators.
func count(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func nan() float64 { return math.NaN() }
