// Command lakh computes income less shareholders' funds for the year ended 31
// March 2003 from figures printed in lakhs: ₹8,367,277,000.
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

func run(w io.Writer, env story.Env) error { return story.Run(w, story.Lakh(), env) }
