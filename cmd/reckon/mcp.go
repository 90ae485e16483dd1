package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/tool"
	"github.com/reckonhq/reckon/tool/mcpserver"
)

// runMCP is `reckon mcp`: it serves reckon's tools (calculate,
// verify_receipt, verify_quotes, score_verdicts, check_claims) to an MCP
// client over stdin and stdout until the client closes stdin. What the model
// must not choose comes from flags: the key that signs receipts, the keys
// receipts are trusted under, the documents quotes may cite, and the rubric.
// Logs go to stderr, never to stdout, which carries the protocol.
//
// A line the client sends that is not a valid JSON-RPC request is answered
// with a JSON-RPC error and the server reads on; every call read before
// stdin closes is answered before the command exits (see
// [mcpserver.Transport]). The exit code is 0 when stdin ends, 1 when the
// session fails (stdout closed under it) or is interrupted, 2 for bad flags.
func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("mcp", "[-key FILE] [-pub FILE]… [-source NAME=FILE]… [-rubric FILE] [-policy FILE] [-tools LIST] [-trace FILE] [-v]", stderr)
	var signer receipt.Signer
	flags.Func("key", "sign receipts with the ed25519 private key in `FILE` (PKCS#8 PEM); unsigned without it",
		func(name string) (err error) {
			signer, err = loadSigner(name)
			return err
		})
	var pubs pubFlag
	flags.Var(&pubs, "pub", "trust receipts signed by the ed25519 public key in `FILE`; repeat for several keys")
	var sources sourceFlag
	flags.Var(&sources, "source", "a document `NAME=FILE` that quotes and citations may name; repeat for several")
	var rubric *scoring.Rubric
	flags.Func("rubric", "score verdicts with the rubric in `FILE` (JSON); the default is the grant-fit rubric",
		func(name string) error {
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			r, err := scoring.ParseRubric(data)
			rubric = &r
			return err
		})
	var policy receipt.Policy
	flags.Func("policy", "verify receipts under the policy in `FILE` (JSON)", func(name string) (err error) {
		policy, err = loadPolicy(name)
		return err
	})
	var toolNames []string
	flags.Func("tools", "offer the tools named in `LIST` (comma-separated, or all); by default, those the other flags make useful",
		func(list string) error {
			names, err := parseToolNames(list)
			toolNames = names
			return err
		})
	var traces traceFlag
	flags.Var(&traces, "trace", "write a span for every tool call to `FILE` as JSON (operational values only)")
	verbose := flags.Bool("v", false, "log server activity to stderr")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	ring, err := receipt.NewKeyRing(pubs.keys...)
	if err != nil {
		fmt.Fprintf(stderr, "reckon mcp: -pub: %v\n", err)
		return exitUsage
	}
	tp, closeTrace, err := traces.provider()
	if err != nil {
		fmt.Fprintf(stderr, "reckon mcp: -trace: %v\n", err)
		return exitUsage
	}
	defer closeTrace()
	opts := mcpserver.Options{Tools: tool.Options{Signer: signer, Trusted: ring, Policy: policy,
		Sources: sources.texts, Rubric: rubric, Tools: toolNames, TracerProvider: tp}}
	if *verbose {
		opts.Logger = slog.New(slog.NewTextHandler(stderr, nil))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := mcpserver.Serve(ctx, stdin, stdout, opts); err != nil {
		fmt.Fprintf(stderr, "reckon mcp: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// parseToolNames reads -tools: "all", or tool names separated by commas.
func parseToolNames(list string) ([]string, error) {
	if list == "all" {
		return tool.Names(), nil
	}
	var names []string
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(tool.Names(), n) {
			return nil, fmt.Errorf("%q is not a tool; the tools are %s", n, strings.Join(tool.Names(), ", "))
		}
		names = append(names, n)
	}
	return names, nil
}
