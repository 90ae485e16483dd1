package dsse_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

// sigCodes are the reason codes DecodeEnvelope and VerifyEnvelope may give
// for an untrusted envelope.
var sigCodes = map[string]bool{
	fault.EnvelopeTooLarge:     true,
	fault.BadEnvelope:          true,
	fault.UnknownPayloadType:   true,
	fault.BadPayloadEncoding:   true,
	fault.NoSignatures:         true,
	fault.TooManySignatures:    true,
	fault.BadSignatureEncoding: true,
	fault.NoTrustedSignature:   true,
	fault.UntrustedKey:         true,
	fault.ThresholdNotMet:      true,
}

// FuzzDecodeVerify feeds arbitrary bytes to DecodeEnvelope and VerifyEnvelope.
// Its seeds, in testdata/fuzz/FuzzDecodeVerify, run under plain go test.
// Properties:
//
//   - nothing panics;
//   - every refusal is a *SignatureError with a known code;
//   - a decoded envelope re-encodes to JSON that decodes to the same envelope;
//   - the only payload that verifies is the one the trusted keys signed in
//     the seeds (sigTestPayload): the fuzzer never forges a signature;
//   - verification is deterministic.
func FuzzDecodeVerify(f *testing.F) {
	b, err := json.Marshal(sigTestSign(f, 0, 1))
	require.NoError(f, err)
	f.Add(b)
	ring := sigTestRing(f, 0, 1)

	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := dsse.Decode(data)
		if err != nil {
			requireKnownCode(t, err)
			return
		}
		again, err := json.Marshal(env)
		require.NoError(t, err)
		env2, err := dsse.Decode(again)
		require.NoError(t, err, "re-decoding %s", again)
		require.Equal(t, env, env2)

		for threshold := 1; threshold <= ring.Len(); threshold++ {
			payload, ids, err := dsse.Verify(env, receipt.PayloadType, ring, threshold)
			p2, ids2, err2 := dsse.Verify(env, receipt.PayloadType, ring, threshold)
			require.Equal(t, payload, p2)
			require.Equal(t, ids, ids2)
			require.Equal(t, err, err2)
			if err != nil {
				requireKnownCode(t, err)
				continue
			}
			require.Equal(t, string(sigTestPayload), string(payload), "a payload nobody signed verified")
			require.Len(t, ids, threshold)
		}
	})
}

func requireKnownCode(t *testing.T, err error) {
	t.Helper()
	var se *fault.Error
	require.True(t, errors.As(err, &se), "error %v (%T) is not a *SignatureError", err, err)
	require.True(t, sigCodes[se.Code], "unexpected code %q: %v", se.Code, err)
}
