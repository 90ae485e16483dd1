package sqlite_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/reckonhq/reckon/ledger"
	_ "github.com/reckonhq/reckon/ledger/sqlite"
)

// A program that imports the package opens a ledger in a SQLite file,
// created on first use.
func Example() {
	dir, err := os.MkdirTemp("", "ledger")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := ledger.Open(context.Background(), filepath.Join(dir, "ledger.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	es, err := s.Write(context.Background(), ledger.Item{Entry: ledger.Entry{Session: "c_1", Tool: "calculate", Codes: []string{"unit_mismatch"}}})
	fmt.Println(es[0].Seq, err)
	// Output:
	// 1 <nil>
}
