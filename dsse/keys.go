package dsse

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"encoding/pem"
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// PEM block types. They are the ones openssl writes and reads, so a key made
// by either side works on the other.
const (
	privateKeyPEMType = "PRIVATE KEY" // PKCS#8, RFC 5208 and RFC 8410
	publicKeyPEMType  = "PUBLIC KEY"  // PKIX SubjectPublicKeyInfo, RFC 5280 and RFC 8410
)

// ed25519PKIXPrefix is the DER encoding of an Ed25519 SubjectPublicKeyInfo up
// to the 32 key bytes (RFC 8410, section 4): SEQUENCE { SEQUENCE { OID
// 1.3.101.112 }, BIT STRING { 0 unused bits, key } }. The encoding has no
// variable parts, so KeyID can hash prefix and key without an ASN.1 encoder.
var ed25519PKIXPrefix = []byte{0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00}

var oidEd25519 = asn1.ObjectIdentifier{1, 3, 101, 112}

// KeyID returns the identifier of an Ed25519 public key that [Seal]
// writes in each signature's keyid:
//
//	"ed25519:" + hex(SHA-256(PKIX DER of pub)[:8])
//
// that is, the algorithm, a colon, and the first 8 bytes of the SHA-256 of
// the key's DER SubjectPublicKeyInfo in lower-case hex, 24 characters in all.
// The choice:
//
//   - It hashes the bytes inside the public key's PEM file, so anyone can
//     compute it from that file without reckon (see below).
//   - The DER names the algorithm, so the same 32 bytes under another
//     algorithm would get another id; the prefix says the same to a reader.
//   - 64 bits is ample for what a key id is in DSSE: an unauthenticated hint
//     that picks which trusted key to try first. Verification never trusts
//     it (see [Open]), so a collision costs time, not safety.
//
// With openssl, the 16 hex digits of the id of the key in key.pub are
//
//	openssl pkey -pubin -in key.pub -outform DER | sha256sum | cut -c1-16
//
// KeyID is defined for keys of [ed25519.PublicKeySize] bytes; for any other
// length its result names no valid key.
func KeyID(pub ed25519.PublicKey) string {
	h := sha256.New()
	h.Write(ed25519PKIXPrefix)
	h.Write(pub)
	var sum [sha256.Size]byte
	return "ed25519:" + hex.EncodeToString(h.Sum(sum[:0])[:8])
}

// MarshalPrivateKey encodes an Ed25519 private key as a PEM "PRIVATE KEY"
// block holding its PKCS#8 DER, the form openssl genpkey writes. Keep the
// result secret: it is not encrypted.
func MarshalPrivateKey(priv ed25519.PrivateKey) ([]byte, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return nil, sigErr(fault.BadKey, "", "ed25519 private key has %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("marshal private key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: privateKeyPEMType, Bytes: der}), nil
}

// MarshalPublicKey encodes an Ed25519 public key as a PEM "PUBLIC KEY" block
// holding its PKIX DER, the form openssl pkey -pubout writes.
func MarshalPublicKey(pub ed25519.PublicKey) ([]byte, error) {
	if len(pub) != ed25519.PublicKeySize {
		return nil, sigErr(fault.BadKey, "", "ed25519 public key has %d bytes, want %d", len(pub), ed25519.PublicKeySize)
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, fmt.Errorf("marshal public key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: publicKeyPEMType, Bytes: der}), nil
}

// ParsePrivateKey decodes a PEM "PRIVATE KEY" block holding an unencrypted
// PKCS#8 Ed25519 key. The input must hold exactly that one block, with
// nothing but white space around it. Refusals are [*fault.Error] values:
// unsupported_key for another algorithm, another block type or an encrypted
// key; bad_key for anything malformed.
func ParsePrivateKey(pemBytes []byte) (ed25519.PrivateKey, error) {
	der, err := onePEMBlock(pemBytes, privateKeyPEMType, hintPEMKey)
	if err != nil {
		return nil, err
	}
	if err := noTrailingDER(der); err != nil {
		return nil, err
	}
	// Read the algorithm first: crypto/x509 refuses algorithms it does not
	// know (Ed448) with an error that does not say which, and its ASN.1
	// errors are not fit for a person.
	var head struct {
		Version int
		Algo    pkix.AlgorithmIdentifier
		Key     []byte
	}
	if _, err := asn1.Unmarshal(der, &head); err != nil {
		return nil, sigErr(fault.BadKey, hintPEMKey, "pem block does not hold a pkcs#8 private key")
	}
	if !head.Algo.Algorithm.Equal(oidEd25519) {
		return nil, unsupportedAlgorithm(head.Algo.Algorithm, hintPEMKey)
	}
	key, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, sigErr(fault.BadKey, hintPEMKey, "parse private key: %v", err)
	}
	return key.(ed25519.PrivateKey), nil // the OID is Ed25519's
}

// ParsePublicKey decodes a PEM "PUBLIC KEY" block holding a PKIX Ed25519
// public key, with the same strictness and refusals as [ParsePrivateKey].
func ParsePublicKey(pemBytes []byte) (ed25519.PublicKey, error) {
	der, err := onePEMBlock(pemBytes, publicKeyPEMType, hintPublicPEM)
	if err != nil {
		return nil, err
	}
	var head struct {
		Algo pkix.AlgorithmIdentifier
		Key  asn1.BitString
	}
	if _, err := asn1.Unmarshal(der, &head); err != nil {
		return nil, sigErr(fault.BadKey, hintPublicPEM, "pem block does not hold a pkix public key")
	}
	if !head.Algo.Algorithm.Equal(oidEd25519) {
		return nil, unsupportedAlgorithm(head.Algo.Algorithm, hintPublicPEM)
	}
	key, err := x509.ParsePKIXPublicKey(der) // refuses trailing DER itself
	if err != nil {
		return nil, sigErr(fault.BadKey, hintPublicPEM, "parse public key: %v", err)
	}
	return key.(ed25519.PublicKey), nil // the OID is Ed25519's
}

// onePEMBlock returns the DER inside the single PEM block of type want.
// pem.Decode skips any text before a block and leaves the rest for the
// caller, so both ends are checked here: a key file is one block, and
// anything else in it is a mistake worth reporting.
func onePEMBlock(data []byte, want, hint string) ([]byte, error) {
	block, rest := pem.Decode(data)
	if block == nil {
		return nil, sigErr(fault.BadKey, hint, "no pem block found")
	}
	if i := bytes.Index(data, []byte("-----BEGIN")); len(bytes.TrimSpace(data[:i])) > 0 {
		return nil, sigErr(fault.BadKey, hint, "data before the pem block")
	}
	if rest = bytes.TrimSpace(rest); len(rest) > 0 {
		if next, _ := pem.Decode(rest); next != nil {
			return nil, sigErr(fault.BadKey, hint, "more than one pem block")
		}
		return nil, sigErr(fault.BadKey, hint, "data after the pem block")
	}
	switch {
	case len(block.Headers) > 0:
		return nil, sigErr(fault.UnsupportedKey, hintUnencrypted, "pem headers are not supported (is the key encrypted?)")
	case block.Type == "ENCRYPTED PRIVATE KEY":
		return nil, sigErr(fault.UnsupportedKey, hintUnencrypted, "encrypted private keys are not supported")
	case block.Type != want:
		return nil, sigErr(fault.UnsupportedKey, hint, "pem block is %q, want %q", block.Type, want)
	}
	return block.Bytes, nil
}

// noTrailingDER refuses bytes after the outer DER value, which
// x509.ParsePKCS8PrivateKey ignores.
func noTrailingDER(der []byte) error {
	var v asn1.RawValue
	rest, err := asn1.Unmarshal(der, &v)
	if err != nil {
		return sigErr(fault.BadKey, hintPEMKey, "parse private key: %v", err)
	}
	if len(rest) > 0 {
		return sigErr(fault.BadKey, hintPEMKey, "%d bytes of data after the private key", len(rest))
	}
	return nil
}

// algorithmNames names the key algorithms a user is likely to hand over
// instead of Ed25519, for error messages.
var algorithmNames = map[string]string{
	"1.2.840.113549.1.1.1": "rsa",
	"1.2.840.10045.2.1":    "ecdsa",
	"1.3.101.110":          "x25519",
	"1.3.101.111":          "x448",
	"1.3.101.113":          "ed448",
}

func unsupportedAlgorithm(oid asn1.ObjectIdentifier, hint string) *fault.Error {
	name, ok := algorithmNames[oid.String()]
	if !ok {
		name = "an algorithm with oid " + oid.String()
	}
	return sigErr(fault.UnsupportedKey, hint, "key is %s, not ed25519", name)
}
