// Command agenttools hands reckon's tools to an agent and answers its tool
// calls the way an agent loop would: the tour for an agent builder.
package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/tool"
)

func main() {
	_, priv, _ := ed25519.GenerateKey(nil)
	signer, _ := dsse.NewEd25519Signer(priv)
	tools := tool.All(tool.Options{
		Signer: signer, // signs every receipt, and is trusted: one key
		Sources: map[string]string{ // the documents the model reads: its quotes must be found there
			"week": "On Monday she posted 24 tweets; on Tuesday she posted 17 tweets."},
		Facts: []claim.Fact{ // values from your systems that back numbers in check_claims
			{Label: "documents matching", Value: "84", Unit: "count:documents"}},
	})
	for _, t := range tools {
		fmt.Println(t.Name) // give the model t.Name, t.Description and t.InputSchema
	}

	// The model calls a tool; pass its arguments, unparsed, to Dispatch.
	ctx := context.Background()
	answer, _ := tool.Dispatch(ctx, tools, "calculate", json.RawMessage(`{"id": "posts",
	  "formula": "monday + tuesday", "output": {"unit": "count"},
	  "inputs": [{"name": "monday", "display": "24", "unit": "count", "provenance": "text",
	              "source": "week", "quote": "On Monday she posted 24 tweets"},
	             {"name": "tuesday", "display": "17", "unit": "count", "provenance": "text",
	              "source": "week", "quote": "on Tuesday she posted 17 tweets"}]}`))
	var calc struct {
		Result    struct{ Value string }
		ReceiptID string `json:"receipt_id"` // the session keeps the receipt under this id
	}
	_ = json.Unmarshal(answer, &calc)
	fmt.Println("calculate:", calc.Result.Value)

	// Before it answers, the model checks its text, passing receipt ids.
	for _, text := range []string{"She posted 41 tweets; 84 documents match.", "Jane Doe authored 27 documents."} {
		args, _ := json.Marshal(map[string]any{"text": text, "question": "",
			"receipt_ids": []string{calc.ReceiptID}, "receipts": []any{}})
		answer, _ = tool.Dispatch(ctx, tools, "check_claims", args)
		fmt.Printf("released: %t  %s\n", !tool.Refused(answer), text)
	}
}
