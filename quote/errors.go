package quote

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// Reason says why a quote was not found. The empty reason means found.
type Reason string

// Reasons of [Match] and [Result].
const (
	// TooShort: the quote is empty or shorter than the minimum in Options.
	TooShort Reason = "too_short"
	// TooLong: the quote exceeds Options.MaxQuoteBytes.
	TooLong Reason = "too_long"
	// InvalidUTF8: the quote is not valid UTF-8.
	InvalidUTF8 Reason = "invalid_utf8"
	// BidiControl: the quote holds bidirectional control characters and is
	// not in the source byte for byte (the only way such a quote can match).
	BidiControl Reason = "bidi_control"
	// NotFound: the quote is in no source; Nearest may hold a hint.
	NotFound Reason = "not_found"
	// WrongSource: the quote is not in the source it names but is in
	// another one; Nearest says where.
	WrongSource Reason = "wrong_source"
	// UnknownSource: the quote names a source that was not supplied.
	UnknownSource Reason = "unknown_source"
	// NegationCut: the quote is in the source only right after a negation
	// it leaves out ("not", "no", "never", "non", "cannot", "without", "nor", "fails
	// to", "n't", "un-"),
	// or only with an ellipsis standing for text that holds one, so that it
	// says the opposite of the source. Nearest is the fuller span.
	NegationCut Reason = "negation_cut"
	// TierNotAccepted: the quote is in the source only at a tier that the
	// policy (Options.Tiers, or the request's "tiers") does not accept.
	// Nearest is the match, with its tier.
	TierNotAccepted Reason = "tier_not_accepted"
)

// ReportError is the error of [Check] when a quote was not found or the
// request was refused. Report is the whole outcome, quote by quote;
// errors.As on Check's error reaches it.
type ReportError struct {
	Report *Report
}

// fault.Error summarises the report: the refusal, or how many quotes were not
// found and the first one's id and reason.
func (e *ReportError) Error() string {
	if e == nil || e.Report == nil {
		return "quote: not verified"
	}
	rep := e.Report
	if rep.Error != nil {
		return rep.Error.Error()
	}
	missed, first := 0, -1
	for i, r := range rep.Results {
		if !r.Found {
			missed++
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return "quote: not verified"
	}
	r := rep.Results[first]
	return fmt.Sprintf("quote: %d of %d quotes not found: quote %d (id %q): %s",
		missed, len(rep.Results), first+1, r.ID, r.Reason)
}

// Unwrap returns the refusal's [*fault.Error] when the request was refused, and
// otherwise a *fault.Error for the first quote not found, whose code is its
// [Reason] (not_found, wrong_source, …): errors.As with the error type
// every refusal uses reaches a code either way. It returns nil when the
// report gives no reason.
func (e *ReportError) Unwrap() error {
	if e == nil || e.Report == nil {
		return nil
	}
	if e.Report.Error != nil {
		return e.Report.Error
	}
	for i, r := range e.Report.Results {
		if r.Found {
			continue
		}
		hint := "quote the source's words verbatim, from the source the quote names"
		if r.Nearest != nil && r.Nearest.Differs != "" {
			hint = "fix the quote: " + r.Nearest.Differs
		}
		return &fault.Error{Code: string(r.Reason), Hint: hint,
			Msg: fmt.Sprintf("quote %d (id %q) is not found in source %q", i+1, r.ID, r.Source)}
	}
	return nil
}
