package receipt

import (
	"fmt"
	"maps"
	"slices"

	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/fault"
	_ "github.com/reckonhq/reckon/operation/standard" // the tests calculate and verify named operations
	"github.com/reckonhq/reckon/quote"
)

// verifyReport is the report [Open] gives env, accepted or not.
func verifyReport(env *Envelope, trusted *KeyRing, policy Policy) *Report {
	return verifyWith(env, VerifyOptions{Trusted: trusted, Policy: policy})
}

// verifyWith is the report [Open] gives env under opts, accepted or not.
func verifyWith(env *Envelope, opts VerifyOptions) *Report {
	_, rep := verify(env, opts)
	return rep
}

// verifyResponseReport is the report [OpenResponse] gives data, accepted
// or not.
func verifyResponseReport(data []byte, opts VerifyOptions) *Report {
	rep, _ := verifyResponse(data, opts)
	return rep
}

// sourcesOf registers plain-text documents already indexed, for tests (name →
// index), such as those an application indexed for quote checks, without
// indexing them again; quotes are looked up in them with opts (its limits, tier policy
// and ellipsis switch). It fails for an empty name, a nil index or
// invalid options.
func sourcesOf(ix map[string]*quote.Index, opts quote.Options) (*Sources, error) {
	if _, err := quote.Lookup(quote.Quote{}, nil, opts); err != nil {
		return nil, err
	}
	s := &Sources{docs: make(map[string]*Source, len(ix)), index: make(map[string]*quote.Index, len(ix)), opts: opts}
	for _, name := range slices.Sorted(maps.Keys(ix)) {
		x := ix[name]
		if name == "" || x == nil {
			return nil, &Error{Code: fault.BadRequest, Msg: fmt.Sprintf("source %q has no name or no text", name),
				Hint: "register each source under a non-empty name"}
		}
		// An index made from a text is of plain text: its rendering is
		// the text itself.
		d := document.MustParse(name, x.Source(), document.Text)
		s.add(&Source{Name: name, Digest: Digest(x.Source()), Doc: d, Index: x})
	}
	return s, nil
}
