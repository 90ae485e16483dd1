package main

import (
	"context"
	"fmt"

	"github.com/reckonhq/reckon/tool"
)

// call runs t, a tool built from a command's flags, on args, exactly as the
// MCP server runs it, and returns its JSON answer and whether it is a
// refusal. The commands are thin
// faces over the tools: each builds [tool.Options] from its flags once,
// calls the tool that serves the same job over MCP, and prints its answer,
// so that a flag and a tool argument cannot drift apart. The context never
// ends, so Call never fails: a refusal is an answer.
func call(t tool.Tool, args []byte) (answer []byte, refused bool) {
	out, refused, err := t.Answer(context.Background(), args)
	if err != nil {
		panic(fmt.Sprintf("reckon: %s: %v", t.Name, err)) // only a done context fails a call
	}
	return out, refused
}
