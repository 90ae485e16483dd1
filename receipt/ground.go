package receipt

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/short"

	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// groundInputs grounds each input of req in the registered sources, as
// [Calculate] does for formulas and named operations alike, and returns
// the groundings by input (nil entries for inputs not grounded), or nil
// when no sources are registered. amountOf returns input i's reading, nil
// for a printed date.
//
// An input of provenance text must name a registered source and quote it;
// its grounding is required. An input of provenance page_image that names
// a source and quotes it is grounded when its quote is found in the text
// and otherwise stays ungrounded: a page read visually may print what the
// text layer does not, and whether an ungrounded input backs anything is
// for the application's gate to decide. Any other input that names a
// source must name a registered one, and is never grounded: its number
// comes from a system of record or the user, not from the document.
func groundInputs(req *Request, amountOf func(i int) *units.Amount) ([]*Grounding, error) {
	src := req.Sources
	if src.Len() == 0 {
		return nil, nil
	}
	out := make([]*Grounding, len(req.Inputs))
	for i, in := range req.Inputs {
		switch {
		case in.Provenance == ProvenanceText:
			g, err := ground(src, i, in, amountOf(i))
			if err != nil {
				return nil, err
			}
			out[i] = g
		case in.Provenance == ProvenancePageImage && in.Source != "" && strings.TrimSpace(in.Quote) != "":
			g, err := ground(src, i, in, amountOf(i))
			if err != nil && !isCode(err, fault.QuoteNotFound) && !isCode(err, fault.QuoteMismatch) {
				return nil, err
			}
			out[i] = g
		case in.Source != "":
			if _, err := lookupSource(src, i, in.Source); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// attachGrounding records each input's grounding in r, and the type that
// the record then calls for.
func (r *Receipt) attachGrounding(gs []*Grounding) {
	for i := range gs {
		r.Inputs[i].Grounding = gs[i]
	}
	r.Type = r.wantType()
}

// lookup returns the document input i names, or refuses with
// unknown_source and a hint that lists the registered names.
func lookupSource(s *quote.Sources, i int, name string) (registered, error) {
	if d, ok := s.Lookup(name); ok {
		return registered{d}, nil
	}
	hint := "name the document the quote is from in source, one of: " + strings.Join(s.Names(), ", ")
	if name == "" {
		return registered{}, fieldErr(fault.UnknownSource, fmt.Sprintf("inputs[%d].source", i), hint,
			"the input is read from text but names no source")
	}
	return registered{}, fieldErr(fault.UnknownSource, fmt.Sprintf("inputs[%d].source", i), hint,
		"source %q is not registered", clip(name))
}

// notFound refuses a quote that is not in its source, with quote's reason
// and its nearest candidate, as quote reports them.
func notFound(at, source string, m quote.Result) *fault.Error {
	msg := fmt.Sprintf("the quote is not in source %s (%s)", source, m.Reason)
	hint := "copy the quote verbatim from source " + source
	if n := m.Nearest; n != nil {
		msg += fmt.Sprintf("; nearest: %q in source %s at line %d, column %d", clipTo(n.Text, maxNearestBytes), n.Source, n.Line, n.Column)
		if n.Differs != "" {
			msg += ": " + n.Differs
		}
		if m.Reason == quote.WrongSource {
			hint = "name source " + n.Source + ", where the quote is, or quote source " + source
		} else {
			hint = "copy the quote verbatim from the source; the nearest passage is at line " + fmt.Sprint(n.Line)
		}
	}
	if m.Reason == quote.TooShort {
		hint = "quote the whole passage around the number, at least a few words"
	}
	return fieldErr(fault.QuoteNotFound, at, hint, "%s", msg)
}

// maxNearestBytes bounds the nearest passage a refusal quotes: enough for
// a line of a table or a sentence, so that the model sees the number it
// should have copied, and no more.
const maxNearestBytes = 160

// clipTo shortens s to at most limit bytes of whole characters, marking a
// cut with "…".
func clipTo(s string, limit int) string { return short.To(s, limit) }

// isCode reports whether err is a [*fault.Error] of code.
func isCode(err error, code string) bool {
	var e *fault.Error
	return errors.As(err, &e) && e.Code == code
}

// reground finds every grounded input's quote of r again in src, as
// [Calculate] found it, and reports what differs. Without sources it
// takes the groundings as recorded.
func reground(r *Receipt, src *quote.Sources) (string, []Reason) {
	if !slices.ContainsFunc(r.Inputs, func(in InputRecord) bool { return in.Grounding != nil }) {
		return GroundingNone, nil
	}
	if src.Len() == 0 {
		return GroundingNotChecked, nil
	}
	var out []Reason
	// A document that is missing or not the one recorded is reported once,
	// at its first input: every other input grounded in it fails alike.
	refused := map[string]bool{}
	for i := range r.Inputs {
		g := r.Inputs[i].Grounding
		if g == nil || refused[g.Source] {
			continue
		}
		reasons := recheck(src, i, &r.Inputs[i])
		for _, re := range reasons {
			if re.Code == fault.UnknownSource || re.Code == fault.SourceMismatch {
				refused[g.Source] = true
			}
		}
		out = append(out, reasons...)
	}
	return GroundingChecked, out
}

// recheck looks input i's quote up again in the document its grounding
// names, and compares the outcome with the record.
func recheck(s *quote.Sources, i int, in *InputRecord) []Reason {
	g := in.Grounding
	field := fmt.Sprintf("inputs[%d].grounding", i)
	d, ok := s.Lookup(g.Source)
	if !ok {
		return []Reason{{Code: fault.UnknownSource, Field: field + ".source", Recorded: g.Source,
			Message: fmt.Sprintf("the receipt is grounded in source %q, which was not given", clip(g.Source)),
			Hint:    "give the document the receipt names under the name " + clip(g.Source)}}
	}
	if d.Digest != g.Digest {
		return []Reason{{Code: fault.SourceMismatch, Field: field + ".digest", Recorded: g.Digest, Recomputed: d.Digest,
			Message: fmt.Sprintf("source %s given is not the document the receipt was grounded in", d.Name),
			Hint:    "give the exact document the receipt was made from; any changed byte changes its digest"}}
	}
	var a *units.Amount
	if !strings.EqualFold(strings.TrimSpace(in.Unit), dateUnit) {
		var err error
		if a, err = parseInput(Input{Display: in.Display, Unit: in.Unit, Scale: in.Scale}); err != nil {
			return []Reason{reasonOf(err)}
		}
	}
	// A quote grounded at the elided tier was looked up with ellipses on,
	// whatever the verifier's own options say; its parts are still found
	// in order, within the verifier's gap.
	opts := s.Options()
	if g.Tier == quote.Elided.String() {
		opts.Ellipsis = true
	}
	// The whole input is grounded again, its period, unit, scale and
	// label with it: a receipt whose input was relabelled after
	// grounding (the FY2020 column's figure given as FY2021) is refused
	// as Calculate refuses it.
	again, err := groundWith(s, i, Input{Name: in.Name, Display: in.Display, Unit: in.Unit, Scale: in.Scale,
		Period: in.Period, Label: in.Label, Support: in.Support, Provenance: in.Provenance, Quote: in.Quote, Source: in.Source}, a, opts)
	if err != nil {
		return []Reason{reasonOf(err)}
	}
	var out []Reason
	if again.Span != g.Span {
		out = append(out, Reason{Code: fault.SpanMismatch, Field: field + ".span",
			Recorded: fmt.Sprint(g.Span[:]), Recomputed: fmt.Sprint(again.Span[:]),
			Message: fmt.Sprintf("the quote is in source %s at bytes %d–%d, not at the recorded %d–%d",
				d.Name, again.Span[0], again.Span[1], g.Span[0], g.Span[1]),
			Hint: "the receipt's grounding does not match its document; do not rely on it"})
	}
	if g.Scope != nil && (again.Scope == nil || *again.Scope != *g.Scope) {
		out = append(out, Reason{Code: fault.Mismatch, Field: field + ".scope", Recorded: fmt.Sprintf("%+v", *g.Scope), Recomputed: fmt.Sprintf("%+v", again.Scope),
			Message: fmt.Sprintf("the number is found in source %s in another place of its structure than the recorded one", d.Name),
			Hint:    "the receipt's grounding does not match its document; do not rely on it"})
	}
	if again.Tier != g.Tier {
		out = append(out, Reason{Code: fault.Mismatch, Field: field + ".tier", Recorded: g.Tier, Recomputed: again.Tier,
			Message: fmt.Sprintf("the quote is found at tier %s, not the recorded %s", again.Tier, g.Tier),
			Hint:    "the receipt's grounding does not match its document; do not rely on it"})
	}
	return out
}

// registered is a source of the application's, as grounding reads it.
type registered struct{ *quote.Source }
