package receipt_test

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"log"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
)

// lakhRequest is the model's transcription of an Indian annual report that
// prints amounts in lakhs.
const lakhRequest = `{"id": "income-less-funds-2003",
 "formula": "income - shareholders_funds",
 "inputs": [
  {"name": "income", "display": "1,09,638.91", "unit": "INR", "scale": "lacs",
   "period": "year ended 31 March 2003", "label": "Income", "support": "Annual report 2002-03, p.12",
   "provenance": "text", "quote": "Income 1,09,638.91"},
  {"name": "shareholders_funds", "display": "25,966.14", "unit": "INR", "scale": "lacs",
   "period": "year ended 31 March 2003", "label": "Shareholders' funds", "support": "Annual report 2002-03, p.12",
   "provenance": "text", "quote": "Shareholders' funds 25,966.14"}
 ],
 "output": {"unit": "INR", "places": 0},
 "same_period": true}`

func ExampleCalculate() {
	req, err := receipt.DecodeRequest([]byte(lakhRequest))
	if err != nil {
		log.Fatal(err)
	}
	r, err := receipt.Calculate(req)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Expanded)
	fmt.Println(r.Result.Value, r.Result.Display)
	for _, c := range r.Conversions {
		fmt.Printf("%s: %s %s × %s = %s\n", c.Name, c.Printed, c.Scale, c.Factor, c.Value)
	}
	// Output:
	// (109638.91 × 100000) − (25966.14 × 100000)
	// 8367277000 ₹8,367,277,000
	// income: 109638.91 lakh × 100000 = 10963891000
	// shareholders_funds: 25966.14 lakh × 100000 = 2596614000
}

func ExampleRespond() {
	req, _ := receipt.DecodeRequest([]byte(`{"id": "bad", "formula": "avg(a, b)", "inputs": [
		{"name": "a", "display": "1", "unit": "number", "provenance": "user"},
		{"name": "b", "display": "2", "unit": "number", "provenance": "user"}]}`))
	out, _ := json.MarshalIndent(receipt.Respond(req, dsse.Unsigned()), "", "  ")
	fmt.Println(string(out))
	// Output:
	// {
	//   "id": "bad",
	//   "ok": false,
	//   "error": {
	//     "code": "unknown_function",
	//     "message": "unknown function \"avg\"",
	//     "span": [
	//       0,
	//       3
	//     ],
	//     "hint": "use mean(…) for an arithmetic mean",
	//     "field": "formula"
	//   }
	// }
}

// ExampleOpen_tampered signs a receipt with a fixed key (ed25519 is deterministic,
// so the signature below is real and stable), opens it, and shows a
// tampered copy refused by re-execution although it is validly signed.
func ExampleOpen_tampered() {
	// A fixed key keeps the output stable (Ed25519 signatures are
	// deterministic); real keys come from ed25519.GenerateKey.
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	signer, _ := dsse.NewEd25519Signer(priv)
	req, _ := receipt.DecodeRequest([]byte(lakhRequest))
	resp := receipt.Respond(req, signer)
	fmt.Println(resp.Receipt.Signatures[0].KeyID, resp.Receipt.Signatures[0].Sig)

	trusted, _ := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	r, err := receipt.Open(resp.Receipt, receipt.VerifyOptions{Trusted: trusted})
	fmt.Println(err == nil, r.Result.Display)

	// A signer who claims the old unit mistake, in rupees, signs it validly.
	r, _ = receipt.Calculate(req)
	r.Result.Value, r.Result.Display = "83672.77", "₹83,672.77"
	forged, _ := receipt.Seal(r, signer)
	var rep receipt.Report
	_, err = receipt.Open(forged, receipt.VerifyOptions{Trusted: trusted, Report: &rep})
	fmt.Println(err == nil, rep.Signed)
	for _, reason := range rep.Reasons {
		fmt.Println(reason.Code, reason.Field, reason.Recorded, "→", reason.Recomputed)
	}
	// Output:
	// ed25519:a050837d85070582 ku4puTDvNXRMg1lwcmYEEauWhyuWJw7c/g8hkDcjbAwnxTm/a/PUbRmQKWqsryFWxfT7OJ6XdLT8aP3dJe4hDg==
	// true ₹8,367,277,000
	// false true
	// mismatch result.display ₹83,672.77 → ₹8,367,277,000
	// mismatch result.value 83672.77 → 8367277000
}
