//go:build unix

package quote

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system, so
// that a benchmark on a busy machine can report what it costs rather than
// how long it waited.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
