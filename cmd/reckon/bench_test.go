package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// benchLines is the length of a benchmark batch: long enough that the
// worker pool, not its start and end, sets the pace.
const benchLines = 2000

// costcoBatch returns benchLines one-line Costco requests with distinct ids.
func costcoBatch(b *testing.B) []byte {
	costco := oneLine(b, seed(b, "costco"))
	var in strings.Builder
	for i := range benchLines {
		in.WriteString(withID(b, costco, fmt.Sprintf("costco-%04d", i)))
	}
	return []byte(in.String())
}

// BenchmarkCalcJSONL calculates and signs a batch of requests through run.
// Run it with -cpu 1,2 to see the pool use the cores.
func BenchmarkCalcJSONL(b *testing.B) {
	key := newKey(b)
	in := costcoBatch(b)
	args := []string{"calc", "-jsonl", "-key", key + ".key"}
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for b.Loop() {
		if code := run(args, bytes.NewReader(in), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("calc -jsonl exited %d", code)
		}
	}
	b.ReportMetric(float64(benchLines*b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkVerifyJSONL verifies a batch of signed calc responses through
// run: signature, strict decode, re-execution and comparison for each.
func BenchmarkVerifyJSONL(b *testing.B) {
	key := newKey(b)
	var responses bytes.Buffer
	if code := run([]string{"calc", "-jsonl", "-key", key + ".key"}, bytes.NewReader(costcoBatch(b)), &responses, io.Discard); code != exitOK {
		b.Fatalf("calc -jsonl exited %d", code)
	}
	in := responses.Bytes()
	args := []string{"verify", "-jsonl", "-pub", key + ".pub"}
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for b.Loop() {
		if code := run(args, bytes.NewReader(in), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("verify -jsonl exited %d", code)
		}
	}
	b.ReportMetric(float64(benchLines*b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkVerifyEnvelopesJSONL verifies a batch of bare envelopes, one a
// line, through run: what bench/run.sh holds to the bare ed25519 bound.
func BenchmarkVerifyEnvelopesJSONL(b *testing.B) {
	key := newKey(b)
	var responses bytes.Buffer
	if code := run([]string{"calc", "-jsonl", "-key", key + ".key"}, bytes.NewReader(costcoBatch(b)), &responses, io.Discard); code != exitOK {
		b.Fatalf("calc -jsonl exited %d", code)
	}
	var in bytes.Buffer
	for line := range bytes.Lines(responses.Bytes()) {
		var resp struct {
			Receipt json.RawMessage `json:"receipt"`
		}
		if err := json.Unmarshal(line, &resp); err != nil || resp.Receipt == nil {
			b.Fatalf("not a calc response with a receipt: %s", line)
		}
		in.Write(resp.Receipt)
		in.WriteByte('\n')
	}
	args := []string{"verify", "-jsonl", "-pub", key + ".pub"}
	b.SetBytes(int64(in.Len()))
	b.ResetTimer()
	for b.Loop() {
		if code := run(args, bytes.NewReader(in.Bytes()), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("verify -jsonl exited %d", code)
		}
	}
	b.ReportMetric(float64(benchLines*b.N)/b.Elapsed().Seconds(), "lines/s")
}
