package receipt_test

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// A response as JSON, verified whole: the receipt comes back only when the
// response agrees with it; an edited result is refused, and the error
// reaches the full report.
func ExampleOpenResponse() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)) // a fixed key, for the example only
	signer, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		log.Fatal(err)
	}
	trusted, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	if err != nil {
		log.Fatal(err)
	}
	req, err := receipt.DecodeRequest([]byte(lakhRequest))
	if err != nil {
		log.Fatal(err)
	}
	data, err := json.Marshal(receipt.Respond(req, signer))
	if err != nil {
		log.Fatal(err)
	}

	r, err := receipt.OpenResponse(data, receipt.VerifyOptions{Trusted: trusted})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("verified:", r.ID, r.Result.Display)

	edited := strings.Replace(string(data), `"value":"8367277000"`, `"value":"83672.77"`, 1)
	r, err = receipt.OpenResponse([]byte(edited), receipt.VerifyOptions{Trusted: trusted})
	fmt.Println(r == nil)
	var re *receipt.ReportError
	if errors.As(err, &re) {
		fmt.Println(re.Report.Reasons[0].Code, re.Report.Reasons[0].Field)
	}
	// Output:
	// verified: income-less-funds-2003 ₹8,367,277,000
	// true
	// response_mismatch result
}
