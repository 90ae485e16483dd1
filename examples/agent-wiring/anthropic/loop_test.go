package anthropic

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	"github.com/reckonhq/reckon/examples/agent-wiring/internal/fakeapi"
	"github.com/reckonhq/reckon/tool"
)

// fakeAPI answers every Messages request with reply(n), n counting from 1,
// on loopback.
func fakeAPI(t *testing.T, reply func(n int) string) (anthropic.Client, *int) {
	t.Helper()
	url, n := fakeapi.Serve(t, reply)
	return anthropic.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0)), n
}

const toolUse = `{"id": "msg_%d", "type": "message", "role": "assistant", "model": "m", "stop_reason": "%s",
  "content": [{"type": "tool_use", "id": "toolu_%d", "name": "calculate", "input": {}}],
  "usage": {"input_tokens": 1, "output_tokens": 1}}`

const endTurn = `{"id": "msg_end", "type": "message", "role": "assistant", "model": "m", "stop_reason": "end_turn",
  "content": [{"type": "text", "text": "done"}], "usage": {"input_tokens": 1, "output_tokens": 1}}`

func TestLoopIsBounded(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string { return fmt.Sprintf(toolUse, n, "tool_use", n) })
	_, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if !errors.Is(err, ErrTooManyTurns) || *n != MaxTurns {
		t.Fatalf("Loop = %v after %d requests, want ErrTooManyTurns after %d", err, *n, MaxTurns)
	}
}

func TestLoopStopsAtMaxTokens(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string { return fmt.Sprintf(toolUse, n, "max_tokens", n) })
	_, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if !errors.Is(err, ErrTruncated) || *n != 1 {
		t.Fatalf("Loop = %v after %d requests, want ErrTruncated after 1: a cut-short tool call is never run", err, *n)
	}
}

func TestLoopEnds(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string {
		if n == 1 {
			return fmt.Sprintf(toolUse, n, "tool_use", n)
		}
		return endTurn
	})
	msg, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if err != nil || *n != 2 || msg.Content[0].Text != "done" {
		t.Fatalf("Loop = %v after %d requests", err, *n)
	}
}
