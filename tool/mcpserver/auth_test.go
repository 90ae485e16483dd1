package mcpserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// bearer adds a bearer token to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func dialWithToken(t *testing.T, endpoint, token string) (*mcp.ClientSession, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: &http.Client{Transport: bearer{token}},
			MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// emptyInitialize sends one initialize request and nothing after it, as a
// flood does, and returns the status.
func emptyInitialize(t *testing.T, url, token string) int {
	t.Helper()
	code, _ := rawPost(t, url, token, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"0"}}}`)
	return code
}

// TestHTTPLetsInOnlyItsClients: with tokens, a request without one, or
// with a wrong one, is refused 401 and holds no place; a flood of empty
// initializes with one valid token fills only that token's places, and a
// client with another token is still served; once a minute has passed,
// the flood's places are taken back for its own token too; and a session
// answers only the token that opened it.
func TestHTTPLetsInOnlyItsClients(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	opts, err := testOptions()
	require.NoError(t, err)
	h := NewHTTPHandler(opts, HTTPOptions{Tokens: []string{"flooder-token", "client-token"}, MaxSessions: 20,
		MaxSessionsPerToken: 5, Now: clock.Now})
	srv := httptest.NewServer(h)
	defer srv.Close()

	for range 200 {
		require.Equal(t, http.StatusUnauthorized, emptyInitialize(t, srv.URL, ""), "no token")
	}
	require.Equal(t, http.StatusUnauthorized, emptyInitialize(t, srv.URL, "client-token-but-longer"))
	require.Equal(t, http.StatusUnauthorized, emptyInitialize(t, srv.URL, "client-toke"))
	require.Zero(t, h.Len(), "refused requests hold no place")

	admitted := 0
	for range 200 {
		if emptyInitialize(t, srv.URL, "flooder-token") == http.StatusOK {
			admitted++
		}
	}
	require.Equal(t, 5, admitted, "one token holds at most its own places")
	require.Equal(t, 5, h.Len())

	cs, err := dialWithToken(t, srv.URL, "client-token")
	require.NoError(t, err, "a client with a valid token is served through the flood")
	id := receiptID(t, cs)
	require.NotEmpty(t, id)

	clock.Add(61 * time.Second)
	require.Equal(t, http.StatusOK, emptyInitialize(t, srv.URL, "flooder-token"), "a minute on, the empty sessions' places are taken back")
	require.Equal(t, 2, h.Len(), "the client's session, which called a tool, and the new one")

	// a session belongs to the token that opened it
	other, err := dialWithToken(t, srv.URL, "flooder-token")
	require.NoError(t, err)
	code, _ := rawPost(t, srv.URL, "flooder-token", cs.ID(), `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	require.Equal(t, http.StatusNotFound, code, "another token cannot use the client's session")
	_ = other
}

// TestHTTPFloodWithoutTokensHoldsPlacesAMinute is the attack on a server
// without tokens: empty initializes fill every place, and a real client
// is turned away only until the flood's places, never used for a tool
// call, are a minute old; it is not locked out for the idle timeout.
func TestHTTPFloodWithoutTokensHoldsPlacesAMinute(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	h, url := serveHTTP(t, HTTPOptions{Now: clock.Now})
	for range DefaultMaxSessions {
		require.Equal(t, http.StatusOK, emptyInitialize(t, url, ""))
	}
	require.Equal(t, http.StatusServiceUnavailable, emptyInitialize(t, url, ""), "every place is taken")
	clock.Add(61 * time.Second)
	cs, err := dialHTTP(t, url)
	require.NoError(t, err, "a minute on, a real client is served")
	require.NotEmpty(t, receiptID(t, cs))
	require.Less(t, h.Len(), DefaultMaxSessions)
}
