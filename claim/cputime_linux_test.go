package claim_test

import (
	"runtime"
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD: the resource usage of the calling thread.
const rusageThread = 1

// cpuTime runs f on one locked thread and returns the processor time that
// thread spent, which other processes on a loaded machine do not inflate
// as they inflate the time on the clock.
func cpuTime(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before, after syscall.Rusage
	if syscall.Getrusage(rusageThread, &before) != nil {
		return wallTime(f)
	}
	f()
	if syscall.Getrusage(rusageThread, &after) != nil {
		return wallTime(f)
	}
	used := func(r *syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return used(&after) - used(&before)
}
