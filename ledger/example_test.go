package ledger_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	_ "github.com/reckonhq/reckon/ledger/sqlite"

	"github.com/reckonhq/reckon/ledger"
)

// A ledger in a SQLite file: a refusal and a receipt kept with its entry,
// written in one transaction, and an auditor's question later: what was refused, and why.
func Example() {
	dir, err := os.MkdirTemp("", "ledger")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := ledger.Open(ctx, filepath.Join(dir, "ledger.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	question := map[string]string{"question": "costco-debt-to-ebitda"}
	envelope := []byte(`{"payloadType":"application/vnd.reckon.receipt+json","payload":"e30=","signatures":[]}`)
	if _, err := s.Write(ctx,
		ledger.Item{Entry: ledger.Entry{Session: "conv-7", Time: at, Tool: "calculate",
			Codes: []string{"scale_mismatch"}, Asked: json.RawMessage(`{"formula":"debt / ebitda"}`), Labels: question}},
		ledger.Item{Entry: ledger.Entry{Session: "conv-7", Time: at.Add(time.Minute), Tool: "calculate", OK: true, ReceiptID: "r_example",
			Asked: json.RawMessage(`{"formula":"debt / ebitda"}`), Labels: question}, Envelope: envelope},
	); err != nil {
		log.Fatal(err)
	}

	refused, err := s.Entries(ctx, ledger.Query{Question: "costco-debt-to-ebitda", Outcome: "refused"})
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range refused {
		fmt.Println(e.Seq, e.Tool, e.Codes, e.Time.Format(time.RFC3339))
	}
	released, _ := s.Entries(ctx, ledger.Query{Session: "conv-7", Outcome: "ok"})
	fmt.Println(released[0].ReceiptID)
	// Output:
	// 1 calculate [scale_mismatch] 2026-12-01T09:00:00Z
	// r_example
}
