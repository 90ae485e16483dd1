// Package openai hands reckon's tools to the OpenAI Chat Completions API
// through github.com/openai/openai-go, in strict mode: reckon's schemas
// keep to the subset strict mode accepts.
package openai

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
	"github.com/reckonhq/reckon/tool"
)

// Tools describes tools as strict function tools.
func Tools(tools []tool.Tool) ([]openai.ChatCompletionToolUnionParam, error) {
	out := make([]openai.ChatCompletionToolUnionParam, 0, len(tools))
	for _, t := range tools {
		var params shared.FunctionParameters
		if err := json.Unmarshal(t.StrictInputSchema, &params); err != nil { // strict mode: every property required
			return nil, err
		}
		out = append(out, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name:        t.Name,
			Description: openai.String(t.Description),
			Parameters:  params,
			Strict:      openai.Bool(true),
		}))
	}
	return out, nil
}

// Answer runs every tool call of the model's message and returns one tool
// message per call, to append to the conversation before the next request.
// A refusal is an ordinary answer the model reads and corrects.
func Answer(ctx context.Context, tools []tool.Tool, msg openai.ChatCompletionMessage) ([]openai.ChatCompletionMessageParamUnion, error) {
	var out []openai.ChatCompletionMessageParamUnion
	for _, call := range msg.ToolCalls {
		answer, err := tool.Dispatch(ctx, tools, call.Function.Name, json.RawMessage(call.Function.Arguments))
		if err != nil {
			return nil, err
		}
		out = append(out, openai.ToolMessage(string(answer), call.ID))
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
// limit (finish_reason "length"): its tool calls may be cut short, so none
// of them is run.
var ErrTruncated = errors.New("the reply stopped at the token limit")

// Loop shows the whole exchange: ask, answer tool calls, ask again, until
// the model answers in words, for at most [MaxTurns] requests.
func Loop(ctx context.Context, client openai.Client, tools []tool.Tool, question string) (string, error) {
	defs, err := Tools(tools)
	if err != nil {
		return "", err
	}
	params := openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(question)},
		Tools:    defs,
	}
	for range MaxTurns {
		resp, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			return "", err
		}
		if len(resp.Choices) == 0 {
			return "", errors.New("the reply has no choices")
		}
		choice := resp.Choices[0]
		if choice.FinishReason == "length" {
			return "", ErrTruncated
		}
		msg := choice.Message
		if len(msg.ToolCalls) == 0 {
			return msg.Content, nil
		}
		answers, err := Answer(ctx, tools, msg)
		if err != nil {
			return "", err
		}
		params.Messages = append(append(params.Messages, msg.ToParam()), answers...)
	}
	return "", ErrTooManyTurns
}
