package session_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
)

func Example() {
	s := session.New(session.Options{})
	env := &dsse.Envelope{PayloadType: receipt.PayloadType, Payload: "eyJ0eXBlIjoiZXhhbXBsZSJ9", Signatures: []dsse.Signature{}}
	id, _ := s.Keep(env, json.RawMessage(`{"formula": "a / b"}`))
	kept, _ := s.Receipt(id)
	fmt.Println(kept.Payload == env.Payload)
	_, err := s.Receipt("r_aaaaaaaaaaaaaaaa")
	fmt.Println(receipt.Describe(err).Code)
	_ = s.WriteJSONL(os.Stdout)
	// Output:
	// true
	// unknown_receipt_id
	// {"seq":1,"tool":"calculate","ok":true,"receipt_id":"r_erqxlh6mf4q6jfub","codes":[],"asked":{"formula":"a / b"}}
}
