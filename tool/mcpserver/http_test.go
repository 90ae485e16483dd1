package mcpserver

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// serveHTTP serves the test tools over loopback (httptest listens on
// 127.0.0.1, on an ephemeral port) and returns the endpoint.
func serveHTTP(t *testing.T, hopts HTTPOptions) (*HTTPHandler, string) {
	t.Helper()
	opts, err := testOptions()
	require.NoError(t, err)
	h := NewHTTPHandler(opts, hopts)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	require.True(t, strings.HasPrefix(srv.URL, "http://127.0.0.1:"), srv.URL)
	return h, srv.URL
}

// dialHTTP connects the SDK's client to endpoint.
func dialHTTP(t *testing.T, endpoint string) (*mcp.ClientSession, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// costco returns the arguments of the Costco calculation, its inputs
// grounded in the registered sources.
func costco(t *testing.T) string {
	b, err := os.ReadFile("../testdata/calculate/costco.in.json")
	require.NoError(t, err)
	return string(b)
}

// byID returns check_claims arguments that pass receipt ids only.
func byID(text string, ids ...string) string {
	b, _ := json.Marshal(map[string]any{"text": text, "question": "", "receipt_ids": ids, "receipts": []any{}})
	return string(b)
}

// receiptID calls calculate and returns the receipt_id of its answer.
func receiptID(t *testing.T, cs *mcp.ClientSession) string {
	t.Helper()
	res, got := call(t, cs, "calculate", costco(t))
	require.False(t, res.IsError, got)
	var v struct {
		ID string `json:"receipt_id"`
	}
	require.NoError(t, json.Unmarshal([]byte(got), &v))
	require.NotEmpty(t, v.ID)
	return v.ID
}

// TestHTTPReceiptsByID drives the streamable HTTP transport with the SDK's
// client: calculate, then check_claims by receipt id, released for the
// backed number and refused for another; a second client cannot use the
// first one's id.
func TestHTTPReceiptsByID(t *testing.T) {
	h, url := serveHTTP(t, HTTPOptions{})
	a, err := dialHTTP(t, url)
	require.NoError(t, err)
	id := receiptID(t, a)

	res, got := call(t, a, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
	require.False(t, res.IsError, got)
	res, got = call(t, a, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.5×.", id))
	require.True(t, res.IsError, got)
	require.Contains(t, got, `"code":"not_backed"`)
	res, got = call(t, a, "verify_receipt", `{"receipt_id": "`+id+`", "receipt": null, "policy": null}`)
	require.False(t, res.IsError, got)

	b, err := dialHTTP(t, url)
	require.NoError(t, err)
	res, got = call(t, b, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
	require.True(t, res.IsError, "an id does not cross sessions: %s", got)
	require.Contains(t, got, `"code":"unknown_receipt_id"`)
	require.Equal(t, 2, h.Len())

	s, ok := h.Session(a.ID())
	require.True(t, ok)
	require.Equal(t, 1, s.Len())
	require.Len(t, s.Entries(), 3, "one receipt, two drafts")
}

// TestHTTPSessionsAreBounded: one client more than MaxSessions is refused
// until an idle session expires; an expired session's id is gone.
func TestHTTPSessionsAreBounded(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	h, url := serveHTTP(t, HTTPOptions{MaxSessions: 2, IdleTimeout: time.Minute, Now: clock.Now})
	a, err := dialHTTP(t, url)
	require.NoError(t, err)
	id := receiptID(t, a)
	_, err = dialHTTP(t, url)
	require.NoError(t, err)
	_, err = dialHTTP(t, url)
	require.Error(t, err, "a third session is over the bound")
	require.Equal(t, 2, h.Len())

	clock.Add(2 * time.Minute)
	c, err := dialHTTP(t, url)
	require.NoError(t, err, "the idle sessions expired and made room")
	require.Equal(t, 1, h.Len())
	_, err = a.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_claims",
		Arguments: json.RawMessage(byID("The ratio was 1.344×.", id))})
	require.Error(t, err, "an expired session answers nothing")
	res, got := call(t, c, "check_claims", byID("The ratio was 1.344×.", id))
	require.True(t, res.IsError, "its receipts went with it: %s", got)
}

// TestHTTPRefusesWhatIsNotASession: requests the SDK would route to no
// session are refused, and hold no place.
func TestHTTPRefusesWhatIsNotASession(t *testing.T) {
	h, url := serveHTTP(t, HTTPOptions{})
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(sessionIDHeader, "made-up")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Equal(t, 0, h.Len())

	// A request other than initialize, without a session id, is answered
	// by a server of its own and opens no session.
	req, err = http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 0, h.Len())
}
