package openai

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/reckonhq/reckon/examples/agent-wiring/internal/fakeapi"
	"github.com/reckonhq/reckon/tool"
)

// fakeAPI answers every chat completion request with reply(n), n counting
// from 1, on loopback.
func fakeAPI(t *testing.T, reply func(n int) string) (openai.Client, *int) {
	t.Helper()
	url, n := fakeapi.Serve(t, reply)
	return openai.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0)), n
}

const toolCall = `{"id": "c%d", "object": "chat.completion", "created": 0, "model": "m",
  "choices": [{"index": 0, "finish_reason": "%s", "message": {"role": "assistant", "content": null,
    "tool_calls": [{"id": "call_%d", "type": "function", "function": {"name": "calculate", "arguments": "{}"}}]}}]}`

const words = `{"id": "cw", "object": "chat.completion", "created": 0, "model": "m",
  "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "done"}}]}`

func TestLoopIsBounded(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string { return fmt.Sprintf(toolCall, n, "tool_calls", n) })
	_, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if !errors.Is(err, ErrTooManyTurns) || *n != MaxTurns {
		t.Fatalf("Loop = %v after %d requests, want ErrTooManyTurns after %d", err, *n, MaxTurns)
	}
}

func TestLoopStopsAtLength(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string { return fmt.Sprintf(toolCall, n, "length", n) })
	_, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if !errors.Is(err, ErrTruncated) || *n != 1 {
		t.Fatalf("Loop = %v after %d requests, want ErrTruncated after 1", err, *n)
	}
}

func TestLoopEnds(t *testing.T) {
	client, n := fakeAPI(t, func(n int) string {
		if n == 1 {
			return fmt.Sprintf(toolCall, n, "tool_calls", n)
		}
		return words
	})
	got, err := Loop(context.Background(), client, tool.All(tool.Options{}), "q")
	if err != nil || *n != 2 || got != "done" {
		t.Fatalf("Loop = %q, %v after %d requests", got, err, *n)
	}
}
