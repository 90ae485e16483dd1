package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
)

// ledgerBatch is the most items one write to the ledger takes: a batch of
// calculations is recorded in transactions of up to this many, not one a
// line.
const ledgerBatch = 512

// ledgerWriter records the calculations of a `calc -ledger` run: every
// answer becomes an item, and a goroutine writes what has arrived in
// transactions of up to ledgerBatch items. Close writes the rest and
// returns the first error; after an error nothing more is written.
type ledgerWriter struct {
	st      ledger.Store
	session string
	items   chan ledger.Item
	done    chan error
	once    sync.Once
}

func newLedgerWriter(st ledger.Store, session string) *ledgerWriter {
	w := &ledgerWriter{st: st, session: session, items: make(chan ledger.Item, ledgerBatch), done: make(chan error, 1)}
	go w.loop()
	return w
}

func (w *ledgerWriter) loop() {
	var first error
	buf := make([]ledger.Item, 0, ledgerBatch)
	for it := range w.items {
		buf = append(buf[:0], it)
	more:
		for len(buf) < ledgerBatch {
			select {
			case it, ok := <-w.items:
				if !ok {
					break more
				}
				buf = append(buf, it)
			default:
				break more
			}
		}
		if first == nil {
			_, first = w.st.Write(context.Background(), buf...)
		}
	}
	w.done <- first
}

// record hands the ledger the answer of one request: the receipt it made,
// with its entry, or its refusal's code.
// line, the request's line in a batch (0 for a single request), is kept
// as the entry's label "line": a batch is recorded as its lines are
// answered, which is not their order.
func (w *ledgerWriter) record(request, answer []byte, refused bool, line int) {
	e := ledger.Entry{Session: w.session, Time: time.Now().UTC(), Tool: "calc", OK: !refused}
	if line > 0 {
		e.Labels = map[string]string{"line": strconv.Itoa(line)}
	}
	var env []byte
	if refused {
		e.Codes = []string{answerCode(answer)}
	} else if raw := receiptOf(answer); raw != nil {
		if d, err := dsse.Decode(raw); err == nil {
			e.ReceiptID, env = receipt.EnvelopeID(d), raw
		}
	}
	if env == nil {
		e.Asked = askedJSON(request)
	} else {
		// The receipt records the request whole, to redo it: the entry
		// keeps what the run report shows of it, and names the receipt
		// for the rest instead of keeping it twice.
		e.Asked = summary(request, e.ReceiptID)
	}
	w.items <- ledger.Item{Entry: e, Envelope: env}
}

// receiptOf returns the envelope of an accepted response, which
// receipt.Response writes last ("receipt":{…}}); nil when it has none.
func receiptOf(answer []byte) []byte {
	const key = `,"receipt":`
	i := bytes.LastIndex(answer, []byte(key))
	if i < 0 || !bytes.HasSuffix(answer, []byte("}")) {
		return nil
	}
	return answer[i+len(key) : len(answer)-1]
}

// answerCode returns the code of a refused response.
func answerCode(answer []byte) string {
	var resp struct {
		Error *struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(answer, &resp) == nil && resp.Error != nil && resp.Error.Code != "" {
		return resp.Error.Code
	}
	return "bad_request"
}

// askedJSON is a request as the ledger keeps it: as given when it is one
// line of JSON, or, when it is not JSON, the text as a JSON string.
func askedJSON(data []byte) json.RawMessage {
	if json.Valid(data) && bytes.IndexByte(data, '\n') < 0 {
		return data
	}
	var b bytes.Buffer
	if json.Compact(&b, data) == nil {
		return b.Bytes()
	}
	q, _ := json.Marshal(string(data))
	return q
}

// Close writes what remains and returns the first error of the run.
func (w *ledgerWriter) Close() error {
	err := errors.New("closed twice")
	w.once.Do(func() {
		close(w.items)
		err = <-w.done
	})
	return err
}

// summary is the part of an accepted request a calc entry keeps: its
// formula or operation and its interpretation's kind, and the id of the
// receipt that records the whole. The request was accepted, so it is
// JSON, and a key's quotes never appear unescaped inside a string: each
// value is read where its key is, without decoding the rest.
func summary(request []byte, id string) json.RawMessage {
	b := []byte(`{"receipt_id":`)
	b = strconv.AppendQuote(b, id)
	for _, key := range []string{"formula", "operation"} {
		if v, ok := stringAfter(request, `"`+key+`"`); ok && v != "" {
			b = append(b, `,"`+key+`":`...)
			b, _ = appendJSONString(b, v)
		}
	}
	if i := bytes.Index(request, []byte(`"interpretation"`)); i >= 0 {
		if kind, ok := stringAfter(request[i:], `"kind"`); ok {
			b = append(b, `,"interpretation":{"kind":`...)
			b, _ = appendJSONString(b, kind)
			b = append(b, '}')
		}
	}
	return append(b, '}')
}

// stringAfter returns the JSON string that is the value of key's first
// occurrence in data.
func stringAfter(data []byte, key string) (string, bool) {
	i := bytes.Index(data, []byte(key))
	if i < 0 {
		return "", false
	}
	rest := bytes.TrimLeft(data[i+len(key):], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return "", false
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return "", false
	}
	for j := 1; j < len(rest); j++ {
		switch rest[j] {
		case '\\':
			j++
		case '"':
			var v string
			if json.Unmarshal(rest[:j+1], &v) != nil {
				return "", false
			}
			return v, true
		}
	}
	return "", false
}

// appendJSONString appends v as a JSON string.
func appendJSONString(b []byte, v string) ([]byte, error) {
	q, err := json.Marshal(v)
	return append(b, q...), err
}
