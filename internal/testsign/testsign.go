// Package testsign gives tests their keys and a signer for a key they
// built correctly: the one home of the deterministic test keys and of the
// test-only Must twin of dsse.NewEd25519Signer. Ed25519 signatures are
// deterministic, so what these keys sign is golden.
package testsign

import (
	"crypto/ed25519"
	"crypto/sha256"

	"github.com/reckonhq/reckon/dsse"
)

// Signer returns the signer for priv, panicking on a key that is not one,
// as a test's own programming error should.
func Signer(priv ed25519.PrivateKey) dsse.Signer {
	s, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		panic(err)
	}
	return s
}

// Key returns the key whose 32-byte seed is b, b+1, b+2, ….
func Key(b byte) ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = b + byte(i)
	}
	return ed25519.NewKeyFromSeed(seed)
}

// Public returns the public key of Key(b).
func Public(b byte) ed25519.PublicKey { return Key(b).Public().(ed25519.PublicKey) }

// Named returns the key whose seed is the SHA-256 of name.
func Named(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte(name))
	return ed25519.NewKeyFromSeed(seed[:])
}
