// Package testsign gives tests a signer for a key they built correctly:
// the one home of the test-only Must twin of dsse.NewEd25519Signer.
package testsign

import (
	"crypto/ed25519"

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
