// Package ledger keeps what an agent did, so that an auditor can ask for it
// later: every receipt by id, every calculation made or refused with its
// codes, every release decision, with times and the labels the application
// passes (a question id, model calls, cost).
//
// A [Store] is the one small interface; [Open] returns one of two
// implementations behind it, chosen by the address: a file path (or a
// "file:" URI) is an embedded SQLite database, through the pure-Go
// modernc.org/sqlite, which needs no setup; a "postgres://" or
// "postgresql://" URL is PostgreSQL, through pgx, for replicas that share
// one ledger. The schema is versioned and migrated at [Open], under a lock
// so that two processes starting together migrate once. Every write is a
// transaction: a receipt and the entry that made it are stored together or
// not at all, and an entry, once [Store.Write] returned,
// survives the process being killed.
//
// A Store is safe for concurrent use by many goroutines and, for
// PostgreSQL and a SQLite file, by many processes.
package ledger
