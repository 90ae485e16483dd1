package quote

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
)

// Request is a batch of quotes to check, as a model or a tool sends it:
//
//	{"quotes": [{"id": "q1", "source": "annual-report", "text": "net income was $5,007 million"}]}
type Request struct {
	Quotes []Quote `json:"quotes"`
	// Tiers, when present, is the policy of which tiers count as found,
	// by name: {"tiers": ["exact", "whitespace"]}. A match at another tier
	// is reported as [TierNotAccepted]. It narrows Options.Tiers, never
	// widens it.
	Tiers []Tier `json:"tiers,omitempty"`
}

// Quote is one quote of a [Request]: the verbatim text and the name of the
// source it claims to come from.
type Quote struct {
	ID     string `json:"id"`     // echoed in the result
	Source string `json:"source"` // name of the source the quote cites
	Text   string `json:"text"`   // the quote, verbatim
}

// Report is the answer to a [Request]. OK is true only when every quote was
// found in the source it names. A refused request has OK false, no results
// and an fault.Error.
type Report struct {
	OK      bool         `json:"ok"`
	Results []Result     `json:"results"`
	Error   *fault.Error `json:"error,omitempty"`
}

// Result is the outcome for one quote. Start and End are byte offsets into
// the original source, Line and Column are 1-based (the column counts
// bytes), and Matched is the source's own text of the span. For a quote not
// found they are zero and Reason says why; Nearest may hold a hint.
type Result struct {
	ID      string   `json:"id"`
	Found   bool     `json:"found"`
	Source  string   `json:"source"`
	Tier    Tier     `json:"tier"`
	Start   int      `json:"start"`
	End     int      `json:"end"`
	Line    int      `json:"line"`
	Column  int      `json:"column"`
	Matched string   `json:"matched"`
	Reason  Reason   `json:"reason"`
	Nearest *Nearest `json:"nearest"`
}

// ParseRequest decodes a JSON request strictly, with the decoder every
// reader at reckon's boundary uses: unknown fields, trailing data, a key
// given twice or in two cases, and a JSON number where a string belongs
// are refused with an [fault.Error] whose code is bad_request and whose message
// names the field as a path, such as "quotes[0].text".
func ParseRequest(data []byte) (Request, error) {
	var req Request
	if err := strictjson.Decode(data, &req); err != nil {
		return Request{}, badJSON(err)
	}
	return req, nil
}

// badJSON maps a refusal of [strictjson.Decode] into a [*fault.Error] of code
// bad_request, with the hint every reader gives for the same fault.
// The error type has no field, so the path leads the message, as
// [strictjson.Error.Error] prints it.
func badJSON(err error) *fault.Error {
	hint := `send {"quotes": [{"id": "...", "source": "...", "text": "..."}]}`
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return &fault.Error{Code: fault.BadRequest, Msg: err.Error(), Hint: hint}
	}
	return &fault.Error{Code: fault.BadRequest, Msg: se.Error(), Hint: se.Hint(hint)}
}

// Check verifies every quote of req against the source it names and
// returns the results, one a quote in request order, only when every quote
// was found. Otherwise it returns no results and a [*ReportError] whose
// Report says, quote by quote, what was found and why the rest was not;
// the error also unwraps to a [*fault.Error] with a code (see
// [ReportError.Unwrap]). As
// x/mod/sumdb/note.Open does, it leaves a caller who ignores the error
// nothing to use. A caller that shows every outcome shows the error's
// Report, or Report{OK: true, Results: results}.
func Check(req Request, sources *Sources, opts Options) ([]Result, error) {
	rep := check(req, sources, opts)
	if !rep.OK {
		return nil, &ReportError{Report: &rep}
	}
	return rep.Results, nil
}

// check looks every quote of req up in the source it names and
// reports on each. A quote not in its source but in another one is
// reported as [WrongSource] with the other place in Nearest:
// misattributed, not fabricated. Sources are tried in name order, each
// through its index, with the quote folded once. It refuses a
// request without quotes, with more than Options.MaxQuotes, with a
// repeated non-empty id, or with a tier policy that names no tier. The
// report is accepted only when its OK is true; [Check] returns an error
// instead.
func check(req Request, sources *Sources, opts Options) Report {
	if err := checkRequest(req, opts); err != nil {
		return Report{Results: []Result{}, Error: err}
	}
	if len(req.Tiers) > 0 {
		tiers := slices.Clone(req.Tiers)
		if len(opts.Tiers) > 0 {
			tiers = slices.DeleteFunc(tiers, func(t Tier) bool { return !opts.accepts(t) })
			if len(tiers) == 0 {
				return Report{Results: []Result{}, Error: &fault.Error{Code: fault.BadRequest,
					Msg:  "the request's tiers and the checker's policy share no tier",
					Hint: fmt.Sprintf("list tiers among %v", opts.Tiers)}}
			}
		}
		opts.Tiers = tiers
	}
	rep := Report{OK: true, Results: make([]Result, len(req.Quotes))}
	for i, q := range req.Quotes {
		rep.Results[i] = checkOne(q, sources, opts)
		rep.OK = rep.OK && rep.Results[i].Found
	}
	return rep
}

func checkRequest(req Request, opts Options) *fault.Error {
	if err := opts.validate(); err != nil {
		return err.(*fault.Error)
	}
	if len(req.Quotes) == 0 {
		return &fault.Error{Code: fault.NoQuotes, Msg: "the request holds no quotes",
			Hint: "list each quote under \"quotes\""}
	}
	if n := limit(opts.MaxQuotes, defaultMaxQuotes); len(req.Quotes) > n {
		return &fault.Error{Code: fault.TooManyQuotes,
			Msg:  fmt.Sprintf("%d quotes exceed the limit of %d", len(req.Quotes), n),
			Hint: "split the request into smaller batches"}
	}
	ids := make(map[string]bool, len(req.Quotes))
	for _, q := range req.Quotes {
		if q.ID != "" && ids[q.ID] {
			return &fault.Error{Code: fault.DuplicateID, Msg: fmt.Sprintf("id %q is used twice", q.ID),
				Hint: "give every quote its own id"}
		}
		ids[q.ID] = true
	}
	for _, t := range req.Tiers {
		if t <= None || t > Elided {
			return &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("tiers holds %q", t.String()),
				Hint: "name tiers among exact, whitespace, case, typography, hyphenation, markup and elided"}
		}
	}
	return nil
}

func checkOne(q Quote, sources *Sources, opts Options) Result {
	r := Result{ID: q.ID, Source: q.Source}
	ix, ok := sources.index(q.Source)
	if !ok {
		r.Reason = UnknownSource
		return r
	}
	p, reason := prepare(q.Text, opts)
	if reason != "" {
		r.Reason = reason
		return r
	}
	m := ix.lookup(&p, opts)
	if m.Found {
		r.Found, r.Tier, r.Matched = true, m.Tier, m.Text
		r.Start, r.End, r.Line, r.Column = m.Start, m.End, m.Line, m.Column
		return r
	}
	r.Reason, r.Nearest = m.Reason, m.Nearest
	if r.Nearest != nil {
		r.Nearest.Source = q.Source
	}
	if m.Reason != NotFound {
		return r
	}
	// The quote, folded once, is looked up in every other source's index;
	// no other source computes a nearest candidate, and none is scanned.
	// Other sources are tried in name order.
	for _, name := range sources.names {
		if name == q.Source {
			continue
		}
		other := sources.docs[name].Index
		o, _ := other.find(&p)
		if !o.Found && opts.Ellipsis {
			o, _ = other.findElided(&p, limit(opts.MaxGap, defaultMaxGap))
		}
		if o.Found {
			r.Reason = WrongSource
			r.Nearest = &Nearest{Source: name, Start: o.Start, End: o.End,
				Line: o.Line, Column: o.Column, Tier: o.Tier, Text: o.Text,
				Similarity: "1.00",
				Differs:    fmt.Sprintf("found in source %s, not in %s", name, q.Source)}
			break
		}
	}
	return r
}
