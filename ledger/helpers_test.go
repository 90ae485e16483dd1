package ledger_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/ledger"
	"golang.org/x/mod/sumdb/tlog"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"
)

// rawDB opens the database of a ledger directly, past the store.
func rawDB(t *testing.T, kind, addr string) *sql.DB {
	t.Helper()
	driver, dsn := "pgx", addr
	if kind == "sqlite" {
		driver, dsn = "sqlite", "file:"+addr
	}
	db, err := sql.Open(driver, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// bumpSchema records a schema version no reckon has yet.
func bumpSchema(t *testing.T, kind, addr string) {
	t.Helper()
	_, err := rawDB(t, kind, addr).Exec(`UPDATE reckon_schema SET version = 99`)
	require.NoError(t, err)
}

// replaceParams numbers a query's ? parameters as PostgreSQL names them.
func replaceParams(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// rebuild recomputes every stored hash of a log from its leaves, as a
// keeper covering a change would.
func rebuild(t *testing.T, kind, addr string, _ ledger.Store) {
	t.Helper()
	db := rawDB(t, kind, addr)
	rows, err := db.Query(`SELECT leaf FROM reckon_log_leaves ORDER BY n`)
	require.NoError(t, err)
	var leaves [][]byte
	for rows.Next() {
		var l []byte
		require.NoError(t, rows.Scan(&l))
		leaves = append(leaves, l)
	}
	require.NoError(t, rows.Err())
	rows.Close()
	var stored []tlog.Hash
	hr := tlog.HashReaderFunc(func(idx []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(idx))
		for i, x := range idx {
			out[i] = stored[x]
		}
		return out, nil
	})
	for n, l := range leaves {
		hs, err := tlog.StoredHashes(int64(n), l, hr)
		require.NoError(t, err)
		stored = append(stored, hs...)
	}
	_, err = db.Exec(`DELETE FROM reckon_log_hashes`)
	require.NoError(t, err)
	_, err = db.Exec(`DELETE FROM reckon_log_leaves`)
	require.NoError(t, err)
	for n, l := range leaves {
		_, err = db.Exec(replaceFor(kind, `INSERT INTO reckon_log_leaves (n, leaf) VALUES (?, ?)`), n, l)
		require.NoError(t, err)
	}
	for i, h := range stored {
		_, err = db.Exec(replaceFor(kind, `INSERT INTO reckon_log_hashes (idx, hash) VALUES (?, ?)`), i, h[:])
		require.NoError(t, err)
	}
}

func replaceFor(kind, q string) string {
	if kind == "postgres" {
		return replaceParams(q)
	}
	return q
}

// rawDBB opens a SQLite ledger's database directly, for a benchmark.
func rawDBB(b *testing.B, addr string) *sql.DB {
	b.Helper()
	db, err := sql.Open("sqlite", "file:"+addr)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// keep writes e with the envelope of the receipt it made, as a session
// keeps a calculation.
func keep(s ledger.Store, ctx context.Context, session, id string, env []byte, e ledger.Entry) (ledger.Entry, error) {
	if e.Session == "" {
		e.Session = session
	}
	if e.ReceiptID == "" {
		e.ReceiptID = id
	}
	es, err := s.Write(ctx, ledger.Item{Entry: e, Envelope: env})
	if err != nil {
		return ledger.Entry{}, err
	}
	return es[0], nil
}

// record writes e alone.
func record(s ledger.Store, ctx context.Context, e ledger.Entry) (ledger.Entry, error) {
	es, err := s.Write(ctx, ledger.Item{Entry: e})
	if err != nil {
		return ledger.Entry{}, err
	}
	return es[0], nil
}
