// Package cputime measures the processor time benchmarks spend, which
// other processes on a loaded machine do not inflate as they inflate the
// time on the clock. It is the one home of that measure for every
// package's benchmarks. Tests do not use it: a bound on time, of the clock
// or the processor, passes on a fast machine what fails on a slow one, so
// a test counts work instead.
package cputime

import (
	"testing"
	"time"
)

// Process returns the processor time, user and system, the process has
// used so far; 0 where the system does not say.
func Process() time.Duration { return process() }

// Of runs f on one locked thread and returns the processor time that
// thread spent on it; where the system gives no per-thread time, the time
// on the clock.
func Of(f func()) time.Duration { return thread(f) }

// Report reports cpu-ns/op for the loop that follows, when called as
// defer cputime.Report(b)().
func Report(b *testing.B) func() {
	start := Process()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(Process()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// wall is f's time on the clock.
func wall(f func()) time.Duration {
	begin := time.Now()
	f()
	return time.Since(begin)
}
