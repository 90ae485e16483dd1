package prof

import (
	"testing"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/expr"
)

// BenchmarkParseLarge parses a formula of 3,999 nodes under raised limits:
// the scaling run's superlinear case.
func BenchmarkParseLarge(b *testing.B) {
	f := gen.Terms(2000)
	lim := expr.Limits{MaxNodes: expr.CapMaxNodes, MaxBytes: expr.CapMaxBytes}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := expr.ParseLimits(f.Source, lim); err != nil {
			b.Fatal(err)
		}
	}
}
