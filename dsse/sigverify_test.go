package dsse_test

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

var sigTestPayload = []byte(`{"formula":"a / b","result":{"value":"1.344"}}`)

// sigTestSign signs sigTestPayload with the keys with the given seed bytes.
func sigTestSign(t testing.TB, seeds ...byte) *dsse.Envelope {
	t.Helper()
	var signers []dsse.Signer
	for _, b := range seeds {
		signers = append(signers, testsign.Signer(testsign.Key(b)))
	}
	env, err := dsse.Sign(receipt.PayloadType, sigTestPayload, signers...)
	require.NoError(t, err)
	return env
}

func sigTestClone(env *dsse.Envelope) *dsse.Envelope {
	c := *env
	c.Signatures = append([]dsse.Signature(nil), env.Signatures...)
	return &c
}

func TestSignVerifyRoundTrip(t *testing.T) {
	tests := []struct {
		name      string
		signers   []byte // seeds of the signing keys
		trusted   []byte // seeds of the trusted keys
		threshold int
		want      []byte // seeds of the keys reported, in order
	}{
		{name: "one of one", signers: []byte{0}, trusted: []byte{0}, threshold: 1, want: []byte{0}},
		{name: "one of three", signers: []byte{2}, trusted: []byte{0, 1, 2}, threshold: 1, want: []byte{2}},
		{name: "two of two", signers: []byte{0, 1}, trusted: []byte{0, 1}, threshold: 2, want: []byte{0, 1}},
		{name: "signature order", signers: []byte{1, 0}, trusted: []byte{0, 1}, threshold: 2, want: []byte{1, 0}},
		{name: "untrusted cosigner ignored", signers: []byte{9, 0}, trusted: []byte{0}, threshold: 1, want: []byte{0}},
		{name: "stops at threshold", signers: []byte{0, 1, 2}, trusted: []byte{0, 1, 2}, threshold: 2, want: []byte{0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := sigTestSign(t, tc.signers...)
			// Through JSON and back, as a verifier receives it.
			b, err := json.Marshal(env)
			require.NoError(t, err)
			env, err = dsse.Decode(b)
			require.NoError(t, err)

			payload, ids, err := dsse.Verify(env, receipt.PayloadType, sigTestRing(t, tc.trusted...), tc.threshold)
			require.NoError(t, err)
			require.Equal(t, sigTestPayload, payload)
			var want []string
			for _, s := range tc.want {
				want = append(want, dsse.KeyID(testsign.Public(s)))
			}
			require.Equal(t, want, ids)
		})
	}
}

// TestVerifyTamperEveryByte flips each byte of the payload, of each
// signature and of the payload type in turn; no altered envelope verifies.
func TestVerifyTamperEveryByte(t *testing.T) {
	env := sigTestSign(t, 0)
	ring := sigTestRing(t, 0)
	decode := func(s string) []byte {
		b, err := base64.StdEncoding.DecodeString(s)
		require.NoError(t, err)
		return b
	}

	payload := decode(env.Payload)
	for i := range payload {
		bad := sigTestClone(env)
		p := append([]byte(nil), payload...)
		p[i] ^= 0xff
		bad.Payload = base64.StdEncoding.EncodeToString(p)
		_, _, err := dsse.Verify(bad, receipt.PayloadType, ring, 1)
		requireSigCode(t, err, fault.NoTrustedSignature)
	}

	sig := decode(env.Signatures[0].Sig)
	for i := range sig {
		bad := sigTestClone(env)
		s := append([]byte(nil), sig...)
		s[i] ^= 0xff
		bad.Signatures[0].Sig = base64.StdEncoding.EncodeToString(s)
		_, _, err := dsse.Verify(bad, receipt.PayloadType, ring, 1)
		requireSigCode(t, err, fault.NoTrustedSignature)
	}

	// The type is checked against the expected one, and it is also signed:
	// a verifier that expects the altered type still refuses.
	for i := range env.PayloadType {
		bad := sigTestClone(env)
		typ := []byte(env.PayloadType)
		typ[i] ^= 0x01 // stays ASCII, so stays UTF-8
		bad.PayloadType = string(typ)
		_, _, err := dsse.Verify(bad, receipt.PayloadType, ring, 1)
		requireSigCode(t, err, fault.UnknownPayloadType)
		_, _, err = dsse.Verify(bad, bad.PayloadType, ring, 1)
		requireSigCode(t, err, fault.NoTrustedSignature)
	}
}

func TestVerifyUntrustedKey(t *testing.T) {
	env := sigTestSign(t, 9)
	_, _, err := dsse.Verify(env, receipt.PayloadType, sigTestRing(t, 0, 1), 1)
	requireSigCode(t, err, fault.UntrustedKey)

	// Without a keyid there is no telling whose key it was.
	env.Signatures[0].KeyID = ""
	_, _, err = dsse.Verify(env, receipt.PayloadType, sigTestRing(t, 0, 1), 1)
	requireSigCode(t, err, fault.NoTrustedSignature)
}

// TestVerifyKeyIDIsOnlyAHint: a keyid never makes a signature count for the
// key it names, and a wrong or missing keyid does not stop a signature from
// counting for the key that made it.
func TestVerifyKeyIDIsOnlyAHint(t *testing.T) {
	ring := sigTestRing(t, 0, 1)
	id0, id1 := dsse.KeyID(testsign.Public(0)), dsse.KeyID(testsign.Public(1))

	t.Run("untrusted key claims a trusted id", func(t *testing.T) {
		env := sigTestSign(t, 9)
		env.Signatures[0].KeyID = id0
		_, _, err := dsse.Verify(env, receipt.PayloadType, ring, 1)
		requireSigCode(t, err, fault.NoTrustedSignature)
	})
	t.Run("trusted key under another trusted id", func(t *testing.T) {
		env := sigTestSign(t, 0)
		env.Signatures[0].KeyID = id1
		_, ids, err := dsse.Verify(env, receipt.PayloadType, ring, 1)
		require.NoError(t, err)
		require.Equal(t, []string{id0}, ids, "counted for the key that signed, not the one named")

		_, _, err = dsse.Verify(env, receipt.PayloadType, ring, 2)
		requireSigCode(t, err, fault.ThresholdNotMet)
	})
	t.Run("one signature under both ids", func(t *testing.T) {
		env := sigTestSign(t, 0)
		env.Signatures = append(env.Signatures, dsse.Signature{KeyID: id1, Sig: env.Signatures[0].Sig})
		_, _, err := dsse.Verify(env, receipt.PayloadType, ring, 2)
		requireSigCode(t, err, fault.ThresholdNotMet)
	})
	t.Run("missing and unknown ids", func(t *testing.T) {
		env := sigTestSign(t, 0, 1)
		env.Signatures[0].KeyID = ""
		env.Signatures[1].KeyID = "ed25519:0000000000000000"
		_, ids, err := dsse.Verify(env, receipt.PayloadType, ring, 2)
		require.NoError(t, err)
		require.Equal(t, []string{id0, id1}, ids)
	})
}

func TestVerifyDuplicateSignatureCountsOnce(t *testing.T) {
	env := sigTestSign(t, 0, 0)
	require.Equal(t, env.Signatures[0], env.Signatures[1], "ed25519 is deterministic")
	ring := sigTestRing(t, 0, 1)

	_, ids, err := dsse.Verify(env, receipt.PayloadType, ring, 1)
	require.NoError(t, err)
	require.Equal(t, []string{dsse.KeyID(testsign.Public(0))}, ids)

	_, _, err = dsse.Verify(env, receipt.PayloadType, ring, 2)
	requireSigCode(t, err, fault.ThresholdNotMet)
}

func TestVerifyThreshold(t *testing.T) {
	env := sigTestSign(t, 0, 1)
	ring := sigTestRing(t, 0, 1, 2)
	tests := []struct {
		threshold int
		code      string
	}{
		{-1, fault.BadThreshold},
		{0, fault.BadThreshold},
		{1, ""},
		{2, ""},
		{3, fault.ThresholdNotMet},
		{4, fault.BadThreshold},
	}
	for _, tc := range tests {
		_, _, err := dsse.Verify(env, receipt.PayloadType, ring, tc.threshold)
		if tc.code == "" {
			require.NoError(t, err, "threshold %d", tc.threshold)
			continue
		}
		requireSigCode(t, err, tc.code)
	}
	_, _, err := dsse.Verify(env, receipt.PayloadType, nil, 1)
	requireSigCode(t, err, fault.BadThreshold)
}

func TestVerifyRefusals(t *testing.T) {
	good := sigTestSign(t, 0)
	sig := good.Signatures[0].Sig
	rawSig, err := base64.StdEncoding.DecodeString(sig)
	require.NoError(t, err)
	b64 := base64.StdEncoding.EncodeToString

	tests := []struct {
		name   string
		edit   func(e *dsse.Envelope)
		code   string // "" means accepted
		reason string
	}{
		{name: "unchanged", edit: func(e *dsse.Envelope) {}},
		{name: "no signatures", edit: func(e *dsse.Envelope) { e.Signatures = nil }, code: fault.NoSignatures},
		{name: "101 signatures", code: fault.TooManySignatures, edit: func(e *dsse.Envelope) {
			for len(e.Signatures) <= dsse.MaxSignatures {
				e.Signatures = append(e.Signatures, e.Signatures[0])
			}
		}},
		{name: "100 signatures", edit: func(e *dsse.Envelope) {
			for len(e.Signatures) < dsse.MaxSignatures {
				e.Signatures = append(e.Signatures, dsse.Signature{KeyID: "other", Sig: sig})
			}
		}},
		{name: "payload type not utf-8", edit: func(e *dsse.Envelope) { e.PayloadType += "\xff" }, code: fault.BadEnvelope},
		{name: "keyid not utf-8", edit: func(e *dsse.Envelope) { e.Signatures[0].KeyID = "\xc3(" }, code: fault.BadEnvelope},
		{name: "other payload type", edit: func(e *dsse.Envelope) { e.PayloadType = "application/vnd.in-toto+json" }, code: fault.UnknownPayloadType},
		{name: "payload type case", edit: func(e *dsse.Envelope) { e.PayloadType = strings.ToUpper(e.PayloadType) }, code: fault.UnknownPayloadType,
			reason: "DSSE payload types are case-sensitive"},
		{name: "payload not base64", edit: func(e *dsse.Envelope) { e.Payload = "!!!!" }, code: fault.BadPayloadEncoding},
		{name: "payload with line break", edit: func(e *dsse.Envelope) { e.Payload = e.Payload[:4] + "\n" + e.Payload[4:] }, code: fault.BadPayloadEncoding,
			reason: "Go's decoder would skip it"},
		{name: "payload wrong padding", edit: func(e *dsse.Envelope) { e.Payload += "==" }, code: fault.BadPayloadEncoding},
		{name: "payload non-zero trailing bits", edit: func(e *dsse.Envelope) {
			e.Payload = base64.StdEncoding.EncodeToString([]byte("ab")) // "YWI="
			e.Payload = e.Payload[:2] + "J="                            // "YWJ=" decodes to "ab" leniently
		}, code: fault.BadPayloadEncoding, reason: "a second spelling of the same bytes"},
		{name: "payload mixed alphabets", edit: func(e *dsse.Envelope) { e.Payload = "+_8=" }, code: fault.BadPayloadEncoding},
		{name: "empty sig", edit: func(e *dsse.Envelope) { e.Signatures[0].Sig = "" }, code: fault.BadSignatureEncoding},
		{name: "sig not base64", edit: func(e *dsse.Envelope) { e.Signatures[0].Sig = "not base64" }, code: fault.BadSignatureEncoding},
		{name: "sig 63 bytes", edit: func(e *dsse.Envelope) { e.Signatures[0].Sig = b64(rawSig[:63]) }, code: fault.BadSignatureEncoding},
		{name: "sig 65 bytes", edit: func(e *dsse.Envelope) { e.Signatures[0].Sig = b64(append(rawSig[:64:64], 0)) }, code: fault.BadSignatureEncoding},
		{name: "malformed cosignature", edit: func(e *dsse.Envelope) {
			e.Signatures = append(e.Signatures, dsse.Signature{KeyID: "other", Sig: "AAAA"})
		}, code: fault.BadSignatureEncoding, reason: "a malformed envelope is refused whole, even with a good signature"},
		{name: "sig url-safe unpadded", edit: func(e *dsse.Envelope) { e.Signatures[0].Sig = base64.RawURLEncoding.EncodeToString(rawSig) },
			reason: "DSSE verifiers must accept URL-safe base64"},
		{name: "payload raw standard", edit: func(e *dsse.Envelope) { e.Payload = base64.RawStdEncoding.EncodeToString(sigTestPayload) }},
		{name: "payload url-safe padded", edit: func(e *dsse.Envelope) { e.Payload = base64.URLEncoding.EncodeToString(sigTestPayload) }},
	}
	ring := sigTestRing(t, 0)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := sigTestClone(good)
			tc.edit(env)
			payload, ids, err := dsse.Verify(env, receipt.PayloadType, ring, 1)
			if tc.code == "" {
				require.NoError(t, err)
				require.Equal(t, sigTestPayload, payload)
				require.Len(t, ids, 1)
				return
			}
			requireSigCode(t, err, tc.code)
			require.Nil(t, payload)
			require.Nil(t, ids)
		})
	}

	_, _, err = dsse.Verify(nil, receipt.PayloadType, ring, 1)
	requireSigCode(t, err, fault.BadEnvelope)
}

// TestOpenSSLEnvelope verifies an envelope signed by openssl, and checks that
// signing the same payload with the same key here gives the same bytes.
func TestOpenSSLEnvelope(t *testing.T) {
	file := readTestdata(t, "envelopes", "openssl-signed.json")
	pub, err := dsse.ParsePublicKey(readTestdata(t, "keys", "openssl-ed25519.pub.pem"))
	require.NoError(t, err)
	ring, err := dsse.NewKeyRing(pub)
	require.NoError(t, err)

	env, err := dsse.Decode(file)
	require.NoError(t, err)
	payload, ids, err := dsse.Verify(env, receipt.PayloadType, ring, 1)
	require.NoError(t, err)
	require.Equal(t, `{"note":"signed by openssl"}`, string(payload))
	require.Equal(t, []string{opensslKeyID}, ids)

	priv, err := dsse.ParsePrivateKey(readTestdata(t, "keys", "openssl-ed25519.pem"))
	require.NoError(t, err)
	ours, err := dsse.Sign(receipt.PayloadType, payload, testsign.Signer(priv))
	require.NoError(t, err)
	b, err := json.Marshal(ours)
	require.NoError(t, err)
	require.Equal(t, string(file), string(b)+"\n")
}

type sigTestSigner struct {
	id  string
	sig []byte
	err error
}

func (s sigTestSigner) KeyID() string               { return s.id }
func (s sigTestSigner) Sign([]byte) ([]byte, error) { return s.sig, s.err }

func TestSignEnvelopeRefusals(t *testing.T) {
	good := testsign.Signer(testsign.Key(0))
	errHSM := errors.New("hsm offline")
	many := make([]dsse.Signer, dsse.MaxSignatures+1)
	for i := range many {
		many[i] = good
	}

	tests := []struct {
		name    string
		typ     string
		signers []dsse.Signer
		code    string
	}{
		{name: "empty type", typ: "", signers: []dsse.Signer{good}, code: fault.BadPayloadType},
		{name: "type not utf-8", typ: "a\xff", signers: []dsse.Signer{good}, code: fault.BadPayloadType},
		{name: "no signers", typ: receipt.PayloadType, code: fault.NoSigners},
		{name: "too many signers", typ: receipt.PayloadType, signers: many, code: fault.TooManySignatures},
		{name: "keyid not utf-8", typ: receipt.PayloadType, signers: []dsse.Signer{sigTestSigner{id: "\xff", sig: make([]byte, 64)}}, code: fault.BadKey},
		{name: "short signature", typ: receipt.PayloadType, signers: []dsse.Signer{sigTestSigner{id: "k", sig: make([]byte, 63)}}, code: fault.BadSignatureEncoding},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env, err := dsse.Sign(tc.typ, sigTestPayload, tc.signers...)
			requireSigCode(t, err, tc.code)
			require.Nil(t, env)
		})
	}

	_, err := dsse.Sign(receipt.PayloadType, sigTestPayload, good, sigTestSigner{id: "kms:1", err: errHSM})
	require.ErrorIs(t, err, errHSM)
	require.ErrorContains(t, err, "kms:1")
}

// TestNewEd25519SignerRefusesBadKeys: bad key material is refused with a
// bad_key *SignatureError, never a panic (it used to panic, so a caller
// loading a key from a file or a KMS could crash on a corrupt one).
func TestNewEd25519SignerRefusesBadKeys(t *testing.T) {
	otherHalf := append(ed25519.PrivateKey(nil), testsign.Key(0)...)
	copy(otherHalf[ed25519.SeedSize:], testsign.Public(1))
	flipped := append(ed25519.PrivateKey(nil), testsign.Key(0)...)
	flipped[63] ^= 1
	tests := []struct {
		name   string
		in     ed25519.PrivateKey
		want   string // substring of the message
		reason string
	}{
		{name: "nil", in: nil, want: "has 0 bytes, want 64", reason: "a zero key is not a key"},
		{name: "seed only", in: testsign.Key(0).Seed(), want: "has 32 bytes, want 64", reason: "a seed is half a private key"},
		{name: "too long", in: append(testsign.Key(0), 0), want: "has 65 bytes, want 64", reason: "trailing bytes are not ignored"},
		{name: "public half of another key", in: otherHalf, want: "does not match its seed", reason: "it would sign with one key and name another"},
		{name: "public half flipped", in: flipped, want: "does not match its seed", reason: "a corrupted key is refused, not repaired"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				s   dsse.Signer
				err error
			)
			require.NotPanics(t, func() { s, err = dsse.NewEd25519Signer(tt.in) }, tt.reason)
			require.Nil(t, s, tt.reason)
			var se *fault.Error
			require.ErrorAs(t, err, &se, tt.reason)
			require.Equal(t, fault.BadKey, se.Code, tt.reason)
			require.Contains(t, se.Msg, tt.want, tt.reason)
			require.NotEmpty(t, se.Hint, tt.reason)
		})
	}
}

func TestEd25519SignerCopiesKey(t *testing.T) {
	priv := append(ed25519.PrivateKey(nil), testsign.Key(0)...)
	s := testsign.Signer(priv)
	clear(priv)
	env, err := dsse.Sign(receipt.PayloadType, sigTestPayload, s)
	require.NoError(t, err)
	_, _, err = dsse.Verify(env, receipt.PayloadType, sigTestRing(t, 0), 1)
	require.NoError(t, err)
}
