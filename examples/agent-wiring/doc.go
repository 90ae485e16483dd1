// Package agentwiring holds short adapters that hand reckon's tools
// (package [github.com/reckonhq/reckon/tool]) to agent SDKs: openai-go,
// anthropic-sdk-go and langchaingo, one package each. Each adapter does two
// things: describe the tools to the model in the SDK's own types, and answer
// the model's tool calls with [tool.Dispatch]. The arguments reach reckon as
// the raw JSON the model wrote, so no decimal is rounded on the way.
//
// This module is separate from reckon's so that reckon's own go.mod does
// not depend on any of these SDKs.
package agentwiring
