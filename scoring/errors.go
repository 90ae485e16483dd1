package scoring

import (
	"fmt"
	"strings"
)

// Error is one problem with the model's blocks, a rubric, the sources or the
// options. Code is stable snake_case that callers may branch on; Line is the
// 1-based line of the blocks the problem is on, or 0 when it concerns no one
// line (a missing criterion, an invalid rubric); Hint is one line a model or
// a person can act on.
type Error struct {
	Code string `json:"code"`           // stable snake_case code
	Line int    `json:"line"`           // 1-based line in the blocks, or 0
	Msg  string `json:"message"`        // lower-case, no final period
	Hint string `json:"hint,omitempty"` // what to do about it
}

// Error formats e as "scoring: line 3: code: message", or without the line
// when Line is 0.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("scoring: line %d: %s: %s", e.Line, e.Code, e.Msg)
	}
	return "scoring: " + e.Code + ": " + e.Msg
}

// ErrorList is every problem found, in the order found: by line for the
// blocks, then the problems that concern the blocks as a whole. Parse and
// Validate collect all the problems they can find, not only the first.
type ErrorList []*Error

// Error formats the first problem and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "scoring: no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Codes returns the code of each error, in order; useful in tests and logs.
func (l ErrorList) Codes() []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.Code
	}
	return out
}

// add appends an error built from its parts.
func (l *ErrorList) add(line int, code, hint, format string, args ...any) {
	*l = append(*l, &Error{Code: code, Line: line, Msg: fmt.Sprintf(format, args...), Hint: hint})
}

// Codes of errors in the model's blocks.
const (
	CodeTooLarge           = "too_large"                // the blocks exceed MaxBlocksBytes
	CodeInvalidUTF8        = "invalid_utf8"             // the blocks are not valid UTF-8
	CodeEmpty              = "empty"                    // the blocks hold nothing
	CodeNumberOutside      = "number_outside_quote"     // a digit or % outside a quote or question
	CodeScoreField         = "score_field"              // a score, points, weight, total or percent line
	CodeMalformedHeading   = "malformed_heading"        // a '#' line that is not "## criterion"
	CodeUnknownCriterion   = "unknown_criterion"        // a heading names no criterion of the rubric
	CodeDuplicateCriterion = "duplicate_criterion"      // a criterion has two blocks
	CodeMissingCriterion   = "missing_criterion"        // a criterion of the rubric has no block
	CodeUnexpectedLine     = "unexpected_line"          // prose, or a line outside any block
	CodeUnknownField       = "unknown_field"            // a "- Key: value" line of an unknown key
	CodeMissingVerdict     = "missing_verdict"          // a block without a verdict line
	CodeDuplicateVerdict   = "duplicate_verdict"        // a block with two verdict lines
	CodeUnknownVerdict     = "unknown_verdict"          // a verdict that is not a word of the scale
	CodeMissingCitation    = "missing_citation"         // a verdict that earns points, without a citation
	CodeMissingSource      = "missing_source"           // "Citation:" without "(source)"
	CodeUnknownSource      = "unknown_source"           // a citation names a source not supplied
	CodeUnquotedCitation   = "unquoted_citation"        // a citation not in double quotation marks
	CodeEmptyCitation      = "empty_citation"           // a citation of nothing: ""
	CodeTextAfterQuote     = "text_after_quote"         // words after a citation's closing mark
	CodeTooManyCitations   = "too_many_citations"       // more than MaxCitations in one block
	CodeMalformedMarker    = "malformed_marker"         // a NEEDS INPUT marker that is broken or not alone
	CodeTooManyErrors      = "too_many_errors"          // parsing stopped after MaxErrors
	CodeQuestionTooLong    = "question_too_long"        // a NEEDS INPUT question longer than MaxQuestionBytes
	CodeScoreInQuestion    = "score_in_question"        // a score, verdict or number word outside a question's quotes
	CodeRequiredSource     = "required_source"          // a rated block does not cite the source its criterion requires
	CodeQuestionQuote      = "question_quote_not_found" // a NEEDS INPUT question quotes words no source holds
)

// Codes of errors in a rubric, the sources, the options or a request.
const (
	CodeInvalidRubric      = "invalid_rubric"        // a rubric's JSON does not decode
	CodeNoCriteria         = "no_criteria"           // a rubric without criteria
	CodeTooManyCriteria    = "too_many_criteria"     // more than MaxCriteria
	CodeInvalidName        = "invalid_name"          // an empty, long or ill-formed criterion name
	CodeDuplicateName      = "duplicate_name"        // two criteria with the same name
	CodeInvalidDescription = "invalid_description"   // an empty or ill-formed description
	CodeInvalidWeight      = "invalid_weight"        // a weight that is not a positive integer
	CodeInvalidTotal       = "invalid_total"         // a total that is not a positive integer
	CodeTotalMismatch      = "total_mismatch"        // the weights do not sum to the total
	CodeNoSources          = "no_sources"            // no source was supplied
	CodeInvalidSource      = "invalid_source"        // an empty or ill-formed source name
	CodeDuplicateSource    = "duplicate_source"      // two sources with the same name
	CodeInvalidOption      = "invalid_option"        // an Options field is out of range
	CodeBadRequest         = "bad_request"           // a JSON request does not decode
	CodeSourceTooLarge     = "source_too_large"      // a source too large to index
	CodeQuoteRefused       = "quote_request_failed"  // the quote check refused the citations
	CodeRubricSource       = "rubric_source_missing" // a criterion's required source was not supplied
)

// CodeInvalidRequest is the code scoring gave, before it took bad_request
// as every other reader at reckon's boundary does, to a request that does
// not decode. No refusal carries it now; it is kept so that a caller that
// branches on it still compiles, and should also accept [CodeBadRequest].
const CodeInvalidRequest = "invalid_request"

// hintList joins words as "a, b or c" for hints.
func hintList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// ReportError is the error of [Score] and [ScoreRequest] when the blocks
// were refused or their evidence failed a check. Report is the whole
// outcome, as [ScoreReport] returns it; errors.As on the error reaches it.
type ReportError struct {
	Report *Report
}

// Error summarises the report: the refusal, or the first criterion whose
// evidence was flagged and how many were.
func (e *ReportError) Error() string {
	if e == nil || e.Report == nil {
		return "scoring: not verified"
	}
	rep := e.Report
	if !rep.OK {
		if len(rep.Errors) == 0 {
			return "scoring: refused"
		}
		return rep.Errors.Error()
	}
	flagged, first := 0, -1
	for i, c := range rep.Criteria {
		if c.Flags&evidenceFlags != 0 {
			flagged++
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return "scoring: evidence not verified"
	}
	c := rep.Criteria[first]
	return fmt.Sprintf("scoring: evidence of %d of %d criteria not verified: %q: %s",
		flagged, len(rep.Criteria), c.Name, c.Flags&evidenceFlags)
}

// evidenceFlags are the flags that make a report's EvidenceOK false.
const evidenceFlags = FlagCitationNotFound | FlagWrongSource | FlagCitationReused | FlagNegated

// Unwrap returns the refusal's [ErrorList] when the blocks were refused,
// and otherwise an ErrorList of one [*Error] for each criterion whose
// evidence was flagged, its code the first flag (citation_not_found,
// wrong_source, citation_reused, negated_evidence) and its line the
// block's heading: errors.As with an ErrorList reaches every code and line
// either way. It returns nil when the report gives no reason.
func (e *ReportError) Unwrap() error {
	if e == nil || e.Report == nil {
		return nil
	}
	if len(e.Report.Errors) > 0 {
		return e.Report.Errors
	}
	var errs ErrorList
	for _, c := range e.Report.Criteria {
		flags := c.Flags & evidenceFlags
		if flags == 0 {
			continue
		}
		errs.add(c.Line, flags.Names()[0], "quote the sources verbatim, each passage for one criterion, with any negation it holds",
			"the evidence of criterion %q is flagged: %s", c.Name, flags)
	}
	return errs.Err()
}
