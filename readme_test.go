package reckon_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
	"github.com/stretchr/testify/require"
)

// readmeStubs are, for each Go fragment of the README the main module can
// build (by its first line), the imports and declarations it reads: the
// fragment compiles inside a function that has them. Whole programs are
// shown from examples/ and run by their tests; the agent-wiring fragments
// compile in their own module (examples/agent-wiring).
var readmeStubs = map[string]struct{ imports, decls string }{
	"err := mcpserver.Serve(": {`"context"; "os"; "github.com/reckonhq/reckon/tool"; "github.com/reckonhq/reckon/tool/mcpserver"`,
		"var ctx context.Context; var opts tool.Options"},
	"tools := tool.All(": {`"github.com/reckonhq/reckon/dsse"; "github.com/reckonhq/reckon/tool"; "go.opentelemetry.io/otel"`,
		"var signer dsse.Signer"},
	"_, err := reckon.Calc(":     {`"errors"; "fmt"; "github.com/reckonhq/reckon"; "github.com/reckonhq/reckon/fault"`, ""},
	"ratio, err := reckon.Calc(": {`"fmt"; "github.com/reckonhq/reckon"`, ""},
}

// TestREADMEGoFragments compiles every Go fragment of the README and its
// guides that the main module can build, so that the text a developer
// copies compiles.
func TestREADMEGoFragments(t *testing.T) {
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(golden.Docs(t, "."), -1)
	var built int
	for _, b := range blocks {
		src := b[1]
		first := strings.SplitN(strings.TrimSpace(src), "\n", 2)[0]
		if strings.HasPrefix(first, "// Command ") {
			continue // a whole program, shown from examples/ and run there
		}
		var stub *struct{ imports, decls string }
		for prefix, s := range readmeStubs {
			if strings.HasPrefix(first, prefix) {
				stub = &s
			}
		}
		if stub == nil {
			require.Regexp(t, `wiring\.`, first, "a README fragment with no stub: add one to readmeStubs\n%s", src)
			continue
		}
		built++
		golden.Fragment(t, src, stub.imports, stub.decls)
	}
	require.Equal(t, len(readmeStubs), built, "every stub has its fragment in the README")
}
