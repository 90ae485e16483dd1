package mcpserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/reckonhq/reckon/internal/pgtest"
	"github.com/reckonhq/reckon/ledger"
	"github.com/reckonhq/reckon/session"
	"github.com/stretchr/testify/require"
)

// alternate sends each request to the next of its servers in turn, as a
// load balancer with no affinity does.
type alternate struct {
	hosts []string
	n     atomic.Int64
}

func (a *alternate) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Host = a.hosts[int(a.n.Add(1)-1)%len(a.hosts)]
	r.Host = r.URL.Host
	return http.DefaultTransport.RoundTrip(r)
}

// TestHTTPReplicasShareSessions: two handlers on one ledger serve one MCP
// session, each call landing on the other; a receipt made on one is
// checked by id on the other; and a handler started afresh on the ledger
// (a restart) still resolves the receipt ids its clients hold.
func TestHTTPReplicasShareSessions(t *testing.T) {
	for _, b := range pgtest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			replica := func() string {
				st, err := ledger.Open(context.Background(), addr)
				require.NoError(t, err)
				t.Cleanup(func() { st.Close() })
				opts, err := testOptions()
				require.NoError(t, err)
				srv := httptest.NewServer(NewHTTPHandler(opts, HTTPOptions{Session: session.Options{Store: st}}))
				t.Cleanup(srv.Close)
				u, _ := url.Parse(srv.URL)
				return u.Host
			}
			lb := &alternate{hosts: []string{replica(), replica()}}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
				Connect(ctx, &mcp.StreamableClientTransport{Endpoint: "http://" + lb.hosts[0], HTTPClient: &http.Client{Transport: lb},
					MaxRetries: -1, DisableStandaloneSSE: true}, nil)
			require.NoError(t, err)
			defer cs.Close()

			id := receiptID(t, cs)
			for range 3 { // each call lands on the other replica
				res, got := call(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
				require.False(t, res.IsError, "the receipt id resolves on either replica: %s", got)
				res, got = call(t, cs, "verify_receipt", `{"receipt_id": "`+id+`", "receipt": null, "policy": null}`)
				require.False(t, res.IsError, got)
			}
			res, got := call(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.5×.", id))
			require.True(t, res.IsError, got)
			require.Contains(t, got, `"code":"not_backed"`)

			lb.hosts = []string{replica()} // both replicas gone; a new process on the ledger
			res, got = call(t, cs, "check_claims", byID("Costco's debt-to-EBITDA ratio for FY2021 was 1.344×.", id))
			require.False(t, res.IsError, "a restart keeps the receipt id valid: %s", got)

			st, err := ledger.Open(context.Background(), addr)
			require.NoError(t, err)
			defer st.Close()
			es, err := st.Entries(context.Background(), ledger.Query{Session: cs.ID()})
			require.NoError(t, err)
			require.Equal(t, opened, es[0].Tool)
			require.Equal(t, "calculate", es[1].Tool)
			require.Equal(t, id, es[1].ReceiptID)
			// the opening, the receipt, and the five drafts checked: every
			// call that makes a receipt or a decision is in the ledger,
			// whichever replica served it
			require.Equal(t, 1+1+5, len(es))
		})
	}
}
