package openai

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/reckonhq/reckon/tool"
)

// TestAnswer answers a tool call as the API would return it, offline.
func TestAnswer(t *testing.T) {
	tools := tool.All(tool.Options{Tools: tool.Names()})
	defs, err := Tools(tools)
	if err != nil || len(defs) != len(tools) {
		t.Fatalf("Tools: %d, %v", len(defs), err)
	}
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function",
	  "function": {"name": "verify_quotes", "arguments": "{\"quotes\": []}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := Answer(context.Background(), tools, msg)
	if err != nil || len(answers) != 1 {
		t.Fatalf("Answer: %d, %v", len(answers), err)
	}
	if got := answers[0].OfTool.Content.OfString.Value; got != `{"ok":false,"results":[],"error":{"code":"no_quotes","message":"the request holds no quotes","hint":"list each quote under \"quotes\""}}` {
		t.Errorf("answer = %s", got)
	}
}
