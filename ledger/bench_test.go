package ledger_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/reckonhq/reckon/ledger"
)

// BenchmarkKeep records one calculation as the tools do: its receipt (a
// signed envelope of about 2 KiB) and its entry, in one transaction.
func BenchmarkKeep(b *testing.B) {
	env := []byte(envelopeFor("r_bench_000"))
	asked := json.RawMessage(`{"id":"costco","formula":"(a + b + c) / (d + e)","inputs":[{"name":"a","display":"799"}]}`)
	for _, be := range backends {
		b.Run(be.Name, func(b *testing.B) {
			s, err := ledger.Open(context.Background(), be.Addr(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			i := 0
			for b.Loop() {
				i++
				if _, err := keep(s, ctx, "bench", fmt.Sprintf("r_%09d", i), env,
					ledger.Entry{Tool: "calculate", OK: true, Asked: asked}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
