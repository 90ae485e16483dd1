package session_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
)

// BenchmarkKeep measures keeping a receipt of the size of the Costco one
// (about 4 KB) and resolving its id.
func BenchmarkKeep(b *testing.B) {
	payload := strings.Repeat("A", 3600)
	s := session.New(session.Options{Limits: session.Limits{Receipts: 1 << 30, Entries: 1 << 30, Bytes: 1 << 40}})
	args := json.RawMessage(`{"formula": "a / b"}`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		id, err := s.Keep(&dsse.Envelope{PayloadType: receipt.PayloadType, Payload: payload + strconv.Itoa(i)}, args)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Receipt(id); err != nil {
			b.Fatal(err)
		}
	}
}
