package ledger_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/ledger"
	"golang.org/x/mod/sumdb/tlog"
)

// BenchmarkProveAtAMillion proves a release's inclusion in a log of
// 1,000,000 releases kept in a SQLite ledger (built once, in one
// transaction, from hashes computed in memory), and verifies the proof
// offline; it reports the audit path's size, and the inclusion's as an
// answer carries it.
func BenchmarkProveAtAMillion(b *testing.B) {
	const n = 1_000_000
	ctx := context.Background()
	addr := filepath.Join(b.TempDir(), "ledger.db")
	s, err := ledger.Open(ctx, addr)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var stored []tlog.Hash
	hr := tlog.HashReaderFunc(func(idx []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(idx))
		for i, x := range idx {
			out[i] = stored[x]
		}
		return out, nil
	})
	leaves := make([][]byte, n)
	for i := range leaves {
		leaves[i] = ledger.Leaf([]string{fmt.Sprintf("r_%016d", i)}, ledger.Digest([]byte(fmt.Sprint("answer ", i))))
		hs, err := tlog.StoredHashes(int64(i), leaves[i], hr)
		if err != nil {
			b.Fatal(err)
		}
		stored = append(stored, hs...)
	}
	db := rawDBB(b, addr)
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i, l := range leaves {
		if _, err := tx.Exec(`INSERT INTO reckon_log_leaves (n, leaf) VALUES (?, ?)`, i, l); err != nil {
			b.Fatal(err)
		}
	}
	for i, h := range stored {
		if _, err := tx.Exec(`INSERT INTO reckon_log_hashes (idx, hash) VALUES (?, ?)`, i, h[:]); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	l, err := ledger.NewLog(ctx, s, origin, testsign.Key(7))
	if err != nil {
		b.Fatal(err)
	}
	vkey, _ := ledger.LogVerifierKey(origin, testsign.Public(7))
	var inc ledger.Inclusion
	b.Run("prove", func(b *testing.B) {
		k := int64(0)
		for b.Loop() {
			k = (k + 7919) % n
			if inc, err = l.Prove(ctx, k); err != nil {
				b.Fatal(err)
			}
		}
		js, _ := json.Marshal(inc)
		b.ReportMetric(float64(len(inc.Proof)*tlog.HashSize), "path-bytes") // the audit path, raw
		b.ReportMetric(float64(len(js)), "inclusion-bytes")                 // with the leaf and the signed checkpoint, as JSON
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			if err := ledger.VerifyInclusion(inc, vkey); err != nil {
				b.Fatal(err)
			}
		}
	})
}
