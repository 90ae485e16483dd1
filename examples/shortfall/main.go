// Command shortfall computes how far India's growth fell short of its forecast:
// a relative shortfall of 35.821%, published as an interpreted formula, beside
// the absolute gap of 2.4 percentage points.
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

func run(w io.Writer, env story.Env) error { return story.Run(w, story.Shortfall(), env) }
