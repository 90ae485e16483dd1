package main

import (
	"os"

	_ "github.com/reckonhq/reckon/ledger/postgres"    // -ledger postgres://…
	_ "github.com/reckonhq/reckon/ledger/sqlite"      // -ledger FILE
	_ "github.com/reckonhq/reckon/operation/standard" // the named operations the CLI offers
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
