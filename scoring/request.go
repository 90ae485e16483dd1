package scoring

import (
	"errors"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/quote"
)

// Request is one scoring job as a tool receives it: the model's blocks, an
// optional rubric (the [GrantFit] rubric when absent) and the text of each
// named source.
//
//	{"blocks": "## eligibility\n- Verdict: STRONG\n…",
//	 "rubric": {"total": "100", "criteria": [{"name": "eligibility", "weight": "20", "description": "…"}]},
//	 "sources": {"opportunity": "…", "org profile": "…"}}
type Request struct {
	Blocks  string            `json:"blocks"`
	Rubric  *Rubric           `json:"rubric,omitempty"`
	Sources map[string]string `json:"sources"`
}

// ParseRequest decodes a JSON request strictly, with the decoder every
// reader at reckon's boundary uses: unknown fields, trailing data, a key
// given twice or in two cases, and a JSON value of the wrong kind are
// refused with code bad_request and the field named as a path, such as
// "rubric.criteria[0].name"; a rubric that does not validate is refused
// as [Rubric.UnmarshalJSON] says. The error is an [ErrorList].
func ParseRequest(data []byte) (Request, error) {
	var req Request
	err := strictjson.Decode(data, &req)
	var errs ErrorList
	switch {
	case err == nil:
		return req, nil
	case errors.As(err, &errs):
		return Request{}, errs
	}
	return Request{}, badJSON(err, fault.BadRequest, `send {"blocks": "...", "sources": {"name": "text"}} and optionally "rubric"`)
}

// badJSON maps a refusal of [strictjson.Decode] into an [ErrorList] of one
// error of code, as every reader in this package does: the message names
// the field as a path, and the hint for a fault is the one every reader
// at the boundary gives.
// The error type has no field, so the path leads the message, as
// [strictjson.Error.Error] prints it.
func badJSON(err error, code, hint string) ErrorList {
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return ErrorList{{Code: code, Msg: err.Error(), Hint: hint}}
	}
	return ErrorList{{Code: code, Msg: se.Error(), Hint: se.Hint(hint)}}
}

// ScoreRequest indexes the request's sources and scores its blocks; like
// [Score], it returns the report only when its evidence passed, and
// otherwise a [*ReportError] holding it.
func ScoreRequest(req Request, opts Options) (*Report, error) {
	return verified(scoreRequest(req, opts))
}

// scoreRequest indexes the request's sources and scores its blocks, as
// scoreReport does.
func scoreRequest(req Request, opts Options) Report {
	r := GrantFit()
	if req.Rubric != nil {
		r = *req.Rubric
	}
	ixs, err := register(req.Sources)
	if err != nil {
		return refused(err)
	}
	return scoreReport(req.Blocks, r, ixs, opts)
}

// register parses and indexes the sources of a request, as
// [quote.NewSources] does; a source it cannot register is refused in an
// [ErrorList].
func register(texts map[string]string) (*quote.Sources, error) {
	src, err := quote.NewSources(texts)
	if err != nil {
		code, hint := fault.BadRequest, "send smaller sources, or split each into named parts"
		var fe *fault.Error
		if errors.As(err, &fe) {
			code = fe.Code
		}
		return nil, ErrorList{{Code: code, Msg: err.Error(), Hint: hint}}
	}
	return src, nil
}
