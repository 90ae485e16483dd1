package claim

import "fmt"

// Error is a refused request: one that cannot be decoded, a fact that does
// not parse, or input over a limit. Code is stable snake_case that callers
// may branch on; Hint is one line a model can act on.
type Error struct {
	Code string `json:"code"`           // stable snake_case code
	Msg  string `json:"message"`        // lower-case, no final period
	Hint string `json:"hint,omitempty"` // what to do about it
}

// Error formats e as "claim: code: message".
func (e *Error) Error() string { return "claim: " + e.Code + ": " + e.Msg }

// Codes of [Error]. They are part of the JSON contract.
const (
	CodeBadRequest      = "bad_request"       // the JSON request does not decode
	CodeBadFact         = "bad_fact"          // a fact's value, unit or scale does not parse
	CodeBadIgnore       = "bad_ignore"        // an unknown class name in ignore
	CodeTextTooLarge    = "text_too_large"    // the text or question exceeds MaxTextBytes
	CodeTooManyReceipts = "too_many_receipts" // more receipts than MaxReceipts
	CodeTooManyFacts    = "too_many_facts"    // more facts, receipt inputs included, than MaxFacts
	CodeTooManyMentions = "too_many_mentions" // more numbers in the text than MaxMentions
)

func errorf(code, hint, format string, args ...any) *Error {
	return &Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}
