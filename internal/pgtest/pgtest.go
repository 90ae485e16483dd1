// Package pgtest gives tests a ledger database of their own ([Backends]):
// a SQLite file, or a PostgreSQL database: a fresh
// database, dropped at the end of the test, on the server
// RECKON_TEST_POSTGRES names (a postgres:// URL; scripts/postgres.sh
// starts one on loopback). Without it a test that needs PostgreSQL is
// skipped, unless RECKON_REQUIRE_POSTGRES is set, as CI sets it: then the
// test fails, so that a run that meant to test PostgreSQL never passes
// without it.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	_ "github.com/reckonhq/reckon/ledger/sqlite"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/reckonhq/reckon/ledger/postgres" // the ledger tests open both databases
)

// URL returns the address of a new, empty database for t.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("RECKON_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("RECKON_REQUIRE_POSTGRES") != "" {
			t.Fatal("RECKON_REQUIRE_POSTGRES is set but RECKON_TEST_POSTGRES names no server")
		}
		t.Skip("no PostgreSQL: set RECKON_TEST_POSTGRES to a postgres:// URL (scripts/postgres.sh start prints one)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "reckon_test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// Backend is a kind of ledger database and how a test gets an empty one.
type Backend struct {
	Name string                    // "sqlite" or "postgres"
	Addr func(t testing.TB) string // the address of a new, empty ledger
}

// Backends are the ledger databases every store test runs against: a
// SQLite file in the test's temporary folder, and a PostgreSQL database
// of its own ([URL]).
var Backends = []Backend{
	{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "ledger.db") }},
	{"postgres", URL},
}
