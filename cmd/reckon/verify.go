package main

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
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
	flags := newFlagSet("verify", "[-pub FILE]… [-source NAME=FILE]… [-policy FILE] [-require-grounding] [-jsonl] [FILE]\n\nReads a DSSE envelope or a whole calc response (or, with -jsonl, one a line) from FILE or stdin.", stderr)
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
	jsonl := flags.Bool("jsonl", false, "read one receipt a line; write one report a line, in input order, each with its line; a summary on stderr")
	requireGrounding := flags.Bool("require-grounding", false, "refuse a receipt with an input not grounded in a document, or with no input (ungrounded_receipt), and a grounded one whose documents are not given with -source (grounding_not_checked); the policy's require_grounding")
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every receipt to `FILE` as JSON (operational values only)")
	logFile := flags.String("log", "", "also prove offline that the receipt backs a release in the ledger's log: the release's inclusion in `FILE` (a check_claims answer, a ledger entry, or the inclusion), with -log-key")
	logKeyFile := flags.String("log-key", "", "the log's verifier key in `FILE`, for -log (reckon ledger key writes it)")
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
	if (*logFile == "") != (*logKeyFile == "") || *logFile != "" && *jsonl {
		fmt.Fprintf(stderr, "reckon verify: -log and -log-key go together, for one receipt (not -jsonl)\n")
		return exitUsage
	}
	ring, err := dsse.NewKeyRing(pubs.keys...)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: -pub: %v\n", err)
		return exitUsage
	}
	if ring.Len() == 0 {
		fmt.Fprintln(stderr, "reckon verify: no -pub given, so no signature can be trusted; only a policy with allow_unsigned can accept a receipt")
	}
	policy.RequireGrounding = policy.RequireGrounding || *requireGrounding
	opts := tool.Options{Tools: []string{"verify_receipt"}, Stateless: true,
		Trusted: ring, Policy: policy, Documents: sources.documents()}
	v := &verifier{tool: tool.All(opts)[0], tracer: tracer, tally: &tally{codes: map[string]int{}}}
	if *jsonl {
		st, err := batch(stdin, stdout, maxVerifyInput, v.answer, true)
		if err != nil {
			return batchExit(stderr, "verify", "receipts", st, err)
		}
		fmt.Fprintln(stderr, "reckon verify: "+v.tally.summary())
		if st.refused > 0 {
			return exitRefused
		}
		return exitOK
	}
	data, err := readCapped(stdin, maxVerifyInput)
	if err != nil {
		fmt.Fprintf(stderr, "reckon verify: read receipt: %v\n", err)
		return exitRefused
	}
	var refused bool
	line := traced(v.tracer, "verify", data, func() []byte {
		var out []byte
		out, refused = v.report(data, len(data) > maxVerifyInput)
		return append(out, '\n')
	})
	if _, err := stdout.Write(line); err != nil {
		fmt.Fprintf(stderr, "reckon verify: %v\n", err)
		return exitRefused
	}
	if refused {
		var rep receipt.Report
		_ = json.Unmarshal(line, &rep) // the tool's answer: a report, whose reasons say why
		r := rep.Reasons[0]
		more := ""
		if n := len(rep.Reasons) - 1; n > 0 {
			more = fmt.Sprintf(" (and %d more)", n)
		}
		fmt.Fprintf(stderr, "reckon verify: refused: %s: %s%s\n", r.Code, r.Message, more)
		return exitRefused
	}
	if *logFile != "" {
		env, err := receipt.ResponseEnvelope(data)
		if err == nil {
			id := receipt.EnvelopeID(env)
			var n int64
			if n, err = logged(id, *logFile, *logKeyFile); err == nil {
				fmt.Fprintf(stderr, "reckon verify: receipt %s backs the release in leaf %d of the log, which the checkpoint signs\n", id, n)
				return exitOK
			}
		}
		fmt.Fprintf(stderr, "reckon verify: -log: %v\n", err)
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
	pub, err := dsse.ParsePublicKey(data)
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

// verifier checks receipts with the verify_receipt tool, built once for
// the run from the key ring, the policy and the sources. It is safe for
// concurrent use.
type verifier struct {
	tool   tool.Tool
	tracer trace.Tracer // -trace; nil traces nothing
	tally  *tally       // what a batch's lines came to
}

// tally counts a batch's outcomes, for its summary. It is safe for
// concurrent use.
type tally struct {
	mu                          sync.Mutex
	lines, verified, notChecked int
	codes                       map[string]int // the first reason's code of each refused line
}

// add counts one report, an answer of verify_receipt.
func (t *tally) add(answer []byte, refused bool) {
	var rep struct {
		Grounding string `json:"grounding"`
		Reasons   []struct {
			Code string `json:"code"`
		} `json:"reasons"`
	}
	_ = json.Unmarshal(answer, &rep)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines++
	switch {
	case !refused:
		t.verified++
		if rep.Grounding == receipt.GroundingNotChecked {
			t.notChecked++
		}
	case len(rep.Reasons) > 0:
		t.codes[rep.Reasons[0].Code]++
	}
}

// summary says what the batch came to: "100 receipts: 94 verified, 6
// refused: result_mismatch 3, bad_signature 2, quote_not_found 1; 94
// verified without their documents: give -source".
func (t *tally) summary() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	refused := t.lines - t.verified
	s := fmt.Sprintf("%s: %d verified, %d refused", plural(t.lines, "receipt"), t.verified, refused)
	if refused > 0 {
		codes := slices.Collect(maps.Keys(t.codes))
		slices.SortFunc(codes, func(a, b string) int {
			if c := cmp.Compare(t.codes[b], t.codes[a]); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		var parts []string
		for _, c := range codes {
			parts = append(parts, fmt.Sprintf("%s %d", c, t.codes[c]))
		}
		s += ": " + strings.Join(parts, ", ")
	}
	if t.codes[fault.GroundingNotChecked] > 0 {
		s += "; give -source NAME=FILE with the documents the grounded receipts name"
	}
	if t.notChecked > 0 {
		s += fmt.Sprintf("; %d verified without their documents: give -source to check their quotes, or -require-grounding to refuse them", t.notChecked)
	}
	return s
}

// plural says n things: "1 receipt", "2 receipts".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// report verifies one input, a DSSE envelope or a calc response holding
// one: verify_receipt's report on it, given as its text, and whether the
// input was refused. A line of a batch that was over the limit arrives
// without its bytes, and is refused here with the code the library gives
// an input over it; an input that is not UTF-8 cannot be a tool's
// argument, and is refused here as the library refuses an envelope that
// is not.
func (v *verifier) report(data []byte, tooLong bool) ([]byte, bool) {
	switch {
	case tooLong:
		return refusal(&fault.Error{Code: fault.EnvelopeTooLarge,
			Msg:  fmt.Sprintf("input is over the limit of %d bytes", maxVerifyInput),
			Hint: "send receipts one at a time, as reckon wrote them"}), true
	case !utf8.Valid(data):
		return refusal(&fault.Error{Code: fault.BadEnvelope,
			Msg: "input is not valid utf-8", Hint: "send receipts exactly as reckon wrote them"}), true
	}
	// Every UTF-8 text is a JSON string, byte for byte.
	args := bytes.NewBuffer(make([]byte, 0, len(data)+len(data)/8+16))
	args.WriteString(`{"receipt":`)
	enc := json.NewEncoder(args)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(string(data))  // a string always encodes
	args.Truncate(args.Len() - 1) // the encoder's newline
	args.WriteByte('}')
	return call(v.tool, args.Bytes())
}

// answer is report as an [answerFunc].
func (v *verifier) answer(dst, data []byte, tooLong bool, _ int) ([]byte, bool) {
	var refused bool
	start := len(dst)
	traced(v.tracer, "verify", data, func() []byte {
		var out []byte
		out, refused = v.report(data, tooLong)
		v.tally.add(out, refused)
		dst = append(append(dst, out...), '\n')
		return dst[start:]
	})
	return dst, !refused
}

// refusal is the report on an input that could not be verified at all.
func refusal(err error) []byte {
	info := receipt.Describe(err)
	rep := &receipt.Report{SignedBy: []string{}, Reasons: []receipt.Reason{
		{Code: info.Code, Message: info.Message, Field: info.Field, Hint: info.Hint}}}
	return rep.AppendJSON(nil)
}
