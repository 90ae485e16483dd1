//go:build !linux

package claim_test

import "time"

// cpuTime runs f and returns the time it took on the clock: outside Linux
// there is no portable per-thread processor time.
func cpuTime(f func()) time.Duration { return wallTime(f) }
