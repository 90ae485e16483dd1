package cputime_test

import (
	"testing"

	"github.com/reckonhq/reckon/internal/cputime"
)

// Spinning costs processor time, and the measure says so.
func TestOfCountsWork(t *testing.T) {
	x := 0
	took := cputime.Of(func() {
		for i := range 20_000_000 {
			x += i % 7
		}
	})
	if took <= 0 || x == 0 {
		t.Fatalf("20 million steps took %v", took)
	}
	if cputime.Process() < 0 {
		t.Fatal("negative process time")
	}
}
