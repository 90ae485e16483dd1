// Command copilot shows the release gate: a search page showed 30 of 84 matching
// documents, and only the answer that says 84 may leave.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/reckonhq/reckon/internal/story"
)

func main() {
	env, err := story.EphemeralEnv()
	if err == nil {
		err = run(os.Stdout, env)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(w io.Writer, env story.Env) error { return story.Run(w, story.Copilot(), env) }
