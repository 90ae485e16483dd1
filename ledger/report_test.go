package ledger_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// reportEntries are the entries of one question answered after a refused
// calculation and a refused draft, of a second answered from an
// interpreted calculation, and of a third left unanswered.
func reportEntries() []ledger.Entry {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	q1 := map[string]string{"question": "q1", "model_calls": "3", "cost": "0.0042 USD"}
	q2 := map[string]string{"question": "q2"}
	return []ledger.Entry{
		{Seq: 1, Session: "c", Time: at, Tool: "calculate", Codes: []string{"scale_mismatch"}, Asked: json.RawMessage(`{"formula":"a / b"}`), Labels: q1},
		{Seq: 2, Session: "c", Time: at.Add(time.Second), Tool: "calculate", OK: true, ReceiptID: "r_1", Asked: json.RawMessage(`{"formula":"a / b"}`), Labels: q1},
		{Seq: 3, Session: "c", Time: at.Add(2 * time.Second), Tool: "calculate", OK: true, ReceiptID: "r_2",
			Asked: json.RawMessage(`{"formula":"(x - y) / y","interpretation":{"kind":"interpreted","note":"n"}}`), Labels: q2},
		{Seq: 4, Session: "c", Time: at.Add(3 * time.Second), Tool: "check_claims", Codes: []string{"not_backed"}, Asked: json.RawMessage(`{"text":"It was 1.5×."}`), Labels: q1},
		{Seq: 5, Session: "c", Time: at.Add(4 * time.Second), Tool: "check_claims", OK: true, Asked: json.RawMessage(`{"text":"It was 1.344× | and\nmore.","receipt_ids":["r_1"]}`), Labels: q1},
		{Seq: 6, Session: "c", Time: at.Add(5 * time.Second), Tool: "check_claims", OK: true, Asked: json.RawMessage(`{"text":"It grew 12%.","receipt_ids":["r_2"]}`), Labels: q2},
		{Seq: 7, Session: "c", Time: at.Add(6 * time.Second), Tool: "calculate", Codes: []string{"unit_mismatch"}, Asked: json.RawMessage(`{}`), Labels: map[string]string{"question": "q3"}},
	}
}

func TestReportRows(t *testing.T) {
	rows := ledger.Rows(reportEntries())
	require.Len(t, rows, 3)
	q1 := rows[0]
	require.Equal(t, "q1", q1.Question)
	require.True(t, q1.Released)
	require.Equal(t, "It was 1.344× | and\nmore.", q1.Answer)
	require.Equal(t, []string{"r_1"}, q1.ReceiptIDs)
	require.Equal(t, []string{"a / b"}, q1.Formulas)
	require.Equal(t, "verified", q1.Basis)
	require.Equal(t, []ledger.Refusal{{Seq: 1, Tool: "calculate", Codes: []string{"scale_mismatch"}}, {Seq: 4, Tool: "check_claims", Codes: []string{"not_backed"}}}, q1.Refused)
	require.Equal(t, "3", q1.ModelCalls)
	require.Equal(t, "0.0042 USD", q1.Cost)
	require.Equal(t, 4*time.Second, q1.Last.Sub(q1.First))
	q2 := rows[1]
	require.True(t, q2.Released)
	require.Equal(t, []string{"(x - y) / y"}, q2.Formulas)
	require.Equal(t, "interpreted", q2.Basis, "the answer rests on an interpreted formula")
	q3 := rows[2]
	require.False(t, q3.Released)
	require.Empty(t, q3.Basis, "nothing released is neither verified nor interpreted")

	var md strings.Builder
	require.NoError(t, ledger.WriteReport(&md, rows, ledger.FormatMarkdown))
	lines := strings.Split(strings.TrimSpace(md.String()), "\n")
	require.Len(t, lines, 5, "a header, its rule and a row a question: a value's pipe or line break never breaks the table")
	require.Contains(t, lines[2], `It was 1.344× \| and more.`)
}

// BenchmarkReport makes the run report of 100,000 decisions, as `reckon
// ledger` does from a ledger's entries, as HTML.
func BenchmarkReport(b *testing.B) {
	base := reportEntries()
	entries := make([]ledger.Entry, 0, 100_000)
	for i := 0; len(entries) < 100_000; i++ {
		for _, e := range base {
			e.Labels = map[string]string{"question": fmt.Sprint("q", i)}
			entries = append(entries, e)
		}
	}
	for b.Loop() {
		var out strings.Builder
		if err := ledger.WriteReport(&out, ledger.Rows(entries), ledger.FormatHTML); err != nil {
			b.Fatal(err)
		}
	}
}
