package dsse

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
)

// Signer produces Ed25519 signatures for envelopes. [NewEd25519Signer] wraps
// an in-memory key; implement Signer to keep the key in a KMS or an HSM.
// A Signer that also has a method Public() crypto.PublicKey returning its
// [ed25519.PublicKey], as [crypto.Signer] does and NewEd25519Signer's
// does, is trusted by the tool sets it signs for without being told.
//
// Like golang.org/x/mod/sumdb/note's Signer, it has no context argument: an
// implementation that calls out over the network carries its own deadline.
type Signer interface {
	// KeyID returns the [KeyID] of the signer's public key. It is written,
	// unauthenticated, next to each signature as a hint for verifiers.
	KeyID() string
	// Sign returns the Ed25519 signature of msg, which is [PAE] output.
	Sign(msg []byte) ([]byte, error)
}

// Unsigned returns the signer that, given as the one signer to [Sign]
// (or receipt.Seal and receipt.Respond), asks by name for an envelope with no signatures, which
// verifiers accept only under a policy that allows unsigned receipts.
// Sealing with no signer at all is refused: a caller who meant to sign
// never gets an unsigned envelope.
func Unsigned() Signer { return unsigned{} }

// unsigned is [Unsigned]'s signer, known by its type.
type unsigned struct{}

// isUnsigned reports whether s is [Unsigned]'s signer.
func isUnsigned(s Signer) bool {
	_, ok := s.(unsigned)
	return ok
}

// isNil reports whether s is nil, as an interface or as a typed nil
// pointer, func, map, slice or channel a caller meant as none.
func isNil(s Signer) bool {
	if s == nil {
		return true
	}
	switch v := reflect.ValueOf(s); v.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func (unsigned) KeyID() string { return "" }

func (unsigned) Sign([]byte) ([]byte, error) {
	return nil, sigErr(fault.NoSigners, "give dsse.Unsigned() alone", "dsse.Unsigned() signs nothing")
}

// NewEd25519Signer returns a [Signer] for priv. It copies the key. Like
// golang.org/x/mod/sumdb/note.NewSigner, it refuses bad key material rather
// than panicking: a key that is not [ed25519.PrivateKeySize] bytes, or whose
// public half does not belong to its seed, is refused with a
// [*fault.Error] whose code is [fault.BadKey].
func NewEd25519Signer(priv ed25519.PrivateKey) (Signer, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return nil, sigErr(fault.BadKey, hintRawKey,
			"ed25519 private key has %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
	}
	key := ed25519.NewKeyFromSeed(priv.Seed())
	if !bytes.Equal(key, priv) {
		return nil, sigErr(fault.BadKey, hintRawKey, "ed25519 private key's public half does not match its seed")
	}
	return &ed25519Signer{id: KeyID(key.Public().(ed25519.PublicKey)), key: key}, nil
}

// hintRawKey names the ways to obtain well-formed key material.
const hintRawKey = "pass the key from ed25519.GenerateKey or ed25519.NewKeyFromSeed, or read a PEM key with ParsePrivateKey"

type ed25519Signer struct {
	id  string
	key ed25519.PrivateKey
}

func (s *ed25519Signer) KeyID() string { return s.id }

// Public returns the signer's public key, an [ed25519.PublicKey], as
// [crypto.Signer] does: a tool set that signs with it trusts it without
// being told.
func (s *ed25519Signer) Public() crypto.PublicKey { return s.key.Public() }

func (s *ed25519Signer) Sign(msg []byte) ([]byte, error) { return ed25519.Sign(s.key, msg), nil }

// Sign signs payload as payloadType with each signer, in order, and
// returns the envelope. Each signature is over PAE(payloadType, payload), so
// the type is authenticated along with the bytes. Receipts use
// receipt.PayloadType. [Unsigned], given alone, asks for an envelope with
// no signatures.
//
// It refuses, with a [*fault.Error], an empty or non-UTF-8 payload type,
// no signers, more than [MaxSignatures] signers, a signer whose key id is not
// UTF-8, and a signature that is not [ed25519.SignatureSize] bytes. An error
// from a signer is returned wrapped, naming the signer's key id.
func Sign(payloadType string, payload []byte, signers ...Signer) (*Envelope, error) {
	switch {
	case payloadType == "" || !utf8.ValidString(payloadType):
		return nil, sigErr(fault.BadPayloadType, "pass a media type such as receipt.PayloadType",
			"payload type %q is empty or not utf-8", payloadType)
	case len(signers) == 0:
		return nil, sigErr(fault.NoSigners, "pass at least one signer", "no signers")
	case len(signers) == 1 && isUnsigned(signers[0]):
		return &Envelope{PayloadType: payloadType, Payload: encodeBase64(payload), Signatures: []Signature{}}, nil
	case len(signers) > MaxSignatures:
		return nil, tooManySignatures()
	}
	pae := PAE(payloadType, payload)
	env := &Envelope{
		PayloadType: payloadType,
		Payload:     encodeBase64(payload),
		Signatures:  make([]Signature, len(signers)),
	}
	for i, s := range signers {
		if isNil(s) || isUnsigned(s) {
			return nil, sigErr(fault.NoSigners, "pass a signer such as dsse.NewEd25519Signer(key), or dsse.Unsigned() alone for no signature",
				"signer %d is %s", i, map[bool]string{true: "nil", false: "dsse.Unsigned() beside other signers"}[isNil(s)])
		}
		id := s.KeyID()
		if !utf8.ValidString(id) {
			return nil, sigErr(fault.BadKey, "", "signer %d: key id %q is not utf-8", i, id)
		}
		sig, err := s.Sign(pae)
		if err != nil {
			return nil, fmt.Errorf("sign envelope: signer %q: %w", id, err)
		}
		if len(sig) != ed25519.SignatureSize {
			return nil, sigErr(fault.BadSignatureEncoding, "a signer must return a raw 64-byte ed25519 signature",
				"signer %q returned %d bytes, want %d", id, len(sig), ed25519.SignatureSize)
		}
		env.Signatures[i] = Signature{KeyID: id, Sig: encodeBase64(sig)}
	}
	return env, nil
}
