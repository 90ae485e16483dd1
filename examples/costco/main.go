// Command costco computes Costco's FY2021 debt-to-EBITDA (1.344×) from its 10-K
// line items, after refusing three drafts that get it wrong.
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

func run(w io.Writer, env story.Env) error { return story.Run(w, story.Costco(), env) }
