package prof

import (
	"strconv"

	"github.com/reckonhq/reckon/quote"
	"testing"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/internal/expr"
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

// BenchmarkNewIndex indexes generated filing text of 1 and 100 MiB: the
// scaling run's throughput at both ends, which should be the same.
func BenchmarkNewIndex(b *testing.B) {
	for _, mib := range []int{1, 100} {
		src := gen.Filing(mib << 20)
		b.Run(strconv.Itoa(mib)+"MiB", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := quote.NewIndex(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
