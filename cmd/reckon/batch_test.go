package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// withID returns a one-line request or response with its id replaced.
func withID(t testing.TB, js, id string) string {
	t.Helper()
	return edit(t, js, func(v map[string]any) { v["id"] = id })
}

// splitLines splits a batch's output into its lines, each with its newline.
func splitLines(t testing.TB, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	require.True(t, strings.HasSuffix(out, "\n"), "the output ends in a newline")
	lines := strings.SplitAfter(out, "\n")
	return lines[:len(lines)-1] // the empty string after the last newline
}

// lineWant is what one output line of a batch must say.
type lineWant struct {
	id   string
	ok   bool
	code string // the error's code, or the first reason's; "" when ok
}

// withProcs runs f under each GOMAXPROCS, so that batches are tested with
// one worker and with more workers than lines in flight.
func withProcs(t *testing.T, f func(t *testing.T)) {
	for _, procs := range []int{1, 4} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			f(t)
		})
	}
}

func TestCalcJSONL(t *testing.T) {
	costco := oneLine(t, seed(t, "costco"))
	avg := oneLine(t, readFile(t, "testdata/requests/avg.json"))
	numeric := oneLine(t, readFile(t, "testdata/requests/number-display.json"))
	var in strings.Builder
	var wants []lineWant
	for i := range 50 {
		id := fmt.Sprintf("line-%02d", i)
		switch i % 7 {
		case 0, 1, 2:
			in.WriteString(withID(t, costco, id))
			wants = append(wants, lineWant{id, true, ""})
		case 3:
			in.WriteString(withID(t, numeric, id))
			wants = append(wants, lineWant{id, false, fault.BadRequest})
		case 4:
			in.WriteString(withID(t, avg, id))
			wants = append(wants, lineWant{id, false, "unknown_function"})
		case 5:
			// Cut short after its id: the id is read, so the answer names it.
			in.WriteString(`{"id": "` + id + `", "formula": ` + "\n")
			wants = append(wants, lineWant{id, false, fault.BadRequest})
		case 6:
			in.WriteString("\n   \n\r\n") // blank lines get no answer
			in.WriteString(strings.TrimSuffix(withID(t, costco, id), "\n") + "\r\n")
			wants = append(wants, lineWant{id, true, ""})
		}
		if i == 25 {
			in.WriteString(`{"id": "too-long", "formula": "` + strings.Repeat("x", receipt.MaxRequestSize) + "\"}\n")
			wants = append(wants, lineWant{"", false, fault.BadRequest})
		}
	}
	withProcs(t, func(t *testing.T) {
		out := reckon(t, in.String(), "calc", "-jsonl")
		require.Equal(t, exitRefused, out.code, "some lines are refused")
		refused := 0
		for _, w := range wants {
			if !w.ok {
				refused++
			}
		}
		require.Contains(t, out.stderr, fmt.Sprintf("reckon calc: %d of %d requests refused", refused, len(wants)))
		lines := splitLines(t, out.stdout)
		require.Len(t, lines, len(wants), "one response per non-blank line")
		for i, w := range wants {
			resp := decodeResponse(t, lines[i])
			got := lineWant{resp.ID, resp.OK, ""}
			if resp.Error != nil {
				got.code = resp.Error.Code
			}
			require.Equal(t, w, got, "line %d: %s", i, lines[i])
			if resp.OK {
				require.Equal(t, "1.344", resp.Result.Value)
			}
		}
	})
}

func TestCalcJSONLAllGood(t *testing.T) {
	var in strings.Builder
	for _, story := range seeds {
		in.WriteString(oneLine(t, seed(t, story)))
	}
	out := reckon(t, in.String(), "calc", "-jsonl")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Equal(t, len(seeds), strings.Count(out.stdout, "\n"))
	require.Empty(t, reckon(t, "\n\n", "calc", "-jsonl").stdout, "blank lines get no answer")
}

func TestVerifyJSONL(t *testing.T) {
	key := newKey(t)
	var requests strings.Builder
	for _, story := range seeds {
		requests.WriteString(oneLine(t, seed(t, story)))
	}
	calc := reckon(t, requests.String(), "calc", "-jsonl", "-key", key+".key")
	require.Equal(t, exitOK, calc.code, calc.stderr)
	responses := splitLines(t, calc.stdout)
	require.Len(t, responses, len(seeds))

	var in strings.Builder
	var wants []lineWant
	for i, resp := range responses {
		id := decodeResponse(t, resp).ID
		in.WriteString(resp)
		wants = append(wants, lineWant{id, true, ""})
		switch i {
		case 1:
			in.WriteString(envelopeOf(t, resp) + "\n\n")
			wants = append(wants, lineWant{id, true, ""})
		case 2:
			in.WriteString(withID(t, resp, "renamed"))
			wants = append(wants, lineWant{id, false, codeResponseMismatch})
		case 3:
			in.WriteString("{\"payloadType\": \n")
			wants = append(wants, lineWant{"", false, fault.BadEnvelope})
			in.WriteString(strings.Repeat("x", maxVerifyInput+1) + "\n")
			wants = append(wants, lineWant{"", false, fault.EnvelopeTooLarge})
		case 4:
			gap := reckon(t, oneLine(t, seed(t, "gap")), "calc").stdout
			in.WriteString(gap)
			// refused, with the id its payload records all the same
			wants = append(wants, lineWant{decodeResponse(t, gap).ID, false, fault.Unsigned})
		}
	}
	withProcs(t, func(t *testing.T) {
		out := reckon(t, in.String(), "verify", "-jsonl", "-pub", key+".pub")
		require.Equal(t, exitRefused, out.code)
		require.Equal(t, fmt.Sprintf("reckon verify: %d receipts: %d verified, 4 refused: "+
			"bad_envelope 1, envelope_too_large 1, response_mismatch 1, unsigned 1\n", len(wants), len(wants)-4), out.stderr)
		lines := splitLines(t, out.stdout)
		require.Len(t, lines, len(wants), "one report per non-blank line")
		for i, w := range wants {
			rep := decodeReport(t, lines[i])
			require.Contains(t, lines[i], `{"line":`, "every report carries its line")
			got := lineWant{rep.ID, rep.OK, ""}
			if len(rep.Reasons) > 0 {
				got.code = rep.Reasons[0].Code
			}
			require.Equal(t, w, got, "line %d: %s", i, lines[i])
		}
	})
}

// lineSource yields the same line n times, counting the bytes read.
type lineSource struct {
	line []byte
	n    int
	pos  int
	read atomic.Int64
}

func (s *lineSource) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, s.line[s.pos:])
	if s.pos += k; s.pos == len(s.line) {
		s.pos, s.n = 0, s.n-1
	}
	s.read.Add(int64(k))
	return k, nil
}

// TestBatchMemoryIsBounded holds the first line's answer back and waits
// until every goroutine of the batch is blocked: a reader that stops at the
// full window has then read no more than the window holds, however fast or
// slow the machine.
func TestBatchMemoryIsBounded(t *testing.T) {
	const lineSize, lines = 256 << 10, 100
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	workers := runtime.GOMAXPROCS(0)
	// The window of chunks, a chunk per worker, one being read; each chunk
	// here is one line, since a line is as long as a chunk may be.
	bound := int64((windowPerWorker*workers + workers + 1) * max(lineSize, chunkBytes))
	require.Less(t, bound, int64(lines*lineSize/2), "the input is much longer than the window")
	synctest.Test(t, func(t *testing.T) {
		src := &lineSource{line: []byte(strings.Repeat("x", lineSize-1) + "\n"), n: lines}
		release := make(chan struct{})
		var calls atomic.Int64
		answer := func(dst, _ []byte, _ bool, _ int) ([]byte, bool) {
			if calls.Add(1) == 1 {
				<-release // one slow line holds back every line after it
			}
			return append(dst, "{}\n"...), true
		}
		done := make(chan struct{})
		var out strings.Builder
		var st batchStats
		var err error
		go func() {
			defer close(done)
			st, err = batch(src, &out, maxVerifyInput, answer, false)
		}()
		synctest.Wait() // the reader, the workers and the writer all wait
		require.LessOrEqual(t, src.read.Load(), bound,
			"with one line stuck, the reader stops at the window (%d lines of %d)", windowPerWorker*workers, lines)
		select {
		case <-done:
			t.Fatal("the batch ended with its first answer held back")
		default:
		}
		close(release)
		<-done
		require.NoError(t, err)
		require.Equal(t, batchStats{lines: lines}, st)
		require.Equal(t, strings.Repeat("{}\n", lines), out.String())
	})
}

// failingReader returns its error on every read.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

func TestBatchReadError(t *testing.T) {
	in := io.MultiReader(strings.NewReader(oneLine(t, seed(t, "costco"))+"not json\n"), failingReader{errors.New("disk on fire")})
	var stdout, stderr strings.Builder
	code := run([]string{"calc", "-jsonl"}, in, &stdout, &stderr)
	require.Equal(t, exitRefused, code)
	require.Equal(t, 2, strings.Count(stdout.String(), "\n"), "lines read before the error are answered")
	require.Contains(t, stderr.String(), "reckon calc: stopped after 2 requests: disk on fire")
}

func TestBatchWriteError(t *testing.T) {
	in := strings.Repeat("not json\n", 5000) // far more than one buffer of answers
	var stderr strings.Builder
	code := run([]string{"calc", "-jsonl"}, strings.NewReader(in), failingWriter{}, &stderr)
	require.Equal(t, exitRefused, code, "the batch stops instead of hanging")
	require.Contains(t, stderr.String(), "file already closed")
}

func TestLineReader(t *testing.T) {
	const limit = 20 // longer than bufio's smallest buffer, to cross buffer boundaries
	long := strings.Repeat("y", 40)
	tests := []struct {
		name, in string
		want     []string // "!" stands for a line reported as too long
	}{
		{name: "empty", in: "", want: nil},
		{name: "no final newline", in: "a\nb", want: []string{"a", "b"}},
		{name: "crlf", in: "a\r\nb\r\n", want: []string{"a", "b"}},
		{name: "blank lines", in: "\n \t\n\r\na\n\n", want: []string{"a"}},
		{name: "spaces kept", in: " a \n", want: []string{" a "}},
		{name: "at the limit", in: strings.Repeat("z", limit) + "\r\n", want: []string{strings.Repeat("z", limit)}},
		{name: "one over", in: strings.Repeat("z", limit+1) + "\nok\n", want: []string{"!", "ok"}},
		{name: "long, then more", in: "a\n" + long + long + "\nb\n", want: []string{"a", "!", "b"}},
		{name: "long at the end", in: "a\n" + long, want: []string{"a", "!"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lr := &lineReader{br: bufio.NewReaderSize(strings.NewReader(tc.in), 16), limit: limit}
			var got []string
			for {
				data, tooLong, err := lr.next()
				if errors.Is(err, io.EOF) {
					break
				}
				require.NoError(t, err)
				if tooLong {
					require.Nil(t, data, "a long line is not kept")
					got = append(got, "!")
					continue
				}
				got = append(got, string(data))
			}
			require.Equal(t, tc.want, got, "lines of %q", tc.in)
		})
	}
}

// TestWithLine: the line number goes into the refused answer only, after
// the answers already in the chunk's buffer.
func TestWithLine(t *testing.T) {
	for _, tc := range []struct{ name, before, in, want string }{
		{"empty object", "", "{}\n", `{"line":3}` + "\n"},
		{"fields", `{"ok":true}` + "\n", `{"ok":false}` + "\n", `{"ok":true}` + "\n" + `{"line":3,"ok":false}` + "\n"},
		{"not an object", "", "x\n", "x\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := append([]byte(tc.before), tc.in...)
			require.Equal(t, tc.want, string(withLine(b, len(tc.before), 3)))
		})
	}
}

// A grounded receipt verified without its documents is counted apart in
// the summary, and -require-grounding refuses it.
func TestVerifyJSONLGrounding(t *testing.T) {
	key := newKey(t)
	calc := reckon(t, groundedSeed(t, "costco", "10-K"), "calc", "-key", key+".key", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, calc.code, calc.stderr)
	line := oneLine(t, calc.stdout)

	out := reckon(t, line, "verify", "-jsonl", "-pub", key+".pub")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Equal(t, "reckon verify: 1 receipt: 1 verified, 0 refused; 1 verified without their documents: "+
		"give -source to check their quotes, or -require-grounding to refuse them\n", out.stderr)

	out = reckon(t, line, "verify", "-jsonl", "-pub", key+".pub", "-require-grounding")
	require.Equal(t, exitRefused, out.code)
	require.Equal(t, "reckon verify: 1 receipt: 0 verified, 1 refused: grounding_not_checked 1; give -source NAME=FILE with the documents the grounded receipts name\n", out.stderr)

	out = reckon(t, line, "verify", "-jsonl", "-pub", key+".pub", "-require-grounding", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Equal(t, "reckon verify: 1 receipt: 1 verified, 0 refused\n", out.stderr)

	// signed, with no -pub: the key is not trusted, never "unsigned"
	out = reckon(t, line, "verify", "-jsonl")
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stderr, "1 refused: untrusted_key 1")
}

// -require-grounding refuses a receipt with an input not grounded, though
// its others are; a response that spells its receipt key twice names no id.
func TestVerifyRequireGroundingEveryInput(t *testing.T) {
	key := newKey(t)
	var req map[string]any
	require.NoError(t, json.Unmarshal([]byte(groundedSeed(t, "costco", "10-K")), &req))
	req["inputs"].([]any)[1].(map[string]any)["provenance"] = "user"
	b, err := json.Marshal(req)
	require.NoError(t, err)
	calc := reckon(t, string(b), "calc", "-key", key+".key", "-source", "10-K="+costco10K)
	require.Equal(t, exitOK, calc.code, calc.stderr)
	line := oneLine(t, calc.stdout)
	out := reckon(t, line, "verify", "-jsonl", "-pub", key+".pub", "-source", "10-K="+costco10K, "-require-grounding")
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stderr, "1 refused: ungrounded_receipt 1")

	// the receipt key spelled with an escape is still the receipt key, and
	// its ungrounded input is still refused, in a batch and alone
	escaped := strings.Replace(line, `"receipt":`, `"rec\u0065ipt":`, 1)
	require.NotEqual(t, line, escaped)
	out = reckon(t, escaped, "verify", "-jsonl", "-pub", key+".pub", "-source", "10-K="+costco10K, "-require-grounding")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Contains(t, out.stderr, "1 refused: ungrounded_receipt 1")
	out = reckon(t, escaped, "verify", "-pub", key+".pub", "-source", "10-K="+costco10K, "-require-grounding")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Contains(t, out.stdout, `"code":"ungrounded_receipt"`)

	twice := strings.Replace(strings.TrimSpace(line), `{"id":`, `{"Receipt": {"payloadType": "x", "payload": "", "signatures": []}, "id":`, 1) + "\n"
	out = reckon(t, twice, "verify", "-jsonl", "-pub", key+".pub")
	require.Equal(t, exitRefused, out.code)
	require.Contains(t, out.stdout, `"id":""`, "which receipt is meant is not known")

	// a receipt with no input holds only literals: nothing in it was read
	// from a document
	lit := reckon(t, `{"formula": "1.344", "inputs": [], "output": {"unit": "number", "places": 3}}`, "calc", "-key", key+".key")
	require.Equal(t, exitOK, lit.code, lit.stderr)
	out = reckon(t, lit.stdout, "verify", "-pub", key+".pub", "-require-grounding")
	require.Equal(t, exitRefused, out.code, out.stdout)
	require.Contains(t, out.stdout, "the receipt has no input")
	out = reckon(t, lit.stdout, "verify", "-pub", key+".pub")
	require.Equal(t, exitOK, out.code, out.stdout)
}
