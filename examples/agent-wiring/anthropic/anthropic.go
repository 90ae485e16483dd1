// Package anthropic hands reckon's tools to the Anthropic Messages API
// through github.com/anthropics/anthropic-sdk-go.
package anthropic

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/reckonhq/reckon/tool"
)

// Tools describes tools as client tools with strict input schemas.
func Tools(tools []tool.Tool) ([]anthropic.ToolUnionParam, error) {
	out := make([]anthropic.ToolUnionParam, 0, len(tools))
	for _, t := range tools {
		var s struct {
			Properties map[string]any `json:"properties"`
			Required   []string       `json:"required"`
		}
		if err := json.Unmarshal(t.InputSchema, &s); err != nil {
			return nil, err
		}
		out = append(out, anthropic.ToolUnionParam{OfTool: &anthropic.ToolParam{
			Name:        t.Name,
			Description: anthropic.String(t.Description),
			InputSchema: anthropic.ToolInputSchemaParam{Properties: s.Properties, Required: s.Required,
				ExtraFields: map[string]any{"additionalProperties": false}},
			Strict: anthropic.Bool(true),
		}})
	}
	return out, nil
}

// Answer runs every tool_use block of the model's message and returns the
// user message carrying one tool_result per call. A refusal is flagged
// is_error, so the model reads it as an error to correct.
func Answer(ctx context.Context, tools []tool.Tool, msg *anthropic.Message) (anthropic.MessageParam, bool, error) {
	var results []anthropic.ContentBlockParamUnion
	for _, block := range msg.Content {
		use, ok := block.AsAny().(anthropic.ToolUseBlock)
		if !ok {
			continue
		}
		// use.Input is the model's JSON, byte for byte.
		answer, err := tool.Dispatch(ctx, tools, use.Name, use.Input)
		if err != nil {
			return anthropic.MessageParam{}, false, err
		}
		results = append(results, anthropic.NewToolResultBlock(use.ID, string(answer), tool.Refused(answer)))
	}
	return anthropic.NewUserMessage(results...), len(results) > 0, nil
}

// MaxTurns bounds [Loop]: the model is asked at most this many times.
// A model that keeps calling tools past it is stopped, not trusted to end.
const MaxTurns = 8

// ErrTooManyTurns is returned by [Loop] when the model still calls tools
// after [MaxTurns] requests.
var ErrTooManyTurns = errors.New("the model still called tools after the turn limit")

// ErrTruncated is returned by [Loop] when a reply stopped at the token
// limit: its last tool call may be cut short, so none of it is run.
var ErrTruncated = errors.New("the reply stopped at max_tokens")

// Loop shows the whole exchange: ask, answer tool calls, ask again, until
// the model stops asking for tools, for at most [MaxTurns] requests.
func Loop(ctx context.Context, client anthropic.Client, tools []tool.Tool, question string) (*anthropic.Message, error) {
	defs, err := Tools(tools)
	if err != nil {
		return nil, err
	}
	params := anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet4_5,
		MaxTokens: 2048,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(question))},
		Tools:     defs,
	}
	for range MaxTurns {
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			return nil, err
		}
		if msg.StopReason == anthropic.StopReasonMaxTokens {
			return msg, ErrTruncated
		}
		reply, used, err := Answer(ctx, tools, msg)
		if err != nil || !used {
			return msg, err
		}
		params.Messages = append(params.Messages, msg.ToParam(), reply)
	}
	return nil, ErrTooManyTurns
}
