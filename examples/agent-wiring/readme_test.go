package agentwiring_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
	// the front page and its guides
	files, _ := filepath.Glob("../../docs/*.md")
	var readme []byte
	for _, f := range append([]string{"../../README.md"}, files...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		readme = append(readme, data...)
	}
	built := 0
	for _, b := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
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
		var uses []string
		for _, m := range regexp.MustCompile(`(?m)^\s*([A-Za-z_][A-Za-z0-9_, ]*?)\s*:=`).FindAllStringSubmatch(src, -1) {
			for _, name := range strings.Split(m[1], ",") {
				if name = strings.TrimSpace(name); name != "_" {
					uses = append(uses, "_ = "+name)
				}
			}
		}
		prog := "package main\n\nimport (" + stub.imports + ")\n\nfunc main() {\n" + stub.decls + "\n" + src + "\n" + strings.Join(uses, "\n") + "\n}\n"
		dir, err := os.MkdirTemp(".", "_readme")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("go", "build", "-o", os.DevNull, "./"+dir).CombinedOutput(); err != nil {
			t.Fatalf("the README fragment does not compile:\n%s\n%s", src, out)
		}
	}
	if built != len(readmeStubs) {
		t.Fatalf("%d of %d fragments found in the README", built, len(readmeStubs))
	}
}
