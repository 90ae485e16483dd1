package ledger

import (
	"context"
	"database/sql"
)

// postgresDialect is the schema of a PostgreSQL ledger. A migration holds
// a transaction-scoped advisory lock, so replicas starting together
// migrate once.
var postgresDialect = dialect{
	name:   "postgres",
	dollar: true,
	lock:   `SELECT pg_advisory_xact_lock(8271657311)`,
	seq:    "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
	blob:   "BYTEA",
	find:   "strpos",
}

// openPostgres opens the PostgreSQL database at url.
func openPostgres(ctx context.Context, url string) (Store, error) {
	if err := driver("pgx", "github.com/reckonhq/reckon/ledger/postgres"); err != nil {
		return nil, err
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, failed("open the ledger", err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, failed("reach the ledger", err)
	}
	s := &sqlStore{db: db, d: postgresDialect}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}
