package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/require"
)

// chanWriter hands each write to the test as one string.
type chanWriter struct {
	ch chan string
}

func (w chanWriter) Write(p []byte) (int, error) {
	w.ch <- string(p)
	return len(p), nil
}

// TestTransportCancelAndBackPressure drives a connection by hand: a
// cancellation names the call by the client's id and reaches the server
// under the server's; a cancellation of no call in flight is dropped; with
// one call allowed in flight, the next is not read until the first is
// answered; and the answer carries the client's id as sent.
func TestTransportCancelAndBackPressure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		pr, pw := io.Pipe()
		defer pw.Close()
		out := chanWriter{ch: make(chan string, 16)}
		c, err := (&Transport{Reader: pr, Writer: out, Limits: Limits{MaxInFlight: 1}}).Connect(ctx)
		require.NoError(t, err)
		defer c.Close()
		go func() {
			io.WriteString(pw, `{"jsonrpc":"2.0","id":2.7,"method":"tools/call"}`+"\n"+
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9,"reason":"no such call"}}`+"\n"+
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2.7,"reason":"too slow"}}`+"\n"+
				`{"jsonrpc":"2.0","id":"second","method":"ping"}`+"\n")
		}()

		msg, err := c.Read(ctx)
		require.NoError(t, err)
		call := msg.(*jsonrpc.Request)
		require.Equal(t, "tools/call", call.Method)
		serverID := call.ID.Raw()

		msg, err = c.Read(ctx)
		require.NoError(t, err)
		cancel := msg.(*jsonrpc.Request)
		require.Equal(t, "notifications/cancelled", cancel.Method, "the cancellation of id 9 was dropped")
		var params struct {
			RequestID any    `json:"requestId"`
			Reason    string `json:"reason"`
		}
		require.NoError(t, json.Unmarshal(cancel.Params, &params))
		require.Equal(t, float64(serverID.(int64)), params.RequestID, "the server's id for the call")
		require.Equal(t, "too slow", params.Reason)

		next := make(chan jsonrpc.Message)
		go func() {
			m, _ := c.Read(ctx)
			next <- m
		}()
		synctest.Wait() // the read loop waits for the call in flight to be answered
		select {
		case m := <-next:
			t.Fatalf("a second call was read with one in flight: %v", m)
		default:
		}
		resp := &jsonrpc.Response{ID: call.ID, Result: json.RawMessage(`{}`)}
		require.NoError(t, c.Write(ctx, resp))
		require.Equal(t, `{"jsonrpc":"2.0","id":2.7,"result":{}}`+"\n", <-out.ch)
		second := (<-next).(*jsonrpc.Request)
		require.Equal(t, "ping", second.Method)
		require.Equal(t, int64(2), second.ID.Raw(), "the server's own id, a counter")
	})
}
