// Package sqlite, imported for its effect, lets [ledger.Open] open a
// ledger in a SQLite file, through the pure-Go modernc.org/sqlite: an
// embedded ledger that needs no setup.
//
//	import _ "github.com/reckonhq/reckon/ledger/sqlite"
package sqlite

import _ "modernc.org/sqlite" // registers the database/sql driver "sqlite"
