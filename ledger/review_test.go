package ledger_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/ledger"
	"github.com/stretchr/testify/require"
)

// Arguments a model sent with bytes that are not UTF-8 are kept, as text,
// on both databases alike: PostgreSQL, which refuses such bytes, keeps the
// refusal too.
func TestEntriesNotUTF8AreKeptAlike(t *testing.T) {
	ctx := context.Background()
	eachBackend(t, func(t *testing.T, addr string, s ledger.Store) {
		_, err := record(s, ctx, ledger.Entry{Session: "c", Tool: "check_claims", Codes: []string{"not_backed"},
			Asked: json.RawMessage("{\"text\":\"27 docs \xff\"}")})
		require.NoError(t, err)
		es, err := s.Entries(ctx, ledger.Query{Session: "c"})
		require.NoError(t, err)
		require.Len(t, es, 1)
		require.Contains(t, string(es[0].Asked), "27 docs")
	})
}

// A time filter selects timed entries only, and times past the column's
// range select as far as it goes instead of wrapping around.
func TestTimeFiltersAtTheEdges(t *testing.T) {
	ctx := context.Background()
	eachBackend(t, func(t *testing.T, addr string, s ledger.Store) {
		_, err := record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", Codes: []string{"x"}})
		require.NoError(t, err)
		_, err = record(s, ctx, ledger.Entry{Session: "c", Tool: "calculate", Codes: []string{"x"}, Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		require.NoError(t, err)
		for _, tc := range []struct {
			name string
			q    ledger.Query
			want int
		}{
			{"until excludes the untimed", ledger.Query{Until: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}, 1},
			{"since before the column's range", ledger.Query{Since: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)}, 1},
			{"until after it", ledger.Query{Until: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)}, 1},
			{"since after it", ledger.Query{Since: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)}, 0},
			{"until before it", ledger.Query{Until: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)}, 0},
		} {
			es, err := s.Entries(ctx, tc.q)
			require.NoError(t, err, tc.name)
			require.Len(t, es, tc.want, tc.name)
		}
	})
}

// Replicas starting together with different keys bind the log to one.
func TestLogKeyIsBoundOnceUnderRace(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			addr := b.Addr(t)
			const n = 12
			stores := make([]ledger.Store, n)
			for i := range n {
				s, err := ledger.Open(ctx, addr)
				require.NoError(t, err)
				defer s.Close()
				stores[i] = s
			}
			var wg sync.WaitGroup
			errs := make([]error, n)
			start := make(chan struct{})
			for i := range n {
				wg.Go(func() {
					<-start
					_, errs[i] = ledger.NewLog(ctx, stores[i], origin, testsign.Key(byte(20+i)))
				})
			}
			close(start)
			wg.Wait()
			accepted := 0
			for _, err := range errs {
				if err == nil {
					accepted++
				} else {
					require.Equal(t, fault.BadLedger, code(t, err))
				}
			}
			require.Equal(t, 1, accepted, "one key binds the log")
		})
	}
}

// The Markdown report shows text a model wrote as text: no image loads,
// no link is made, no HTML is rendered.
func TestMarkdownReportEscapesMarkup(t *testing.T) {
	rows := ledger.Rows([]ledger.Entry{{Session: "c", Tool: "check_claims", OK: true,
		Asked: json.RawMessage(`{"text":"![x](https://evil/t.png) <img src=x> [verified](javascript:alert(1)) *bold* ` + "`code`" + `"}`)}})
	var b strings.Builder
	require.NoError(t, ledger.WriteReport(&b, rows, ledger.FormatMarkdown))
	out := b.String()
	for _, bad := range []string{"![x](", "<img", "[verified](", "*bold*", "`code`"} {
		require.NotContains(t, out, bad)
	}
	require.Contains(t, out, `!\[x\](https://evil/t.png) &lt;img src=x&gt; \[verified\](javascript:alert(1)) \*bold\* `+"\\`code\\`")
}
