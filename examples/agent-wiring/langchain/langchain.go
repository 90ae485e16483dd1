// Package langchain hands reckon's tools to github.com/tmc/langchaingo,
// both as function-calling tools for any llms.Model and as tools.Tool
// values for its agents.
package langchain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/reckonhq/reckon/tool"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/tools"
)

// Tools describes tools for llms.WithTools.
func Tools(ts []tool.Tool) ([]llms.Tool, error) {
	out := make([]llms.Tool, 0, len(ts))
	for _, t := range ts {
		var params map[string]any
		if err := json.Unmarshal(t.InputSchema, &params); err != nil {
			return nil, err
		}
		out = append(out, llms.Tool{Type: "function", Function: &llms.FunctionDefinition{
			Name: t.Name, Description: t.Description, Parameters: params, Strict: true,
		}})
	}
	return out, nil
}

// Answer runs every tool call of a choice and returns one tool message per
// call, to append to the conversation before the next GenerateContent.
func Answer(ctx context.Context, ts []tool.Tool, choice *llms.ContentChoice) ([]llms.MessageContent, error) {
	var out []llms.MessageContent
	for _, call := range choice.ToolCalls {
		if call.FunctionCall == nil {
			continue
		}
		answer, err := tool.Dispatch(ctx, ts, call.FunctionCall.Name, json.RawMessage(call.FunctionCall.Arguments))
		if err != nil {
			return nil, err
		}
		out = append(out, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
			llms.ToolCallResponse{ToolCallID: call.ID, Name: call.FunctionCall.Name, Content: string(answer)},
		}})
	}
	return out, nil
}

// MaxTurns bounds [Loop]: the model is asked at most this many times.
// A model that keeps calling tools past it is stopped, not trusted to end.
const MaxTurns = 8

// ErrTooManyTurns is returned by [Loop] when the model still calls tools
// after [MaxTurns] requests.
var ErrTooManyTurns = errors.New("the model still called tools after the turn limit")

// ErrTruncated is returned by [Loop] when a reply stopped at the token
// limit: its tool calls may be cut short, so none of them is run.
var ErrTruncated = errors.New("the reply stopped at the token limit")

// truncated reports whether a stop reason says the token limit was hit.
// Each provider names it its own way: OpenAI "length", Anthropic
// "max_tokens", Google "MAX_TOKENS".
func truncated(reason string) bool {
	r := strings.ToLower(strings.ReplaceAll(reason, "_", ""))
	return r == "length" || r == "maxtokens"
}

// Loop shows the whole exchange with any llms.Model: ask, answer tool
// calls, ask again, until the model answers in words, for at most
// [MaxTurns] requests.
func Loop(ctx context.Context, model llms.Model, ts []tool.Tool, question string) (string, error) {
	defs, err := Tools(ts)
	if err != nil {
		return "", err
	}
	msgs := []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, question)}
	for range MaxTurns {
		resp, err := model.GenerateContent(ctx, msgs, llms.WithTools(defs))
		if err != nil {
			return "", err
		}
		if len(resp.Choices) == 0 {
			return "", errors.New("the reply has no choices")
		}
		choice := resp.Choices[0]
		if truncated(choice.StopReason) {
			return "", ErrTruncated
		}
		if len(choice.ToolCalls) == 0 {
			return choice.Content, nil
		}
		asked := llms.MessageContent{Role: llms.ChatMessageTypeAI}
		for _, call := range choice.ToolCalls {
			asked.Parts = append(asked.Parts, call)
		}
		answers, err := Answer(ctx, ts, choice)
		if err != nil {
			return "", err
		}
		msgs = append(append(msgs, asked), answers...)
	}
	return "", ErrTooManyTurns
}

// AgentTools adapts tools to tools.Tool for langchaingo's agents, which pass
// the model's input as one string: here, the tool's JSON arguments. An
// agent's loop is its executor's: bound it with agents.WithMaxIterations.
func AgentTools(ts []tool.Tool) []tools.Tool {
	out := make([]tools.Tool, len(ts))
	for i, t := range ts {
		out[i] = agentTool{t}
	}
	return out
}

type agentTool struct{ t tool.Tool }

func (a agentTool) Name() string { return a.t.Name }

// Description appends the input schema, compacted: the other adapters
// hand the SDK a decoded schema that it sends without white space, and
// the indentation of the embedded file would only spend the model's
// tokens.
func (a agentTool) Description() string {
	var schema bytes.Buffer
	if err := json.Compact(&schema, a.t.InputSchema); err != nil {
		schema.Reset()
		schema.Write(a.t.InputSchema) // not JSON: pass it as it is rather than drop it
	}
	return a.t.Description + "\n\nInput: one JSON object matching this schema: " + schema.String()
}

func (a agentTool) Call(ctx context.Context, input string) (string, error) {
	out, err := a.t.Call(ctx, json.RawMessage(input))
	return string(out), err
}
