package ledger_test

import (
	"database/sql"
	"testing"

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
