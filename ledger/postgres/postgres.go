// Package postgres, imported for its effect, lets [ledger.Open] open a
// ledger in PostgreSQL, through pgx: one ledger that replicas share.
//
//	import _ "github.com/reckonhq/reckon/ledger/postgres"
package postgres

import _ "github.com/jackc/pgx/v5/stdlib" // registers the database/sql driver "pgx"
