package ledger_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

const origin = "reckon.test/ledger"

func testLog(t *testing.T, s ledger.Store) (*ledger.Log, string) {
	t.Helper()
	key := testsign.Key(7)
	l, err := ledger.NewLog(context.Background(), s, origin, key)
	require.NoError(t, err)
	vkey, err := ledger.LogVerifierKey(origin, key.Public().(ed25519.PublicKey))
	require.NoError(t, err)
	return l, vkey
}

func leaf(i int) []byte {
	return ledger.Leaf([]string{fmt.Sprint("r_", i)}, ledger.Digest([]byte(fmt.Sprint("answer ", i))))
}

func TestLogProvesInclusionAndGrowth(t *testing.T) {
	ctx := context.Background()
	eachBackend(t, func(t *testing.T, addr string, s ledger.Store) {
		l, vkey := testLog(t, s)
		var incs []ledger.Inclusion
		var ckpts [][]byte
		for i := range 13 {
			inc, err := l.Append(ctx, leaf(i))
			require.NoError(t, err)
			require.Equal(t, int64(i), inc.Index)
			require.NoError(t, ledger.VerifyInclusion(inc, vkey), "leaf %d is in the tree its checkpoint signs", i)
			incs = append(incs, inc)
			ckpts = append(ckpts, []byte(inc.Checkpoint))
		}
		head, err := l.Checkpoint(ctx)
		require.NoError(t, err)
		for i := range incs {
			now, err := l.Prove(ctx, int64(i))
			require.NoError(t, err)
			require.Equal(t, string(head), now.Checkpoint)
			require.NoError(t, ledger.VerifyInclusion(now, vkey), "leaf %d is in today's tree", i)
			p, err := l.Consistency(ctx, int64(i+1), 13)
			require.NoError(t, err)
			require.NoError(t, ledger.VerifyConsistency(ckpts[i], head, p, vkey), "the tree of %d leaves grew into today's", i+1)
		}
		b, err := json.Marshal(incs[5])
		require.NoError(t, err)
		require.Less(t, len(b), 1024, "an inclusion travels in under 1 KiB")

		// what an auditor is shown, tampered with, is refused
		edited := incs[5]
		edited.Leaf = string(leaf(99))
		require.Equal(t, fault.NotInLog, code(t, ledger.VerifyInclusion(edited, vkey)), "an edited leaf")
		moved := incs[5]
		moved.Index = 6
		require.Equal(t, fault.NotInLog, code(t, ledger.VerifyInclusion(moved, vkey)), "a leaf moved")
		forged := incs[5]
		forged.Checkpoint = incs[6].Checkpoint
		require.Equal(t, fault.NotInLog, code(t, ledger.VerifyInclusion(forged, vkey)), "another tree's checkpoint")
		other, err := ledger.LogVerifierKey(origin, testsign.Key(8).Public().(ed25519.PublicKey))
		require.NoError(t, err)
		require.Equal(t, fault.BadCheckpoint, code(t, ledger.VerifyInclusion(incs[5], other)), "a checkpoint the log did not sign")
		p, err := l.Consistency(ctx, 5, 13)
		require.NoError(t, err)
		require.Equal(t, fault.NotInLog, code(t, ledger.VerifyConsistency(ckpts[6], head, p, vkey)), "a proof for another size")
		require.Equal(t, fault.NotInLog, code(t, ledger.VerifyConsistency(head, ckpts[3], p, vkey)), "a log that shrank")

		empty, err := l.Consistency(ctx, 0, 13)
		require.NoError(t, err)
		require.Empty(t, empty, "every tree holds the empty tree")
		same, err := l.Consistency(ctx, 13, 13)
		require.NoError(t, err)
		require.NoError(t, ledger.VerifyConsistency(head, head, same, vkey))
		_, err = l.Append(ctx, nil)
		require.Equal(t, fault.BadRequest, code(t, err), "an empty leaf")
		_, err = l.Append(ctx, make([]byte, 64<<10))
		require.Equal(t, fault.BadRequest, code(t, err), "a leaf far larger than a release's")
		_, err = ledger.NewLog(ctx, s, "another.test/ledger", testsign.Key(7))
		require.Equal(t, fault.BadLedger, code(t, err), "a log is bound to the origin it was started with")
		_, err = ledger.NewLog(ctx, s, origin, testsign.Key(9))
		require.Equal(t, fault.BadLedger, code(t, err), "and to its key")
		again, err := ledger.NewLog(ctx, s, origin, testsign.Key(7))
		require.NoError(t, err, "and opens again with them")
		size, err := again.Size(ctx)
		require.NoError(t, err)
		require.Equal(t, int64(13), size)
	})
}

// The ledger's keeper edits, reorders or removes a stored release after
// the fact. The checkpoints an auditor already holds expose each: the
// tree rebuilt over the changed leaves is not consistent with them.
func TestLogExposesATamperedStore(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		for _, tamper := range []struct {
			name string
			sql  []string
		}{
			{"edit", []string{`UPDATE reckon_log_leaves SET leaf = ? WHERE n = 3`}},
			{"reorder", []string{`UPDATE reckon_log_leaves SET n = -1 WHERE n = 3`,
				`UPDATE reckon_log_leaves SET n = 3 WHERE n = 4`, `UPDATE reckon_log_leaves SET n = 4 WHERE n = -1`}},
			{"remove", []string{`DELETE FROM reckon_log_leaves WHERE n = 7`}},
		} {
			t.Run(b.Name+"/"+tamper.name, func(t *testing.T) {
				addr := b.Addr(t)
				s, err := ledger.Open(ctx, addr)
				require.NoError(t, err)
				defer s.Close()
				l, vkey := testLog(t, s)
				for i := range 8 {
					_, err := l.Append(ctx, leaf(i))
					require.NoError(t, err)
				}
				held, err := l.Checkpoint(ctx)
				require.NoError(t, err)

				db := rawDB(t, b.Name, addr)
				args := []any{}
				if tamper.name == "edit" {
					args = append(args, leaf(42))
				}
				for _, q := range tamper.sql {
					_, err = db.Exec(rewrite(b.Name, q), args...)
					require.NoError(t, err)
				}
				// the keeper rebuilds the tree's hashes from the changed leaves
				rebuild(t, b.Name, addr, s)

				for i := 8; i < 10; i++ {
					_, _ = l.Append(ctx, leaf(i))
				}
				head, err := l.Checkpoint(ctx)
				require.NoError(t, err)
				size, err := l.Size(ctx)
				require.NoError(t, err)
				p, err := l.Consistency(ctx, 8, size)
				if err == nil {
					err = ledger.VerifyConsistency(held, head, p, vkey)
				}
				require.Error(t, err, "the held checkpoint exposes the %s", tamper.name)
			})
		}
	}
}

// rewrite gives a test's ? parameters PostgreSQL's form.
func rewrite(kind, q string) string { return replaceFor(kind, q) }
