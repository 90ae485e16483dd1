package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/receipt"
)

// Default limits of a [Session]: a long conversation makes a few hundred
// calculations, each receipt a few kilobytes.
const (
	defaultMaxReceipts = 1000
	defaultMaxEntries  = 10000
	defaultMaxBytes    = 32 << 20
)

// Limits bound what one session keeps. A zero field takes its default.
type Limits struct {
	Receipts int // receipts kept; 1,000 when zero
	Entries  int // ledger entries kept; 10,000 when zero
	Bytes    int // bytes of receipts and entries together; 32 MiB when zero
}

// Options configure a session.
type Options struct {
	Limits Limits
	// Now, if not nil, stamps each ledger entry with its time. The
	// session reads no clock of its own: entries are ordered by their
	// sequence numbers, and a time is the application's to give.
	Now func() time.Time
	// Store, if not nil, keeps every receipt and entry in a ledger too,
	// under ID, before the session holds it: a receipt id stays valid
	// for another process on the same ledger, and after a restart, and
	// what the store refuses to write the session does not hold either
	// (the error has code ledger_failed).
	Store ledger.Store
	// ID names the session in Store: the conversation's id. Required
	// with a Store.
	ID string
	// Labels are written with every entry in Store: the application's
	// own, such as "question" or "model".
	Labels map[string]string
}

// storeTimeout bounds one write or read of the store, so that a ledger
// that stops answering fails a call instead of hanging it.
const storeTimeout = 30 * time.Second

// Entry is one event of the ledger: a receipt made, a calculation refused,
// a draft released or refused. Its JSON form is one line of [Session.WriteJSONL].
type Entry struct {
	Seq       int             `json:"seq"`                  // 1, 2, … in the order recorded
	Time      time.Time       `json:"time,omitzero"`        // when, if the session has a clock
	Tool      string          `json:"tool"`                 // the tool that was called: calculate, check_claims
	OK        bool            `json:"ok"`                   // the answer's "ok"
	ReceiptID string          `json:"receipt_id,omitempty"` // the receipt made, for calculate
	Codes     []string        `json:"codes"`                // the codes of the refusals, in order; [] when ok
	Asked     json.RawMessage `json:"asked"`                // the arguments as the model wrote them
	Answer    json.RawMessage `json:"answer,omitempty"`     // the answer, when it is kept: a release with its inclusion in the log
}

// Session is the application-side record of one conversation: every
// receipt calculate made, by id, and a ledger of every call that made a
// receipt or was refused. It is safe for concurrent use. The zero Session
// is not usable; call [New].
type Session struct {
	mu       sync.Mutex
	limits   Limits
	now      func() time.Time
	store    ledger.Store
	id       string
	labels   map[string]string
	receipts map[string]*dsse.Envelope
	entries  []Entry
	bytes    int
	dropped  int
}

// New returns an empty session.
func New(opts Options) *Session {
	l := opts.Limits
	if l.Receipts <= 0 {
		l.Receipts = defaultMaxReceipts
	}
	if l.Entries <= 0 {
		l.Entries = defaultMaxEntries
	}
	if l.Bytes <= 0 {
		l.Bytes = defaultMaxBytes
	}
	return &Session{limits: l, now: opts.Now, store: opts.Store, id: opts.ID, labels: maps.Clone(opts.Labels),
		receipts: map[string]*dsse.Envelope{}}
}

// Keep stores env, made by calculate from the arguments asked, and records
// it in the ledger. It returns the receipt's id. A receipt kept twice is
// stored once. Over a limit, nothing is stored and the error has code
// session_full.
func (s *Session) Keep(env *dsse.Envelope, asked json.RawMessage) (string, error) {
	if env == nil {
		return "", &fault.Error{Code: fault.MissingField, Msg: "no receipt to keep", Hint: "keep the receipt calculate returned"}
	}
	id := receipt.EnvelopeID(env)
	stored := slices.Clone(env.Signatures)
	kept := &dsse.Envelope{PayloadType: env.PayloadType, Payload: env.Payload, Signatures: stored}
	e := Entry{Tool: "calculate", OK: true, ReceiptID: id, Asked: compact(asked)}
	s.mu.Lock()
	defer s.mu.Unlock()
	size := 0
	if _, ok := s.receipts[id]; !ok {
		size = envelopeSize(kept)
		if len(s.receipts) >= s.limits.Receipts {
			return "", s.full(fmt.Sprintf("the session holds %d receipts, its limit", len(s.receipts)))
		}
	}
	if err := s.fits(size + entrySize(&e)); err != nil {
		return "", err
	}
	if s.store != nil {
		raw, err := json.Marshal(kept)
		if err != nil {
			return "", &fault.Error{Code: fault.Internal, Msg: "encode a receipt: " + err.Error()}
		}
		if err := s.write(func(ctx context.Context, le ledger.Entry) error {
			_, err := s.store.Write(ctx, ledger.Item{Entry: le, Envelope: raw})
			return err
		}, e); err != nil {
			return "", err
		}
	}
	if size > 0 {
		s.receipts[id] = kept
		s.bytes += size
	}
	s.append(e)
	return id, nil
}

// write hands e, stamped and labelled, to the store through f; s.mu is
// held, so that the session and its store record entries in one order.
func (s *Session) write(f func(context.Context, ledger.Entry) error, e Entry) error {
	if s.id == "" {
		return &fault.Error{Code: fault.BadLedger, Msg: "the session has a store but no id",
			Hint: "give session.Options an ID with its Store: the conversation's id"}
	}
	le := ledger.Entry{Session: s.id, Tool: e.Tool, OK: e.OK, ReceiptID: e.ReceiptID, Codes: e.Codes,
		Asked: e.Asked, Answer: e.Answer, Labels: s.labels}
	if s.now != nil {
		le.Time = s.now()
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	return f(ctx, le)
}

// Receipt returns the receipt the session holds under id. An id it does
// not hold is an error with code unknown_receipt_id.
func (s *Session) Receipt(id string) (*dsse.Envelope, error) {
	s.mu.Lock()
	env, ok := s.receipts[id]
	s.mu.Unlock()
	if !ok && s.store != nil && s.id != "" {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		raw, err := s.store.Receipt(ctx, s.id, id)
		if err != nil {
			return nil, err
		}
		if env, err = dsse.Decode(raw); err != nil {
			return nil, &fault.Error{Code: fault.LedgerFailed, Msg: "the ledger holds a receipt that does not decode: " + err.Error(),
				Hint: "the ledger's copy of this receipt is damaged; pass the receipt itself"}
		}
		ok = true
	}
	if !ok {
		return nil, &fault.Error{Code: fault.UnknownReceiptID, Msg: fmt.Sprintf("no receipt has the id %q in this session", clip(id)),
			Hint: "pass a receipt_id exactly as calculate returned it in this conversation, or the receipt envelope itself"}
	}
	return &dsse.Envelope{PayloadType: env.PayloadType, Payload: env.Payload, Signatures: slices.Clone(env.Signatures)}, nil
}

// Len reports how many receipts the session holds.
func (s *Session) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.receipts)
}

// Record appends e to the ledger, numbered and, when the session has a
// clock, timed, and returns it as recorded. Over a limit, e is not kept,
// the count of [Session.Dropped] grows, and the error has code
// session_full.
func (s *Session) Record(e Entry) (Entry, error) {
	e.Asked = compact(e.Asked)
	if e.Codes == nil {
		e.Codes = []string{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.fits(entrySize(&e)); err != nil {
		s.dropped++
		return e, err
	}
	if s.store != nil {
		if err := s.write(func(ctx context.Context, le ledger.Entry) error {
			_, err := s.store.Write(ctx, ledger.Item{Entry: le})
			return err
		}, e); err != nil {
			s.dropped++
			return e, err
		}
	}
	return s.append(e), nil
}

// Dropped reports how many entries [Session.Record] could not keep.
func (s *Session) Dropped() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dropped
}

// Entries returns a copy of the ledger, in order.
func (s *Session) Entries() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.entries)
}

// WriteJSONL writes the ledger to w, one entry a line of JSON, in order.
func (s *Session) WriteJSONL(w io.Writer) error {
	for _, e := range s.Entries() {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// append numbers, times and keeps e; s.mu is held.
func (s *Session) append(e Entry) Entry {
	e.Seq = len(s.entries) + 1
	if s.now != nil {
		e.Time = s.now()
	}
	if e.Codes == nil {
		e.Codes = []string{}
	}
	s.entries = append(s.entries, e)
	s.bytes += entrySize(&e)
	return e
}

// fits reports whether one more entry and size more bytes stay within the
// limits; s.mu is held.
func (s *Session) fits(size int) error {
	switch {
	case len(s.entries) >= s.limits.Entries:
		return s.full(fmt.Sprintf("the session's ledger holds %d entries, its limit", len(s.entries)))
	case s.bytes+size > s.limits.Bytes:
		return s.full(fmt.Sprintf("the session holds %d bytes and needs %d more, over its limit of %d", s.bytes, size, s.limits.Bytes))
	}
	return nil
}

func (s *Session) full(msg string) error {
	return &fault.Error{Code: fault.SessionFull, Msg: msg,
		Hint: "the conversation has reached the limits the application set; start a new one, or raise session.Limits"}
}

// entrySize is what an entry costs: its variable parts, plus a fixed
// allowance for the rest.
func entrySize(e *Entry) int {
	n := 64 + len(e.Tool) + len(e.ReceiptID) + len(e.Asked) + len(e.Answer)
	for _, c := range e.Codes {
		n += len(c)
	}
	return n
}

func envelopeSize(env *dsse.Envelope) int {
	n := len(env.PayloadType) + len(env.Payload)
	for _, s := range env.Signatures {
		n += len(s.KeyID) + len(s.Sig)
	}
	return n
}

// compact returns the arguments as compact JSON, or as a JSON string when
// they are not JSON, so that an entry always encodes.
func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if len(raw) > 0 && json.Compact(&b, raw) == nil {
		return b.Bytes()
	}
	q, _ := json.Marshal(string(raw))
	return q
}

// clip shortens an untrusted id before it is echoed in a message.
func clip(s string) string { return short.To(s, 40) }
