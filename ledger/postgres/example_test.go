package postgres_test

import (
	"context"
	"log"
	"os"

	"github.com/reckonhq/reckon/ledger"
	_ "github.com/reckonhq/reckon/ledger/postgres"
)

// A program that imports the package opens a ledger that replicas share,
// in the PostgreSQL database its URL names; the schema is created on first
// use, once, however many replicas start together.
func Example() {
	s, err := ledger.Open(context.Background(), os.Getenv("RECKON_LEDGER")) // such as postgres://reckon@db.internal/reckon
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
}
