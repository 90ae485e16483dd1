package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/reckonhq/reckon/ledger"
)

// runLedger is `reckon ledger`: it reads the entries of a ledger that
// `reckon mcp -ledger` (or an application) kept, selected by session,
// question, outcome, code and time, and prints the run report: one row per
// question, with the answer released, its formulas and receipt ids,
// whether it is verified or interpreted, the calls refused on the way and
// why, its time, model calls and cost. -format entries prints the entries
// themselves, one JSON object a line.
func runLedger(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("ledger", "-ledger ADDR [-session ID] [-question ID] [-outcome ok|refused] [-code CODE] [-since TIME] [-until TIME] [-format markdown|json|html|entries]", stderr)
	addr := flags.String("ledger", "", "the ledger at `ADDR`: a SQLite file, or a postgres:// URL")
	var q ledger.Query
	flags.StringVar(&q.Session, "session", "", "only the conversation `ID`")
	flags.StringVar(&q.Question, "question", "", "only the entries labelled with the question `ID`")
	flags.StringVar(&q.Outcome, "outcome", "", "only the calls that were `ok` or refused")
	flags.StringVar(&q.Code, "code", "", "only the calls refused with `CODE`")
	since := flags.String("since", "", "only the entries at or after `TIME` (RFC 3339, or YYYY-MM-DD)")
	until := flags.String("until", "", "only the entries before `TIME` (RFC 3339, or YYYY-MM-DD)")
	format := flags.String("format", ledger.FormatMarkdown, "print the report as `FORMAT`: markdown, json, html (a page for a browser), or entries (JSON lines)")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	if *addr == "" {
		fmt.Fprintf(stderr, "reckon ledger: give -ledger ADDR\n")
		return exitUsage
	}
	var err error
	if q.Since, err = parseTime(*since); err != nil {
		fmt.Fprintf(stderr, "reckon ledger: -since: %v\n", err)
		return exitUsage
	}
	if q.Until, err = parseTime(*until); err != nil {
		fmt.Fprintf(stderr, "reckon ledger: -until: %v\n", err)
		return exitUsage
	}
	ctx := context.Background()
	st, err := ledger.Open(ctx, *addr)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger: %v\n", err)
		return exitRefused
	}
	defer st.Close()
	entries, err := st.Entries(ctx, q)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger: %v\n", err)
		return exitRefused
	}
	w := bufio.NewWriter(stdout)
	if *format == "entries" {
		for _, e := range entries {
			w.Write(encodeLine(e))
		}
	} else if err := ledger.WriteReport(w, ledger.Rows(entries), *format); err != nil {
		fmt.Fprintf(stderr, "reckon ledger: %v\n", err)
		return exitUsage
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "reckon ledger: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// parseTime reads a flag's time: RFC 3339, or a date, which is its
// midnight in UTC; "" is none.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Parse(time.DateOnly, s)
}
