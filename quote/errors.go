package quote

import "github.com/reckonhq/reckon/fault"

// Error is a refused request: an invalid option, a source too large to index,
// or a request that cannot be decoded. It is reckon's one error type,
// [fault.Error]: Code is stable snake_case that callers may branch on;
// Hint is one line a model can act on.
type Error = fault.Error

// Codes of [Error].
// Each code is described once, in package fault.
const (
	CodeInvalidOption  = fault.InvalidOption
	CodeSourceTooLarge = fault.SourceTooLarge
	CodeBadRequest     = fault.BadRequest
	CodeNoQuotes       = fault.NoQuotes
	CodeTooManyQuotes  = fault.TooManyQuotes
	CodeDuplicateID    = fault.DuplicateID
)

// CodeInvalidRequest is the code quote gave, before it took bad_request
// as every other reader at reckon's boundary does, to a request that does
// not decode. No refusal carries it now; it is kept so that a caller that
// branches on it still compiles, and should also accept [CodeBadRequest].
const CodeInvalidRequest = fault.InvalidRequest

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
