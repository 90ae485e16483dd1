package ledger_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/pgtest"
	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// backends are the kinds of store every test runs against.
var backends = pgtest.Backends

// eachBackend runs f against an empty store of each kind.
func eachBackend(t *testing.T, f func(t *testing.T, addr string, s ledger.Store)) {
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			s, err := ledger.Open(context.Background(), addr)
			require.NoError(t, err)
			t.Cleanup(func() { s.Close() })
			f(t, addr, s)
		})
	}
}

func code(t *testing.T, err error) string {
	t.Helper()
	var fe *fault.Error
	require.True(t, errors.As(err, &fe), "%v is a *fault.Error", err)
	return fe.Code
}

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func TestStoreKeepsReceiptsAndEntries(t *testing.T) {
	ctx := context.Background()
	eachBackend(t, func(t *testing.T, addr string, s ledger.Store) {
		env := []byte(`{"payloadType":"application/vnd.reckon.receipt+json","payload":"e30=","signatures":[]}`)
		e, err := keep(s, ctx, "conv-1", "r_abc", env, ledger.Entry{Time: t0, Tool: "calculate", OK: true,
			Asked: json.RawMessage(`{"formula":"a + b"}`), Labels: map[string]string{"question": "q1", "model_calls": "2"}})
		require.NoError(t, err)
		require.Positive(t, e.Seq)
		require.Equal(t, "r_abc", e.ReceiptID)
		got, err := s.Receipt(ctx, "conv-1", "r_abc")
		require.NoError(t, err)
		require.Equal(t, env, got)

		_, err = s.Receipt(ctx, "conv-2", "r_abc")
		require.Equal(t, fault.UnknownReceiptID, code(t, err), "an id resolves only in its own session")

		// the same id again keeps the first envelope and records the call
		e2, err := keep(s, ctx, "conv-1", "r_abc", []byte(`{"other":true}`), ledger.Entry{Time: t0.Add(time.Second), Tool: "calculate", OK: true, Asked: json.RawMessage(`{}`)})
		require.NoError(t, err)
		require.Greater(t, e2.Seq, e.Seq)
		got, err = s.Receipt(ctx, "conv-1", "r_abc")
		require.NoError(t, err)
		require.Equal(t, env, got, "an id names its content: the first envelope stays")

		r, err := record(s, ctx, ledger.Entry{Session: "conv-1", Time: t0.Add(2 * time.Second), Tool: "calculate",
			Codes: []string{"unit_mismatch", "quote_not_found"}, Asked: json.RawMessage(`{"formula":"a + c"}`),
			Labels: map[string]string{"question": "q1"}})
		require.NoError(t, err)
		_, err = record(s, ctx, ledger.Entry{Session: "conv-2", Time: t0.Add(3 * time.Second), Tool: "check_claims", OK: true,
			ReceiptID: "r_abc", Asked: json.RawMessage(`{"text":"41 tweets"}`), Answer: json.RawMessage(`{"ok":true}`),
			Labels: map[string]string{"question": "q2"}})
		require.NoError(t, err)

		all, err := s.Entries(ctx, ledger.Query{})
		require.NoError(t, err)
		require.Len(t, all, 4)
		for i := 1; i < len(all); i++ {
			require.Greater(t, all[i].Seq, all[i-1].Seq, "in order")
		}
		require.Equal(t, r, all[2], "an entry reads back as recorded")
		require.Equal(t, t0.Add(2*time.Second), all[2].Time)
		require.Equal(t, []string{}, all[0].Codes)
		require.JSONEq(t, `{"ok":true}`, string(all[3].Answer))

		for _, tc := range []struct {
			name string
			q    ledger.Query
			want int
		}{
			{"session", ledger.Query{Session: "conv-1"}, 3},
			{"tool", ledger.Query{Tool: "check_claims"}, 1},
			{"released", ledger.Query{Outcome: "ok"}, 3},
			{"refused", ledger.Query{Outcome: "refused"}, 1},
			{"code", ledger.Query{Code: "quote_not_found"}, 1},
			{"code is matched whole", ledger.Query{Code: "quote_not"}, 0},
			{"a code's underscore is no wildcard", ledger.Query{Code: "unit%mismatch"}, 0},
			{"question", ledger.Query{Question: "q1"}, 2},
			{"since", ledger.Query{Since: t0.Add(2 * time.Second)}, 2},
			{"until", ledger.Query{Until: t0.Add(2 * time.Second)}, 2},
			{"after and limit", ledger.Query{After: all[0].Seq, Limit: 2}, 2},
			{"all of them", ledger.Query{Session: "conv-1", Outcome: "refused", Question: "q1", Code: "unit_mismatch"}, 1},
		} {
			got, err := s.Entries(ctx, tc.q)
			require.NoError(t, err, tc.name)
			require.Len(t, got, tc.want, tc.name)
		}
		_, err = s.Entries(ctx, ledger.Query{Outcome: "maybe"})
		require.Equal(t, fault.BadRequest, code(t, err))
		upper, err := s.Entries(ctx, ledger.Query{Code: "QUOTE_NOT_FOUND"})
		require.NoError(t, err)
		require.Empty(t, upper, "codes match byte for byte on either database")

		epoch, err := record(s, ctx, ledger.Entry{Session: "conv-3", Tool: "calculate", Time: time.Unix(0, 0).UTC()})
		require.NoError(t, err)
		back, err := s.Entries(ctx, ledger.Query{After: epoch.Seq - 1, Limit: 1})
		require.NoError(t, err)
		require.Equal(t, time.Unix(0, 0).UTC(), back[0].Time, "the epoch is a time, not none")
	})
}

func TestStoreRefusesWhatItCannotKeep(t *testing.T) {
	ctx := context.Background()
	eachBackend(t, func(t *testing.T, addr string, s ledger.Store) {
		_, err := record(s, ctx, ledger.Entry{Tool: "calculate"})
		require.Equal(t, fault.MissingField, code(t, err), "no session")
		_, err = record(s, ctx, ledger.Entry{Session: "c"})
		require.Equal(t, fault.MissingField, code(t, err), "no tool")
		_, err = record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", Asked: json.RawMessage(`{"a":`)})
		require.Equal(t, fault.BadRequest, code(t, err), "arguments that are not JSON")
		_, err = keep(s, ctx, "c", "", []byte("x"), ledger.Entry{Tool: "calculate"})
		require.Equal(t, fault.MissingField, code(t, err))
		_, err = keep(s, ctx, "c", "r_1", []byte("{}"), ledger.Entry{Tool: ""})
		require.Equal(t, fault.MissingField, code(t, err))
		_, err = keep(s, ctx, "c", "r_1", []byte("not json"), ledger.Entry{Tool: "calculate"})
		require.Equal(t, fault.BadRequest, code(t, err), "a receipt that is not JSON")
		_, err = s.Write(ctx, ledger.Item{Entry: ledger.Entry{Session: "c", Tool: "calculate"}, Envelope: []byte("{}")})
		require.Equal(t, fault.MissingField, code(t, err), "a receipt with no id")
		_, err = s.Write(ctx, ledger.Item{Entry: ledger.Entry{Session: "c", Tool: "calculate", Asked: json.RawMessage(`{}`)}},
			ledger.Item{Entry: ledger.Entry{Tool: "calculate"}})
		require.Equal(t, fault.MissingField, code(t, err), "one bad item refuses the batch")
		_, err = record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", OK: true, Codes: []string{"x"}})
		require.Equal(t, fault.BadRequest, code(t, err), "ok with refusal codes")
		_, err = record(s, ctx, ledger.Entry{Session: "c\x00d", Tool: "calculate"})
		require.Equal(t, fault.BadRequest, code(t, err), "a NUL byte, which PostgreSQL cannot store and SQLite would")
		_, err = record(s, ctx, ledger.Entry{Session: "c\xff", Tool: "calculate"})
		require.Equal(t, fault.BadRequest, code(t, err), "text that is not UTF-8")
		_, err = record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", Time: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)})
		require.Equal(t, fault.BadRequest, code(t, err), "a time the column cannot hold is refused, not wrapped around")
		_, err = s.Receipt(ctx, "c", "r_1")
		require.Equal(t, fault.UnknownReceiptID, code(t, err), "a refused keep stores no receipt")
		all, err := s.Entries(ctx, ledger.Query{})
		require.NoError(t, err)
		require.Empty(t, all, "nothing refused is recorded")
	})
}

func TestStoreSurvivesReopening(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			s, err := ledger.Open(ctx, addr)
			require.NoError(t, err)
			_, err = keep(s, ctx, "c", "r_1", []byte(`{"e":1}`), ledger.Entry{Tool: "calculate", OK: true, Asked: json.RawMessage(`{}`)})
			require.NoError(t, err)
			require.NoError(t, s.Close())

			s, err = ledger.Open(ctx, addr)
			require.NoError(t, err, "a migrated ledger opens again")
			defer s.Close()
			env, err := s.Receipt(ctx, "c", "r_1")
			require.NoError(t, err)
			require.Equal(t, `{"e":1}`, string(env))
			e, err := record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", Asked: json.RawMessage(`{}`)})
			require.NoError(t, err)
			require.Equal(t, int64(2), e.Seq, "sequence numbers continue")
		})
	}
}

// Replicas start together: each opens the same new ledger at once, and
// the schema is created once, under the migration's lock.
func TestStoreMigratesOnceWhenOpenedTogether(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			const n = 8
			var wg sync.WaitGroup
			stores := make([]ledger.Store, n)
			errs := make([]error, n)
			for i := range n {
				wg.Go(func() { stores[i], errs[i] = ledger.Open(ctx, addr) })
			}
			wg.Wait()
			for i := range n {
				require.NoError(t, errs[i], "opener %d", i)
				defer stores[i].Close()
			}
			for i := range n {
				wg.Go(func() {
					_, errs[i] = record(stores[i], ctx, ledger.Entry{Session: "c", Tool: fmt.Sprint("t", i), Asked: json.RawMessage(`{}`)})
				})
			}
			wg.Wait()
			for i := range n {
				require.NoError(t, errs[i], "writer %d", i)
			}
			all, err := stores[0].Entries(ctx, ledger.Query{})
			require.NoError(t, err)
			require.Len(t, all, n)
		})
	}
}

func TestOpenRefusesANewerSchemaAndNoAddress(t *testing.T) {
	ctx := context.Background()
	_, err := ledger.Open(ctx, " ")
	require.Equal(t, fault.BadLedger, code(t, err))
	_, err = ledger.Open(ctx, "postgres://127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	require.Equal(t, fault.LedgerFailed, code(t, err), "a server that is not there")
	require.NotContains(t, err.Error(), "password")
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			s, err := ledger.Open(ctx, addr)
			require.NoError(t, err)
			s.Close()
			bumpSchema(t, b.Name, addr)
			_, err = ledger.Open(ctx, addr)
			require.Equal(t, fault.BadLedger, code(t, err), "a ledger a newer reckon wrote")
		})
	}
}
