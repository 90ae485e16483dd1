package main

import (
	_ "github.com/reckonhq/reckon/operation/standard" // the named operations the CLI offers
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
