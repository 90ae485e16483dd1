// Command grounded is the short path end to end: it registers a filing,
// calculates from numbers quoted from it, signs and verifies the receipt,
// and lets the gate release the draft that states the result and refuse
// one that states another.
package main

import (
	"crypto/ed25519"
	_ "embed"
	"fmt"
	"log"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

//go:embed 10-k.txt
var filing string

func main() {
	sources, err := quote.NewSources(map[string]string{"10-K": filing})
	if err != nil {
		log.Fatal(err)
	}
	// each input as the filing prints it, with the line it is read from
	// (white space as the model copied it: quotes match across spacing)
	in := func(name, display, line string) reckon.In {
		return reckon.In{Name: name, Display: display, Unit: "USD", Scale: "million", Period: "FY2021", Source: "10-K", Quote: line}
	}
	ratio, err := reckon.Calc("(current_debt + long_term_debt + leases) / (operating_income + depreciation)", []reckon.In{
		in("current_debt", "799", "Current portion of long-term debt 799"),
		in("long_term_debt", "6,692", "Long-term debt, excluding current portion 6,692"),
		in("leases", "3,916", "Long-term operating lease liabilities 3,916"),
		in("operating_income", "6,708", "Operating income 6,708"),
		in("depreciation", "1,781", "Depreciation and amortization 1,781"),
	}, reckon.Sources(sources), reckon.Places(3))
	if err != nil {
		log.Fatal(err)
	}

	pub, priv, _ := ed25519.GenerateKey(nil)
	signer, _ := dsse.NewEd25519Signer(priv)
	env, err := receipt.Seal(ratio.Receipt, signer)
	if err != nil {
		log.Fatal(err)
	}
	trusted, _ := dsse.NewKeyRing(pub)
	opts := receipt.VerifyOptions{Trusted: trusted, Sources: sources}
	_, err = receipt.Open(env, opts)
	fmt.Println("debt/EBITDA", ratio, "verified:", err == nil)

	for _, draft := range []string{"Costco's debt-to-EBITDA for FY2021 was 1.344×.", "Costco's debt-to-EBITDA for FY2021 was 1.43×."} {
		d := claim.Gate(claim.Request{Text: draft, Receipts: []*dsse.Envelope{env}}, trusted, receipt.Policy{},
			claim.Options{Sources: sources})
		fmt.Printf("%q released: %v\n", draft, d.Released)
	}
}
