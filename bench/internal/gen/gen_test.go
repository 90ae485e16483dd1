package gen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
)

const seedDir = "../../../receipt/testdata/requests"

// TestRequests checks that every generated request calculates, and that the
// generator is deterministic.
func TestRequests(t *testing.T) {
	seeds, err := LoadSeeds(seedDir)
	if err != nil {
		t.Fatal(err)
	}
	lines := Requests(seeds, 500)
	for _, line := range lines {
		req, err := receipt.DecodeRequest(line)
		if err != nil {
			t.Fatalf("DecodeRequest(%s): %v", line, err)
		}
		if _, err := receipt.Calculate(req); err != nil {
			t.Fatalf("Calculate(%s): %v", line, err)
		}
	}
	again := Requests(seeds, 500)
	for i := range lines {
		if !bytes.Equal(lines[i], again[i]) {
			t.Fatalf("line %d differs between runs", i)
		}
	}
}

func TestRevalue(t *testing.T) {
	if got := groupIndian("10963891"); got != "1,09,63,891" {
		t.Errorf("groupIndian = %q", got)
	}
	if got := groupWestern("1234567"); got != "1,234,567" {
		t.Errorf("groupWestern = %q", got)
	}
}

func TestFormulas(t *testing.T) {
	for _, f := range append(Seeds(), Terms(5000)) {
		lim := expr.Limits{MaxNodes: expr.CapMaxNodes, MaxBytes: expr.CapMaxBytes}
		p, err := expr.ParseLimits(f.Source, lim)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(p.Names()) != len(f.Vars) {
			t.Fatalf("%s: %d names, %d values", f.Name, len(p.Names()), len(f.Vars))
		}
	}
}

// TestQuotes checks that every quote is found by quote.Find and by the
// plain reference.
func TestQuotes(t *testing.T) {
	text := Filing(1 << 20)
	if text != Filing(1<<20) {
		t.Fatal("Filing is not deterministic")
	}
	ix, err := quote.NewIndex(text)
	if err != nil {
		t.Fatal(err)
	}
	plain := Plain(text)
	for _, q := range Quotes(text, 300) {
		m, err := ix.Find(q, quote.Options{})
		if err != nil || !m.Found {
			t.Fatalf("Find(%q) = %+v, %v", q, m, err)
		}
		if !strings.Contains(plain, Plain(q)) {
			t.Fatalf("plain reference misses %q", q)
		}
	}
}
