package langchain

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/tool"
	"github.com/tmc/langchaingo/llms"
)

// fakeModel answers every request with reply(n), n counting from 1, and
// keeps the messages of the last request.
type fakeModel struct {
	reply func(n int) *llms.ContentResponse
	n     int
	last  []llms.MessageContent
}

func (m *fakeModel) GenerateContent(_ context.Context, msgs []llms.MessageContent, _ ...llms.CallOption) (*llms.ContentResponse, error) {
	m.n++
	m.last = msgs
	return m.reply(m.n), nil
}

func (m *fakeModel) Call(context.Context, string, ...llms.CallOption) (string, error) {
	return "", errors.New("not used")
}

// callTool is a reply that calls calculate, stopping for reason.
func callTool(n int, reason string) *llms.ContentResponse {
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{StopReason: reason, ToolCalls: []llms.ToolCall{{
		ID: "call_" + string(rune('0'+n)), Type: "function", FunctionCall: &llms.FunctionCall{Name: "calculate", Arguments: "{}"}}}}}}
}

func TestLoopIsBounded(t *testing.T) {
	m := &fakeModel{reply: func(n int) *llms.ContentResponse { return callTool(n, "tool_calls") }}
	_, err := Loop(context.Background(), m, tool.All(tool.Options{}), "q")
	if !errors.Is(err, ErrTooManyTurns) || m.n != MaxTurns {
		t.Fatalf("Loop = %v after %d requests, want ErrTooManyTurns after %d", err, m.n, MaxTurns)
	}
}

func TestLoopStopsAtTokenLimit(t *testing.T) {
	for _, reason := range []string{"length", "max_tokens", "MAX_TOKENS"} {
		m := &fakeModel{reply: func(n int) *llms.ContentResponse { return callTool(n, reason) }}
		_, err := Loop(context.Background(), m, tool.All(tool.Options{}), "q")
		if !errors.Is(err, ErrTruncated) || m.n != 1 {
			t.Fatalf("%s: Loop = %v after %d requests, want ErrTruncated after 1: a cut-short tool call is never run", reason, err, m.n)
		}
	}
}

func TestLoopEnds(t *testing.T) {
	m := &fakeModel{reply: func(n int) *llms.ContentResponse {
		if n == 1 {
			return callTool(n, "tool_calls")
		}
		return &llms.ContentResponse{Choices: []*llms.ContentChoice{{Content: "done", StopReason: "stop"}}}
	}}
	got, err := Loop(context.Background(), m, tool.All(tool.Options{}), "q")
	if err != nil || m.n != 2 || got != "done" {
		t.Fatalf("Loop = %q, %v after %d requests", got, err, m.n)
	}
	// The second request carries the question, the model's call and its answer.
	if len(m.last) != 3 || m.last[1].Role != llms.ChatMessageTypeAI || m.last[2].Role != llms.ChatMessageTypeTool {
		t.Fatalf("second request: %+v", m.last)
	}
}

// TestAgentToolSchemaCompact: the schema in an agent tool's description is
// the tool's input schema without white space, as the other adapters send.
func TestAgentToolSchemaCompact(t *testing.T) {
	ts := tool.All(tool.Options{Tools: tool.Names()})
	for i, at := range AgentTools(ts) {
		desc := at.Description()
		_, schema, ok := strings.Cut(desc, "Input: one JSON object matching this schema: ")
		if !ok || strings.Contains(schema, "\n  ") || !json.Valid([]byte(schema)) {
			t.Fatalf("%s: schema in the description is not compact JSON: %.200s", at.Name(), schema)
		}
		var got, want any
		if json.Unmarshal([]byte(schema), &got) != nil || json.Unmarshal(ts[i].InputSchema, &want) != nil {
			t.Fatalf("%s: schema does not decode", at.Name())
		}
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Fatalf("%s: schema differs from the tool's", at.Name())
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
