// Package prof holds the benchmarks that bench/run.sh profiles when a
// target is missed: one JSON line through the calc and verify paths.
package prof

import (
	"crypto/ed25519"
	"encoding/json"
	"testing"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

func lines(b *testing.B) [][]byte {
	seeds, err := gen.LoadSeeds("../../../receipt/testdata/requests")
	if err != nil {
		b.Fatal(err)
	}
	return gen.Requests(seeds, 500)
}

// BenchmarkCalcLine is one `reckon calc -jsonl` line, unsigned, without I/O.
func BenchmarkCalcLine(b *testing.B) {
	ls := lines(b)
	b.ReportAllocs()
	i := 0
	var out []byte // one buffer reused, as calc -jsonl reuses its chunks'
	for b.Loop() {
		req, err := receipt.DecodeRequest(ls[i%len(ls)])
		if err != nil {
			b.Fatal(err)
		}
		out = append(receipt.Respond(req, dsse.Unsigned()).AppendJSON(out[:0]), '\n')
		i++
	}
}

// BenchmarkCalcLineSigned is BenchmarkCalcLine with each receipt signed,
// as `reckon calc -key -jsonl` does.
func BenchmarkCalcLineSigned(b *testing.B) {
	ls := lines(b)
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		b.Fatal(err)
	}
	signer := testsign.Signer(priv)
	b.ReportAllocs()
	i := 0
	var out []byte
	for b.Loop() {
		req, err := receipt.DecodeRequest(ls[i%len(ls)])
		if err != nil {
			b.Fatal(err)
		}
		out = append(receipt.Respond(req, signer).AppendJSON(out[:0]), '\n')
		i++
	}
}

// BenchmarkVerifyLine is one `reckon verify -jsonl` line without I/O.
func BenchmarkVerifyLine(b *testing.B) {
	ls := lines(b)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		b.Fatal(err)
	}
	ring, err := dsse.NewKeyRing(pub)
	if err != nil {
		b.Fatal(err)
	}
	signer := testsign.Signer(priv)
	var envs [][]byte
	for _, l := range ls {
		req, err := receipt.DecodeRequest(l)
		if err != nil {
			b.Fatal(err)
		}
		resp := receipt.Respond(req, signer)
		env, err := json.Marshal(resp.Receipt)
		if err != nil {
			b.Fatal(err)
		}
		envs = append(envs, env)
	}
	b.ReportAllocs()
	i := 0
	var out []byte
	for b.Loop() {
		env, err := dsse.Decode(envs[i%len(envs)])
		if err != nil {
			b.Fatal(err)
		}
		rep := &receipt.Report{}
		if _, err := receipt.Open(env, receipt.VerifyOptions{Trusted: ring, Report: rep}); err != nil {
			b.Fatal(err)
		}
		out = append(rep.AppendJSON(out[:0]), '\n')
		i++
	}
}
