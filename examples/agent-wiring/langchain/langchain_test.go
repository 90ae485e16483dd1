package langchain

import (
	"context"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/tool"
	"github.com/tmc/langchaingo/llms"
)

// TestAnswer answers a tool call as a model would make it, offline.
func TestAnswer(t *testing.T) {
	ts := tool.All(tool.Options{Tools: tool.Names()})
	defs, err := Tools(ts)
	if err != nil || len(defs) != len(ts) {
		t.Fatalf("Tools: %d, %v", len(defs), err)
	}
	choice := &llms.ContentChoice{ToolCalls: []llms.ToolCall{{ID: "call_1", Type: "function",
		FunctionCall: &llms.FunctionCall{Name: "verify_quotes", Arguments: `{"quotes": []}`}}}}
	msgs, err := Answer(context.Background(), ts, choice)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("Answer: %d, %v", len(msgs), err)
	}
	resp := msgs[0].Parts[0].(llms.ToolCallResponse)
	if !strings.Contains(resp.Content, `"no_quotes"`) {
		t.Errorf("answer = %s", resp.Content)
	}
	out, err := AgentTools(ts)[2].Call(context.Background(), `{"quotes": []}`)
	if err != nil || !strings.Contains(out, `"no_quotes"`) {
		t.Errorf("agent tool: %s, %v", out, err)
	}
}
