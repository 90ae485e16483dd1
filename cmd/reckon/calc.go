package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
	"go.opentelemetry.io/otel/trace"
)

// clock is the system clock, the one place the command reads the date: the
// library never does. Tests replace it.
var clock = time.Now

// todayFlag is -today YYYY-MM-DD: the date relative phrases resolve
// against, checked when the flag is read.
type todayFlag struct{ date string }

func (f *todayFlag) String() string { return f.date }

func (f *todayFlag) Set(s string) error {
	d, err := dates.ParseISO(s)
	if err != nil {
		return fmt.Errorf("give today as YYYY-MM-DD: %v", err)
	}
	f.date = d.String()
	return nil
}

// systemToday is the system clock's date, in the machine's time zone.
func systemToday() string { return clock().Format(time.DateOnly) }

// runCalc is `reckon calc [-key FILE] [-source NAME=FILE]… [-today
// YYYY-MM-DD] [-jsonl]`: a request on stdin, its response on stdout, one
// JSON object ending in a newline. It exits 1 if the request is refused, or
// with -jsonl if any line is.
//
// With -source, each document is indexed once for the whole run, and every
// input read from text must name one and quote it: the receipt records the
// document's digest and where the quote is.
//
// An operation that needs today (date_range, or a days_between input
// "today") resolves against -today. Without it, and only for such an
// operation, the command takes the system clock's date and says so: on
// stderr, and in the receipt, whose interpretation becomes "interpreted"
// with a note naming the date and its source.
func runCalc(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("calc", "[-key FILE] [-source NAME=FILE]… [-today YYYY-MM-DD] [-ledger ADDR] [-jsonl] [FILE]\n\nReads a request (or, with -jsonl, one a line) from FILE or stdin.", stderr)
	opts := tool.Options{Tools: []string{"calculate"}, Stateless: true}
	flags.Func("key", "sign receipts with the ed25519 private key in `FILE` (PKCS#8 PEM); without it they are unsigned",
		func(name string) (err error) {
			opts.Signer, err = loadSigner(name) // the last -key wins
			return err
		})
	var sources sourceFlag
	flags.Var(&sources, "source", "register the document in `NAME=FILE` (repeatable): inputs read from text must name one and quote it, and receipts record where")
	var today todayFlag
	flags.Var(&today, "today", "resolve relative dates (date_range) against `YYYY-MM-DD`; without it, the system clock's date, stated on stderr and in the receipt")
	jsonl := flags.Bool("jsonl", false, "read one request a line; write one response a line, in input order")
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every request to `FILE` as JSON (operational values only)")
	ledgerAddr := flags.String("ledger", "", "record every calculation, its receipt or its refusal, in the ledger at `ADDR` (a SQLite file or a postgres:// URL), a batch in transactions of many")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	tracer, closeTrace, ok := traces.open("calc", stderr)
	if !ok {
		return exitUsage
	}
	defer closeTrace()
	if opts.Signer == nil {
		// asked for by leaving -key out, and said so
		fmt.Fprintln(stderr, "reckon calc: no -key given, so receipts are unsigned; verify accepts them only under a policy with allow_unsigned")
	}
	opts.Documents = sources.documents()
	opts.Today, opts.TodayNote = today.option(stderr)
	c := &calculator{tool: tool.All(opts)[0], tracer: tracer}
	if *ledgerAddr != "" {
		st, err := ledger.Open(context.Background(), *ledgerAddr)
		if err != nil {
			fmt.Fprintf(stderr, "reckon calc: -ledger: %v\n", err)
			return exitRefused
		}
		defer st.Close()
		id := newConversationID()
		c.ledger = newLedgerWriter(st, id)
		fmt.Fprintf(stderr, "reckon calc: recording in the ledger as session %s\n", id)
	}
	if *jsonl {
		st, err := batch(stdin, stdout, receipt.MaxRequestSize, c.answer, false)
		if code := c.closeLedger(stderr); code != exitOK {
			return code
		}
		return batchExit(stderr, "calc", "requests", st, err)
	}
	data, err := readCapped(stdin, receipt.MaxRequestSize)
	if err != nil {
		fmt.Fprintf(stderr, "reckon calc: read request: %v\n", err)
		return exitRefused
	}
	var refused bool
	line := traced(c.tracer, "calc", data, func() []byte {
		var out []byte
		out, refused = c.respond(data, len(data) > receipt.MaxRequestSize, 0)
		return append(out, '\n')
	})
	if _, err := stdout.Write(line); err != nil {
		fmt.Fprintf(stderr, "reckon calc: %v\n", err)
		return exitRefused
	}
	if code := c.closeLedger(stderr); code != exitOK {
		return code
	}
	if refused {
		var resp receipt.Response
		_ = json.Unmarshal(line, &resp) // the tool's answer: a response, whose error says why
		fmt.Fprintf(stderr, "reckon calc: refused: %s: %s\n", resp.Error.Code, resp.Error.Message)
		return exitRefused
	}
	return exitOK
}

// option returns the today of the calculate tool for -today: its date, or,
// without it, the system clock's, stated on stderr (once, when a
// calculation first needs it) and, through the note, in the receipt.
func (f *todayFlag) option(stderr io.Writer) (func() string, string) {
	if f.date != "" {
		return func() string { return f.date }, ""
	}
	var warn sync.Once
	return func() string {
		today := systemToday()
		warn.Do(func() {
			fmt.Fprintf(stderr, "reckon calc: no -today given, so today is %s from the system clock; the receipt says so (give -today YYYY-MM-DD)\n", today)
		})
		return today
	}, "the system clock's date where reckon calc ran: no -today was given"
}

// loadSigner reads an Ed25519 private key from a PEM file.
func loadSigner(name string) (dsse.Signer, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	priv, err := dsse.ParsePrivateKey(data)
	if err != nil {
		return nil, err
	}
	return dsse.NewEd25519Signer(priv)
}

// calculator answers requests with the calculate tool, built once for the
// run: its sources are indexed once, however many lines a batch holds. It
// is safe for concurrent use.
type calculator struct {
	tool   tool.Tool
	tracer trace.Tracer  // -trace; nil traces nothing
	ledger *ledgerWriter // -ledger; nil records nothing
}

// closeLedger writes what the ledger has not yet recorded; a ledger that
// could not record the run fails it.
func (c *calculator) closeLedger(stderr io.Writer) int {
	if c.ledger == nil {
		return exitOK
	}
	if err := c.ledger.Close(); err != nil {
		fmt.Fprintf(stderr, "reckon calc: -ledger: the ledger did not record the whole run (what was written before the error is kept; `reckon ledger -session` shows it): %v\n", err)
		return exitRefused
	}
	return exitOK
}

// respond answers one request: the calculate tool's answer, the JSON
// contract's response, and whether it is a refusal. A request over the
// limit, which the command did not read whole, is refused here with code
// bad_request.
func (c *calculator) respond(data []byte, tooLong bool, line int) ([]byte, bool) {
	if tooLong {
		resp := &receipt.Response{Error: &receipt.ErrorInfo{Code: fault.BadRequest,
			Message: fmt.Sprintf("request is over the limit of %d bytes", receipt.MaxRequestSize),
			Hint:    "split the work into several requests"}}
		out := resp.AppendJSON(nil)
		if c.ledger != nil {
			c.ledger.record([]byte(`"a request over the limit"`), out, true, line)
		}
		return out, true
	}
	out, refused := call(c.tool, data)
	if c.ledger != nil {
		c.ledger.record(data, out, refused, line)
	}
	return out, refused
}

// answer is respond as an [answerFunc].
func (c *calculator) answer(dst, data []byte, tooLong bool, line int) ([]byte, bool) {
	var refused bool
	start := len(dst)
	traced(c.tracer, "calc", data, func() []byte {
		var out []byte
		out, refused = c.respond(data, tooLong, line)
		dst = append(append(dst, out...), '\n')
		return dst[start:]
	})
	return dst, !refused
}

// batchExit reports the end of a -jsonl batch on stderr and returns its exit
// code: 0 if every line was accepted, else 1.
func batchExit(stderr io.Writer, cmd, noun string, st batchStats, err error) int {
	if err != nil {
		fmt.Fprintf(stderr, "reckon %s: stopped after %d %s: %v\n", cmd, st.lines, noun, err)
		return exitRefused
	}
	if st.refused > 0 {
		fmt.Fprintf(stderr, "reckon %s: %d of %d %s refused\n", cmd, st.refused, st.lines, noun)
		return exitRefused
	}
	return exitOK
}
