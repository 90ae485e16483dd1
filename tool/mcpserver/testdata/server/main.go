// Command server is a test-only MCP server for reckon's tools, for clients
// that need a binary to start (the subprocess test and the inspector
// script). It signs with a key made at start and trusts only that key.
//
// Usage:
//
//	server [-source NAME=FILE]...
package main

import (
	"context"
	"crypto/ed25519"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/tool"
	"github.com/reckonhq/reckon/tool/mcpserver"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

// sources collects -source NAME=FILE flags.
type sources map[string]string

func (s sources) String() string { return fmt.Sprint(map[string]string(s)) }

func (s sources) Set(v string) error {
	name, file, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=FILE, got %q", v)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	s[name] = string(b)
	return nil
}

func run(args []string) error {
	src := sources{}
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.Var(src, "source", "a named source for verify_quotes, as NAME=FILE; repeatable")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		return err
	}
	ring, err := dsse.NewKeyRing(pub)
	if err != nil {
		return err
	}
	signer, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		return err
	}
	return mcpserver.Serve(context.Background(), os.Stdin, os.Stdout, mcpserver.Options{
		Tools:  tool.Options{Signer: signer, Trusted: ring, Sources: src},
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
}
