package ledger

import (
	"context"
	"database/sql"
	"net/url"
	"strings"
)

// sqliteDialect is the schema of a SQLite ledger. Writes take the
// database's write lock when they begin (_txlock=immediate), so a
// migration runs once when processes start together and two writers
// never deadlock upgrading a read lock.
var sqliteDialect = dialect{
	name: "sqlite",
	seq:  "INTEGER PRIMARY KEY AUTOINCREMENT",
	blob: "BLOB",
	find: "instr",
}

// openSQLite opens the SQLite file at addr: a path or a "file:" URI. The
// journal is a write-ahead log, so readers never wait for a writer and a
// commit survives the process being killed.
func openSQLite(ctx context.Context, addr string) (Store, error) {
	dsn := addr
	if !strings.HasPrefix(dsn, "file:") {
		dsn = "file:" + (&url.URL{Path: addr}).EscapedPath()
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	dsn += sep + "_txlock=immediate&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	if err := driver("sqlite", "github.com/reckonhq/reckon/ledger/sqlite"); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, failed("open the ledger", err)
	}
	s := &sqlStore{db: db, d: sqliteDialect}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}
