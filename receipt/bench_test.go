package receipt

import (
	"crypto/ed25519"
	"encoding/base64"
	"testing"

	"github.com/reckonhq/reckon/dsse"
)

func BenchmarkCalculate(b *testing.B) {
	req := loadRequest(b, "costco")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Calculate(req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRespondSigned(b *testing.B) {
	req := loadRequest(b, "costco")
	s, _ := testSigner(1)
	b.ReportAllocs()
	for b.Loop() {
		if resp := Respond(req, s); !resp.OK {
			b.Fatal(resp.Error)
		}
	}
}

// BenchmarkVerify is a whole verification: signature, strict decode,
// re-execution, comparison. BenchmarkEd25519Verify is its floor.
func BenchmarkVerify(b *testing.B) {
	s, pub := testSigner(1)
	ring := testRing(b, pub)
	_, env := signed(b, "costco", s)
	b.ReportAllocs()
	for b.Loop() {
		if rep := verifyReport(env, ring, Policy{}); !rep.OK {
			b.Fatal(rep.Reasons)
		}
	}
}

func BenchmarkEd25519Verify(b *testing.B) {
	s, pub := testSigner(1)
	_, env := signed(b, "costco", s)
	payload, _ := env.DecodedPayload()
	sig, _ := base64.StdEncoding.DecodeString(env.Signatures[0].Sig)
	msg := dsse.PAE(PayloadType, payload)
	for b.Loop() {
		if !ed25519.Verify(pub, msg, sig) {
			b.Fatal("bad signature")
		}
	}
}

// BenchmarkVerifyResponse verifies a whole calc response as JSON, the
// input of `reckon verify`: BenchmarkVerify and the response's cross-check.
func BenchmarkVerifyResponse(b *testing.B) {
	s, pub := testSigner(1)
	ring := testRing(b, pub)
	line := responseLine(b, "costco", s)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := OpenResponse(line, VerifyOptions{Trusted: ring}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyResponseReport is BenchmarkVerifyResponse without
// decoding the receipt it returns, as `reckon verify` runs it.
func BenchmarkVerifyResponseReport(b *testing.B) {
	s, pub := testSigner(1)
	ring := testRing(b, pub)
	line := responseLine(b, "costco", s)
	b.ReportAllocs()
	for b.Loop() {
		if rep := verifyResponseReport(line, VerifyOptions{Trusted: ring}); !rep.OK {
			b.Fatal(rep.Reasons)
		}
	}
}

// BenchmarkCalculateSeeds calculates each seed request in turn: the mean
// the README's figure for Calculate is.
func BenchmarkCalculateSeeds(b *testing.B) {
	var reqs []*Request
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		reqs = append(reqs, loadRequest(b, name))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Calculate(reqs[i%len(reqs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
