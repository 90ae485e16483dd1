package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
)

// Options configure a server.
type Options struct {
	// Tools configure the tools: the signing key, the trusted keys, the
	// base policy and the named sources.
	Tools tool.Options
	// Name and Version identify the server to clients. The defaults are
	// "reckon" and the engine version recorded in receipts.
	Name, Version string
	// Logger receives the SDK's log of server activity. Nil discards it.
	// Over stdio it must not write to standard output, which carries the
	// protocol.
	Logger *slog.Logger
	// Limits bound the lines [Serve] reads and the calls it holds in
	// flight. The zero value selects the defaults.
	Limits Limits
}

// instructions tell the client's model how to use the server as a whole.
const instructions = `reckon does the arithmetic on numbers you read from documents, exactly, and returns a receipt that proves it. ` +
	`Transcribe each number as a string exactly as printed, name the formula, and quote the value calculate returns; never compute it yourself. ` +
	`Pass the receipt_id calculate returns to check_claims and verify_receipt, never the receipt itself. ` +
	`A refusal (ok false) says what to fix in error.hint.`

// New returns an MCP server offering every tool of [tool.All], each with its
// own input and output schema. Its tools share one reckon session
// (opts.Tools.Session, or a new one): receipts by id stay with the server.
func New(opts Options) *mcp.Server { return newServer(opts, nil) }

// newServer is [New] with the SDK's session ids given by sessionID, when
// not nil, so that the HTTP handler knows the id of the session it makes.
func newServer(opts Options, sessionID func() string) *mcp.Server {
	impl := &mcp.Implementation{Name: opts.Name, Version: opts.Version}
	if impl.Name == "" {
		impl.Name = "reckon"
	}
	if impl.Version == "" {
		impl.Version = receipt.CurrentEngine().Version
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := mcp.NewServer(impl, &mcp.ServerOptions{Instructions: instructions, Logger: logger, GetSessionID: sessionID})
	Add(s, tool.All(opts.Tools)...)
	return s
}

// Add registers tools on s through the SDK's low-level handler: the schemas
// are given as written, and the raw argument bytes are passed to
// [tool.Tool.Call] without being decoded on the way. A nil s gets nothing,
// and a zero Tool, which has no name or schema to offer, is not added.
func Add(s *mcp.Server, tools ...tool.Tool) {
	if s == nil {
		return
	}
	for _, t := range tools {
		if t.Name == "" || t.InputSchema == nil {
			continue
		}
		s.AddTool(&mcp.Tool{
			Name:         t.Name,
			Description:  t.Description,
			InputSchema:  t.InputSchema,
			OutputSchema: t.OutputSchema,
			// Every tool computes from its arguments alone.
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)},
		}, Handler(t))
	}
}

// Handler adapts one tool to the SDK. The answer is returned as structured
// content and as a text copy; a refusal sets IsError. The handler returns
// an error, which the SDK sends as a protocol error, only when ctx is done.
func Handler(t tool.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args json.RawMessage
		if req != nil && req.Params != nil {
			args = req.Params.Arguments
		}
		out, err := t.Call(ctx, args)
		if err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: string(out)}},
			StructuredContent: out,
			IsError:           tool.Refused(out),
		}, nil
	}
}

// Serve runs an MCP server over newline-delimited JSON-RPC, reading
// requests from in and writing responses to out, until in ends, the client
// disconnects or ctx is done. For an MCP client that starts reckon as a
// subprocess, in and out are [os.Stdin] and [os.Stdout]; logs go to
// opts.Logger only, never to out.
//
// Serve reads through a [Transport]: a bad line is answered with a JSON-RPC
// error and reading goes on, ids come back byte for byte, the calls in
// flight are bounded by opts.Limits, and every call read before in ends is
// answered before Serve returns.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	t := &Transport{Reader: in, Writer: out, Limits: opts.Limits, Logger: opts.Logger}
	return New(opts).Run(ctx, t)
}
