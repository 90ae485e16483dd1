package receipt

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScanRecordedAgreesWithJSON checks the fast reader against
// encoding/json on every seed receipt, including escaped strings.
func TestScanRecordedAgreesWithJSON(t *testing.T) {
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		req := loadRequest(t, name)
		req.Inputs[0].Label = "a \"quoted\" label with \\ and \u2028 and <html> & tabs\t"
		r, err := Calculate(req)
		require.NoError(t, err)
		payload, err := r.Encode()
		require.NoError(t, err)
		got, ok := scanRecorded(payload)
		require.True(t, ok, name)
		var want recorded
		require.NoError(t, json.Unmarshal(payload, &want))
		require.Equal(t, want, got, name)
	}
}

func TestScanRecordedRefusesOtherLayouts(t *testing.T) {
	r, err := Calculate(loadRequest(t, "costco"))
	require.NoError(t, err)
	payload, err := r.Encode()
	require.NoError(t, err)
	for _, p := range []string{"", "{}", string(payload[:len(payload)-1]), string(payload) + " ", " " + string(payload)} {
		_, ok := scanRecorded([]byte(p))
		require.False(t, ok, "%q", p)
	}
}

// FuzzScanRecorded: the fast reader never panics, and whatever it accepts
// encoding/json reads the same way.
func FuzzScanRecorded(f *testing.F) {
	r, err := Calculate(loadRequest(f, "costco"))
	require.NoError(f, err)
	payload, err := r.Encode()
	require.NoError(f, err)
	f.Add(payload)
	for _, name := range operationSeeds {
		r, err := Calculate(loadOperation(f, name))
		require.NoError(f, err)
		payload, err := r.Encode()
		require.NoError(f, err)
		f.Add(payload)
	}
	g, err := Calculate(groundedRequest(f))
	require.NoError(f, err)
	payload, err = g.Encode()
	require.NoError(f, err)
	f.Add(payload)
	f.Add([]byte(`{"type":"x"}`))
	f.Fuzz(func(t *testing.T, p []byte) {
		got, ok := scanRecorded(p)
		if !ok {
			return
		}
		var want recorded
		if json.Unmarshal(p, &want) == nil {
			require.Equal(t, want, got)
		}
	})
}

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
	s, _ := testSigner(1)
	_, env := signed(t, "costco", s)
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
