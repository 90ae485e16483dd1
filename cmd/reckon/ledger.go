package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/ledger"
)

// runLedger is `reckon ledger`: it reads the entries of a ledger that
// `reckon mcp -ledger` (or an application) kept, selected by session,
// question, outcome, code and time, and prints the run report: one row per
// question, with the answer released, its formulas and receipt ids,
// whether it is verified or interpreted, the calls refused on the way and
// why, its time, model calls and cost. -format entries prints the entries
// themselves, one JSON object a line.
func runLedger(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "prove":
			return runLedgerProve(args[1:], stdin, stdout, stderr)
		case "consistency":
			return runLedgerConsistency(args[1:], stdout, stderr)
		case "key":
			return runLedgerKey(args[1:], stdout, stderr)
		}
	}
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
	st, err := openExisting(ctx, *addr)
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

// logKey reads a log's verifier key: the text "origin+hash+key" that
// ledger.LogVerifierKey writes, from a file.
func logKey(name string) (string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(data)), nil
}

// runLedgerProve is `reckon ledger prove -log-key FILE [FILE]`: offline,
// it checks that a released answer is in the log: the inclusion proof of
// a check_claims answer (or the inclusion alone) against the signed
// checkpoint it carries, with the log's verifier key. Exit 0 proven, 1
// not.
func runLedgerProve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("ledger prove", "-log-key FILE [FILE]", stderr)
	keyFile := flags.String("log-key", "", "the log's verifier key in `FILE` (origin+hash+key)")
	textFile := flags.String("text", "", "also check that the leaf is the release of the text in `FILE`, byte for byte")
	in, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	if *keyFile == "" {
		fmt.Fprintf(stderr, "reckon ledger prove: give -log-key FILE\n")
		return exitUsage
	}
	vkey, err := logKey(*keyFile)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger prove: -log-key: %v\n", err)
		return exitUsage
	}
	data, err := readCapped(in, dsse.MaxEnvelopeSize)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger prove: %v\n", err)
		return exitUsage
	}
	inc, released, err := readInclusion(data)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger prove: %v\n", err)
		return exitRefused
	}
	if !released {
		fmt.Fprintf(stderr, "reckon ledger prove: the answer was not released (ok is false): a refusal proves nothing\n")
		return exitRefused
	}
	if *textFile != "" {
		text, err := os.ReadFile(*textFile)
		if err != nil {
			fmt.Fprintf(stderr, "reckon ledger prove: -text: %v\n", err)
			return exitUsage
		}
		if !strings.Contains(inc.Leaf, "\ntext "+ledger.Digest(text)+"\n") {
			fmt.Fprintf(stderr, "reckon ledger prove: the leaf is not the release of the text in %s: its digest is not the leaf's\n", *textFile)
			return exitRefused
		}
	}
	if err := ledger.VerifyInclusion(inc, vkey); err != nil {
		fmt.Fprintf(stderr, "reckon ledger prove: %v\n", err)
		return exitRefused
	}
	fmt.Fprintf(stdout, "leaf %d is in the log's tree that the checkpoint signs\n", inc.Index)
	return exitOK
}

// runLedgerConsistency is `reckon ledger consistency -ledger ADDR
// -log-key FILE OLD NEW`: it proves that the log's tree that checkpoint
// NEW signs holds the tree OLD signs, leaf for leaf: nothing released
// before OLD was removed, reordered or edited since. The proof is made
// from the ledger and checked against both signed checkpoints.
func runLedgerConsistency(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("ledger consistency", "-ledger ADDR -log-key FILE OLD NEW", stderr)
	addr := flags.String("ledger", "", "the ledger at `ADDR` that keeps the log")
	keyFile := flags.String("log-key", "", "the log's verifier key in `FILE` (origin+hash+key)")
	if !parsed(flags, flags.Parse(args)) {
		return exitUsage
	}
	if *addr == "" || *keyFile == "" || flags.NArg() != 2 {
		fmt.Fprintf(stderr, "reckon ledger consistency: give -ledger ADDR, -log-key FILE and the two checkpoint files\n")
		return exitUsage
	}
	vkey, err := logKey(*keyFile)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger consistency: -log-key: %v\n", err)
		return exitUsage
	}
	var ckpts [2][]byte
	var sizes [2]int64
	for i, name := range flags.Args() {
		if ckpts[i], err = os.ReadFile(name); err != nil {
			fmt.Fprintf(stderr, "reckon ledger consistency: %v\n", err)
			return exitUsage
		}
		if sizes[i], err = ledger.CheckpointSize(ckpts[i], vkey); err != nil {
			fmt.Fprintf(stderr, "reckon ledger consistency: %s: %v\n", name, err)
			return exitRefused
		}
	}
	ctx := context.Background()
	st, err := openExisting(ctx, *addr)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger consistency: %v\n", err)
		return exitRefused
	}
	defer st.Close()
	origin, _, _ := strings.Cut(vkey, "+")
	l, err := ledger.NewLog(ctx, st, origin, nil)
	if err == nil {
		var proof []string
		if proof, err = l.Consistency(ctx, sizes[0], sizes[1]); err == nil {
			err = ledger.VerifyConsistency(ckpts[0], ckpts[1], proof, vkey)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger consistency: %v\n", err)
		return exitRefused
	}
	fmt.Fprintf(stdout, "the log of %d leaves holds the log of %d, unchanged\n", sizes[1], sizes[0])
	return exitOK
}

// openExisting opens a ledger an auditor reads: a SQLite file must exist
// already, so that a mistyped path is refused rather than created empty.
func openExisting(ctx context.Context, addr string) (ledger.Store, error) {
	if !strings.Contains(addr, "://") {
		if _, err := os.Stat(strings.TrimPrefix(addr, "file:")); err != nil {
			return nil, fmt.Errorf("no ledger at %s: %w", addr, err)
		}
	}
	return ledger.Open(ctx, addr)
}

// runLedgerKey is `reckon ledger key -pub FILE -log ORIGIN`: it prints the
// verifier key of the log `reckon mcp -key … -log ORIGIN` keeps, from the
// public half of that key, for an auditor to keep in a file.
func runLedgerKey(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("ledger key", "-pub FILE -log ORIGIN", stderr)
	pub := flags.String("pub", "", "the public key in `FILE` (PKIX PEM) whose private half signs the log's checkpoints")
	origin := flags.String("log", "", "the log's `ORIGIN`, as reckon mcp -log names it")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	if *pub == "" || *origin == "" {
		fmt.Fprintf(stderr, "reckon ledger key: give -pub FILE and -log ORIGIN\n")
		return exitUsage
	}
	data, err := os.ReadFile(*pub)
	if err != nil {
		fmt.Fprintf(stderr, "reckon ledger key: %v\n", err)
		return exitUsage
	}
	key, err := dsse.ParsePublicKey(data)
	if err == nil {
		var vkey string
		if vkey, err = ledger.LogVerifierKey(*origin, key); err == nil {
			fmt.Fprintln(stdout, vkey)
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "reckon ledger key: %v\n", err)
	return exitUsage
}

// readInclusion reads an inclusion from an inclusion itself, a
// check_claims answer that carries one, or a ledger entry whose answer
// does; released is false for an answer that says it was refused.
func readInclusion(data []byte) (inc ledger.Inclusion, released bool, err error) {
	var given struct {
		ledger.Inclusion
		OK      *bool             `json:"ok"`        // a check_claims answer says whether it released
		Wrapped *ledger.Inclusion `json:"inclusion"` // and carries the inclusion here
		Answer  *struct {
			Inclusion *ledger.Inclusion `json:"inclusion"`
		} `json:"answer"` // a ledger entry (reckon ledger -format entries) keeps it in its answer
	}
	if err := json.Unmarshal(data, &given); err != nil {
		return inc, false, fmt.Errorf("not an inclusion, a check_claims answer or a ledger entry: %v", err)
	}
	inc = given.Inclusion
	switch {
	case given.Wrapped != nil:
		inc = *given.Wrapped
	case given.Answer != nil && given.Answer.Inclusion != nil:
		inc = *given.Answer.Inclusion
	}
	return inc, given.OK == nil || *given.OK, nil
}

// logged checks offline that the receipt of id is behind a release in the
// log: the inclusion in the file logFile verifies under the log's key in
// keyFile, and its leaf names the receipt.
func logged(id, logFile, keyFile string) (int64, error) {
	vkey, err := logKey(keyFile)
	if err != nil {
		return 0, err
	}
	data, err := os.ReadFile(logFile)
	if err != nil {
		return 0, err
	}
	inc, released, err := readInclusion(data)
	switch {
	case err != nil:
		return 0, err
	case !released:
		return 0, fmt.Errorf("the answer in %s was not released", logFile)
	}
	if err := ledger.VerifyInclusion(inc, vkey); err != nil {
		return 0, err
	}
	for _, line := range strings.Split(inc.Leaf, "\n") {
		if rest, ok := strings.CutPrefix(line, "receipts "); ok && slices.Contains(strings.Fields(rest), id) {
			return inc.Index, nil
		}
	}
	return 0, fmt.Errorf("the log's leaf %d does not name receipt %s", inc.Index, id)
}
