package main

import (
	"crypto/ed25519"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"go.opentelemetry.io/otel/trace"
)

// maxVerifyInput bounds one verify input, as the library does.
const maxVerifyInput = receipt.MaxResponseSize

// codeResponseMismatch is the reason code for a calc response whose result,
// expansion or id differs from what its receipt records.
const codeResponseMismatch = fault.ResponseMismatch

// runVerify is `reckon verify [-pub FILE]… [-source NAME=FILE]… [-policy
// FILE] [-jsonl]`: a receipt on stdin, as a DSSE envelope or a whole calc
// response, and a report on stdout. It exits 0 only if the receipt is
// accepted, or with -jsonl if every line is. With -source, every grounded
// quote is found again in the document it names, which must be the very
// document the receipt records (its digest); the report's grounding says
// whether that was checked.
func runVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("verify", "[-pub FILE]… [-source NAME=FILE]… [-policy FILE] [-jsonl] [FILE]\n\nReads a DSSE envelope or a whole calc response (or, with -jsonl, one a line) from FILE or stdin.", stderr)
	var pubs pubFlag
	flags.Var(&pubs, "pub", "trust the ed25519 public key in `FILE` (PKIX PEM); repeat for several keys")
	var policy receipt.Policy
	flags.Func("policy", "apply the policy in `FILE` (JSON); the default requires one trusted signature",
		func(name string) (err error) {
			policy, err = loadPolicy(name)
			return err
		})
	var sources sourceFlag
	flags.Var(&sources, "source", "find grounded quotes again in the document in `NAME=FILE` (repeatable); without it, grounding is reported not_checked")
	jsonl := flags.Bool("jsonl", false, "read one receipt a line; write one report a line, in input order")
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every receipt to `FILE` as JSON (operational values only)")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	tracer, closeTrace, ok := traces.open("verify", stderr)
	if !ok {
		return exitUsage
	}
	defer closeTrace()
	ring, err := receipt.NewKeyRing(pubs.keys...)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: -pub: %v\n", err)
		return exitUsage
	}
	if ring.Len() == 0 {
		fmt.Fprintln(stderr, "reckon verify: no -pub given, so no signature can be trusted; only a policy with allow_unsigned can accept a receipt")
	}
	registered, err := sources.registered()
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: -source: %v\n", err)
		return exitUsage
	}
	v := &verifier{ring: ring, policy: policy, sources: registered, tracer: tracer}
	if *jsonl {
		st, err := batch(stdin, stdout, maxVerifyInput, v.answer)
		return batchExit(stderr, "verify", "receipts", st, err)
	}
	data, err := readCapped(stdin, maxVerifyInput)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: read receipt: %v\n", err)
		return exitRefused
	}
	var rep *receipt.Report
	line := traced(v.tracer, "verify", data, func() []byte {
		rep = v.report(data, len(data) > maxVerifyInput)
		return encodeLine(rep)
	})
	if _, err := stdout.Write(line); err != nil {
		fmt.Fprintf(stderr, "reckon verify: %v\n", err)
		return exitRefused
	}
	if !rep.OK {
		r := rep.Reasons[0]
		more := ""
		if n := len(rep.Reasons) - 1; n > 0 {
			more = fmt.Sprintf(" (and %d more)", n)
		}
		fmt.Fprintf(stderr, "reckon verify: refused: %s: %s%s\n", r.Code, r.Message, more)
		return exitRefused
	}
	return exitOK
}

// pubFlag is the repeatable -pub flag. Each file is read and parsed as the
// flag is set, so that a bad key file is a usage error naming the file.
type pubFlag struct {
	files []string
	keys  []ed25519.PublicKey
}

// String returns the files given, for flag's usage text.
func (p *pubFlag) String() string { return strings.Join(p.files, ", ") }

// Set reads the public key in the file name and adds it.
func (p *pubFlag) Set(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	pub, err := receipt.ParsePublicKey(data)
	if err != nil {
		return err
	}
	p.files, p.keys = append(p.files, name), append(p.keys, pub)
	return nil
}

// loadPolicy reads a policy file.
func loadPolicy(name string) (receipt.Policy, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return receipt.Policy{}, err
	}
	return receipt.DecodePolicy(data)
}

// verifier checks receipts against one key ring and one policy. It is safe
// for concurrent use.
type verifier struct {
	ring    *receipt.KeyRing
	policy  receipt.Policy
	sources *receipt.Sources // -source; nil takes groundings as recorded
	tracer  trace.Tracer     // -trace; nil traces nothing
}

// report verifies one input, a DSSE envelope or a calc response holding
// one, with [receipt.VerifyResponseReport]. A line of a batch that was
// over the limit arrives without its bytes, and is refused here with the
// code the library gives an input over it.
func (v *verifier) report(data []byte, tooLong bool) *receipt.Report {
	if tooLong {
		return refusal(&receipt.SignatureError{Code: receipt.CodeEnvelopeTooLarge,
			Msg:  fmt.Sprintf("input is over the limit of %d bytes", maxVerifyInput),
			Hint: "send receipts one at a time, as reckon wrote them"})
	}
	return receipt.VerifyResponseReport(data, receipt.VerifyOptions{Trusted: v.ring, Policy: v.policy, Sources: v.sources})
}

// answer is report as an [answerFunc]: the report is encoded straight
// into dst.
func (v *verifier) answer(dst, data []byte, tooLong bool) ([]byte, bool) {
	var ok bool
	start := len(dst)
	traced(v.tracer, "verify", data, func() []byte {
		rep := v.report(data, tooLong)
		ok = rep.OK
		dst = append(rep.AppendJSON(dst), '\n')
		return dst[start:]
	})
	return dst, ok
}

// refusal is the report on an input that could not be verified at all.
func refusal(err error) *receipt.Report {
	info := receipt.Describe(err)
	return &receipt.Report{SignedBy: []string{}, Reasons: []receipt.Reason{
		{Code: info.Code, Message: info.Message, Field: info.Field, Hint: info.Hint}}}
}
