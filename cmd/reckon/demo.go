package main

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"embed"
	"fmt"
	"io"
	"strings"

	"github.com/reckonhq/reckon/receipt"
)

// stories holds the requests the demo calculates: what a model would fill
// in after reading each source.
//
//go:embed demo/*.json
var stories embed.FS

// storyOrder is the order the demo tells the stories in.
var storyOrder = []string{"costco", "lakh", "tweets", "shortfall", "gap"}

// runDemo is `reckon demo`: it calculates each built-in story, signs its
// receipt with a key made for the run and held only in memory, verifies the
// receipt with that key, and prints each story for people. Its output is
// the same on every run but for the key id.
func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("demo", "", stderr)
	if !parseFlags(flags, args) {
		return exitUsage
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		fmt.Fprintf(stderr, "reckon demo: generate key: %v\n", err)
		return exitRefused
	}
	ring, err := receipt.NewKeyRing(pub)
	if err != nil {
		fmt.Fprintf(stderr, "reckon demo: %v\n", err)
		return exitRefused
	}
	signer := receipt.NewEd25519Signer(priv)
	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "The model reads, the code reckons: %d calculations, each signed with\n", len(storyOrder))
	fmt.Fprintf(w, "the key %s (made for this run, held in memory) and verified.\n", signer.KeyID())
	code := exitOK
	for _, name := range storyOrder {
		data, err := stories.ReadFile("demo/" + name + ".json")
		if err != nil {
			panic(err) // every story is embedded
		}
		fmt.Fprintln(w)
		if !tellStory(w, data, signer, ring) {
			code = exitRefused
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "reckon demo: %v\n", err)
		return exitRefused
	}
	return code
}

// tellStory calculates, signs and verifies one request and prints it as a
// short block. It reports whether the receipt was accepted.
func tellStory(w io.Writer, data []byte, signer receipt.Signer, ring *receipt.KeyRing) bool {
	req, err := receipt.DecodeRequest(data)
	if err != nil {
		panic(err) // the embedded stories are tested
	}
	fmt.Fprintf(w, "%s\n  formula   %s\n", req.ID, req.Formula)
	resp := receipt.Respond(req, signer)
	if !resp.OK {
		fmt.Fprintf(w, "  ✗ refused: %s: %s\n", resp.Error.Code, resp.Error.Message)
		return false
	}
	fmt.Fprintf(w, "  expanded  %s\n  result    %s\n", resp.Expanded, resp.Result.Display)
	rep := receipt.Verify(resp.Receipt, ring, receipt.Policy{})
	if !rep.OK {
		fmt.Fprintf(w, "  ✗ not verified: %s: %s\n", rep.Reasons[0].Code, rep.Reasons[0].Message)
		return false
	}
	fmt.Fprintf(w, "  ✓ verified (signed by %s)\n", strings.Join(rep.SignedBy, ", "))
	return true
}
