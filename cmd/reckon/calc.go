package main

import (
	"fmt"
	"io"
	"os"

	"github.com/reckonhq/reckon/receipt"
)

// runCalc is `reckon calc [-key FILE] [-jsonl]`: a request on stdin, its
// response on stdout, one JSON object ending in a newline. It exits 1 if
// the request is refused, or with -jsonl if any line is.
func runCalc(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("calc", "[-key FILE] [-jsonl] [FILE]\n\nReads a request (or, with -jsonl, one a line) from FILE or stdin.", stderr)
	var signers []receipt.Signer
	flags.Func("key", "sign receipts with the ed25519 private key in `FILE` (PKCS#8 PEM); without it they are unsigned",
		func(name string) error {
			s, err := loadSigner(name)
			if err != nil {
				return err
			}
			signers = []receipt.Signer{s} // the last -key wins
			return nil
		})
	jsonl := flags.Bool("jsonl", false, "read one request a line; write one response a line, in input order")
	stdin, done, code := parseInput(flags, args, stdin)
	if code >= 0 {
		return code
	}
	defer done()
	if len(signers) == 0 {
		fmt.Fprintln(stderr, "reckon calc: no -key given, so receipts are unsigned; verify accepts them only under a policy with allow_unsigned")
	}
	c := &calculator{signers: signers}
	if *jsonl {
		st, err := batch(stdin, stdout, receipt.MaxRequestSize, c.answer)
		return batchExit(stderr, "calc", "requests", st, err)
	}
	data, err := readCapped(stdin, receipt.MaxRequestSize)
	if err != nil {
		fmt.Fprintf(stderr, "reckon calc: read request: %v\n", err)
		return exitRefused
	}
	resp := c.respond(data, len(data) > receipt.MaxRequestSize)
	if _, err := stdout.Write(encodeLine(resp)); err != nil {
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
func loadSigner(name string) (receipt.Signer, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	priv, err := receipt.ParsePrivateKey(data)
	if err != nil {
		return nil, err
	}
	return receipt.NewEd25519Signer(priv), nil
}

// calculator answers requests, signing each receipt with its signers. It is
// safe for concurrent use.
type calculator struct {
	signers []receipt.Signer
}

// respond decodes one request and calculates it. A request that cannot be
// decoded gets a response with code bad_request that carries the request's
// id when it can be read.
func (c *calculator) respond(data []byte, tooLong bool) *receipt.Response {
	if tooLong {
		return &receipt.Response{Error: &receipt.ErrorInfo{Code: receipt.CodeBadRequest,
			Message: fmt.Sprintf("request is over the limit of %d bytes", receipt.MaxRequestSize),
			Hint:    "split the work into several requests"}}
	}
	req, err := receipt.DecodeRequest(data)
	if err != nil {
		return &receipt.Response{ID: recoverID(data), Error: receipt.Describe(err)}
	}
	return receipt.Respond(req, c.signers...)
}

// answer is respond as an [answerFunc].
func (c *calculator) answer(data []byte, tooLong bool) ([]byte, bool) {
	resp := c.respond(data, tooLong)
	return encodeLine(resp), resp.OK
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
