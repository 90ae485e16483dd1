package dsse

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameEnvelope holds the envelope fast path to the strict decoder.
func requireSameEnvelope(t *testing.T, data []byte) {
	fast, ok := scanEnvelope(data)
	if !ok {
		return
	}
	d := envDecoder{dec: json.NewDecoder(bytes.NewReader(data))}
	slow, err := d.envelope()
	require.NoError(t, err, "the fast path accepted %q but the strict decoder refuses it", data)
	require.Equal(t, slow, fast)
}

func TestScanEnvelope(t *testing.T) {
	signer, err := NewEd25519Signer(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, ed25519.SeedSize)))
	require.NoError(t, err)
	env, err := Sign("application/vnd.reckon.receipt+json", []byte(`{"type":"x"}`), signer)
	require.NoError(t, err)
	data, err := json.Marshal(env)
	require.NoError(t, err)
	_, ok := scanEnvelope(data)
	require.True(t, ok, "the canonical layout takes the fast path")
	requireSameEnvelope(t, data)
	for _, bad := range []string{
		`{"payloadType":"a","payload":"b","signatures":[]} `,
		`{"payloadType":"a","payload":"b","signatures":[],"x":1}`,
		`{"payloadType":"a\u0062","payload":"b","signatures":[]}`,
		`{"payload":"b","payloadType":"a","signatures":[]}`,
	} {
		_, ok := scanEnvelope([]byte(bad))
		require.False(t, ok, bad)
	}
}

// FuzzScanEnvelope: whatever the fast path accepts, the strict decoder
// accepts with the same envelope.
func FuzzScanEnvelope(f *testing.F) {
	f.Add([]byte(`{"payloadType":"a","payload":"b","signatures":[{"keyid":"k","sig":"s"}]}`))
	f.Add([]byte(`{"payloadType":"a","payload":"b","signatures":[]}`))
	f.Fuzz(requireSameEnvelope)
}
