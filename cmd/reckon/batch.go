package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"runtime"
)

// windowPerWorker sets the reorder window: how many lines may be read,
// answered or waiting to be written at once, per worker. Answers must leave
// in input order, so a slow line holds back the lines after it; a window of
// a few lines a worker keeps every worker busy past one slow line while
// bounding memory to about windowPerWorker × workers × the line limit.
const windowPerWorker = 4

// answerFunc answers one line of a batch: the encoded JSON answer, ending
// in a newline, and whether it was accepted. data is the line without its
// end-of-line bytes; when tooLong is set, data is nil, for the line was over
// the batch's limit and discarded. An answerFunc is called from several
// goroutines at once.
type answerFunc func(data []byte, tooLong bool) (answer []byte, ok bool)

// batchStats counts the answered lines of a batch.
type batchStats struct {
	lines   int // non-blank lines answered
	refused int // of which not accepted
}

// future is where a worker leaves the answer to one line; the writer waits
// on the futures in input order. Its buffer of one means a worker never
// waits for the writer.
type future chan answered

// answered is a worker's answer to one line.
type answered struct {
	data []byte
	ok   bool
}

// job is one line on its way to a worker.
type job struct {
	data    []byte
	tooLong bool
	out     future
}

// batch answers each non-blank line of r, of at most limit bytes, with
// answer on runtime.GOMAXPROCS(0) workers and writes the answers to w in
// input order. A reader goroutine queues each line's future in a window
// channel of fixed capacity and then hands the line to a free worker; the
// writer takes the futures from the window in order and waits for each. A
// full window stops the reader, so memory is bounded by the window however
// long the input. batch returns the first read or write error, after
// writing every answer it could.
func batch(r io.Reader, w io.Writer, limit int, answer answerFunc) (batchStats, error) {
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan job)
	window := make(chan future, windowPerWorker*workers)
	quit := make(chan struct{}) // closed by the writer when it gives up
	var readErr error           // set by the reader before it closes window
	go func() {
		defer close(window)
		defer close(jobs)
		readErr = dispatch(newLineReader(r, limit), window, jobs, quit)
	}()
	for range workers {
		go func() {
			for j := range jobs {
				data, ok := answer(j.data, j.tooLong)
				j.out <- answered{data, ok}
			}
		}()
	}
	return writeInOrder(w, window, quit, &readErr)
}

// dispatch reads lines and, for each, queues a future in window, waiting
// while the window is full, then hands the line to a free worker. It stops
// at the end of the input, on a read error, which it returns, or when quit
// is closed.
func dispatch(lines *lineReader, window chan<- future, jobs chan<- job, quit <-chan struct{}) error {
	for {
		data, tooLong, err := lines.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		out := make(future, 1)
		select {
		case window <- out:
		case <-quit:
			return nil
		}
		select {
		case jobs <- job{data, tooLong, out}:
		case <-quit:
			return nil
		}
	}
}

// writeInOrder writes the answers of the futures in window as they become
// ready, in window order, through one buffered writer flushed at the end.
// On a write error it closes quit, so that the reader stops, and returns.
func writeInOrder(w io.Writer, window <-chan future, quit chan<- struct{}, readErr *error) (batchStats, error) {
	var st batchStats
	bw := bufio.NewWriterSize(w, 64<<10)
	for out := range window {
		a := <-out
		st.lines++
		if !a.ok {
			st.refused++
		}
		if _, err := bw.Write(a.data); err != nil {
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
}

func newLineReader(r io.Reader, limit int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// next returns the next non-blank line without its "\n" or "\r\n", or
// tooLong with no data, or io.EOF at the end of the input.
func (lr *lineReader) next() (data []byte, tooLong bool, err error) {
	for {
		data, tooLong, err = lr.line()
		if err != nil || tooLong || len(bytes.TrimSpace(data)) > 0 {
			return data, tooLong, err
		}
	}
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
	data = bytes.TrimSuffix(data, []byte("\n"))
	data = bytes.TrimSuffix(data, []byte("\r"))
	if len(data) > lr.limit {
		return nil, true, nil
	}
	return data, tooLong, nil
}
