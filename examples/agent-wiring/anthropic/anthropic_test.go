package anthropic

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/reckonhq/reckon/tool"
)

// TestAnswer answers a tool_use block as the API would return it, offline.
func TestAnswer(t *testing.T) {
	tools := tool.All(tool.Options{Tools: tool.Names()})
	defs, err := Tools(tools)
	if err != nil || len(defs) != len(tools) {
		t.Fatalf("Tools: %d, %v", len(defs), err)
	}
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(`{"id": "msg_1", "type": "message", "role": "assistant", "content": [
	  {"type": "tool_use", "id": "toolu_1", "name": "verify_quotes", "input": {"quotes": []}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	reply, used, err := Answer(context.Background(), tools, &msg)
	if err != nil || !used || len(reply.Content) != 1 {
		t.Fatalf("Answer: %v, %v", used, err)
	}
	res := reply.Content[0].OfToolResult
	if res == nil || res.ToolUseID != "toolu_1" || !res.IsError.Value {
		t.Errorf("tool result = %+v, want an is_error result for toolu_1", res)
	}
}
