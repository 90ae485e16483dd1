package agentwiring_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/golden"
)

// readmeStubs are, for each README fragment of the agent-wiring adapters
// (by its first line), the imports and declarations it reads.
var readmeStubs = map[string]struct{ imports, decls string }{
	"defs, _ := openaiwiring.Tools(": {`"context"; "github.com/openai/openai-go/v3"; "github.com/reckonhq/reckon/tool"; openaiwiring "github.com/reckonhq/reckon/examples/agent-wiring/openai"`,
		"var ctx context.Context; var tools []tool.Tool; var msgs []openai.ChatCompletionMessageParamUnion; var client openai.Client"},
	"defs, _ := anthropicwiring.Tools(": {`"context"; "github.com/anthropics/anthropic-sdk-go"; "github.com/reckonhq/reckon/tool"; anthropicwiring "github.com/reckonhq/reckon/examples/agent-wiring/anthropic"`,
		"var ctx context.Context; var tools []tool.Tool; var msgs []anthropic.MessageParam; var client anthropic.Client; var model anthropic.Model"},
	"defs, _ := langchainwiring.Tools(": {`"context"; "github.com/tmc/langchaingo/llms"; "github.com/reckonhq/reckon/tool"; langchainwiring "github.com/reckonhq/reckon/examples/agent-wiring/langchain"`,
		"var ctx context.Context; var tools []tool.Tool; var msgs []llms.MessageContent; var llm llms.Model"},
}

// TestREADMEFragments compiles the README's fragments that use the
// adapters, each inside a stub that declares what it reads.
func TestREADMEFragments(t *testing.T) {
	built := 0
	for _, b := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(golden.Docs(t, "../.."), -1) {
		src := b[1]
		first := strings.SplitN(strings.TrimSpace(src), "\n", 2)[0]
		var stub *struct{ imports, decls string }
		for prefix, s := range readmeStubs {
			if strings.HasPrefix(first, prefix) {
				stub = &s
			}
		}
		if stub == nil {
			continue
		}
		built++
		golden.Fragment(t, src, stub.imports, stub.decls)
	}
	if built != len(readmeStubs) {
		t.Fatalf("%d of %d fragments found in the README", built, len(readmeStubs))
	}
}
