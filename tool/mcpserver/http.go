package mcpserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/session"
)

// Defaults of [HTTPOptions].
const (
	DefaultMaxSessions = 100
	DefaultIdleTimeout = 30 * time.Minute
	// defaultPerToken bounds the sessions one token holds open, when
	// tokens are required.
	defaultPerToken = 10
	// defaultFirstCall is how long a session may stay open without
	// calling a tool.
	defaultFirstCall = time.Minute
)

// HTTPOptions configure [NewHTTPHandler].
type HTTPOptions struct {
	// MaxSessions bounds the MCP sessions open at once; a client that
	// would open one more is answered 503 Service Unavailable.
	// [DefaultMaxSessions] when zero.
	MaxSessions int
	// IdleTimeout closes a session that has had no request for this long,
	// with its receipts. [DefaultIdleTimeout] when zero.
	IdleTimeout time.Duration
	// Session are the limits (and the clock of the ledger) of each
	// session's reckon session. With a Store, every MCP session is kept
	// in that ledger under its Mcp-Session-Id (ID is the handler's to
	// set): a session another handler on the same ledger opened (a
	// replica, or this program before a restart) is served here too, its
	// receipt ids valid, each request on a session of its own
	// (the SDK's stateless mode).
	Session session.Options
	// Now is the clock of idle expiry; nil means [time.Now].
	Now func() time.Time
	// Tokens, if any, are the bearer tokens the handler lets in: a
	// request without one of them is answered 401 Unauthorized (through
	// the SDK's auth middleware), compared in constant time. A session
	// belongs to the token that opened it and answers no other.
	Tokens []string
	// MaxSessionsPerToken bounds the sessions one token holds open, so
	// that one client cannot take every place; 10 when zero. Only with
	// Tokens.
	MaxSessionsPerToken int
	// FirstCallTimeout is how long a session that has called no tool
	// keeps its place when a new session wants it: an empty initialize
	// holds a place for a minute at most. A minute when zero.
	FirstCallTimeout time.Duration
	// Options are the SDK's settings of the transport (its logger, body
	// limit, DNS-rebinding protection); nil means the SDK's defaults.
	// Stateless and SessionTimeout are reckon's to set and are ignored, and
	// a negative MaxRequestBodyBytes (no limit) means the SDK's default.
	Options *mcp.StreamableHTTPOptions
}

// HTTPHandler serves reckon's tools over the MCP streamable HTTP transport
// (the SDK's handler). Each MCP session gets its own server, and so its own
// reckon session: a receipt id one client holds resolves for no other.
// Sessions are bounded in number and expire when idle. It is safe for
// concurrent use.
type HTTPHandler struct {
	opts   Options
	hopts  HTTPOptions
	authed http.Handler // serve behind the bearer-token check; nil without Tokens
	inner  *mcp.StreamableHTTPHandler
	revive *mcp.StreamableHTTPHandler // sessions opened elsewhere on the ledger; nil without a Store

	mu       sync.Mutex
	sessions map[string]*httpSession
}

// httpSession is one MCP session: its server, its reckon session, and when
// it was last asked anything.
type httpSession struct {
	server   *mcp.Server
	reckon   *session.Session
	opened   time.Time
	lastSeen time.Time
	owner    string // the token that opened it, as its digest; "" without tokens
	called   bool   // a tool has been called
	revived  bool   // opened elsewhere on the ledger: served statelessly
}

// sessionIDHeader is the header of the streamable HTTP transport that
// names the session.
const sessionIDHeader = "Mcp-Session-Id"

// reservedKey carries, in a request's context, the session the request
// opens.
type reservedKey struct{}

// NewHTTPHandler returns a handler serving the tools of opts over the MCP
// streamable HTTP transport. opts.Tools.Session is ignored: every MCP
// session makes its own, with the limits of hopts.Session.
func NewHTTPHandler(opts Options, hopts HTTPOptions) *HTTPHandler {
	if hopts.MaxSessions <= 0 {
		hopts.MaxSessions = DefaultMaxSessions
	}
	if hopts.IdleTimeout <= 0 {
		hopts.IdleTimeout = DefaultIdleTimeout
	}
	if hopts.Now == nil {
		hopts.Now = time.Now
	}
	if hopts.MaxSessionsPerToken <= 0 {
		hopts.MaxSessionsPerToken = defaultPerToken
	}
	if hopts.FirstCallTimeout <= 0 {
		hopts.FirstCallTimeout = defaultFirstCall
	}
	h := &HTTPHandler{opts: opts, hopts: hopts, sessions: map[string]*httpSession{}}
	if len(hopts.Tokens) > 0 {
		digests := make([][32]byte, len(hopts.Tokens))
		for i, t := range hopts.Tokens {
			digests[i] = sha256.Sum256([]byte(t))
		}
		verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
			d := sha256.Sum256([]byte(token))
			ok := 0
			for i := range digests { // every token compared, each in constant time
				ok |= subtle.ConstantTimeCompare(d[:], digests[i][:])
			}
			if ok == 0 {
				return nil, auth.ErrInvalidToken
			}
			return &auth.TokenInfo{UserID: hex.EncodeToString(d[:8])}, nil
		}
		h.authed = auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(http.HandlerFunc(h.serve))
	}
	sopts := &mcp.StreamableHTTPOptions{}
	if hopts.Options != nil {
		*sopts = *hopts.Options
	}
	sopts.Stateless = false  // sessions are what keep receipts
	sopts.SessionTimeout = 0 // expiry is ours, on hopts.Now
	if sopts.MaxRequestBodyBytes < 0 {
		sopts.MaxRequestBodyBytes = 0 // an unbounded body is not served: the SDK's default
	}
	h.inner = mcp.NewStreamableHTTPHandler(h.server, sopts)
	if hopts.Session.Store != nil {
		ropts := *sopts
		ropts.Stateless = true
		h.revive = mcp.NewStreamableHTTPHandler(h.server, &ropts)
	}
	return h
}

// sessionOptions are the options of the reckon session of MCP session id.
func (h *HTTPHandler) sessionOptions(id string) session.Options {
	o := h.hopts.Session
	o.ID = id
	return o
}

// opened is the ledger entry that records an MCP session's opening, so
// that another handler on the ledger knows the session.
const opened = "initialize"

// closed is the ledger entry that records a session's end: deleted by
// its client, after which no handler serves it again.
const closed = "close"

// opening is what the opening entry records: the token that opened the
// session, as its digest, so that every handler on the ledger serves it
// to that token only.
type opening struct {
	Owner string `json:"owner"`
}

// known reports whether the ledger holds the MCP session id, opened by
// owner, neither closed nor idle for longer than the idle timeout at now.
func (h *HTTPHandler) known(ctx context.Context, id, owner string, now time.Time) bool {
	es, err := h.hopts.Session.Store.Entries(ctx, ledger.Query{Session: id})
	if err != nil || len(es) == 0 || es[0].Tool != opened {
		return false
	}
	var o opening
	if json.Unmarshal(es[0].Asked, &o) != nil || o.Owner != owner {
		return false // another token's session is none of this one's
	}
	last := es[0].Time
	for _, e := range es {
		if e.Tool == closed {
			return false
		}
		if e.Time.After(last) {
			last = e.Time
		}
	}
	return last.IsZero() || now.Sub(last) <= h.hopts.IdleTimeout
}

// serveRevived serves a request of a session this handler does not hold
// but the ledger does: on a session built for it, kept until idle.
func (h *HTTPHandler) serveRevived(w http.ResponseWriter, r *http.Request, id string, now time.Time) bool {
	if h.revive == nil || len(id) > 64 || !h.known(r.Context(), id, ownerOf(r), now) {
		return false
	}
	h.mu.Lock()
	s := h.sessions[id]
	if s == nil {
		h.expire(now)
		if h.full(now, ownerOf(r)) {
			h.mu.Unlock()
			w.Header().Set("Retry-After", "60")
			http.Error(w, "reckon: too many MCP sessions are open; try again later", http.StatusServiceUnavailable)
			return true
		}
		opts := h.opts
		opts.Tools.Session = session.New(h.sessionOptions(id))
		s = &httpSession{reckon: opts.Tools.Session, revived: true, opened: now, owner: ownerOf(r), called: true}
		s.server = newServer(opts, func() string { return id })
		h.sessions[id] = s
	}
	if s.owner != ownerOf(r) {
		h.mu.Unlock()
		return false
	}
	s.lastSeen = now
	h.mu.Unlock()
	h.revive.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), reservedKey{}, s)))
	return true
}

// server is the SDK's getServer: called for a request that opens a
// session, it returns the server ServeHTTP built for it.
func (h *HTTPHandler) server(r *http.Request) *mcp.Server {
	s, _ := r.Context().Value(reservedKey{}).(*httpSession)
	if s == nil {
		return nil // the SDK answers 400
	}
	return s.server
}

// ServeHTTP serves one request of the transport, behind the bearer-token
// check when the handler has tokens.
func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.authed != nil {
		h.authed.ServeHTTP(w, r)
		return
	}
	h.serve(w, r)
}

// ownerOf is the token a request carries, as its digest; "" without tokens.
func ownerOf(r *http.Request) string {
	if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
		return ti.UserID
	}
	return ""
}

// isToolCall reports whether a request body is a tools/call, which keeps
// a session past its first-call timeout.
func isToolCall(body []byte) bool {
	var msg struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &msg) == nil && msg.Method == "tools/call"
}

// serve serves one request of the transport.
func (h *HTTPHandler) serve(w http.ResponseWriter, r *http.Request) {
	now := h.hopts.Now()
	id := r.Header.Get(sessionIDHeader)
	owner := ownerOf(r)
	if id != "" {
		call := false
		if r.Method == http.MethodPost {
			body, err := io.ReadAll(io.LimitReader(r.Body, h.maxBody()+1))
			if err != nil {
				http.Error(w, "reckon: reading the request: "+err.Error(), http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			call = isToolCall(body)
		}
		h.mu.Lock()
		h.expire(now)
		s := h.sessions[id]
		if s != nil && s.owner != owner {
			s = nil // another token's session is none of this one's
		}
		if s != nil {
			s.lastSeen = now
			s.called = s.called || call
		}
		h.mu.Unlock()
		if (s == nil || s.revived) && r.Method == http.MethodDelete && h.hopts.Session.Store != nil && h.known(r.Context(), id, owner, now) {
			// a session opened elsewhere, ended here: for every replica
			_, _ = session.New(h.sessionOptions(id)).Record(session.Entry{Tool: closed, OK: true, Asked: json.RawMessage("null")})
			h.drop(id)
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if s == nil || s.revived {
			if h.serveRevived(w, r, id, now) {
				return
			}
			// expired, closed or never opened: the client starts anew
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		h.inner.ServeHTTP(w, r)
		if r.Method == http.MethodDelete {
			h.drop(id)
		}
		return
	}
	if r.Method != http.MethodPost {
		h.inner.ServeHTTP(w, r) // the SDK refuses it
		return
	}
	// Only an initialize request opens a session that lasts. Any other
	// request without a session id (a ping, a probe for a newer protocol)
	// gets a server of its own that the SDK closes after answering, and
	// holds no place among the sessions.
	body, err := io.ReadAll(io.LimitReader(r.Body, h.maxBody()+1))
	if err != nil {
		http.Error(w, "reckon: reading the request: "+err.Error(), http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body)) // the SDK refuses one over its limit
	var msg struct {
		Method string `json:"method"`
	}
	initialize := json.Unmarshal(body, &msg) == nil && msg.Method == "initialize"
	id = newSessionID()
	opts := h.opts
	so := h.sessionOptions(id)
	if !initialize {
		so.Store = nil // a request outside any session keeps nothing: no session of the ledger's
	}
	opts.Tools.Session = session.New(so)
	s := &httpSession{reckon: opts.Tools.Session, opened: now, lastSeen: now, owner: owner}
	s.server = newServer(opts, func() string { return id })
	if !initialize {
		h.inner.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), reservedKey{}, s)))
		return
	}
	h.mu.Lock()
	h.expire(now)
	if h.full(now, owner) {
		h.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		http.Error(w, "reckon: too many MCP sessions are open; try again later", http.StatusServiceUnavailable)
		return
	}
	h.sessions[id] = s
	h.mu.Unlock()
	if h.hopts.Session.Store != nil {
		// the ledger learns the session before the client does, so that a
		// replica serves its next request, wherever it lands
		asked, _ := json.Marshal(opening{Owner: owner})
		if _, err := s.reckon.Record(session.Entry{Tool: opened, OK: true, Asked: asked}); err != nil {
			h.drop(id)
			http.Error(w, "reckon: the ledger cannot record a new session; try again later", http.StatusServiceUnavailable)
			return
		}
	}
	h.inner.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), reservedKey{}, s)))
	if w.Header().Get(sessionIDHeader) != id { // initialization failed: no session to keep
		h.drop(id)
	}
}

// maxBody is the SDK's limit on a request body.
func (h *HTTPHandler) maxBody() int64 {
	if h.hopts.Options != nil && h.hopts.Options.MaxRequestBodyBytes > 0 {
		return h.hopts.Options.MaxRequestBodyBytes
	}
	return mcp.DefaultMaxRequestBodyBytes
}

// owned counts the sessions owner holds open; h.mu is held.
func (h *HTTPHandler) owned(owner string) int {
	n := 0
	for _, s := range h.sessions {
		if s.owner == owner {
			n++
		}
	}
	return n
}

// perToken is the bound on one token's sessions: none without tokens.
func (h *HTTPHandler) perToken() int {
	if h.authed == nil {
		return h.hopts.MaxSessions
	}
	return h.hopts.MaxSessionsPerToken
}

// full reports whether owner may open no session more, after reclaiming
// the places of sessions that called no tool within the first-call
// timeout: a flood of empty initializes holds its places for that long at
// most, while a slow honest client keeps its session unless the places
// are wanted. h.mu is held.
func (h *HTTPHandler) full(now time.Time, owner string) bool {
	if len(h.sessions) < h.hopts.MaxSessions && h.owned(owner) < h.perToken() {
		return false
	}
	for id, s := range h.sessions {
		if !s.called && now.Sub(s.opened) > h.hopts.FirstCallTimeout {
			h.close(id, s)
		}
	}
	return len(h.sessions) >= h.hopts.MaxSessions || h.owned(owner) >= h.perToken()
}

// close forgets session id and closes it; h.mu is held.
func (h *HTTPHandler) close(id string, s *httpSession) {
	delete(h.sessions, id)
	for ss := range s.server.Sessions() {
		go ss.Close() // Close takes the SDK's locks; never under ours
	}
}

// expire closes the sessions idle for longer than the timeout; h.mu is
// held.
func (h *HTTPHandler) expire(now time.Time) {
	for id, s := range h.sessions {
		if now.Sub(s.lastSeen) > h.hopts.IdleTimeout {
			h.close(id, s)
		}
	}
}

// drop forgets the session id, closing what remains of it.
func (h *HTTPHandler) drop(id string) {
	h.mu.Lock()
	s := h.sessions[id]
	delete(h.sessions, id)
	h.mu.Unlock()
	if s != nil && h.hopts.Session.Store != nil {
		// the ledger learns the end too: no replica serves the session again
		_, _ = s.reckon.Record(session.Entry{Tool: closed, OK: true, Asked: json.RawMessage("null")})
	}
	if s != nil {
		for ss := range s.server.Sessions() {
			ss.Close()
		}
	}
}

// Session returns the reckon session of the MCP session id, so that the
// application can export its ledger.
func (h *HTTPHandler) Session(id string) (*session.Session, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[id]
	if !ok {
		return nil, false
	}
	return s.reckon, true
}

// Len reports how many MCP sessions are open.
func (h *HTTPHandler) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// newSessionID returns 128 random bits, in a form safe in a header.
func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
}
