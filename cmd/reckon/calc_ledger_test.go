package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// TestCalcLedger: `calc -jsonl -ledger FILE` records every line, each
// receipt with the entry that made it and each refusal with its code.
func TestCalcLedger(t *testing.T) {
	key := newKey(t)
	file := filepath.Join(t.TempDir(), "ledger.db")
	costco := oneLine(t, seed(t, "costco"))
	in := withID(t, costco, "a") + `{"id": "b", "formula": "x +", "inputs": []}` + "\n" + withID(t, costco, "c")
	o := reckon(t, in, "calc", "-jsonl", "-key", key+".key", "-ledger", file)
	require.Equal(t, exitRefused, o.code, "one line is refused")
	m := regexp.MustCompile(`session (c_[a-z2-7]+)`).FindStringSubmatch(o.stderr)
	require.NotNil(t, m, o.stderr)
	st, err := ledger.Open(context.Background(), file)
	require.NoError(t, err)
	defer st.Close()
	es, err := st.Entries(context.Background(), ledger.Query{Session: m[1]})
	require.NoError(t, err)
	require.Len(t, es, 3)
	oks := 0
	for _, e := range es {
		if !e.OK {
			require.Equal(t, []string{"syntax"}, e.Codes)
			require.Equal(t, "2", e.Labels["line"], "a refusal names its line")
			continue
		}
		oks++
		env, err := st.Receipt(context.Background(), m[1], e.ReceiptID)
		require.NoError(t, err, "the receipt is kept with its entry")
		d, err := dsse.Decode(env)
		require.NoError(t, err)
		require.Equal(t, e.ReceiptID, receipt.EnvelopeID(d), "under its own id")
		require.Contains(t, o.stdout, d.Payload, "and is a receipt the run printed")
	}
	require.Equal(t, 2, oks)

	o = reckon(t, costco, "calc", "-ledger", filepath.Join(t.TempDir(), "no", "such", "dir", "ledger.db"))
	require.Equal(t, exitRefused, o.code, "a ledger that cannot be opened fails the run: %s", o.stderr)
}

// BenchmarkCalcJSONLLedger is BenchmarkCalcJSONL recording every line in
// a SQLite ledger, in transactions of many.
func BenchmarkCalcJSONLLedger(b *testing.B) {
	key := newKey(b)
	in := costcoBatch(b)
	file := filepath.Join(b.TempDir(), "ledger.db")
	args := []string{"calc", "-jsonl", "-key", key + ".key", "-ledger", file}
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for b.Loop() {
		if code := run(args, bytes.NewReader(in), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("calc -jsonl -ledger exited %d", code)
		}
	}
	b.ReportMetric(float64(benchLines*b.N)/b.Elapsed().Seconds(), "lines/s")
}
