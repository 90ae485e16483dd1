package scoring

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// ErrorList is every problem found, in the order found: by line for the
// blocks, then the problems that concern the blocks as a whole. Parse and
// Validate collect all the problems they can find, not only the first.
type ErrorList []*fault.Error

// fault.Error formats the first problem and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "scoring: no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}

// Unwrap returns the errors of l, so that [errors.As] with one
// [*fault.Error] target finds the first of them, as it does for a refusal of
// any other package.
func (l ErrorList) Unwrap() []error {
	out := make([]error, 0, len(l))
	for _, e := range l {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// MarshalJSON encodes l as the list of error objects scoring has always
// written: each with its "line", 0 included, since a reader of the blocks'
// errors finds each by it.
func (l ErrorList) MarshalJSON() ([]byte, error) {
	type lined struct {
		Code  string `json:"code"`
		Line  int    `json:"line"`
		Msg   string `json:"message"`
		Hint  string `json:"hint,omitempty"`
		Field string `json:"field,omitempty"`
	}
	if l == nil {
		return []byte("null"), nil
	}
	out := make([]lined, 0, len(l))
	for _, e := range l {
		if e != nil {
			out = append(out, lined{Code: e.Code, Line: e.Line, Msg: e.Msg, Hint: e.Hint, Field: e.Field})
		}
	}
	return json.Marshal(out)
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
	*l = append(*l, &fault.Error{Code: code, Line: line, Msg: fmt.Sprintf(format, args...), Hint: hint})
}

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
// outcome; errors.As on the error reaches it.
type ReportError struct {
	Report *Report
}

// fault.Error summarises the report: the refusal, or the first criterion whose
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
		if c.failed() != 0 {
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
		flagged, len(rep.Criteria), c.Name, c.failed())
}

// failed returns the flags that fail a criterion's evidence: those of
// [evidenceFlags], but citation_reused on a criterion with evidence of its
// own, which stays a note.
func (c CriterionReport) failed() Flags {
	flags := c.Flags & evidenceFlags
	if c.own {
		flags &^= FlagCitationReused
	}
	return flags
}

// evidenceFlags are the flags that make a report's EvidenceOK false.
const evidenceFlags = FlagCitationNotFound | FlagWrongSource | FlagCitationReused | FlagNegated

// Unwrap returns the refusal's [ErrorList] when the blocks were refused,
// and otherwise an ErrorList of one [*fault.Error] for each criterion whose
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
		flags := c.failed()
		if flags == 0 {
			continue
		}
		errs.add(c.Line, flags.Names()[0], "quote the sources verbatim, each passage for one criterion, with any negation it holds",
			"the evidence of criterion %q is flagged: %s", c.Name, flags)
	}
	return errs.Err()
}
