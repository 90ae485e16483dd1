// Command agenttools hands reckon's tools to an agent and answers one tool
// call the way an agent loop would: the tour for an agent builder.
package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/tool"
)

func main() {
	_, priv, _ := ed25519.GenerateKey(nil)
	tools := tool.All(tool.Options{
		Signer: receipt.NewEd25519Signer(priv), // signs every receipt
		Facts: []claim.Fact{ // values from your systems that back numbers in check_claims
			{Label: "documents matching", Value: "84", Unit: "count:documents"}},
	})
	for _, t := range tools {
		fmt.Println(t.Name) // give the model t.Name, t.Description and t.InputSchema
	}

	// The model calls a tool; pass its arguments, unparsed, to Dispatch.
	args := json.RawMessage(`{"text": "Jane Doe authored 27 documents.", "receipts": []}`)
	answer, _ := tool.Dispatch(context.Background(), tools, "check_claims", args)
	var report struct{ OK bool }
	_ = json.Unmarshal(answer, &report)
	fmt.Println("released:", report.OK, "refused:", tool.Refused(answer))
}
