package dsse_test

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

// benchPayload is about the size of a receipt with a handful of quoted
// inputs: 2 KiB of JSON.
var benchPayload = func() []byte {
	var b strings.Builder
	b.WriteString(`{"type":"reckon.receipt/v1","formula":"(a + b + c) / (d + e)","inputs":[`)
	for i := 0; b.Len() < 2000; i++ {
		fmt.Fprintf(&b, `{"name":"x%d","display":"1,234.5","unit":"USD","scale":"million","quote":"Current portion of long-term debt 1,234.5"},`, i)
	}
	b.WriteString(`{}]}`)
	return []byte(b.String())
}()

func benchEnvelope(b *testing.B) (*dsse.Envelope, []byte) {
	env, err := dsse.Sign(receipt.PayloadType, benchPayload, testsign.Signer(testsign.Key(0)))
	if err != nil {
		b.Fatal(err)
	}
	data, err := json.Marshal(env)
	if err != nil {
		b.Fatal(err)
	}
	return env, data
}

func BenchmarkSign(b *testing.B) {
	signer := testsign.Signer(testsign.Key(0))
	b.SetBytes(int64(len(benchPayload)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dsse.Sign(receipt.PayloadType, benchPayload, signer); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerifyEnvelope(b *testing.B) {
	env, _ := benchEnvelope(b)
	ring := sigTestRing(b, 0)
	b.SetBytes(int64(len(benchPayload)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := dsse.Verify(env, receipt.PayloadType, ring, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeVerify is what a verifier handed JSON pays.
func BenchmarkDecodeVerify(b *testing.B) {
	_, data := benchEnvelope(b)
	ring := sigTestRing(b, 0)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		env, err := dsse.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := dsse.Verify(env, receipt.PayloadType, ring, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeEnvelope(b *testing.B) {
	_, data := benchEnvelope(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dsse.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEd25519Verify is the floor: crypto/ed25519 alone over the same
// PAE bytes. VerifyEnvelope's overhead is the difference.
func BenchmarkEd25519Verify(b *testing.B) {
	priv := testsign.Key(0)
	pub := priv.Public().(ed25519.PublicKey)
	pae := dsse.PAE(receipt.PayloadType, benchPayload)
	sig := ed25519.Sign(priv, pae)
	b.SetBytes(int64(len(benchPayload)))
	b.ReportAllocs()
	for b.Loop() {
		if !ed25519.Verify(pub, pae, sig) {
			b.Fatal("verify failed")
		}
	}
}

// BenchmarkEd25519Sign is the floor for BenchmarkSign.
func BenchmarkEd25519Sign(b *testing.B) {
	priv := testsign.Key(0)
	pae := dsse.PAE(receipt.PayloadType, benchPayload)
	b.SetBytes(int64(len(benchPayload)))
	b.ReportAllocs()
	for b.Loop() {
		ed25519.Sign(priv, pae)
	}
}
