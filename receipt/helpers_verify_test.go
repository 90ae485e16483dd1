package receipt

import (
	"maps"
	"slices"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/dsse"
	_ "github.com/reckonhq/reckon/operation/standard" // the tests calculate and verify named operations
	"github.com/reckonhq/reckon/quote"
)

// verifyReport is the report [Open] gives env, accepted or not.
func verifyReport(env *dsse.Envelope, trusted *dsse.KeyRing, policy Policy) *Report {
	return verifyWith(env, VerifyOptions{Trusted: trusted, Policy: policy})
}

// verifyWith is the report [Open] gives env under opts, accepted or not.
func verifyWith(env *dsse.Envelope, opts VerifyOptions) *Report {
	_, rep := verify(env, opts)
	return rep
}

// verifyResponseReport is the report [OpenResponse] gives data, accepted
// or not.
func verifyResponseReport(data []byte, opts VerifyOptions) *Report {
	rep, _ := verifyResponse(data, opts)
	return rep
}

// sourcesOf registers each text (name → text) as a plain-text document,
// whose rendering is the text itself; quotes are looked up in them with
// opts (its limits, tier policy and ellipsis switch).
func sourcesOf(texts map[string]string, opts quote.Options) (*quote.Sources, error) {
	var docs []*document.Document
	for _, name := range slices.Sorted(maps.Keys(texts)) {
		docs = append(docs, document.MustParse(name, texts[name], document.Text))
	}
	return quote.SourcesFrom(opts, docs...)
}
