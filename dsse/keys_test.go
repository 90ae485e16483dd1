package dsse_test

import (
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
)

// opensslKeyID is the key id of testdata/keys/openssl-ed25519.pub.pem,
// computed with openssl and sha256sum (see testdata/keys/README).
const opensslKeyID = "ed25519:3a9a7546df18ae66"

func TestKeyIDScheme(t *testing.T) {
	for b := range byte(8) {
		pub := testsign.Public(b * 32)
		der, err := x509.MarshalPKIXPublicKey(pub)
		require.NoError(t, err)
		sum := sha256.Sum256(der)
		want := "ed25519:" + hex.EncodeToString(sum[:8])
		require.Equal(t, want, dsse.KeyID(pub), "KeyID(key %d)", b)
	}
	pub, err := dsse.ParsePublicKey(readTestdata(t, "keys", "openssl-ed25519.pub.pem"))
	require.NoError(t, err)
	require.Equal(t, opensslKeyID, dsse.KeyID(pub))
}

func TestPEMRoundTrip(t *testing.T) {
	for b := range byte(4) {
		priv := testsign.Key(b * 64)
		pub := priv.Public().(ed25519.PublicKey)

		privPEM, err := dsse.MarshalPrivateKey(priv)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(string(privPEM), "-----BEGIN PRIVATE KEY-----\n"))
		gotPriv, err := dsse.ParsePrivateKey(privPEM)
		require.NoError(t, err)
		require.Equal(t, priv, gotPriv)

		pubPEM, err := dsse.MarshalPublicKey(pub)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(string(pubPEM), "-----BEGIN PUBLIC KEY-----\n"))
		gotPub, err := dsse.ParsePublicKey(pubPEM)
		require.NoError(t, err)
		require.Equal(t, pub, gotPub)
	}
}

// TestOpenSSLKeys checks both directions against keys openssl wrote: they
// parse, and marshalling the parsed keys reproduces openssl's files byte for
// byte.
func TestOpenSSLKeys(t *testing.T) {
	privPEM := readTestdata(t, "keys", "openssl-ed25519.pem")
	pubPEM := readTestdata(t, "keys", "openssl-ed25519.pub.pem")

	priv, err := dsse.ParsePrivateKey(privPEM)
	require.NoError(t, err)
	pub, err := dsse.ParsePublicKey(pubPEM)
	require.NoError(t, err)
	require.Equal(t, pub, priv.Public(), "the private key's public half")

	got, err := dsse.MarshalPrivateKey(priv)
	require.NoError(t, err)
	require.Equal(t, string(privPEM), string(got))
	got, err = dsse.MarshalPublicKey(pub)
	require.NoError(t, err)
	require.Equal(t, string(pubPEM), string(got))
}

func TestParseKeyRefusals(t *testing.T) {
	privPEM := string(readTestdata(t, "keys", "openssl-ed25519.pem"))
	pubPEM := string(readTestdata(t, "keys", "openssl-ed25519.pub.pem"))
	block := func(typ string, der []byte, headers map[string]string) string {
		return string(pem.EncodeToMemory(&pem.Block{Type: typ, Headers: headers, Bytes: der}))
	}
	privDER, _ := pem.Decode([]byte(privPEM))
	pubDER, _ := pem.Decode([]byte(pubPEM))
	const private, public = "private", "public"

	tests := []struct {
		name, in, kind string
		code           string // "" means accepted
		reason         string
	}{
		{name: "private", in: privPEM, kind: private},
		{name: "public", in: pubPEM, kind: public},
		{name: "white space around", in: "\n\n" + privPEM + "\n\t \n", kind: private},
		{name: "no trailing newline", in: strings.TrimSuffix(pubPEM, "\n"), kind: public},
		{name: "empty", in: "", kind: private, code: fault.BadKey},
		{name: "not pem", in: "ed25519 key", kind: public, code: fault.BadKey},
		{name: "text before", in: "my key:\n" + privPEM, kind: private, code: fault.BadKey,
			reason: "pem.Decode skips it silently"},
		{name: "text after", in: pubPEM + "x", kind: public, code: fault.BadKey},
		{name: "two private blocks", in: privPEM + privPEM, kind: private, code: fault.BadKey,
			reason: "which key would be meant is ambiguous"},
		{name: "private then public", in: privPEM + pubPEM, kind: private, code: fault.BadKey},
		{name: "public as private", in: pubPEM, kind: private, code: fault.UnsupportedKey},
		{name: "private as public", in: privPEM, kind: public, code: fault.UnsupportedKey},
		{name: "p256 private", in: string(readTestdata(t, "keys", "openssl-p256.pem")), kind: private, code: fault.UnsupportedKey},
		{name: "p256 public", in: string(readTestdata(t, "keys", "openssl-p256.pub.pem")), kind: public, code: fault.UnsupportedKey},
		{name: "ed448 private", in: string(readTestdata(t, "keys", "openssl-ed448.pem")), kind: private, code: fault.UnsupportedKey,
			reason: "crypto/x509 does not know Ed448; the OID is read to say so"},
		{name: "ed448 public", in: string(readTestdata(t, "keys", "openssl-ed448.pub.pem")), kind: public, code: fault.UnsupportedKey},
		{name: "encrypted", in: string(readTestdata(t, "keys", "openssl-ed25519-encrypted.pem")), kind: private, code: fault.UnsupportedKey},
		{name: "pem headers", in: block("PRIVATE KEY", privDER.Bytes, map[string]string{"Proc-Type": "4,ENCRYPTED"}), kind: private, code: fault.UnsupportedKey},
		{name: "openssh", in: block("OPENSSH PRIVATE KEY", []byte("openssh-key-v1"), nil), kind: private, code: fault.UnsupportedKey},
		{name: "junk der private", in: block("PRIVATE KEY", []byte{0x30, 0x03, 0x02, 0x01, 0x00}, nil), kind: private, code: fault.BadKey},
		{name: "junk der public", in: block("PUBLIC KEY", []byte("junk"), nil), kind: public, code: fault.BadKey},
		{name: "trailing der private", in: block("PRIVATE KEY", append(privDER.Bytes[:len(privDER.Bytes):len(privDER.Bytes)], 0), nil), kind: private, code: fault.BadKey,
			reason: "x509.ParsePKCS8PrivateKey ignores bytes after the key"},
		{name: "trailing der public", in: block("PUBLIC KEY", append(pubDER.Bytes[:len(pubDER.Bytes):len(pubDER.Bytes)], 0), nil), kind: public, code: fault.BadKey},
		{name: "short ed25519 seed", in: block("PRIVATE KEY", []byte{0x30, 0x2d, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
			0x04, 0x21, 0x04, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, nil), kind: private, code: fault.BadKey},
		{name: "short ed25519 public", in: block("PUBLIC KEY", append(
			[]byte{0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x20, 0x00}, make([]byte, 31)...), nil), kind: public, code: fault.BadKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.kind == private {
				_, err = dsse.ParsePrivateKey([]byte(tc.in))
			} else {
				_, err = dsse.ParsePublicKey([]byte(tc.in))
			}
			if tc.code == "" {
				require.NoError(t, err)
				return
			}
			requireSigCode(t, err, tc.code)
		})
	}
}

func TestMarshalKeyRefusals(t *testing.T) {
	_, err := dsse.MarshalPrivateKey(make(ed25519.PrivateKey, 32))
	requireSigCode(t, err, fault.BadKey)
	_, err = dsse.MarshalPublicKey(make(ed25519.PublicKey, 31))
	requireSigCode(t, err, fault.BadKey)
}

func TestKeyRing(t *testing.T) {
	a, b := testsign.Public(0), testsign.Public(1)
	ring, err := dsse.NewKeyRing(a, b)
	require.NoError(t, err)
	require.Equal(t, 2, ring.Len())
	require.Equal(t, []string{dsse.KeyID(a), dsse.KeyID(b)}, ring.KeyIDs())

	a[0] ^= 1 // the ring holds its own copy
	require.Equal(t, dsse.KeyID(testsign.Public(0)), ring.KeyIDs()[0])

	_, err = dsse.NewKeyRing(testsign.Public(0), testsign.Public(0))
	requireSigCode(t, err, fault.DuplicateKey)
	_, err = dsse.NewKeyRing(make(ed25519.PublicKey, 33))
	requireSigCode(t, err, fault.BadKey)

	var none *dsse.KeyRing
	require.Equal(t, 0, none.Len())
	require.Empty(t, none.KeyIDs())
}
