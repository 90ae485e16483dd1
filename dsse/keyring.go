package dsse

import (
	"crypto/ed25519"
	"slices"

	"github.com/reckonhq/reckon/fault"
)

// KeyRing is a set of trusted Ed25519 public keys, the keys whose signatures
// [Open] counts. A KeyRing is immutable and safe for concurrent use.
// The zero KeyRing and a nil *KeyRing trust no key.
type KeyRing struct {
	keys []trustedKey
	byID map[string]int // KeyID → index in keys
}

type trustedKey struct {
	id  string
	pub ed25519.PublicKey
}

// NewKeyRing returns a key ring trusting keys, which it copies. It refuses,
// with a [*fault.Error], a key that is not [ed25519.PublicKeySize] bytes
// (bad_key) and a key given twice (duplicate_key): a threshold counts
// distinct keys, and a repeated key would make the ring look larger than it is.
func NewKeyRing(keys ...ed25519.PublicKey) (*KeyRing, error) {
	r := &KeyRing{byID: make(map[string]int, len(keys))}
	for i, pub := range keys {
		if len(pub) != ed25519.PublicKeySize {
			return nil, sigErr(fault.BadKey, "", "trusted key %d has %d bytes, want %d", i, len(pub), ed25519.PublicKeySize)
		}
		id := KeyID(pub)
		if _, dup := r.byID[id]; dup {
			return nil, sigErr(fault.DuplicateKey, "list each trusted key once", "trusted key %d (%s) is listed twice", i, id)
		}
		r.byID[id] = len(r.keys)
		r.keys = append(r.keys, trustedKey{id: id, pub: slices.Clone(pub)})
	}
	return r, nil
}

// With returns a key ring trusting the keys of r and keys; a key r
// already trusts, or given twice, is trusted once. r is unchanged. It
// refuses, like [NewKeyRing], a key of the wrong size.
func (r *KeyRing) With(keys ...ed25519.PublicKey) (*KeyRing, error) {
	all := make([]ed25519.PublicKey, 0, r.Len()+len(keys))
	seen := map[string]bool{}
	for i := range r.Len() {
		all = append(all, r.keys[i].pub)
		seen[r.keys[i].id] = true
	}
	for _, k := range keys {
		if len(k) == ed25519.PublicKeySize {
			if id := KeyID(k); seen[id] {
				continue
			} else {
				seen[id] = true
			}
		}
		all = append(all, k)
	}
	return NewKeyRing(all...)
}

// Len reports how many keys r trusts.
func (r *KeyRing) Len() int {
	if r == nil {
		return 0
	}
	return len(r.keys)
}

// KeyIDs returns the [KeyID] of each trusted key, in the order given to
// [NewKeyRing].
func (r *KeyRing) KeyIDs() []string {
	ids := make([]string, r.Len())
	for i := range ids {
		ids[i] = r.keys[i].id
	}
	return ids
}

// lookup returns the index of the trusted key whose id is id, if any.
func (r *KeyRing) lookup(id string) (int, bool) {
	if r == nil {
		return 0, false
	}
	i, ok := r.byID[id]
	return i, ok
}
