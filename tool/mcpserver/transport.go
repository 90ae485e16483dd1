package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/tool"
)

// defaultMaxFrameSize is the default bound on one line of input: twice the
// largest tool arguments ([tool.MaxArgsSize]), since JSON escaping and the
// envelope add to them.
const defaultMaxFrameSize = 2 * tool.MaxArgsSize

// defaultMaxInFlight is the default bound on calls read but not yet
// answered.
const defaultMaxInFlight = 64

// Limits bound what one connection holds at once. The zero value selects
// the defaults.
type Limits struct {
	// MaxFrameSize bounds one line of input, in bytes. A longer line is
	// refused alone, with an invalid-request error, and reading goes on
	// after it; it is never held in memory whole.
	MaxFrameSize int
	// MaxInFlight bounds the calls read but not yet answered, and the bytes
	// they hold to four times MaxFrameSize. At the bound the transport stops
	// reading its input until an answer is written, so a client that sends
	// faster than the server answers, or reads the answers slowly, is held
	// back by the pipe instead of filling the server's memory. A batch may
	// hold at most MaxInFlight calls.
	MaxInFlight int
}

// withDefaults returns l with every zero bound replaced by its default.
func (l Limits) withDefaults() Limits {
	if l.MaxFrameSize <= 0 {
		l.MaxFrameSize = defaultMaxFrameSize
	}
	if l.MaxInFlight <= 0 {
		l.MaxInFlight = defaultMaxInFlight
	}
	return l
}

// Transport is an [mcp.Transport] over a byte stream of newline-delimited
// JSON-RPC, the framing of MCP's stdio transport, that stays up whatever
// the client sends and answers exactly:
//
//   - a line that is not JSON gets a parse error (-32700) with a null id; a
//     line that is not a valid JSON-RPC request (no "jsonrpc": "2.0", an id
//     that is a boolean, an object, an array or null, a member repeated or
//     spelled in another case, nesting deeper than 64, more bytes
//     than Limits.MaxFrameSize) gets an invalid-request error (-32600),
//     with the id when the id itself is valid; either way reading goes on;
//   - a batch is answered under protocol version 2025-03-26, the one
//     revision that had batching, and refused under every other;
//   - an id is echoed byte for byte: 2.7, 9007199254740993 and
//     18446744073709551616 come back as sent, never through a float64 or
//     an int64;
//   - the calls in flight, and so the answers waiting for a slow reader,
//     are bounded by [Limits];
//   - when the input ends, every call read before the end is answered
//     before the connection reports the end;
//   - an error the server gives no code (a call before initialize, in the
//     SDK) is sent with the code JSON-RPC has for it, not 0.
//
// [mcp.IOTransport] ends the connection on the first bad line instead.
type Transport struct {
	// Reader is read one line at a time; Writer receives one answer a line.
	// Neither is closed.
	Reader io.Reader
	Writer io.Writer
	// Limits bound the frames and the calls in flight.
	Limits Limits
	// Logger receives a line for each refused message. Nil discards them.
	Logger *slog.Logger
}

// Connect implements [mcp.Transport]. It starts reading at once. A
// Transport without a Reader or a Writer is refused, not read.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	if t.Reader == nil || t.Writer == nil {
		return nil, &fault.Error{Code: fault.MissingField, Field: "Reader", Msg: "the transport has no reader or no writer",
			Hint: "set Transport.Reader and Transport.Writer, such as os.Stdin and os.Stdout"}
	}
	c := &conn{
		out:     t.Writer,
		lim:     t.Limits.withDefaults(),
		logger:  t.Logger,
		frames:  make(chan jsonrpc.Message),
		writing: make(chan struct{}, 1),
		ended:   make(chan struct{}),
		closed:  make(chan struct{}),
		calls:   map[int64]*openCall{},
		byID:    map[string]int64{},
	}
	if c.logger == nil {
		c.logger = slog.New(slog.DiscardHandler)
	}
	c.cond = sync.NewCond(&c.mu)
	go c.readLoop(t.Reader)
	return c, nil
}

// conn is one connection of a [Transport]. A read loop checks each line and
// hands valid messages to Read; Write answers them. Each call the server
// sees carries an id of the transport's own (a counter), so that the SDK,
// which keeps ids as int64 or string, never holds the client's: the answer
// is written with the id bytes the client sent.
type conn struct {
	out    io.Writer
	lim    Limits
	logger *slog.Logger

	// writing holds a token while a message is written, so that one is
	// written whole before the next; a write waiting for its turn gives
	// up when the connection closes.
	writing chan struct{}

	frames  chan jsonrpc.Message // from the read loop to Read, unbuffered
	ended   chan struct{}        // closed when the input has ended
	readErr error                // why it ended; set before ended is closed

	closeOnce sync.Once
	closed    chan struct{}

	mu          sync.Mutex
	cond        *sync.Cond // signalled when a call is answered or the conn closes
	isClosed    bool
	broken      bool                // a write failed: no answer can be delivered, so none is waited for
	calls       map[int64]*openCall // by the server's id
	byID        map[string]int64    // the server's id, by the client's id bytes
	next        int64               // the last server id given
	inFlight    int                 // calls read and not yet answered
	inBytes     int                 // the bytes of their frames
	initialized bool                // an initialize call has been answered without error
	version     string              // the protocol version that answer negotiated
}

// An openCall is one client call the server has not answered yet.
type openCall struct {
	id     json.RawMessage // as the client sent it
	method string
	size   int    // the bytes of its frame; in a batch, counted once for the batch
	batch  *batch // nil unless the call came in a batch
}

// A batch collects the answers of one batch of calls, which are written
// together in one array once the last call is answered.
type batch struct {
	replies [][]byte // refusals first, then answers as they come
	pending int      // calls not yet answered
	calls   int      // calls counted in flight
	size    int      // the bytes of the frame
}

// readLoop reads the input one line at a time until it ends or the
// connection closes. It blocks, and so stops reading, while the calls in
// flight are at their bound or the output does not drain.
func (c *conn) readLoop(in io.Reader) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, over, err := readLine(br, c.lim.MaxFrameSize)
		switch {
		case over:
			c.writeRefusal(refuse(nil, "the message is over the limit of %d bytes", c.lim.MaxFrameSize))
		case len(line) > 0:
			c.handle(line)
		}
		if err != nil {
			c.readErr = err
			close(c.ended)
			return
		}
		select {
		case <-c.closed:
			return
		default:
		}
	}
}

// readLine reads one line of at most max bytes (not counting its line
// break). The bytes of a longer line are read and dropped, and over is
// true. err is nil when a line break ended the line.
func readLine(br *bufio.Reader, max int) (line []byte, over bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !over {
			if len(line)+len(chunk) > max+len("\r\n") {
				over, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if !over && len(bytes.TrimRight(line, "\r\n")) > max {
			over, line = true, nil
		}
		return line, over, err
	}
}

// handle checks one line and passes its messages on, or answers it.
func (c *conn) handle(line []byte) {
	c.mu.Lock()
	batchOK := c.initialized && c.version == batchVersion
	c.mu.Unlock()
	f := parseFrame(line, batchOK, c.lim.MaxInFlight)
	if f.batch {
		c.handleBatch(f, len(line))
		return
	}
	for _, r := range f.refusals {
		c.writeRefusal(r)
	}
	for _, m := range f.msgs {
		c.deliver(m, len(line))
	}
}

// deliver passes one message of a single-message frame to the server. A
// call first takes its place in flight, waiting for one if need be.
func (c *conn) deliver(m incoming, size int) {
	switch {
	case m.resp != nil:
		c.send(m.resp)
	case m.id == nil:
		if req, ok := c.notification(m); ok {
			c.send(req)
		}
	default:
		if !c.acquire(1, size) {
			return
		}
		c.mu.Lock()
		req, ref := c.register(m, nil, size)
		c.mu.Unlock()
		if ref != nil {
			c.release(1, size)
			c.writeRefusal(*ref)
			return
		}
		c.send(req)
	}
}

// handleBatch passes a batch's messages on, in order. Its calls take their
// places in flight together and are registered before any is passed on, so
// that the batch knows how many answers it waits for before the first
// arrives.
func (c *conn) handleBatch(f frame, size int) {
	b := &batch{size: size, calls: f.calls()}
	for _, r := range f.refusals {
		c.logRefusal(r)
		b.replies = append(b.replies, encodeRefusal(r))
	}
	if b.calls > 0 && !c.acquire(b.calls, size) {
		return
	}
	reqs := make([]*jsonrpc.Request, len(f.msgs))
	c.mu.Lock()
	for i, m := range f.msgs {
		if m.id == nil || m.resp != nil {
			continue
		}
		req, ref := c.register(m, b, 0)
		if ref != nil {
			c.logRefusal(*ref)
			b.replies = append(b.replies, encodeRefusal(*ref))
			continue
		}
		b.pending++
		reqs[i] = req
	}
	done := b.pending == 0
	c.mu.Unlock()
	if done { // nothing to wait for: refusals only, or notifications
		if len(b.replies) > 0 {
			_ = c.writeBatch(b)
		}
		if b.calls > 0 {
			c.release(b.calls, size)
		}
	}
	for i, m := range f.msgs {
		switch {
		case m.resp != nil:
			c.send(m.resp)
		case m.id == nil:
			if req, ok := c.notification(m); ok {
				c.send(req)
			}
		case reqs[i] != nil:
			c.send(reqs[i])
		}
	}
}

// register gives a call the server's id for it; c.mu is held. A call whose
// id is already in flight is refused: its answer could not be told apart.
func (c *conn) register(m incoming, b *batch, size int) (*jsonrpc.Request, *refusal) {
	if _, dup := c.byID[string(m.id)]; dup {
		r := refuse(m.id, "the id is already in use by a call in flight")
		return nil, &r
	}
	c.next++
	c.calls[c.next] = &openCall{id: m.id, method: m.method, size: size, batch: b}
	c.byID[string(m.id)] = c.next
	id, _ := jsonrpc.MakeID(float64(c.next)) // exact: a counter stays far below 2^53
	return &jsonrpc.Request{ID: id, Method: m.method, Params: m.params}, nil
}

// notification returns the request for a notification. A cancellation
// names the call by the client's id, which is translated to the server's;
// one that names no call in flight has nothing to cancel and is dropped.
func (c *conn) notification(m incoming) (*jsonrpc.Request, bool) {
	req := &jsonrpc.Request{Method: m.method, Params: m.params}
	if m.method != methodCancelled {
		return req, true
	}
	var params map[string]json.RawMessage
	if json.Unmarshal(m.params, &params) != nil {
		return req, true // the server refuses it in its own words
	}
	c.mu.Lock()
	id, ok := c.byID[string(params["requestId"])]
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	params["requestId"] = json.RawMessage(strconv.FormatInt(id, 10))
	req.Params, _ = json.Marshal(params) // re-encoding decoded JSON cannot fail
	return req, true
}

// send hands a message to Read, unless the connection closes first.
func (c *conn) send(m jsonrpc.Message) {
	select {
	case c.frames <- m:
	case <-c.closed:
	}
}

// acquire waits until n more calls holding size bytes fit in flight, and
// counts them. A frame is always let in when nothing is in flight, so that
// one over the byte budget cannot wait forever. It reports false when the
// connection closed instead.
func (c *conn) acquire(n, size int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	budget := 4 * c.lim.MaxFrameSize
	for !c.isClosed && !c.broken && c.inFlight > 0 &&
		(c.inFlight+n > c.lim.MaxInFlight || c.inBytes+size > budget) {
		c.cond.Wait()
	}
	if c.isClosed {
		return false
	}
	c.inFlight += n
	c.inBytes += size
	return true
}

// release ends the count of n calls holding size bytes.
func (c *conn) release(n, size int) {
	c.mu.Lock()
	c.inFlight -= n
	c.inBytes -= size
	c.cond.Broadcast()
	c.mu.Unlock()
}

// Read implements [mcp.Connection]. When the input has ended, it waits
// until every call read before the end is answered and then reports the
// end: the SDK cancels the calls still in flight when Read fails, which
// would drop their answers.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.frames:
		return m, nil
	case <-c.ended:
		c.drain(ctx)
		if errors.Is(c.readErr, io.EOF) {
			return nil, io.EOF
		}
		return nil, c.readErr
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// drain waits until no call is in flight, the connection closes, the
// output breaks or ctx is done.
func (c *conn) drain(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() {
		c.mu.Lock()
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	defer stop()
	c.mu.Lock()
	for c.inFlight > 0 && !c.isClosed && !c.broken && ctx.Err() == nil {
		c.cond.Wait()
	}
	c.mu.Unlock()
}

// Write implements [mcp.Connection]. An answer goes out with the id the
// client sent; an answer in a batch waits for the rest of its batch.
func (c *conn) Write(_ context.Context, msg jsonrpc.Message) error {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		data, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return err
		}
		return c.writeLine(append(data, '\n'))
	}
	c.mu.Lock()
	sid, _ := resp.ID.Raw().(int64)
	cl := c.calls[sid]
	initialized := c.initialized
	if cl != nil {
		delete(c.calls, sid)
		delete(c.byID, string(cl.id))
		if cl.method == "initialize" && resp.Error == nil {
			c.initialized, c.version = true, negotiated(resp.Result)
		}
	}
	c.mu.Unlock()
	if cl == nil { // not a call the client made; JSON-RPC's id for "unknown" is null
		return c.writeLine(encodeResponse(nullID, resp, "", initialized))
	}
	data := encodeResponse(cl.id, resp, cl.method, initialized)
	if cl.batch == nil {
		defer c.release(1, cl.size)
		return c.writeLine(data)
	}
	b := cl.batch
	c.mu.Lock()
	b.replies = append(b.replies, bytes.TrimSuffix(data, []byte("\n")))
	b.pending--
	done := b.pending == 0
	c.mu.Unlock()
	if !done {
		return nil
	}
	defer c.release(b.calls, b.size)
	return c.writeBatch(b)
}

// negotiated returns the protocol version an initialize result names.
func negotiated(result json.RawMessage) string {
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(result, &r) // an unreadable result negotiates nothing
	return r.ProtocolVersion
}

// writeRefusal logs and writes the answer to a refused message.
func (c *conn) writeRefusal(r refusal) {
	c.logRefusal(r)
	_ = c.writeLine(encodeRefusal(r)) // a broken output ends the session through the server's own writes
}

// logRefusal logs one refused message.
func (c *conn) logRefusal(r refusal) {
	c.logger.Info("refused a message", "code", r.code, "reason", r.msg, "id", string(r.id))
}

// writeBatch writes the answers of a batch as one array.
func (c *conn) writeBatch(b *batch) error {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, r := range b.replies {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(bytes.TrimSuffix(r, []byte("\n")))
	}
	buf.WriteString("]\n")
	return c.writeLine(buf.Bytes())
}

// writeLine writes one whole line, unless the connection is closed, or
// closes while the line waits for an earlier one to be written. It blocks
// while the reader does not read, which holds the answering call in flight
// and so, at the bound, stops the reading of input.
func (c *conn) writeLine(data []byte) error {
	select {
	case <-c.closed:
		return mcp.ErrConnectionClosed
	default:
	}
	select {
	case c.writing <- struct{}{}:
	case <-c.closed:
		return mcp.ErrConnectionClosed
	}
	_, err := c.out.Write(data)
	<-c.writing
	if err != nil {
		// After a failed write the SDK stops writing answers, so the calls
		// in flight would never be counted out; stop waiting for them.
		c.mu.Lock()
		c.broken = true
		c.cond.Broadcast()
		c.mu.Unlock()
	}
	return err
}

// Close implements [mcp.Connection]. It unblocks Read and the read loop's
// waits; a read of the input already under way ends when the input does.
func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		c.mu.Lock()
		c.isClosed = true
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	return nil
}

// SessionID implements [mcp.Connection]: a stream has one session, unnamed.
func (c *conn) SessionID() string { return "" }

// wireError and wireMessage are the JSON-RPC answer as written. The id is
// kept as raw bytes so that it goes out exactly as it came in.
type (
	wireError struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data,omitempty"`
	}
	wireMessage struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  json.RawMessage `json:"result,omitempty"`
		Error   *wireError      `json:"error,omitempty"`
	}
)

// encodeRefusal encodes the answer to a refused message.
func encodeRefusal(r refusal) []byte {
	return encodeWire(wireMessage{ID: r.id, Error: &wireError{Code: r.code, Message: r.msg}})
}

// encodeResponse encodes the server's answer to a call with the client's
// id. An error keeps its code; one without a code gets the code JSON-RPC
// has for what it is (see [codeFor]).
func encodeResponse(id json.RawMessage, resp *jsonrpc.Response, method string, initialized bool) []byte {
	m := wireMessage{ID: id, Result: resp.Result}
	if resp.Error != nil {
		// As the SDK encodes: a wire error as it is, a wrapped one with the
		// wrapper's message and the wrapped code.
		w := &wireError{Message: resp.Error.Error()}
		var we *jsonrpc.Error
		if errors.As(resp.Error, &we) {
			w.Code = we.Code
			if resp.Error == error(we) {
				w.Data = we.Data
			}
		}
		if w.Code == 0 {
			w.Code = codeFor(method, initialized)
		}
		m.Result, m.Error = nil, w
		return encodeWire(m)
	}
	if m.Result == nil {
		m.Result = json.RawMessage("null")
	}
	return spliceResult(id, m.Result)
}

// spliceResult writes an answer around a result the SDK has encoded, as
// encodeWire would but without compacting the result a second time, which
// costs a tenth of a calculate call. Both parts are valid JSON already: the
// id passed json.Valid on the way in and the SDK marshalled the result.
func spliceResult(id, result json.RawMessage) []byte {
	const head, mid, tail = `{"jsonrpc":"2.0","id":`, `,"result":`, "}\n"
	b := make([]byte, 0, len(head)+len(id)+len(mid)+len(result)+len(tail))
	b = append(append(append(append(append(b, head...), id...), mid...), result...), tail...)
	return b
}

// codeFor gives a code to an error the server returned without one. The
// SDK answers a call before initialize, a second initialize and an
// unreadable initialize with plain errors, which would go out as code 0.
func codeFor(method string, initialized bool) int64 {
	switch {
	case method == "initialize" && !initialized:
		return jsonrpc.CodeInvalidParams // its params did not read as InitializeParams
	case method == "initialize" || !initialized:
		return jsonrpc.CodeInvalidRequest // not valid at this point of the session
	default:
		return jsonrpc.CodeInternalError
	}
}

// encodeWire encodes one answer, ending in a line break. HTML escaping is
// off, as in the SDK, so that an id such as "a<b" goes out as it came in.
func encodeWire(m wireMessage) []byte {
	m.JSONRPC = "2.0"
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		// Only a result that is not valid JSON fails, and the SDK marshals
		// every result; answer with an error rather than nothing.
		buf.Reset()
		m.Result = nil
		m.Error = &wireError{Code: jsonrpc.CodeInternalError, Message: "internal error: the result is not valid JSON"}
		_ = enc.Encode(m)
	}
	return buf.Bytes()
}
