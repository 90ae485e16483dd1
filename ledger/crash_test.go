package ledger_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// TestKilledWriterLosesNothing starts a process that keeps receipts and
// records entries as fast as it can, each write printed once committed,
// kills it without warning in the middle, and opens the ledger again:
// every write it reported is there, and nothing is half-written: each
// kept receipt has its entry and each entry of a kept receipt its
// envelope, whole.
func TestKilledWriterLosesNothing(t *testing.T) {
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			cmd := exec.Command(os.Args[0], "-test.run=^TestWriterChild$")
			cmd.Env = append(os.Environ(), "RECKON_LEDGER_CHILD="+addr)
			out, err := cmd.StdoutPipe()
			require.NoError(t, err)
			cmd.Stderr = os.Stderr
			require.NoError(t, cmd.Start())
			committed := map[int64]string{}
			sc := bufio.NewScanner(out)
			for sc.Scan() && len(committed) < 300 {
				seq, id, ok := strings.Cut(sc.Text(), " ")
				if !ok {
					continue
				}
				n, err := strconv.ParseInt(seq, 10, 64)
				require.NoError(t, err)
				committed[n] = id
			}
			require.NoError(t, cmd.Process.Kill(), "the writer is killed mid-stream")
			_ = cmd.Wait()
			require.GreaterOrEqual(t, len(committed), 300, "the writer committed writes before it was killed")

			s, err := ledger.Open(context.Background(), addr)
			require.NoError(t, err)
			defer s.Close()
			all, err := s.Entries(context.Background(), ledger.Query{})
			require.NoError(t, err)
			bySeq := map[int64]ledger.Entry{}
			for _, e := range all {
				bySeq[e.Seq] = e
				require.True(t, json.Valid(e.Asked), "entry %d is whole", e.Seq)
				if e.ReceiptID != "" {
					env, err := s.Receipt(context.Background(), e.Session, e.ReceiptID)
					require.NoError(t, err, "entry %d's receipt was kept with it", e.Seq)
					require.Equal(t, envelopeFor(e.ReceiptID), string(env), "receipt %s is whole", e.ReceiptID)
				}
			}
			for seq, id := range committed {
				e, ok := bySeq[seq]
				require.True(t, ok, "write %d was reported committed and is in the ledger", seq)
				require.Equal(t, id, e.ReceiptID)
			}
			ids := rawDB(t, b.Name, addr).QueryRow(`SELECT COUNT(*) FROM reckon_receipts r WHERE NOT EXISTS (SELECT 1 FROM reckon_entries e WHERE e.session = r.session AND e.receipt_id = r.id)`)
			var orphans int
			require.NoError(t, ids.Scan(&orphans))
			require.Zero(t, orphans, "no receipt is kept without the entry that made it")
		})
	}
}

// envelopeFor is the envelope the writer keeps under id: a few kilobytes,
// so that a write killed half-way would show.
func envelopeFor(id string) string {
	return `{"payloadType":"application/vnd.reckon.receipt+json","payload":"` + strings.Repeat(id, 200) + `","signatures":[]}`
}

// TestWriterChild is the writer TestKilledWriterLosesNothing kills; it
// runs only as that test's child.
func TestWriterChild(t *testing.T) {
	addr := os.Getenv("RECKON_LEDGER_CHILD")
	if addr == "" {
		return // run directly, there is nothing to write to: the parent test is the check
	}
	ctx := context.Background()
	s, err := ledger.Open(ctx, addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	for i := 0; ; i++ {
		id := fmt.Sprintf("r_%06d", i)
		var e ledger.Entry
		if i%3 == 2 {
			e, err = record(s, ctx, ledger.Entry{Session: "c", Time: time.Unix(int64(i), 0), Tool: "calculate",
				Codes: []string{"unit_mismatch"}, Asked: json.RawMessage(`{"i":` + strconv.Itoa(i) + `}`)})
			id = ""
		} else {
			e, err = keep(s, ctx, "c", id, []byte(envelopeFor(id)), ledger.Entry{Time: time.Unix(int64(i), 0), Tool: "calculate", OK: true,
				Asked: json.RawMessage(`{"i":` + strconv.Itoa(i) + `}`)})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(w, "%d %s\n", e.Seq, id)
		w.Flush()
	}
}
