package session_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/pgtest"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

// A session kept in a ledger: what one process keeps, another (a replica,
// or the same program restarted) resolves by id; every entry is in the
// ledger with its labels and time.
func TestSessionInALedgerOutlivesItsProcess(t *testing.T) {
	for _, b := range pgtest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			addr := b.Addr(t)
			one, err := ledger.Open(ctx, addr)
			require.NoError(t, err)
			defer one.Close()
			at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
			opts := session.Options{Store: one, ID: "conv-9", Labels: map[string]string{"question": "q-17"}, Now: func() time.Time { return at }}
			first := session.New(opts)
			id, err := first.Keep(env("payload-a"), json.RawMessage(`{"formula": "a + b"}`))
			require.NoError(t, err)
			_, err = first.Record(session.Entry{Tool: "calculate", Codes: []string{"unit_mismatch"}, Asked: json.RawMessage(`{}`)})
			require.NoError(t, err)

			two, err := ledger.Open(ctx, addr) // another process
			require.NoError(t, err)
			defer two.Close()
			opts.Store = two
			second := session.New(opts)
			got, err := second.Receipt(id)
			require.NoError(t, err, "the receipt id resolves in the other process")
			require.Equal(t, "payload-a", got.Payload)
			require.Equal(t, receipt.EnvelopeID(got), id)

			other := session.New(session.Options{Store: two, ID: "conv-10"})
			_, err = other.Receipt(id)
			require.Equal(t, fault.UnknownReceiptID, code(err), "and only in its own conversation")

			all, err := two.Entries(ctx, ledger.Query{Session: "conv-9"})
			require.NoError(t, err)
			require.Len(t, all, 2)
			require.Equal(t, id, all[0].ReceiptID)
			require.True(t, all[0].OK)
			require.JSONEq(t, `{"formula":"a + b"}`, string(all[0].Asked))
			require.Equal(t, []string{"unit_mismatch"}, all[1].Codes)
			require.Equal(t, "q-17", all[1].Labels["question"])
			require.Equal(t, at, all[1].Time)
		})
	}
}

// What the ledger refuses to write, the session does not hold: a receipt
// id is never returned for a receipt the ledger lost.
func TestSessionRefusesWhatItsLedgerCannotWrite(t *testing.T) {
	ctx := context.Background()
	st, err := ledger.Open(ctx, filepath.Join(t.TempDir(), "ledger.db"))
	require.NoError(t, err)
	require.NoError(t, st.Close()) // the database is gone
	s := session.New(session.Options{Store: st, ID: "c"})
	_, err = s.Keep(env("p"), json.RawMessage(`{}`))
	require.Equal(t, fault.LedgerFailed, code(err))
	require.Zero(t, s.Len(), "nothing kept")
	_, err = s.Record(session.Entry{Tool: "calculate", Asked: json.RawMessage(`{}`)})
	require.Equal(t, fault.LedgerFailed, code(err))
	require.Empty(t, s.Entries())

	noID := session.New(session.Options{Store: st})
	_, err = noID.Keep(env("p"), json.RawMessage(`{}`))
	require.Equal(t, fault.BadLedger, code(err), "a store needs the conversation's id")
}
