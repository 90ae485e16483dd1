package dsse

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"
)

// Verify checks the signatures on env and, if at least threshold
// distinct keys in trusted signed it as payloadType, returns the decoded
// payload and the [KeyID] of each key that signed, in the order the
// signatures appear; checking stops once threshold keys have signed, so there
// are exactly threshold ids. Only then may the payload be parsed.
//
// The rules:
//
//   - A signature is checked over PAE(env.PayloadType, decoded payload), the
//     exact bytes that were signed; nothing is re-encoded first.
//   - A signature counts for the trusted key it verifies under, never for the
//     key its keyid names. The keyid is only a hint: the named key is tried
//     first, then every other trusted key not yet counted.
//   - Each key counts once, however many signatures it made.
//   - Every signature must be well-formed, even one by an untrusted key: a
//     malformed envelope is refused, not partly believed.
//
// Every refusal is a [*fault.Error]. The checks run cheapest first, and
// the first to fail gives the code:
//
//   - bad_threshold: threshold is below 1 or above trusted.Len();
//   - bad_envelope: env is nil;
//   - no_signatures, too_many_signatures: none, or more than [MaxSignatures];
//   - bad_envelope: payloadType or a keyid is not valid UTF-8;
//   - unknown_payload_type: env.PayloadType is not payloadType (exactly);
//   - bad_payload_encoding: the payload is not base64;
//   - bad_signature_encoding: a signature is empty, not base64, or not
//     [ed25519.SignatureSize] bytes;
//   - threshold_not_met: some trusted keys signed, but fewer than threshold;
//   - untrusted_key: no trusted key signed, and every keyid names a key
//     outside trusted;
//   - no_trusted_signature: no trusted key signed, otherwise; the envelope
//     was altered after signing, or its keyids are wrong.
//
// The work is bounded: at most [MaxSignatures] signatures, each tried against
// at most trusted.Len() keys, and it stops once threshold keys have signed.
func Verify(env *Envelope, payloadType string, trusted *KeyRing, threshold int) (payload []byte, keyIDs []string, err error) {
	if threshold < 1 || threshold > trusted.Len() {
		return nil, nil, sigErr(fault.BadThreshold, "require between 1 and the number of trusted keys",
			"threshold %d is impossible with %d trusted keys", threshold, trusted.Len())
	}
	if err := checkShape(env); err != nil {
		return nil, nil, err
	}
	if env.PayloadType != payloadType {
		return nil, nil, sigErr(fault.UnknownPayloadType, "verify this envelope with the tool for its payload type",
			"payload type %s, want %q", strconv.Quote(clip(env.PayloadType)), payloadType)
	}
	payload, err = decodeBase64(env.Payload)
	if err != nil {
		return nil, nil, sigErr(fault.BadPayloadEncoding, hintReencode, "payload is not base64: %v", err)
	}
	sigs := make([][]byte, len(env.Signatures))
	for i, s := range env.Signatures {
		if sigs[i], err = decodeSig(s.Sig); err != nil {
			return nil, nil, sigErr(fault.BadSignatureEncoding, hintReencode, "signature %d: %v", i, err)
		}
	}
	keyIDs = countSigners(PAE(env.PayloadType, payload), env.Signatures, sigs, trusted, threshold)
	if len(keyIDs) < threshold {
		return nil, nil, tooFewSigners(env.Signatures, keyIDs, trusted, threshold)
	}
	return payload, keyIDs, nil
}

// checkShape applies the checks that need no decoding, in the order note
// applies them: size bounds, then UTF-8.
func checkShape(env *Envelope) error {
	switch {
	case env == nil:
		return sigErr(fault.BadEnvelope, "", "no envelope")
	case len(env.Signatures) == 0:
		return sigErr(fault.NoSignatures, "sign the receipt before sending it", "envelope has no signatures")
	case len(env.Signatures) > MaxSignatures:
		return tooManySignatures()
	case !utf8.ValidString(env.PayloadType):
		return sigErr(fault.BadEnvelope, hintReencode, "payload type is not valid utf-8")
	}
	for i, s := range env.Signatures {
		if !utf8.ValidString(s.KeyID) {
			return sigErr(fault.BadEnvelope, hintReencode, "signature %d: keyid is not valid utf-8", i)
		}
	}
	return nil
}

// decodeSig decodes one signature and checks its length, so that a
// malformed signature is reported as such rather than as a failed check.
func decodeSig(s string) ([]byte, error) {
	if s == "" {
		return nil, errors.New("empty")
	}
	sig, err := decodeBase64(s)
	if err != nil {
		return nil, fmt.Errorf("not base64: %v", err)
	}
	if len(sig) != ed25519.SignatureSize {
		return nil, fmt.Errorf("%d bytes, want %d", len(sig), ed25519.SignatureSize)
	}
	return sig, nil
}

// countSigners returns the ids of the distinct trusted keys under which some
// signature in sigs verifies over pae, stopping at threshold.
func countSigners(pae []byte, meta []Signature, sigs [][]byte, trusted *KeyRing, threshold int) []string {
	counted := make([]bool, trusted.Len())
	var ids []string
	for i, sig := range sigs {
		// A byte-for-byte copy of an earlier signature verifies under the
		// same keys as the original, so it can only add work, never a key.
		if slices.ContainsFunc(sigs[:i], func(prev []byte) bool { return bytes.Equal(prev, sig) }) {
			continue
		}
		k, ok := signerOf(pae, sig, meta[i].KeyID, trusted, counted)
		if !ok {
			continue
		}
		counted[k] = true
		if ids = append(ids, trusted.keys[k].id); len(ids) == threshold {
			break
		}
	}
	return ids
}

// signerOf returns the index of the first trusted key not yet counted under
// which sig verifies, trying the hinted key first.
func signerOf(pae, sig []byte, hint string, trusted *KeyRing, counted []bool) (int, bool) {
	h, hinted := trusted.lookup(hint)
	if hinted && !counted[h] && ed25519.Verify(trusted.keys[h].pub, pae, sig) {
		return h, true
	}
	for k, key := range trusted.keys {
		if (hinted && k == h) || counted[k] {
			continue
		}
		if ed25519.Verify(key.pub, pae, sig) {
			return k, true
		}
	}
	return 0, false
}

// tooFewSigners explains a verification that counted fewer than threshold
// keys. The keyids are consulted only to choose the message, never to decide.
func tooFewSigners(meta []Signature, ids []string, trusted *KeyRing, threshold int) *fault.Error {
	if len(ids) > 0 {
		return sigErr(fault.ThresholdNotMet, "ask for the receipt to be countersigned by more trusted keys",
			"%d of %d required trusted keys signed (%s)", len(ids), threshold, strings.Join(ids, ", "))
	}
	var unknown []string
	for _, s := range meta {
		if _, ok := trusted.lookup(s.KeyID); ok || s.KeyID == "" {
			return sigErr(fault.NoTrustedSignature, hintTampered, "no signature verifies under a trusted key")
		}
		if len(unknown) < 3 {
			unknown = append(unknown, strconv.Quote(clip(s.KeyID)))
		}
	}
	if len(meta) > len(unknown) {
		unknown = append(unknown, "…")
	}
	return sigErr(fault.UntrustedKey, hintTrust, "signed only by keys that are not trusted: %s", strings.Join(unknown, ", "))
}

// clip shortens an untrusted string before it is echoed in a message.
func clip(s string) string { return short.To(s, 40) }

// Unverified returns env's payload without checking any signature, for a
// verifier that accepts unsigned envelopes and holds no key to check
// signatures with. The envelope must still be well-formed, so that a
// malformed one is refused, not partly believed: it refuses as [Verify]
// does a nil envelope, more than [MaxSignatures] signatures, a keyid or
// payload type that is not UTF-8, a signature that is not well-formed, a
// payload type other than payloadType and a payload that is not base64.
func Unverified(env *Envelope, payloadType string) ([]byte, error) {
	if env == nil || len(env.Signatures) > MaxSignatures {
		return nil, checkShape(env)
	}
	if len(env.Signatures) > 0 {
		if err := checkShape(env); err != nil {
			return nil, err
		}
		for i, sg := range env.Signatures {
			if _, err := decodeSig(sg.Sig); err != nil {
				return nil, sigErr(fault.BadSignatureEncoding, hintReencode, "signature %d: %v", i, err)
			}
		}
	}
	if env.PayloadType != payloadType {
		return nil, sigErr(fault.UnknownPayloadType, "verify this envelope with the tool for its payload type",
			"payload type %q, want %q", clip(env.PayloadType), payloadType)
	}
	return env.DecodedPayload()
}
