package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
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
	flags := newFlagSet("calc", "[-key FILE] [-source NAME=FILE]… [-today YYYY-MM-DD] [-jsonl] [FILE]\n\nReads a request (or, with -jsonl, one a line) from FILE or stdin.", stderr)
	var signers []dsse.Signer
	flags.Func("key", "sign receipts with the ed25519 private key in `FILE` (PKCS#8 PEM); without it they are unsigned",
		func(name string) error {
			s, err := loadSigner(name)
			if err != nil {
				return err
			}
			signers = []dsse.Signer{s} // the last -key wins
			return nil
		})
	var sources sourceFlag
	flags.Var(&sources, "source", "register the document in `NAME=FILE` (repeatable): inputs read from text must name one and quote it, and receipts record where")
	var today todayFlag
	flags.Var(&today, "today", "resolve relative dates (date_range) against `YYYY-MM-DD`; without it, the system clock's date, stated on stderr and in the receipt")
	jsonl := flags.Bool("jsonl", false, "read one request a line; write one response a line, in input order")
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every request to `FILE` as JSON (operational values only)")
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
	if len(signers) == 0 {
		fmt.Fprintln(stderr, "reckon calc: no -key given, so receipts are unsigned; verify accepts them only under a policy with allow_unsigned")
		signers = []dsse.Signer{dsse.Unsigned()} // asked for by leaving -key out, and said so
	}
	registered, err := sources.registered()
	if err != nil {
		fmt.Fprintf(stderr, "reckon calc: -source: %v\n", err)
		return exitUsage
	}
	c := &calculator{signers: signers, today: today.date, sources: registered, stderr: stderr, tracer: tracer}
	if *jsonl {
		st, err := batch(stdin, stdout, receipt.MaxRequestSize, c.answer, false)
		return batchExit(stderr, "calc", "requests", st, err)
	}
	data, err := readCapped(stdin, receipt.MaxRequestSize)
	if err != nil {
		fmt.Fprintf(stderr, "reckon calc: read request: %v\n", err)
		return exitRefused
	}
	var resp *receipt.Response
	line := traced(c.tracer, "calc", data, func() []byte {
		resp = c.respond(data, len(data) > receipt.MaxRequestSize)
		return encodeLine(resp)
	})
	if _, err := stdout.Write(line); err != nil {
		fmt.Fprintf(stderr, "reckon calc: %v\n", err)
		return exitRefused
	}
	if !resp.OK {
		fmt.Fprintf(stderr, "reckon calc: refused: %s: %s\n", resp.Error.Code, resp.Error.Message)
		return exitRefused
	}
	return exitOK
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

// calculator answers requests, signing each receipt with its signers. It is
// safe for concurrent use.
type calculator struct {
	signers []dsse.Signer
	today   string         // -today; "" for the system clock's date, when an operation needs one
	sources *quote.Sources // -source, indexed once; nil when none
	stderr  io.Writer      // where the clock's date is stated; nil states nothing
	warn    sync.Once      // the clock's date is stated once
	tracer  trace.Tracer   // -trace; nil traces nothing
}

// respond decodes one request and calculates it. A request that cannot be
// decoded gets a response with code bad_request that carries the request's
// id when it can be read.
func (c *calculator) respond(data []byte, tooLong bool) *receipt.Response {
	if tooLong {
		return &receipt.Response{Error: &receipt.ErrorInfo{Code: fault.BadRequest,
			Message: fmt.Sprintf("request is over the limit of %d bytes", receipt.MaxRequestSize),
			Hint:    "split the work into several requests"}}
	}
	req, err := receipt.DecodeRequest(data)
	if err != nil {
		return &receipt.Response{ID: recoverID(data), Error: receipt.Describe(err)}
	}
	req.Today, req.Sources = c.today, c.sources
	resp := receipt.Respond(req, c.signers...)
	if c.today == "" && !resp.OK && resp.Error.Code == fault.TodayNotInjected {
		resp = c.respondWithClock(req)
	}
	return resp
}

// respondWithClock calculates a request that needs today with the system
// clock's date, as no -today was given, and records that in the receipt's
// interpretation, so that whoever reads the receipt knows the date was not
// the user's choice.
func (c *calculator) respondWithClock(req *receipt.Request) *receipt.Response {
	req.Today = systemToday()
	note := "today " + req.Today + " is the system clock's date where reckon calc ran: no -today was given"
	switch it := req.Interpretation; {
	case it == nil || it.Kind == "" || it.Kind == receipt.SourceDefined:
		req.Interpretation = &receipt.Interpretation{Kind: receipt.Interpreted, Note: note}
	default:
		req.Interpretation = &receipt.Interpretation{Kind: it.Kind, Note: it.Note + "; " + note}
	}
	if c.stderr != nil {
		c.warn.Do(func() {
			fmt.Fprintf(c.stderr, "reckon calc: no -today given, so today is %s from the system clock; the receipt says so (give -today YYYY-MM-DD)\n", req.Today)
		})
	}
	return receipt.Respond(req, c.signers...)
}

// answer is respond as an [answerFunc]: the response is encoded straight
// into dst.
func (c *calculator) answer(dst, data []byte, tooLong bool) ([]byte, bool) {
	var ok bool
	start := len(dst)
	traced(c.tracer, "calc", data, func() []byte {
		resp := c.respond(data, tooLong)
		ok = resp.OK
		dst = append(resp.AppendJSON(dst), '\n')
		return dst[start:]
	})
	return dst, ok
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
