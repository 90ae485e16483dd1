package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
	"github.com/reckonhq/reckon/units"
)

// runClaims is `reckon claims [-pub FILE]… [-policy FILE] [-fact …]
// [-sign=false] [-accept PROVENANCE]… [-literal NUMBER]…`: the
// release gate. stdin holds a draft answer with the receipts and
// authoritative facts that may back its numbers; -fact and -facts add the
// application's own; stdout gets a report on every number in the text. It exits 0 only when the answer may be released: every receipt
// verifies and every number is backed.
func runClaims(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("claims", "[-pub FILE]… [-policy FILE] [-source NAME=FILE]… [-fact LABEL=VALUE UNIT]… [-facts FILE] [-sign=false] [-accept PROVENANCE]… [-literal NUMBER]… [FILE]\n\n"+
		"Reads a draft answer from FILE or stdin, one JSON object:\n"+
		"  {\"text\": \"the answer's prose\", \"question\": \"the question it answers\",\n"+
		"   \"receipts\": [DSSE envelope, …],\n"+
		"   \"facts\": [{\"label\": \"documents matching\", \"value\": \"84\", \"unit\": \"count:documents\", \"scale\": \"\"}]}\n"+
		"and releases it (exit 0) only when every number in text is backed by a receipt that verifies, whose inputs are\n"+
		"grounded and whose formula adds no number of its own, or by a fact; a fact outranks any receipt.", stderr)
	var pubs pubFlag
	flags.Var(&pubs, "pub", "trust receipts signed by the ed25519 public key in `FILE`; repeat for several keys")
	var policy receipt.Policy
	flags.Func("policy", "verify receipts under the policy in `FILE` (JSON)", func(name string) (err error) {
		policy, err = loadPolicy(name)
		return err
	})
	var sources sourceFlag
	flags.Var(&sources, "source", "the application's copy of the document in `NAME=FILE` (repeatable): every grounded receipt input's quote is found again there, and a receipt the copy contradicts backs nothing")
	var facts factFlag
	flags.Var(&facts, "fact", "an application fact `LABEL=VALUE UNIT` that backs numbers, such as \"documents matching=84 count\"; repeat for several")
	flags.Func("facts", "application facts from `FILE`, a JSON list of {label, value, unit, scale}", facts.setFile)
	sign := flags.Bool("sign", true, "the sign counts: a negative value never backs a number printed without a sign (\"grew 3%\" is not backed by -3%); -sign=false lets prose carry the sign in words (\"fell 3%\")")
	var opts claim.Options
	flags.Func("accept", "vouch for receipt inputs of `PROVENANCE` (text, page_image, user or system_of_record) beyond what the gate checks; page_image must be named to back anything; repeat for several", func(p string) error {
		switch p {
		case receipt.ProvenanceText, receipt.ProvenancePageImage, receipt.ProvenanceUser, receipt.ProvenanceSystemOfRecord:
			opts.Accept = append(opts.Accept, p)
			return nil
		}
		return fmt.Errorf("unknown provenance %q: use text, page_image, user or system_of_record", p)
	})
	flags.Func("literal", "allow the literal `NUMBER` (such as 365) in receipts that back prose, beyond integers 1 to 12 and powers of ten; repeat for several", func(v string) error {
		if _, err := units.ParseAmount(v, units.Number, numeral.Ones); err != nil {
			return fmt.Errorf("%q is not a plain number", v)
		}
		opts.Literals = append(opts.Literals, v)
		return nil
	})
	var traces traceFlag
	flags.Var(&traces, "trace", "write the span of the check to `FILE` as JSON (operational values only)")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	ring, err := dsse.NewKeyRing(pubs.keys...)
	if err != nil {
		fmt.Fprintf(stderr, "reckon claims: -pub: %v\n", err)
		return exitUsage
	}
	tracer, closeTrace, ok := traces.open("claims", stderr)
	if !ok {
		return exitUsage
	}
	defer closeTrace()
	data, err := readCapped(stdin, claim.MaxRequestBytes)
	if err != nil {
		fmt.Fprintf(stderr, "reckon claims: read answer: %v\n", err)
		return exitRefused
	}
	opts.SignInWords = !*sign
	base := tool.Options{Tools: []string{"check_claims"}, Stateless: true,
		Trusted: ring, Policy: policy, Documents: sources.documents(), Facts: facts.facts, Claim: opts}
	var refused bool
	line := traced(tracer, "claims", data, func() []byte {
		var answer []byte
		answer, refused = claimsAnswer(base, data)
		return append(answer, '\n')
	})
	if _, err := stdout.Write(line); err != nil {
		return exitRefused
	}
	if refused {
		var rep struct {
			Refusals []json.RawMessage `json:"refusals"`
		}
		_ = json.Unmarshal(line, &rep) // the tool's answer: a report, whose refusals say why
		fmt.Fprintf(stderr, "reckon claims: not released: %d refusals\n", len(rep.Refusals))
		return exitRefused
	}
	return exitOK
}

// claimsAnswer is check_claims' answer to data, the request read from
// stdin, under the tools opts configure from the flags. The request holds
// the draft and its receipts, which are the tool's arguments, and the
// application's own facts and question, which are the tool's options: a
// model cannot pass either to the gate, and the person or program that
// runs the command is the application. A request that cannot be read is
// refused as check_claims refuses one.
func claimsAnswer(opts tool.Options, data []byte) ([]byte, bool) {
	req, err := claim.ParseRequest(data) // refuses an over-long request itself
	if err != nil {
		return bytes.TrimSuffix(encodeLine(claim.RefusedReport(err)), []byte("\n")), true
	}
	opts.Facts = append(slices.Clone(req.Facts), opts.Facts...)
	opts.Claim.Question = req.Question
	if req.Ignore != nil {
		opts.Claim.Ignore, _ = claim.ParseClasses(req.Ignore) // ParseRequest has read them
	}
	args := encodeLine(map[string]any{"text": req.Text, "question": "", "receipts": req.Receipts, "receipt_ids": []string{}})
	return call(tool.All(opts)[0], args)
}
