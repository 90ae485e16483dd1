// Package dsse signs and checks DSSE v1 envelopes with Ed25519 keys: the
// signing layer under reckon's receipts.
//
// An [Envelope] holds a payload, its type, and signatures, each over
// [PAE] of the two, so the type is authenticated with the bytes. [Sign]
// signs with one or more [Signer]s ([NewEd25519Signer] wraps an in-memory
// key; implement Signer to keep the key in a KMS or an HSM) and refuses to
// produce an unsigned envelope unless asked by name with [Unsigned].
// [Decode] reads an envelope's JSON strictly. [Verify] checks that at
// least a threshold of distinct keys of a [KeyRing] signed it, each counted
// once, the keyid only a hint, and only then returns the payload;
// [Unverified] returns the payload of a well-formed envelope without
// checking signatures, for verifiers that accept unsigned envelopes.
//
// Keys are ed25519 in standard PEM (PKCS#8 private, PKIX public), so
// openssl and other languages read and write them ([ParsePrivateKey],
// [ParsePublicKey], [MarshalPrivateKey], [MarshalPublicKey]). A key id is
// "ed25519:" and the first 8 bytes of the SHA-256 of the PKIX public key,
// in hex ([KeyID]).
//
// A receipt is signed and verified through package receipt (receipt.Seal,
// receipt.Open), which checks the signatures here first and then
// re-executes the calculation the payload records. Every refusal is a
// [*fault.Error] with a stable code.
package dsse
