//go:build !linux

package cputime

import "time"

func thread(f func()) time.Duration { return wall(f) }
