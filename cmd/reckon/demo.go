package main

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/examples/stories"
)

// runDemo is `reckon demo`: it tells every story reckon exists for, end to
// end, running the code of package stories. Each answer is calculated,
// signed with a key made for the run and held only in memory, and verified
// by re-execution; the drafts refused on the way are shown with their
// reasons. The output is the same on every run but for the key id. With
// -json it prints the response of every calculation the stories accept,
// one JSON object a line, instead.
func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("demo", "", stderr)
	asJSON := flags.Bool("json", false, "print each story's responses as JSON lines instead of text")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	signer, trusted, err := ephemeralKey()
	if err != nil {
		fmt.Fprintf(stderr, "reckon demo: %v\n", err)
		return exitRefused
	}
	w := bufio.NewWriter(stdout)
	code := exitOK
	if *asJSON {
		code = demoJSON(w, stderr, signer, trusted)
	} else {
		fmt.Fprintf(w, "The model reads, the code reckons: %d stories. Every receipt is signed with\n", len(stories.All))
		fmt.Fprintf(w, "%s, a key made for this run and held in memory, and verified.\n\n", signer.KeyID())
		for _, s := range stories.All {
			if _, err := s.Tell(w, signer, trusted); err != nil {
				fmt.Fprintf(stderr, "reckon demo: %v\n", err)
				code = exitRefused
			}
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "reckon demo: %v\n", err)
		return exitRefused
	}
	return code
}

// ephemeralKey returns a signer with a fresh random key that exists only
// in memory, and the key ring that trusts it: no setup, nothing written.
func ephemeralKey() (dsse.Signer, *dsse.KeyRing, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("generate key: %w", err)
	}
	signer, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		return nil, nil, err
	}
	trusted, err := dsse.NewKeyRing(pub)
	if err != nil {
		return nil, nil, err
	}
	return signer, trusted, nil
}

// demoJSON prints the response of every calculation the stories accept,
// one a line, in the order the stories tell them.
func demoJSON(w, stderr io.Writer, signer dsse.Signer, trusted *dsse.KeyRing) int {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, s := range stories.All {
		answers, err := s.Run(io.Discard, signer, trusted)
		if err != nil {
			fmt.Fprintf(stderr, "reckon demo: story %s: %v\n", s.Name, err)
			return exitRefused
		}
		for _, resp := range answers {
			if err := enc.Encode(resp); err != nil {
				return exitRefused
			}
		}
	}
	return exitOK
}
