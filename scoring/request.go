package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

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

// ParseRequest decodes a JSON request strictly: unknown fields and trailing
// data are refused, as is a rubric that does not validate. The error is an
// [ErrorList].
func ParseRequest(data []byte) (Request, error) {
	var req Request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&req)
	if err == nil && dec.More() {
		err = fmt.Errorf("data after the request object")
	}
	var errs ErrorList
	switch {
	case err == nil:
		return req, nil
	case errors.As(err, &errs):
		return Request{}, errs
	}
	return Request{}, ErrorList{{Code: CodeInvalidRequest, Msg: strings.TrimPrefix(err.Error(), "json: "),
		Hint: `send {"blocks": "...", "sources": {"name": "text"}} and optionally "rubric"`}}
}

// ScoreRequest indexes the request's sources and scores its blocks; see
// [Score].
func ScoreRequest(req Request, opts Options) Report {
	r := GrantFit()
	if req.Rubric != nil {
		r = *req.Rubric
	}
	ixs, err := IndexSources(req.Sources)
	if err != nil {
		return refused(err)
	}
	return Score(req.Blocks, r, ixs, opts)
}

// IndexSources builds a [quote.Index] of each named text. It fails with an
// [ErrorList] for a source too large to index.
func IndexSources(texts map[string]string) (map[string]*quote.Index, error) {
	out := make(map[string]*quote.Index, len(texts))
	for name, text := range texts {
		ix, err := quote.NewIndex(text)
		if err != nil {
			return nil, ErrorList{{Code: CodeSourceTooLarge, Msg: fmt.Sprintf("source %q: %v", name, err),
				Hint: "split the source into named parts"}}
		}
		out[name] = ix
	}
	return out, nil
}
