// Package langchain hands reckon's tools to github.com/tmc/langchaingo,
// both as function-calling tools for any llms.Model and as tools.Tool
// values for its agents.
package langchain

import (
	"context"
	"encoding/json"

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

// AgentTools adapts tools to tools.Tool for langchaingo's agents, which pass
// the model's input as one string: here, the tool's JSON arguments.
func AgentTools(ts []tool.Tool) []tools.Tool {
	out := make([]tools.Tool, len(ts))
	for i, t := range ts {
		out[i] = agentTool{t}
	}
	return out
}

type agentTool struct{ t tool.Tool }

func (a agentTool) Name() string { return a.t.Name }

func (a agentTool) Description() string {
	return a.t.Description + "\n\nInput: one JSON object matching this schema: " + string(a.t.InputSchema)
}

func (a agentTool) Call(ctx context.Context, input string) (string, error) {
	out, err := a.t.Call(ctx, json.RawMessage(input))
	return string(out), err
}
