package receipt

import (
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
