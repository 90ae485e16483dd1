package scoring_test

import (
	"testing"

	"github.com/reckonhq/reckon/scoring"
)

func BenchmarkParse(b *testing.B) {
	in, r := read(b, "blocks/example.md"), scoring.GrantFit()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := scoring.Parse(in, r, sourceNames); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	in, r, ixs := read(b, "blocks/example.md"), scoring.GrantFit(), sources(b)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if rep := scoreReport(in, r, ixs, scoring.Options{}); !rep.OK {
			b.Fatal(rep.Errors)
		}
	}
}

func BenchmarkPrompt(b *testing.B) {
	r := scoring.GrantFit()
	for b.Loop() {
		_ = scoring.Prompt(r, sourceNames)
	}
}
