package main

import (
	"encoding/json"
	"testing"

	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// requireSameResponse holds scanResponse to json.Unmarshal: whenever the
// fast path splits an input whose receipt then decodes, json.Unmarshal
// gives the same fields.
func requireSameResponse(t *testing.T, data []byte) {
	fast, ok := scanResponse(data)
	if !ok {
		return
	}
	if _, err := receipt.DecodeEnvelope(fast["receipt"]); err != nil {
		return // refused either way
	}
	var slow map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &slow), "%q", data)
	require.Equal(t, slow, fast)
}

func TestScanResponseAgrees(t *testing.T) {
	key := newKey(t)
	for _, name := range seeds {
		out := reckon(t, seed(t, name), "calc", "-key", key+".key")
		data := []byte(out.stdout[:len(out.stdout)-1])
		_, ok := scanResponse(data)
		require.True(t, ok, "calc's own output takes the fast path: %s", name)
		requireSameResponse(t, data)
	}
}

func FuzzScanResponse(f *testing.F) {
	f.Add([]byte(`{"id":"x","ok":true,"result":{},"expanded":"1","receipt":{"payloadType":"a","payload":"","signatures":[]}}`))
	f.Add([]byte(`{"id":"x","ok":true,"result":{"a":[1,"}"]},"expanded":"1","receipt":{}}`))
	f.Fuzz(requireSameResponse)
}
