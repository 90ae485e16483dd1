package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/tool/mcpserver"
)

// A client lists the tools and calls calculate. Here client and server
// share a process; `reckon mcp` serves the same over stdio with [Serve].
func ExampleNew() {
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(mcpserver.Options{}).Connect(ctx, st, nil)
	if err != nil {
		panic(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "example", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		panic(err)
	}
	defer cs.Close()

	list, _ := cs.ListTools(ctx, nil)
	for _, t := range list.Tools {
		fmt.Println(t.Name)
	}
	res, _ := cs.CallTool(ctx, &mcp.CallToolParams{Name: "calculate", Arguments: json.RawMessage(`{
	 "id": "margin", "formula": "(revenue - cost) / revenue",
	 "inputs": [
	  {"name": "revenue", "display": "1,200", "unit": "USD", "scale": "million", "period": "", "label": "", "support": "", "provenance": "text", "quote": ""},
	  {"name": "cost", "display": "900", "unit": "USD", "scale": "million", "period": "", "label": "", "support": "", "provenance": "text", "quote": ""}],
	 "output": {"unit": "percent", "scale": "", "places": 1, "rounding": "", "grouping": ""},
	 "interpretation": {"kind": "interpreted", "note": "gross margin"}}`)})
	answer := res.StructuredContent.(map[string]any)["result"].(map[string]any)
	fmt.Println(answer["value"], answer["display"], res.IsError)
	// Output:
	// calculate
	// check_claims
	// 25.0 25.0% false
}

// A line that is not JSON gets a parse error and the server reads on; ids
// come back exactly as they were sent. Serve returns when the input ends,
// after answering every call read before the end.
func ExampleServe() {
	in := strings.NewReader(`{"jsonrpc":"2.0","id":2.70,"method":"ping"}
not JSON
{"jsonrpc":"2.0","id":true,"method":"ping"}
{"jsonrpc":"2.0","id":"a<b","method":"ping"}
`)
	var out strings.Builder
	if err := mcpserver.Serve(context.Background(), in, &out, mcpserver.Options{}); err != nil {
		panic(err)
	}
	fmt.Print(out.String())
	// Unordered output:
	// {"jsonrpc":"2.0","id":2.70,"result":{}}
	// {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not valid JSON"}}
	// {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: \"id\" must be a string or a number"}}
	// {"jsonrpc":"2.0","id":"a<b","result":{}}
}

// Serve the tools over the MCP streamable HTTP transport: each client's
// MCP session has its own receipts by id.
func ExampleNewHTTPHandler() {
	h := mcpserver.NewHTTPHandler(mcpserver.Options{}, mcpserver.HTTPOptions{MaxSessions: 50, IdleTimeout: 10 * time.Minute})
	srv := httptest.NewServer(h) // in production: http.ListenAndServe("127.0.0.1:8080", h)
	defer srv.Close()

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "example", Version: "v0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL, DisableStandaloneSSE: true}, nil)
	if err != nil {
		panic(err)
	}
	defer cs.Close()
	res, _ := cs.CallTool(ctx, &mcp.CallToolParams{Name: "check_claims", Arguments: json.RawMessage(
		`{"text": "Revenue grew 12%.", "question": "", "receipt_ids": ["r_aaaaaaaaaaaaaaaa"], "receipts": []}`)})
	refusal := res.StructuredContent.(map[string]any)["refusals"].([]any)[0].(map[string]any)
	fmt.Println(refusal["code"], h.Len())
	// Output:
	// unknown_receipt_id 1
}
