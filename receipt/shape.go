package receipt

import (
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

// grounded reports whether some input of r names a source or carries a
// grounding: what makes a receipt of a v2 type.
func (r *Receipt) grounded() bool {
	for i := range r.Inputs {
		if r.Inputs[i].Source != "" || r.Inputs[i].Grounding != nil {
			return true
		}
	}
	return false
}

// wantType returns the type r's fields call for: a named operation's
// (it has a call) or a formula's, v2 when some input names a source.
func (r *Receipt) wantType() string {
	switch named, v2 := r.Call != nil, r.grounded(); {
	case named && v2:
		return TypeOperationV2
	case named:
		return TypeOperationV1
	case v2:
		return TypeV2
	}
	return TypeV1
}

// checkShape refuses a receipt whose type does not fit its fields, and
// groundings that no calculation writes: one whose source is not its
// input's, a digest that is not a SHA-256, an empty or reversed span, an
// unknown tier, or a grounding of an input whose provenance is not read
// from a document. It looks only at the record: whether the quote is in
// the document is for [Open] with the sources.
func (r *Receipt) checkShape() error {
	if want := r.wantType(); r.Type != want {
		return &fault.Error{Code: fault.BadReceipt, Msg: fmt.Sprintf("a receipt of type %s whose fields are those of %s", r.Type, want),
			Hint: hintOriginal}
	}
	for i := range r.Inputs {
		in := &r.Inputs[i]
		g := in.Grounding
		if g == nil {
			continue
		}
		var tier quote.Tier
		bad := ""
		switch {
		case g.Source == "" || g.Source != in.Source:
			bad = fmt.Sprintf("grounding source %q is not the input's source %q", g.Source, in.Source)
		case !validDigest(g.Digest):
			bad = fmt.Sprintf("digest %q is not sha256: and 64 lower-case hex digits", g.Digest)
		case g.Span[0] < 0 || g.Span[1] <= g.Span[0]:
			bad = fmt.Sprintf("span [%d, %d] is empty or reversed", g.Span[0], g.Span[1])
		case tier.UnmarshalText([]byte(g.Tier)) != nil || tier == quote.None:
			bad = fmt.Sprintf("tier %q is not a quote tier", g.Tier)
		case in.Provenance != ProvenanceText && in.Provenance != ProvenancePageImage:
			bad = fmt.Sprintf("an input of provenance %q is not grounded in a document", in.Provenance)
		}
		if bad != "" {
			return &fault.Error{Code: fault.BadReceipt, Field: fmt.Sprintf("inputs[%d].grounding", i), Msg: bad, Hint: hintOriginal}
		}
	}
	return nil
}

// validDigest reports whether d is "sha256:" and 64 lower-case hex digits.
func validDigest(d string) bool {
	hex, ok := strings.CutPrefix(d, "sha256:")
	if !ok || len(hex) != 64 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
