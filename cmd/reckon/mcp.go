package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/session"
	"github.com/reckonhq/reckon/tool"
	"github.com/reckonhq/reckon/tool/mcpserver"
)

// runMCP is `reckon mcp`: it serves reckon's tools (calculate,
// verify_receipt, verify_quotes, score_verdicts, check_claims,
// render_source) to an MCP client over stdin and stdout until the client
// closes stdin, or, with -http, over the streamable HTTP transport until
// interrupted. What the model must not choose comes from flags: the key
// that signs receipts (and is trusted), the other keys receipts are
// trusted under, the documents quotes may cite (each -source parsed once,
// here, in the format its file gives), the facts that back numbers, and
// the rubric. It logs
// at startup what it signs with, trusts and holds. Logs go to stderr, never
// to stdout, which carries the protocol.
//
// A line the client sends over stdio that is not a valid JSON-RPC request
// is answered with a JSON-RPC error and the server reads on; every call
// read before stdin closes is answered before the command exits (see
// [mcpserver.Transport]). The exit code is 0 when stdin ends, 1 when the
// session fails (stdout closed under it) or is interrupted, 2 for bad flags.
func runMCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("mcp", "[-key FILE | -unsigned] [-pub FILE]… [-source NAME=FILE]… [-fact LABEL=VALUE UNIT]… [-facts FILE] [-rubric FILE] [-policy FILE] [-tools LIST] [-today YYYY-MM-DD] [-trace FILE] [-ledger ADDR [-session ID] [-log ORIGIN]] [-http ADDR [-sessions N] [-idle DURATION] [-tokens FILE]] [-v]", stderr)
	var signer dsse.Signer
	keyFile := ""
	ephemeral := false
	flags.Func("key", "sign receipts with the ed25519 private key in `FILE` (PKCS#8 PEM); without it, with a key made in memory for this run and trusted by it",
		func(name string) (err error) {
			if signer != nil {
				return errors.New("give -key once")
			}
			keyFile = name
			signer, err = loadSigner(name)
			return err
		})
	unsigned := flags.Bool("unsigned", false, "sign nothing: receipts are unsigned, and verify_receipt and check_claims refuse them unless a -policy allows unsigned receipts")
	var pubs pubFlag
	flags.Var(&pubs, "pub", "trust receipts signed by the ed25519 public key in `FILE` too (the -key is always trusted); repeat for several keys")
	var facts factFlag
	flags.Var(&facts, "fact", "an application fact `LABEL=VALUE UNIT` that backs numbers in check_claims, such as \"documents matching=84 count\"; repeat for several")
	flags.Func("facts", "application facts from `FILE`, a JSON list of {label, value, unit, scale}", facts.setFile)
	httpAddr := flags.String("http", "", "serve the MCP streamable HTTP transport on `ADDR` (such as 127.0.0.1:8080) instead of stdio; one reckon session per MCP session")
	var hopts mcpserver.HTTPOptions
	flags.IntVar(&hopts.MaxSessions, "sessions", mcpserver.DefaultMaxSessions, "with -http, the most MCP sessions open at once")
	flags.DurationVar(&hopts.IdleTimeout, "idle", mcpserver.DefaultIdleTimeout, "with -http, close a session idle this long, with its receipts")
	tokensFile := flags.String("tokens", "", "with -http, let in only clients with a bearer token listed in `FILE`, one a line (also RECKON_MCP_TOKENS, separated by spaces or commas); each token holds at most 10 sessions")
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
	var today todayFlag
	flags.Var(&today, "today", "resolve relative dates (date_range) against `YYYY-MM-DD`; without it, the system clock's date at each call, as the startup log says")
	verbose := flags.Bool("v", false, "log server activity to stderr")
	ledgerAddr := flags.String("ledger", "", "keep every receipt and decision in the ledger at `ADDR`: a SQLite file, or a postgres:// URL that replicas share; receipt ids stay valid across a restart")
	logOrigin := flags.String("log", "", "with -ledger and -key, append every answer check_claims releases to the ledger's transparency log, its checkpoints named `ORIGIN` (such as example.com/reckon) and signed with the -key; each release carries its inclusion proof")
	sessionID := flags.String("session", "", "with -ledger over stdio, the conversation's `ID` in the ledger, to resume it; a new one by default, which the startup log names")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	if *tokensFile != "" && *httpAddr == "" {
		fmt.Fprintf(stderr, "reckon mcp: -tokens is for -http: stdio has one client, the process that started it\n")
		return exitUsage
	}
	if *httpAddr != "" {
		var err error
		if hopts.Tokens, err = readTokens(*tokensFile); err != nil {
			fmt.Fprintf(stderr, "reckon mcp: -tokens: %v\n", err)
			return exitUsage
		}
	}
	if *logOrigin != "" && *ledgerAddr == "" {
		fmt.Fprintf(stderr, "reckon mcp: -log keeps the log in the ledger: give -ledger ADDR\n")
		return exitUsage
	}
	if *sessionID != "" && (*ledgerAddr == "" || *httpAddr != "") {
		fmt.Fprintf(stderr, "reckon mcp: -session needs -ledger, over stdio (over -http each MCP session is its own)\n")
		return exitUsage
	}
	switch {
	case *unsigned && signer != nil:
		fmt.Fprintf(stderr, "reckon mcp: -unsigned and -key: give one\n")
		return exitUsage
	case signer == nil && !*unsigned:
		// a key made for this run, held in memory and trusted by it, as
		// `reckon demo` makes one: receipts verify within the session
		var err error
		if signer, _, err = ephemeralKey(); err != nil {
			fmt.Fprintf(stderr, "reckon mcp: making a key: %v\n", err)
			return exitRefused
		}
		ephemeral = true
	}
	ring, err := dsse.NewKeyRing(pubs.keys...)
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
		Documents: sources.documents(), Facts: facts.facts, Rubric: rubric, Tools: toolNames, TracerProvider: tp,
		Today: systemToday}}
	if today.date != "" {
		opts.Tools.Today = func() string { return today.date }
	} else {
		// the receipt says so, as calc's does
		opts.Tools.TodayNote = "the system clock's date where reckon mcp ran: no -today was given"
	}
	if *verbose {
		opts.Logger = slog.New(slog.NewTextHandler(stderr, nil))
	}
	ctx, stop := mcpContext()
	defer stop()
	where := "stdio"
	if *ledgerAddr != "" {
		st, err := ledger.Open(ctx, *ledgerAddr)
		if err != nil {
			fmt.Fprintf(stderr, "reckon mcp: -ledger: %v\n", err)
			return exitRefused
		}
		defer st.Close()
		hopts.Session.Store = st
		hopts.Session.Now = time.Now // the ledger's entries are timed: an auditor asks by time
		if *logOrigin != "" {
			if keyFile == "" {
				fmt.Fprintf(stderr, "reckon mcp: -log signs checkpoints with the -key: give -key FILE\n")
				return exitUsage
			}
			data, err := os.ReadFile(keyFile)
			if err == nil {
				var priv ed25519.PrivateKey
				if priv, err = dsse.ParsePrivateKey(data); err == nil {
					if opts.Tools.Log, err = ledger.NewLog(ctx, st, *logOrigin, priv); err == nil {
						vkey, _ := ledger.LogVerifierKey(*logOrigin, priv.Public().(ed25519.PublicKey))
						fmt.Fprintf(stderr, "reckon mcp: every release is logged; its checkpoints verify with the log key %s (reckon ledger prove -log-key FILE)\n", vkey)
					}
				}
			}
			if err != nil {
				fmt.Fprintf(stderr, "reckon mcp: -log: %v\n", err)
				return exitRefused
			}
		}
		if *sessionID == "" {
			*sessionID = newConversationID()
		}
		opts.Tools.Session = session.New(session.Options{Store: st, ID: *sessionID, Now: time.Now})
		where = "stdio, session " + *sessionID + " in the ledger (resume it with -session " + *sessionID + ")"
	}
	if *httpAddr != "" {
		return serveMCPHTTP(ctx, *httpAddr, opts, hopts, today.date, ephemeral, stderr)
	}
	logStartup(stderr, opts.Tools, today.date, where, ephemeral)
	if err := mcpserver.Serve(ctx, stdin, stdout, opts); err != nil {
		fmt.Fprintf(stderr, "reckon mcp: %v\n", err)
		return exitRefused
	}
	return exitOK
}

// mcpContext is the context `reckon mcp` serves under: done on an
// interrupt. Tests replace it to stop a server.
var mcpContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// logStartup tells the developer, in a few lines on stderr, what the server
// signs with, what it trusts, what it holds and where it serves: the setup
// that decides whether honest receipts verify.
func logStartup(w io.Writer, opts tool.Options, fixed, where string, ephemeral bool) {
	trusted := tool.TrustedKeys(opts)
	sign := "signs nothing: receipts are unsigned (-unsigned)"
	switch {
	case opts.Signer != nil && ephemeral:
		sign = "signs with " + opts.Signer.KeyID() + ", a key made for this run and held in memory (give -key FILE to keep one)"
	case opts.Signer != nil:
		sign = "signs with " + opts.Signer.KeyID()
	}
	trust := "trusts no key: verify_receipt and check_claims refuse every receipt (give -key FILE or -pub FILE)"
	switch {
	case trusted.Len() > 0:
		trust = "trusts " + strings.Join(trusted.KeyIDs(), ", ")
	case opts.Policy.AllowUnsigned:
		trust = "trusts no key, and accepts unsigned receipts (policy)"
	}
	fmt.Fprintf(w, "reckon mcp: %s; %s\n", sign, trust)
	srcs := "none"
	if names := tool.SourceNames(opts); len(names) > 0 {
		srcs = strings.Join(names, ", ")
	}
	var fs []string
	for _, f := range opts.Facts {
		fs = append(fs, factString(f))
	}
	fl := "none"
	if len(fs) > 0 {
		fl = strings.Join(fs, "; ")
	}
	var names []string
	for _, t := range tool.All(opts) {
		names = append(names, t.Name)
	}
	today := "the system clock's date at each call"
	if fixed != "" {
		today = fixed + " (-today)"
	}
	fmt.Fprintf(w, "reckon mcp: sources: %s; facts: %s; today: %s\n", srcs, fl, today)
	fmt.Fprintf(w, "reckon mcp: tools %s, on %s\n", strings.Join(names, ", "), where)
}

// serveMCPHTTP serves the streamable HTTP transport on addr until ctx is
// done.
func serveMCPHTTP(ctx context.Context, addr string, opts mcpserver.Options, hopts mcpserver.HTTPOptions, fixedToday string, ephemeral bool, stderr io.Writer) int {
	if hopts.MaxSessions <= 0 || hopts.IdleTimeout <= 0 {
		fmt.Fprintf(stderr, "reckon mcp: -sessions and -idle must be positive\n")
		return exitUsage
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "reckon mcp: -http: %v\n", err)
		return exitUsage
	}
	h := mcpserver.NewHTTPHandler(opts, hopts)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	auth := "no authentication of its own: bind it to loopback, or give -tokens FILE"
	if len(hopts.Tokens) > 0 {
		auth = fmt.Sprintf("bearer tokens required, %d known", len(hopts.Tokens))
	}
	logStartup(stderr, opts.Tools, fixedToday, fmt.Sprintf("http://%s (streamable HTTP; a session per client, at most %d, closed after %s idle; %s)",
		ln.Addr(), hopts.MaxSessions, hopts.IdleTimeout, auth), ephemeral)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "reckon mcp: %v\n", err)
		return exitRefused
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
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

// newConversationID returns a fresh conversation id: 80 random bits in
// lower-case base32.
func newConversationID() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return "c_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// readTokens returns the bearer tokens of -tokens FILE (one a line; blank
// lines and lines starting with # skipped) and of RECKON_MCP_TOKENS
// (separated by spaces or commas). A token shorter than 16 bytes is
// refused: a bearer token is a secret, not a password to guess.
func readTokens(file string) ([]string, error) {
	var tokens []string
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				tokens = append(tokens, l)
			}
		}
	}
	tokens = append(tokens, strings.FieldsFunc(os.Getenv("RECKON_MCP_TOKENS"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })...)
	for _, t := range tokens {
		if len(t) < 16 {
			return nil, fmt.Errorf("a token of %d bytes: give tokens of at least 16 random bytes", len(t))
		}
	}
	return tokens, nil
}
