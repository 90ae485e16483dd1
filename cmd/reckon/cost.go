package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/reckonhq/reckon/cost"
	"github.com/reckonhq/reckon/receipt"
)

// costAnswer is the answer of `reckon cost`: the report, with ok (the
// total is known) and, when the input was refused, the error.
type costAnswer struct {
	OK bool `json:"ok"`
	*cost.Report
	Error *receipt.ErrorInfo `json:"error,omitempty"`
}

// runCost is `reckon cost -rates FILE [USAGE.jsonl]`: usage records as
// JSON lines (from the file, or stdin) priced under the rates; one JSON
// answer on stdout. It exits 0 when the total is known, 1 when it is not
// or the usage was refused, 2 on usage errors and unreadable rates.
func runCost(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("cost", "-rates FILE [USAGE.jsonl]", stderr)
	ratesFile := flags.String("rates", "", "price usage under the rates in `FILE` (JSON: {\"rates\": [...]})")
	if !parsed(flags, flags.Parse(args)) {
		return exitUsage
	}
	if *ratesFile == "" || flags.NArg() > 1 {
		fmt.Fprintln(stderr, "reckon cost: give -rates FILE and at most one usage file")
		printUsage(flags)
		return exitUsage
	}
	data, err := readRates(*ratesFile)
	if err != nil {
		fmt.Fprintf(stderr, "reckon cost: -rates: %v\n", err)
		return exitUsage
	}
	rates, err := cost.ParseRates(data)
	if err != nil {
		fmt.Fprintf(stderr, "reckon cost: -rates %s: %v\n", *ratesFile, err)
		return exitUsage
	}
	in := stdin
	if flags.NArg() == 1 {
		f, err := os.Open(flags.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "reckon cost: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		in = f
	}
	var t cost.Tally
	if err := t.ReadUsage(context.Background(), in); err != nil {
		stdout.Write(encodeLine(costAnswer{Report: &cost.Report{}, Error: receipt.Describe(err)}))
		fmt.Fprintf(stderr, "reckon cost: refused: %v\n", err)
		return exitRefused
	}
	rep := cost.Compute(rates, &t)
	if _, err := stdout.Write(encodeLine(costAnswer{OK: rep.Total.Known, Report: rep})); err != nil {
		return exitRefused
	}
	if !rep.Total.Known {
		fmt.Fprintf(stderr, "reckon cost: the total is unknown: %d reasons\n", len(rep.Reasons))
		return exitRefused
	}
	return exitOK
}

// readRates reads the rates file with [readCapped], so that a file that
// never ends (a pipe, a device) is refused by the size check of
// [cost.ParseRates] instead of filling memory.
func readRates(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readCapped(f, cost.MaxRatesSize)
}
