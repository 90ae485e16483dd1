package mcpserver

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reckonhq/reckon/ledger"
	_ "github.com/reckonhq/reckon/ledger/sqlite"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

// rawPost posts one JSON-RPC message as a client would, with a bearer
// token and a session id when they are not empty, and returns the status
// and body.
func rawPost(t *testing.T, url, token, sid, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if sid != "" {
		req.Header.Set(sessionIDHeader, sid)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A session belongs to the token that opened it on every replica: token B
// cannot revive token A's session (and its receipts) on another handler.
func TestHTTPReviveServesOnlyTheOpeningToken(t *testing.T) {
	addr := filepath.Join(t.TempDir(), "l.db")
	replica := func() (*HTTPHandler, string) {
		st, err := ledger.Open(context.Background(), addr)
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		opts, err := testOptions()
		require.NoError(t, err)
		h := NewHTTPHandler(opts, HTTPOptions{Tokens: []string{"token-A-0123456789", "token-B-0123456789"}, Session: session.Options{Store: st}})
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return h, srv.URL
	}
	_, u1 := replica()
	_, u2 := replica()
	a, err := dialWithToken(t, u1, "token-A-0123456789")
	require.NoError(t, err)
	id := receiptID(t, a)
	sid := a.ID()
	// On replica 1 B is refused.
	code, _ := rawPost(t, u1, "token-B-0123456789", sid, `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	require.Equal(t, http.StatusNotFound, code, "B on replica 1")
	// On replica 2 B revives A's session.
	code, body := rawPost(t, u2, "token-B-0123456789", sid,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"check_claims","arguments":`+byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id)+`}}`)
	require.Equal(t, http.StatusNotFound, code, "B cannot revive A's session on replica 2: %s", body)
	// and now A is locked out of replica 2
	code, body = rawPost(t, u2, "token-A-0123456789", sid, `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	require.Equal(t, http.StatusOK, code, "A is served on replica 2: %s", body)
}

// A deleted session is closed for every handler on the ledger.
func TestHTTPDeletedSessionStaysClosed(t *testing.T) {
	addr := filepath.Join(t.TempDir(), "l.db")
	st, err := ledger.Open(context.Background(), addr)
	require.NoError(t, err)
	defer st.Close()
	opts, err := testOptions()
	require.NoError(t, err)
	h := NewHTTPHandler(opts, HTTPOptions{Session: session.Options{Store: st}})
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = ctx
	a, err := dialHTTP(t, srv.URL)
	require.NoError(t, err)
	id := receiptID(t, a)
	sid := a.ID()
	req, _ := http.NewRequest(http.MethodDelete, srv.URL, nil)
	req.Header.Set(sessionIDHeader, sid)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
	code, body := rawPost(t, srv.URL, "", sid,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"check_claims","arguments":`+byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id)+`}}`)
	require.Equal(t, http.StatusNotFound, code, "a deleted session is never served again: %s", body)
}

func TestHTTPIdleSessionIsNoOneElses(t *testing.T) {
	st, err := ledger.Open(context.Background(), filepath.Join(t.TempDir(), "l.db"))
	require.NoError(t, err)
	defer st.Close()
	opts, _ := testOptions()
	clock := &fakeClock{now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	h := NewHTTPHandler(opts, HTTPOptions{Tokens: []string{"token-A-0123456789", "token-B-0123456789"}, Session: session.Options{Store: st}, Now: clock.Now})
	srv := httptest.NewServer(h)
	defer srv.Close()
	a, err := dialWithToken(t, srv.URL, "token-A-0123456789")
	require.NoError(t, err)
	id := receiptID(t, a)
	clock.Add(31 * time.Minute)
	code, body := rawPost(t, srv.URL, "token-B-0123456789", a.ID(),
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"check_claims","arguments":`+byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id)+`}}`)
	require.Equal(t, http.StatusNotFound, code, "B cannot take A's session over once it idles: %s", body)
}

// No tool is served outside a session, whatever protocol a request
// names, so nothing is computed or released that the ledger does not
// keep: a tools/call without a session id gets an error and leaves the
// ledger empty.
func TestHTTPServesNoToolOutsideASession(t *testing.T) {
	st, err := ledger.Open(context.Background(), filepath.Join(t.TempDir(), "l.db"))
	require.NoError(t, err)
	defer st.Close()
	opts, err := testOptions()
	require.NoError(t, err)
	srv := httptest.NewServer(NewHTTPHandler(opts, HTTPOptions{Session: session.Options{Store: st}}))
	defer srv.Close()
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"calculate","arguments":{"formula":"a + b",` +
		`"inputs":[{"name":"a","display":"24","unit":"count:tweets"},{"name":"b","display":"17","unit":"count:tweets"}]}}}`
	for _, version := range []string{"", "2024-11-05", "2025-06-18", "2025-11-25", "2026-07-28"} {
		req, err := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(call))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if version != "" {
			req.Header.Set("MCP-Protocol-Version", version)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NotContains(t, string(body), `"result"`, "protocol %q: %s", version, body)
		require.Contains(t, string(body), `"error"`, "protocol %q: %s", version, body)
	}
	es, err := st.Entries(context.Background(), ledger.Query{})
	require.NoError(t, err)
	require.Empty(t, es, "the ledger keeps nothing, for nothing was served")
}
