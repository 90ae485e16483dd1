package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

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
