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
