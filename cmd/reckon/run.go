package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// Exit codes, as documented in the package comment.
const (
	exitOK      = 0 // done, and every result accepted
	exitRefused = 1 // refused, or an input or output failure
	exitUsage   = 2 // no or unknown command, bad flags, an unreadable flag file
)

// command is one subcommand: its name, a line for the usage text, and its
// entry point, which takes the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order the usage text shows them.
var commands = []command{
	{"calc", "calculate a request; print the response with its receipt", runCalc},
	{"verify", "verify a receipt or a calc response; print a report", runVerify},
	{"keygen", "write a new ed25519 key pair", runKeygen},
	{"quote", "check that quotes appear verbatim in named sources", runQuote},
	{"score", "score a model's verdict blocks against a rubric; check their citations", runScore},
	{"claims", "release an answer only if every number in it is backed", runClaims},
	{"cost", "price model usage under configured rates; unknown is never zero", runCost},
	{"mcp", "serve the tools to an MCP client over stdio", runMCP},
	{"ledger", "query a ledger and make the run report: json, markdown or an html page", runLedger},
	{"inspect", "show a receipt or a calc response for a person, without verifying it", runInspect},
	{"render", "print a document as the model reads it: the text quotes are checked against", runRender},
	{"demo", "calculate, sign and verify the built-in stories", runDemo},
	{"version", "print the version and the receipt types this build verifies", runVersion},
}

// run is the whole command: it dispatches args to a subcommand and returns
// the process's exit code: 0 done and accepted, 1 refused (an invalid
// request, a failed verification) or failed, 2 usage. main passes it the
// process's streams; tests pass buffers.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout) // asked for: the answer goes to stdout
		return exitOK
	case "-version", "--version":
		return runVersion(args[1:], stdin, stdout, stderr)
	}
	for _, c := range commands {
		if c.name == args[0] {
			code := c.run(args[1:], stdin, stdout, stderr)
			if code == exitUsage && helpAsked(args[1:]) {
				return exitOK // the flag package printed the usage asked for
			}
			return code
		}
	}
	fmt.Fprintf(stderr, "reckon: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// usage prints the top-level usage text.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: reckon <command> [flags]\n\n")
	b.WriteString("The model reads, the code reckons. JSON in on stdin, JSON out on stdout,\n")
	b.WriteString("words for people on stderr.\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.summary)
	}
	b.WriteString("\nexit codes:\n")
	b.WriteString("  0  done, and every result accepted\n")
	b.WriteString("  1  refused (an invalid request, a failed verification) or failed\n")
	b.WriteString("  2  usage: unknown command, bad flags, an unreadable key or policy file\n")
	b.WriteString("\nRun 'reckon <command> -h' for a command's flags.\n")
	io.WriteString(w, b.String())
}

// helpAsked reports whether args, a subcommand's arguments, ask for help
// (-h, -help, --help) among the flags, that is before the first argument
// that is not a flag and before "--".
func helpAsked(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--" || !strings.HasPrefix(a, "-"):
			return false
		case a == "-h" || a == "-help" || a == "--help" || a == "--h":
			return true
		}
	}
	return false
}

// newFlagSet returns a fresh flag set for one subcommand that reports its
// errors and usage on stderr instead of exiting.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("reckon "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	// flag prints a bad value's error and then calls Usage; a file a flag
	// names that cannot be read is one line, naming the flag and the path
	// (see parsed), the usage is for everything else
	fs.Usage = func() {}
	synopses.Store(fs.Name(), synopsis)
	return fs
}

// synopses holds each command's synopsis, by its flag set's name, for
// [printUsage]: keyed by the command, not by the flag set, so that a flag
// set, and the documents and keys its flags read, is not kept alive after
// its command returns (tests run commands by the thousand in one process).
var synopses sync.Map // "reckon calc" → its synopsis

// parsed reports whether fs.Parse succeeded; otherwise, flag having
// printed the error, it prints the usage unless the error is a flag's bad
// value, a file that cannot be read or does not hold what the flag needs:
// "invalid value "k.pem" for flag -key: open k.pem: no such file or
// directory" is enough.
func parsed(f *flag.FlagSet, err error) bool {
	if err == nil {
		return true
	}
	// flag reports a value's error as text, wrapping nothing, so that it is
	// known by its text: "invalid value …", "invalid boolean value …"
	if msg := err.Error(); !strings.HasPrefix(msg, "invalid value ") && !strings.HasPrefix(msg, "invalid boolean value ") {
		printUsage(f) // an unknown flag or a missing value; a bad value's error names the flag and the value
	}
	return false
}

// printUsage prints f's full usage.
func printUsage(f *flag.FlagSet) {
	synopsis, _ := synopses.Load(f.Name())
	fmt.Fprintf(f.Output(), "usage: %s %s\n", f.Name(), synopsis)
	f.PrintDefaults()
}

// parseFlags parses a subcommand's arguments and refuses positional ones.
// It reports false, with the reason and the usage already on stderr, when
// the command should exit with [exitUsage].
func parseFlags(fs *flag.FlagSet, args []string) bool {
	if !parsed(fs, fs.Parse(args)) {
		return false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		printUsage(fs)
		return false
	}
	return true
}

// parseInput parses a subcommand's flags and takes at most one positional
// argument, the file to read instead of stdin ("-" is stdin). It returns
// the input, the function that closes it, and an exit code: -1 to go on,
// else the code to exit with (the reason is on stderr).
func parseInput(fs *flag.FlagSet, args []string, stdin io.Reader) (io.Reader, func(), int) {
	if !parsed(fs, fs.Parse(args)) {
		return nil, nil, exitUsage
	}
	switch {
	case fs.NArg() > 1:
		fmt.Fprintf(fs.Output(), "%s: one input file at most, not %q and %q\n", fs.Name(), fs.Arg(0), fs.Arg(1))
		printUsage(fs)
		return nil, nil, exitUsage
	case fs.NArg() == 0 || fs.Arg(0) == "-":
		return stdin, func() {}, -1
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
		return nil, nil, exitUsage
	}
	return f, func() { f.Close() }, -1
}

// encodeLine returns v as one line of compact JSON ending in a newline.
// HTML escaping is off so that quotes and formulas keep their < > and &.
func encodeLine(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Responses and reports are plain structs of strings, bools and
		// ints: failing to encode one is a bug.
		panic(fmt.Sprintf("reckon: encode %T: %v", v, err))
	}
	return b.Bytes()
}

// readCapped reads r to its end but keeps at most limit+1 bytes, enough to
// tell that the input is over limit without holding all of it.
func readCapped(r io.Reader, limit int) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, int64(limit)+1))
}
