package ledger_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/ledger"
)

// FuzzVerifyInclusion feeds the offline checks an auditor runs with any
// checkpoint, leaf and proof: they never panic, and nothing but the log's
// own inclusions verifies. Its seeds are real inclusions and consistency
// proofs of a small log, and their edits.
func FuzzVerifyInclusion(f *testing.F) {
	ctx := context.Background()
	s, err := ledger.Open(ctx, filepath.Join(f.TempDir(), "ledger.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	l, err := ledger.NewLog(ctx, s, origin, testsign.Key(7))
	if err != nil {
		f.Fatal(err)
	}
	vkey, _ := ledger.LogVerifierKey(origin, testsign.Public(7))
	var incs []ledger.Inclusion
	for i := range 5 {
		inc, err := l.Append(ctx, leaf(i))
		if err != nil {
			f.Fatal(err)
		}
		incs = append(incs, inc)
	}
	for _, inc := range incs {
		f.Add(inc.Checkpoint, inc.Leaf, strings.Join(inc.Proof, ","), inc.Index)
		f.Add(strings.Replace(inc.Checkpoint, "\n5\n", "\n6\n", 1), inc.Leaf, strings.Join(inc.Proof, ","), inc.Index)
		f.Add(inc.Checkpoint+"\n\n", inc.Leaf+"x", "", inc.Index+1)
	}
	f.Add("", "", "", int64(-1))
	f.Fuzz(func(t *testing.T, checkpoint, leafText, proof string, index int64) {
		var p []string
		if proof != "" {
			p = strings.Split(proof, ",")
		}
		inc := ledger.Inclusion{Index: index, Leaf: leafText, Proof: p, Checkpoint: checkpoint}
		err := ledger.VerifyInclusion(inc, vkey)
		if err == nil {
			ok := false
			for _, real := range incs {
				if real.Leaf == leafText && real.Index == index {
					ok = true
				}
			}
			if !ok {
				t.Fatalf("an inclusion the log never made verifies: leaf %q at %d", leafText, index)
			}
		}
		_ = ledger.VerifyConsistency([]byte(checkpoint), []byte(checkpoint), p, vkey)
		_, _ = ledger.CheckpointSize([]byte(checkpoint), vkey)
	})
}
