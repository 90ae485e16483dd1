package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/reckonhq/reckon/internal/story"
	"github.com/reckonhq/reckon/receipt"
)

// runDemo is `reckon demo`: it tells every story reckon exists for, end to
// end. Each answer is calculated, signed with a key made for the run and
// held only in memory, and verified by re-execution; the drafts refused on
// the way are shown with their reasons. The output is the same on every run
// but for the key id. With -json it prints each story's calc responses, one
// JSON object a line, instead.
func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("demo", "", stderr)
	asJSON := flags.Bool("json", false, "print each story's responses as JSON lines instead of text")
	if !parseFlags(flags, args) {
		return exitUsage
	}
	env, err := story.EphemeralEnv()
	if err != nil {
		fmt.Fprintf(stderr, "reckon demo: %v\n", err)
		return exitRefused
	}
	w := bufio.NewWriter(stdout)
	code := exitOK
	if *asJSON {
		code = demoJSON(w, stderr, env)
	} else {
		stories := story.All()
		fmt.Fprintf(w, "The model reads, the code reckons: %d stories. Every receipt is signed with\n", len(stories))
		fmt.Fprintf(w, "%s, a key made for this run and held in memory, and verified.\n\n", env.Signer.KeyID())
		for _, s := range stories {
			if err := story.Run(w, s, env); err != nil {
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

// demoJSON prints the calc response of every accepted calculation in the
// stories, one a line.
func demoJSON(w, stderr io.Writer, env story.Env) int {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	code := exitOK
	for _, s := range story.All() {
		senv, err := s.Register(env)
		if err != nil {
			fmt.Fprintf(stderr, "reckon demo: %v\n", err)
			return exitRefused
		}
		for _, req := range append([]*receipt.Request{s.Answer}, s.Also...) {
			if req == nil {
				continue
			}
			resp := senv.Respond(req, senv.Signer)
			if !resp.OK {
				code = exitRefused
			}
			if err := enc.Encode(resp); err != nil {
				return exitRefused
			}
		}
	}
	return code
}
