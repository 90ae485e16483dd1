// Command tweets adds counts read from a bar chart on a page image (24 + 12 + 5
// = 41) and records that they came from an image.
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

func run(w io.Writer, env story.Env) error { return story.Run(w, story.Tweets(), env) }
