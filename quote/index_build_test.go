package quote

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBuildPartitionedMatchesCounting: the two-pass build of a large table
// gives the same buckets, each in ascending order, as the counting sort.
func TestBuildPartitionedMatchesCounting(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"revenue", "net", "income", "of", "the", "Rs", "1,09,638.91", "crore", "(799)", "—", "naïve", "ﬁnancial", "total", "assets"}
	var b strings.Builder
	for b.Len() < 3<<20 { // enough word starts for partitionMin buckets
		b.WriteString(words[rng.IntN(len(words))])
		if rng.IntN(9) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(strings.Repeat("x", rng.IntN(6)))
	}
	ix, err := NewIndex(b.String())
	require.NoError(t, err)
	nb := len(ix.table.heads) - 1
	require.GreaterOrEqual(t, nb, partitionMin, "the test text is large enough for the partitioned build")

	f := folder{level: Markup, src: ix.src, bol: true, record: true, anchor: true}
	f.run()
	counting := table{shift: ix.table.shift, heads: make([]int32, nb+1)}
	counting.buildCounting(ix.norm, f.anchrs, indexed)
	require.Equal(t, counting.heads, ix.table.heads)
	require.Equal(t, counting.pos, ix.table.pos)
}
