//go:build unix

package finance_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the process's user and system CPU time. On a loaded
// machine a benchmark's wall time per operation mostly measures waiting for
// a core; the CPU time the process spent per operation does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports cpu-ns/op for the loop that follows, when called as
// defer reportCPU(b)().
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
