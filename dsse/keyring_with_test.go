package dsse_test

import (
	"crypto"
	"crypto/ed25519"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/stretchr/testify/require"
)

func TestKeyRingWith(t *testing.T) {
	key := func(s string) ed25519.PublicKey { return testsign.Named(s).Public().(ed25519.PublicKey) }
	a, b := key("a"), key("b")
	base, err := dsse.NewKeyRing(a)
	require.NoError(t, err)
	cases := []struct {
		name string
		ring *dsse.KeyRing
		add  []ed25519.PublicKey
		want []string
	}{
		{"adds a new key", base, []ed25519.PublicKey{b}, []string{dsse.KeyID(a), dsse.KeyID(b)}},
		{"a trusted key once", base, []ed25519.PublicKey{a, b, b}, []string{dsse.KeyID(a), dsse.KeyID(b)}},
		{"to a nil ring", nil, []ed25519.PublicKey{b}, []string{dsse.KeyID(b)}},
		{"nothing to add", base, nil, []string{dsse.KeyID(a)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.ring.With(c.add...)
			require.NoError(t, err)
			require.Equal(t, c.want, got.KeyIDs())
		})
	}
	require.Equal(t, []string{dsse.KeyID(a)}, base.KeyIDs(), "the ring it extends is unchanged")
	_, err = base.With(ed25519.PublicKey{1, 2, 3})
	require.Error(t, err, "a key of the wrong size")
}

func TestSignerTellsItsPublicKey(t *testing.T) {
	priv := testsign.Named("signer")
	s := testsign.Signer(priv)
	p, ok := s.(interface{ Public() crypto.PublicKey })
	require.True(t, ok)
	pub, ok := p.Public().(ed25519.PublicKey)
	require.True(t, ok)
	require.Equal(t, priv.Public(), pub)
	require.Equal(t, s.KeyID(), dsse.KeyID(pub))
}
