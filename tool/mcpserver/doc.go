// Package mcpserver serves reckon's tools (package
// [github.com/reckonhq/reckon/tool]) over the Model Context Protocol, with the
// official MCP Go SDK. It is the only package of reckon that imports the SDK.
//
// Each tool is registered with its own hand-written JSON Schemas through the
// SDK's low-level handler, so the argument bytes the client sent reach reckon
// unchanged: a decimal such as "12345678901234567890.123" is never decoded
// into a float64 on the way, and a model that sends a JSON number where a
// string belongs is told to send a string instead.
//
// Every answer carries the tool's JSON both as structured content and as a
// text copy, for clients that read only one of them. A refusal (an answer
// whose "ok" is false) is flagged with isError, so that the client shows it
// to the model as an error to correct; it is never a protocol error.
//
// The usual entry point is [Serve] over standard input and output:
//
//	err := mcpserver.Serve(ctx, os.Stdin, os.Stdout, mcpserver.Options{})
//
// [NewHTTPHandler] serves the tools over the SDK's streamable HTTP handler,
// one reckon session (receipts by id, a ledger) per MCP session, bounded in
// number, idle sessions closed. Over stdio there is one session per server.
// [New] returns the configured [mcp.Server] for other transports.
//
// # A server that stays up
//
// Serve reads through this package's [Transport], not the SDK's stdio
// transport, which ends the session on the first line it cannot decode and
// keeps ids as int64. A client, or a model writing for one, may send
// anything; the Transport answers each bad line with the JSON-RPC error it
// earns (parse error -32700, invalid request -32600) and reads on, echoes
// every id byte for byte, refuses a batch outside protocol version
// 2025-03-26, bounds nesting (64) before decoding, bounds the size
// of a line and the calls in flight ([Limits]), and answers every call
// read before the input ends.
package mcpserver
