package session_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

func env(payload string) *dsse.Envelope {
	return &dsse.Envelope{PayloadType: receipt.PayloadType, Payload: payload, Signatures: []dsse.Signature{}}
}

func code(err error) string {
	var e *fault.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestKeepAndResolve(t *testing.T) {
	s := session.New(session.Options{})
	id, err := s.Keep(env("cGF5bG9hZA"), json.RawMessage(`{"formula": "a"}`))
	require.NoError(t, err)
	require.Regexp(t, `^r_[a-z2-7]{16}$`, id)
	got, err := s.Receipt(id)
	require.NoError(t, err)
	require.Equal(t, env("cGF5bG9hZA"), got)
	again, err := s.Keep(env("cGF5bG9hZA"), nil)
	require.NoError(t, err)
	require.Equal(t, id, again, "the same receipt has the same id")
	require.Equal(t, 1, s.Len())
	_, err = s.Receipt("r_aaaaaaaaaaaaaaaa")
	require.Equal(t, fault.UnknownReceiptID, code(err))
	_, err = s.Receipt(strings.Repeat("x", 1000))
	require.Less(t, len(err.Error()), 200, "an untrusted id is clipped before it is echoed")
}

func TestIDsDiffer(t *testing.T) {
	seen := map[string]bool{}
	for i := range 1000 {
		id := receipt.EnvelopeID(env(fmt.Sprintf("p%d", i)))
		require.False(t, seen[id], "collision at %d", i)
		seen[id] = true
	}
}

func TestLimits(t *testing.T) {
	cases := []struct {
		name   string
		limits session.Limits
		keeps  int
		reason string
	}{
		{"receipts", session.Limits{Receipts: 2}, 2, "count of receipts"},
		{"entries", session.Limits{Entries: 3}, 3, "count of ledger entries"},
		{"bytes", session.Limits{Bytes: 400}, 2, "bytes: each entry and receipt costs about 100"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := session.New(session.Options{Limits: c.limits})
			for i := range c.keeps {
				_, err := s.Keep(env(fmt.Sprintf("payload-%d", i)), json.RawMessage(`{}`))
				require.NoError(t, err, "keep %d", i)
			}
			_, err := s.Keep(env("one-too-many"), json.RawMessage(`{}`))
			require.Equal(t, fault.SessionFull, code(err), c.reason)
			_, err = s.Receipt(receipt.EnvelopeID(env("payload-0")))
			require.NoError(t, err, "nothing is dropped to make room")
		})
	}
}

func TestRecordIsOrderedAndTimedByTheApplication(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := session.New(session.Options{Now: func() time.Time { return at }, Limits: session.Limits{Entries: 2}})
	e, err := s.Record(session.Entry{Tool: "check_claims", Codes: []string{"not_backed"}, Asked: json.RawMessage("{\n \"text\": \"27\"}")})
	require.NoError(t, err)
	require.Equal(t, 1, e.Seq)
	require.Equal(t, at, e.Time)
	_, err = s.Record(session.Entry{Tool: "calculate", Asked: json.RawMessage("not json")})
	require.NoError(t, err)
	_, err = s.Record(session.Entry{Tool: "calculate"})
	require.Equal(t, fault.SessionFull, code(err))
	require.Equal(t, 1, s.Dropped())
	var buf bytes.Buffer
	require.NoError(t, s.WriteJSONL(&buf))
	require.Equal(t, `{"seq":1,"time":"2026-01-02T03:04:05Z","tool":"check_claims","ok":false,"codes":["not_backed"],"asked":{"text":"27"}}
{"seq":2,"time":"2026-01-02T03:04:05Z","tool":"calculate","ok":false,"codes":[],"asked":"not json"}
`, buf.String())
}

func TestNoClockNoTime(t *testing.T) {
	s := session.New(session.Options{})
	_, err := s.Record(session.Entry{Tool: "calculate", Codes: []string{"parse_error"}, Asked: json.RawMessage(`{}`)})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, s.WriteJSONL(&buf))
	require.NotContains(t, buf.String(), "time")
}
