// Command quickstart calculates and verifies in a few lines: the tour for a
// Go developer.
package main

import (
	"crypto/ed25519"
	"fmt"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

func main() {
	pub, priv, _ := ed25519.GenerateKey(nil)
	req, _ := receipt.DecodeRequest([]byte(`{"id": "tweets", "formula": "united + delta + southwest",
	  "inputs": [{"name": "united", "display": "24", "unit": "count:tweets", "provenance": "page_image"},
	             {"name": "delta", "display": "12", "unit": "count:tweets", "provenance": "page_image"},
	             {"name": "southwest", "display": "5", "unit": "count:tweets", "provenance": "page_image"}]}`))
	signer, _ := dsse.NewEd25519Signer(priv)
	resp := receipt.Respond(req, signer) // calculate and sign
	fmt.Println(resp.Expanded, "=", resp.Result.Display)

	trusted, _ := dsse.NewKeyRing(pub)
	_, err := receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted}) // re-execute and check
	fmt.Println("verified:", err == nil)
}
