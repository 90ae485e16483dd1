package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
)

// Lines go to the workers in chunks, so that the cost of handing work from
// goroutine to goroutine, which includes waking an idle thread, is paid once
// per chunk rather than once per line: with lines that take microseconds,
// handing them over one by one kept a second core idle.
const (
	chunkLines = 64        // lines in a chunk, at most
	chunkBytes = 256 << 10 // bytes in a chunk, at most, unless one line is longer

	// windowPerWorker sets the reorder window: how many chunks may be
	// read, answered or waiting to be written at once, per worker.
	// Answers leave in input order, so a slow line holds back the chunks
	// after it; two chunks a worker keep every worker busy past one slow
	// chunk while bounding memory to about windowPerWorker × workers ×
	// chunkBytes (or the line limit, for a chunk of one long line).
	windowPerWorker = 2

	// gcPercentBatch is the collector's target during a batch, unless the
	// GOGC environment variable sets one.
	gcPercentBatch = 800
)

// answerFunc answers one line of a batch: it appends the encoded JSON
// answer, ending in a newline, to dst and returns the extended slice and
// whether the line was accepted. data is the line without its end-of-line
// bytes; when tooLong is set, data is nil, for the line was over the
// batch's limit and discarded; line is its 1-based number in the input.
// Appending lets each answer be encoded straight into its chunk's output
// buffer. An answerFunc is called from several goroutines at once.
type answerFunc func(dst, data []byte, tooLong bool, line int) (out []byte, ok bool)

// batchStats counts the answered lines of a batch.
type batchStats struct {
	lines   int // non-blank lines answered
	refused int // of which not accepted
}

// chunk is a run of consecutive lines on its way to a worker, and the
// future where the worker leaves their answers. The future's buffer of one
// means a worker never waits for the writer.
type chunk struct {
	lines   [][]byte
	tooLong []bool
	lineNos []int // the 1-based line number of each line in the input
	out     chan answered
}

// answered is a worker's answers to one chunk, concatenated in order.
type answered struct {
	data []byte
	st   batchStats
}

// batch answers each non-blank line of r, of at most limit bytes, with
// answer on runtime.GOMAXPROCS(0) workers (each refused answer, or with
// everyLine every answer, carrying its 1-based "line") and writes the answers to w in
// input order. A reader goroutine gathers lines into chunks and queues each
// chunk in a window channel of fixed capacity before handing it to a free
// worker; the writer takes the chunks from the window in order and waits for
// each. A full window stops the reader, so memory is bounded by the window
// however long the input. The reader sends a chunk early when no more input
// is buffered, and the writer flushes when no answer is pending, so that a
// client that writes one line and waits gets its answer. batch returns the
// first read or write error, after writing every answer it could.
func batch(r io.Reader, w io.Writer, limit int, answer answerFunc, everyLine bool) (batchStats, error) {
	if os.Getenv("GOGC") == "" {
		// A batch keeps little alive (the window) but allocates fast, so at
		// the default setting the collector runs every few megabytes and
		// its pauses and assists keep the second core idle: measured on
		// 50,000 requests, 1.1× the one-core throughput at the default and
		// 1.8× at this one, for a peak of about 75 MiB instead of 17 MiB.
		defer debug.SetGCPercent(debug.SetGCPercent(gcPercentBatch))
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *chunk, workers)
	window := make(chan *chunk, windowPerWorker*workers)
	quit := make(chan struct{}) // closed by the writer when it gives up
	var readErr error           // set by the reader before it closes window
	go func() {
		defer close(window)
		defer close(jobs)
		readErr = dispatch(newLineReader(r, limit), window, jobs, quit)
	}()
	for range workers {
		go func() {
			for c := range jobs {
				a := answered{data: getBuffer()}
				for i, line := range c.lines {
					start := len(a.data)
					var ok bool
					a.data, ok = answer(a.data, line, c.tooLong[i], c.lineNos[i])
					a.st.lines++
					if !ok || everyLine {
						a.data = withLine(a.data, start, c.lineNos[i])
					}
					if !ok {
						a.st.refused++
					}
				}
				c.out <- a
			}
		}()
	}
	return writeInOrder(w, window, quit, &readErr)
}

// dispatch reads lines into chunks and, for each chunk, queues it in
// window, waiting while the window is full, then hands it to a worker. It
// stops at the end of the input, on a read error, which it returns, or when
// quit is closed.
func dispatch(lines *lineReader, window chan<- *chunk, jobs chan<- *chunk, quit <-chan struct{}) error {
	for {
		c, err := lines.chunk()
		if len(c.lines) > 0 {
			select {
			case window <- c:
			case <-quit:
				return nil
			}
			select {
			case jobs <- c:
			case <-quit:
				return nil
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// writeInOrder writes the answers of the chunks in window as they become
// ready, in window order, through one buffered writer. It flushes whenever
// no further chunk is waiting, and at the end. On a write error it closes
// quit, so that the reader stops, and returns.
func writeInOrder(w io.Writer, window <-chan *chunk, quit chan<- struct{}, readErr *error) (batchStats, error) {
	var st batchStats
	bw := bufio.NewWriterSize(w, 64<<10)
	for c := range window {
		a := <-c.out
		st.lines += a.st.lines
		st.refused += a.st.refused
		_, err := bw.Write(a.data)
		putBuffer(a.data)
		if err == nil && len(window) == 0 {
			err = bw.Flush()
		}
		if err != nil {
			close(quit)
			return st, err
		}
	}
	if err := bw.Flush(); err != nil {
		return st, err
	}
	return st, *readErr // window is closed, so the reader has finished writing it
}

// lineReader reads lines of at most limit bytes, skipping blank ones. A
// longer line is discarded up to its newline, never held whole, and
// reported as too long.
type lineReader struct {
	br    *bufio.Reader
	limit int
	n     int // lines read so far, blank ones included
}

func newLineReader(r io.Reader, limit int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// chunk gathers the next lines into a chunk: up to chunkLines lines or
// chunkBytes bytes, and fewer when reading on would have to wait for more
// input. It returns the lines it has with any error, io.EOF at the end.
func (lr *lineReader) chunk() (*chunk, error) {
	c := &chunk{out: make(chan answered, 1)}
	size := 0
	for len(c.lines) < chunkLines && size < chunkBytes {
		if len(c.lines) > 0 && lr.br.Buffered() == 0 {
			return c, nil // answer what has come before waiting for more
		}
		data, tooLong, err := lr.next()
		if err != nil {
			return c, err
		}
		c.lines = append(c.lines, data)
		c.tooLong = append(c.tooLong, tooLong)
		c.lineNos = append(c.lineNos, lr.n)
		size += len(data)
	}
	return c, nil
}

// next returns the next non-blank line without its "\n" or "\r\n", or
// tooLong with no data, or io.EOF at the end of the input.
func (lr *lineReader) next() (data []byte, tooLong bool, err error) {
	for {
		data, tooLong, err = lr.line()
		if err != nil || tooLong || !blank(data) {
			return data, tooLong, err
		}
	}
}

// blank reports whether a line holds only JSON's white space (space, tab,
// carriage return). Any other byte makes it a line to answer, even one
// that prints as nothing (a vertical tab, a no-break space): a client that
// counts it as a request must get an answer for it, or it would match
// every later answer to the wrong line.
func blank(line []byte) bool {
	return len(bytes.Trim(line, " \t\r")) == 0
}

// line returns the next line, blank or not.
func (lr *lineReader) line() (data []byte, tooLong bool, err error) {
	read := 0
	for {
		chunk, err := lr.br.ReadSlice('\n')
		read += len(chunk)
		if !tooLong {
			// Keep the line only while it may still fit; "\r\n" is not counted.
			if len(data)+len(chunk) > lr.limit+len("\r\n") {
				tooLong, data = true, nil
			} else {
				data = append(data, chunk...) // ReadSlice's bytes are only lent
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if errors.Is(err, io.EOF) && read == 0 {
			return nil, false, io.EOF
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, false, err
		}
		break
	}
	lr.n++
	data = bytes.TrimSuffix(data, []byte("\n"))
	data = bytes.TrimSuffix(data, []byte("\r"))
	if len(data) > lr.limit {
		return nil, true, nil
	}
	return data, tooLong, nil
}

// withLine adds "line": n to the refused answer that starts at b[start:],
// a JSON object, so that a refusal can be matched to its input line even
// when its request had no readable id.
func withLine(b []byte, start, n int) []byte {
	answer := b[start:]
	if len(answer) < 2 || answer[0] != '{' {
		return b
	}
	var field [32]byte
	f := append(field[:0], `"line":`...)
	f = strconv.AppendInt(f, int64(n), 10)
	if answer[1] != '}' {
		f = append(f, ',')
	}
	return slices.Insert(b, start+1, f...)
}

// buffers recycles the chunks' answer buffers: the writer returns each
// once written, so a batch in its steady state allocates none, however
// many lines it answers.
var buffers = sync.Pool{New: func() any { return new([]byte) }}

// chunkBuffer is the capacity a new answer buffer starts with: a chunk of
// calc answers with signed receipts runs to about this much.
const chunkBuffer = 64 << 10

// maxPooledBuffer bounds the buffers kept for reuse, so that one chunk of
// huge answers does not pin its memory for the rest of the batch.
const maxPooledBuffer = 4 << 20

func getBuffer() []byte {
	p := buffers.Get().(*[]byte)
	if *p == nil {
		return make([]byte, 0, chunkBuffer)
	}
	return (*p)[:0]
}

func putBuffer(b []byte) {
	if cap(b) <= maxPooledBuffer {
		buffers.Put(&b)
	}
}
