package cputime

import (
	"runtime"
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD: the resource usage of the calling thread.
const rusageThread = 1

func thread(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before, after syscall.Rusage
	if syscall.Getrusage(rusageThread, &before) != nil {
		return wall(f)
	}
	f()
	if syscall.Getrusage(rusageThread, &after) != nil {
		return wall(f)
	}
	used := func(r *syscall.Rusage) time.Duration { return time.Duration(r.Utime.Nano() + r.Stime.Nano()) }
	return used(&after) - used(&before)
}
