package scoring

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/quote"
)

// Policy says what a verdict earns when a citation of its block fails
// verification.
type Policy int

const (
	// Downgrade scores the criterion as NONE and flags it
	// [FlagDowngraded]: a verdict whose evidence fails earns nothing. It is
	// the default.
	Downgrade Policy = iota
	// KeepAndFlag keeps the verdict and its points and only flags the
	// failed citations, for a person to review.
	KeepAndFlag
)

var policyNames = [...]string{Downgrade: "downgrade", KeepAndFlag: "keep_and_flag"}

// String returns the policy's snake_case name, such as "downgrade".
func (p Policy) String() string {
	if p < 0 || int(p) >= len(policyNames) {
		return fmt.Sprintf("Policy(%d)", int(p))
	}
	return policyNames[p]
}

// MarshalText encodes p as its name.
func (p Policy) MarshalText() ([]byte, error) {
	if p < 0 || int(p) >= len(policyNames) {
		return nil, &fault.Error{Code: fault.InvalidOption, Msg: fmt.Sprintf("scoring: invalid policy %d", int(p)),
			Hint: "use one of " + hintList(policyNames[:])}
	}
	return []byte(policyNames[p]), nil
}

// UnmarshalText decodes a policy name.
func (p *Policy) UnmarshalText(b []byte) error {
	for i, n := range policyNames {
		if n == string(b) {
			*p = Policy(i)
			return nil
		}
	}
	return &fault.Error{Code: fault.InvalidOption, Msg: fmt.Sprintf("scoring: unknown policy %q", b),
		Hint: "use one of " + hintList(policyNames[:])}
}

// Options are the settings of [Score]. The zero value is ready to use.
type Options struct {
	// Policy says what a failed citation does to its verdict; the default
	// is [Downgrade].
	Policy Policy
	// Quote holds the limits of each citation's lookup; see
	// [quote.Options].
	Quote quote.Options
}

// Report is the outcome of scoring, the same shape from the Go API, the
// CLI and the tools. Every number in it is a decimal string computed by
// code.
//
// OK is true when the blocks parsed against a valid rubric and sources;
// then Total and Criteria are set. OK is false when anything was refused;
// then Errors says why, Total is null and Criteria and NeedsInput are
// empty: no score is ever produced from malformed blocks. A citation that
// fails verification does not make OK false: it is flagged on its
// criterion and makes Verified false.
type Report struct {
	OK bool `json:"ok"`
	// Verified means "every citation found": it is true when OK is true and
	// every citation was found in the source it names. It says the quotes
	// are real, not that the verdicts are right: a passage found word for
	// word can still be the wrong evidence. CitationsFound holds the same
	// fact under a name that says so, and EvidenceOK adds the other checks
	// code makes.
	Verified bool `json:"verified"`
	// Rubric is the name of the rubric, when it has one.
	Rubric     string            `json:"rubric,omitempty"`
	Total      *Total            `json:"total"`
	Criteria   []CriterionReport `json:"criteria"`
	NeedsInput []Question        `json:"needs_input"`
	Errors     ErrorList         `json:"errors,omitempty"`
	// CitationsFound is Verified under its plain name: every citation was
	// found in the source it names.
	CitationsFound bool `json:"citations_found"`
	// EvidenceOK is true when CitationsFound is and no criterion's
	// evidence failed the checks code makes: no criterion's only evidence
	// is a passage another criterion cites too ([FlagCitationReused] on a
	// criterion with no found citation of its own) and no STRONG verdict
	// rests on a lone negated passage ([FlagNegated]). It is still not a
	// judgement that the verdicts are right; a person or a policy decides
	// that.
	EvidenceOK bool `json:"evidence_ok"`
}

// Total is the sum of the points and its share of the rubric's total.
type Total struct {
	Points string `json:"points"` // the exact sum of the criteria's points
	OutOf  string `json:"out_of"` // the rubric's total
	// Percent is Points as a percentage of OutOf: exact when the quotient
	// has a finite decimal expansion, otherwise rounded half-even to two
	// places, with Inexact set.
	Percent string `json:"percent"`
	Inexact bool   `json:"inexact,omitempty"`
	// Pending is the sum of the weights of the criteria that need input,
	// the most their answers could add; empty when none does.
	Pending string `json:"pending,omitempty"`
}

// CriterionReport is how one criterion was scored.
type CriterionReport struct {
	Name string `json:"name"`
	// Verdict is the verdict scored: Stated, or NONE when the evidence
	// failed under [Downgrade], or unrated ("") when the block needs input.
	Verdict Verdict `json:"verdict"`
	// Stated is the verdict the model wrote; unrated ("") when it asked a
	// question instead.
	Stated    Verdict          `json:"stated"`
	Weight    string           `json:"weight"`   // the rubric's weight
	Fraction  string           `json:"fraction"` // the scored verdict's fraction, such as "3/5"
	Points    string           `json:"points"`   // Weight × Fraction, exact
	Line      int              `json:"line"`     // 1-based line of the block's heading
	Citations []CitationReport `json:"citations"`
	Flags     Flags            `json:"flags"`

	own bool // flagged citation_reused, with a found citation no other criterion shares
}

// CitationReport is one citation and what its verification found. Start
// and End are byte offsets into the named source; SourceLine and
// SourceColumn are 1-based, the column counted in bytes. For a citation
// not found they are zero and Reason says why; Nearest may hold a hint.
type CitationReport struct {
	Source       string         `json:"source"`
	Quote        string         `json:"quote"` // as the model wrote it
	Line         int            `json:"line"`  // 1-based line in the blocks
	Found        bool           `json:"found"`
	Tier         quote.Tier     `json:"tier"`
	Start        int            `json:"start"`
	End          int            `json:"end"`
	SourceLine   int            `json:"source_line"`
	SourceColumn int            `json:"source_column"`
	Matched      string         `json:"matched"` // the source's own text of the span
	Reason       quote.Reason   `json:"reason"`
	Nearest      *quote.Nearest `json:"nearest"`
}

// Score parses the model's blocks against rubric r, checks every citation
// in the source it names, computes the points of each criterion and the
// total, and returns the report only when its evidence passed every check
// code makes: the blocks were scored (OK), every citation was found, no
// passage backs two criteria and no STRONG verdict rests on a lone negated
// passage (EvidenceOK). Otherwise it returns nil and a [*ReportError]
// whose Report is the whole outcome, with the downgraded score and each
// flag, for a person to review; the error also unwraps to an [ErrorList]
// with a code and line for each fault (see [ReportError.Unwrap]). As x/mod/sumdb/note.Open does, it leaves a caller who
// ignores the error no score to use; a caller that shows every outcome
// shows the error's Report. A score that waits on NEEDS INPUT questions is returned, with
// Total.Pending and NeedsInput saying what is missing.
func Score(blocks string, r Rubric, sources *quote.Sources, opts Options) (*Report, error) {
	return verified(scoreReport(blocks, r, sources, opts))
}

// verified is rep as [Score] returns it: rep when its evidence passed, or
// a [*ReportError] holding it.
func verified(rep Report) (*Report, error) {
	if !rep.OK || !rep.EvidenceOK {
		return nil, &ReportError{Report: &rep}
	}
	return &rep, nil
}

// scoreReport parses the model's blocks against rubric r, checks every
// citation in the source it names, and computes the points of each
// criterion and the total. Citations name their source among sources. It never fails: a refusal is a [Report]
// with OK false, and a failed citation is flagged on its criterion and
// makes Verified false. [Score] returns an error for both.
func scoreReport(blocks string, r Rubric, sources *quote.Sources, opts Options) Report {
	if err := opts.validate(); err != nil {
		return refused(err)
	}
	names := sources.Names()
	bs, err := Parse(blocks, r, names)
	if err != nil {
		return refused(err)
	}
	checked, err := check(bs, sources, names, opts)
	if err != nil {
		return refused(err)
	}
	return tally(bs, checked, r, sources, opts)
}

func (o Options) validate() error {
	if o.Policy != Downgrade && o.Policy != KeepAndFlag {
		return ErrorList{{Code: fault.InvalidOption, Msg: fmt.Sprintf("policy is %d", int(o.Policy)),
			Hint: "use Downgrade or KeepAndFlag"}}
	}
	return nil
}

// refused is the report of a refusal; err is an ErrorList.
func refused(err error) Report {
	errs, ok := err.(ErrorList)
	if !ok {
		errs = ErrorList{{Code: fault.BadRequest, Msg: err.Error()}}
	}
	return Report{Criteria: []CriterionReport{}, NeedsInput: []Question{}, Errors: errs}
}

// check verifies every citation with one quote.Check, so that a quote
// missing from its source is looked for in the others. The passages the
// NEEDS INPUT questions quote go in the same request, after the citations,
// each under the first source's name: a passage found there, or reported
// as in another source, is a passage of the sources. A question quoting
// anything else is refused, for the report would show a person words no
// source holds. The results returned are the citations' alone.
func check(bs []Block, sources *quote.Sources, names []string, opts Options) ([]quote.Result, error) {
	var req quote.Request
	add := func(source, text string) {
		req.Quotes = append(req.Quotes, quote.Quote{ID: "c" + strconv.Itoa(len(req.Quotes)+1), Source: source, Text: text})
	}
	for _, b := range bs {
		for _, c := range b.Citations {
			add(c.Source, c.Text)
		}
	}
	cited := len(req.Quotes)
	var asked []Question
	for _, b := range bs {
		for _, q := range b.Questions {
			for _, text := range questionQuotes(q.Question) {
				add(names[0], text)
				asked = append(asked, q)
			}
		}
	}
	if len(req.Quotes) == 0 {
		return nil, nil
	}
	results, err := quote.Check(req, sources, opts.Quote)
	rep := quote.Report{OK: true, Results: results}
	if re := (*quote.ReportError)(nil); errors.As(err, &re) {
		rep = *re.Report // a quote not found is a flag of its criterion, not a refusal
	}
	if rep.Error != nil {
		code := rep.Error.Code
		if code != fault.InvalidOption {
			code = fault.QuoteRequestFailed
		}
		return nil, ErrorList{{Code: code, Msg: rep.Error.Code + ": " + rep.Error.Msg, Hint: rep.Error.Hint}}
	}
	var errs ErrorList
	for i, res := range rep.Results[cited:] {
		if !res.Found && res.Reason != quote.WrongSource {
			errs.add(asked[i].Line, fault.QuestionQuoteNotFound,
				"quote only exact words of the sources in a question, at least a few words long, or ask in words",
				"the question of criterion %q quotes %q, which is in no source (%s)",
				asked[i].Criterion, clip(req.Quotes[cited+i].Text), res.Reason)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return rep.Results[:cited], nil
}

// tally scores each block from its verdict, its verified citations, the
// evidence checks and the policy, and sums the points. It reads every
// citation first, since whether a span backs two criteria is known only
// once all are found.
func tally(bs []Block, checked []quote.Result, r Rubric, sources *quote.Sources, opts Options) Report {
	rep := Report{OK: true, Verified: true, EvidenceOK: true, Rubric: r.Name,
		Criteria: make([]CriterionReport, len(bs)), NeedsInput: []Question{}}
	for i, b := range bs {
		cr := CriterionReport{Name: b.Criterion, Stated: b.Verdict, Verdict: b.Verdict, Line: b.Line,
			Weight: strconv.FormatInt(r.Criteria[i].Weight, 10), Citations: make([]CitationReport, len(b.Citations))}
		for j, c := range b.Citations {
			res := checked[0]
			checked = checked[1:]
			cr.Citations[j] = citationReport(c, res)
			switch {
			case res.Found:
			case res.Reason == quote.WrongSource:
				cr.Flags |= FlagWrongSource
			default:
				cr.Flags |= FlagCitationNotFound
			}
		}
		rep.Criteria[i] = cr
	}
	reuse := reused(bs, rep.Criteria)
	sum, pending := new(big.Rat), int64(0)
	for i, b := range bs {
		weight, cr := r.Criteria[i].Weight, &rep.Criteria[i]
		failed := cr.Flags&(FlagCitationNotFound|FlagWrongSource) != 0
		if len(reuse[i]) > 0 {
			cr.Flags |= FlagCitationReused
		}
		if negatedStrong(b, *cr, sources) {
			cr.Flags |= FlagNegated
		}
		// reuse makes a criterion doubtful only when it has no evidence
		// of its own: every citation it has found is one another
		// criterion cites too
		cr.own = len(reuse[i]) > 0 && ownEvidence(*cr, reuse[i])
		doubtful := failed || cr.Flags&FlagNegated != 0 || len(reuse[i]) > 0 && !cr.own
		rep.Verified = rep.Verified && !failed
		rep.EvidenceOK = rep.EvidenceOK && !doubtful
		switch {
		case b.NeedsInput():
			cr.Flags |= FlagNeedsInput
			cr.Verdict = Unrated
			pending += weight
			rep.NeedsInput = append(rep.NeedsInput, b.Questions...)
		case doubtful && opts.Policy == Downgrade && b.Verdict != None:
			cr.Flags |= FlagDowngraded
			cr.Verdict = None
		}
		f := cr.Verdict.Fraction()
		pts := big.NewRat(weight*f.Num, f.Den)
		sum.Add(sum, pts)
		cr.Fraction, cr.Points = f.String(), exact(pts)
	}
	rep.CitationsFound = rep.Verified
	rep.Total = total(sum, r.total(), pending)
	return rep
}

// ownEvidence reports whether a criterion has a found citation that no
// other criterion shares and that says something: at least
// [minOwnWords] words, not a title in capitals ("Youth Futures Fund",
// "Request for Proposals"). shared lists the citations that are shared.
func ownEvidence(cr CriterionReport, shared []int) bool {
	for j, c := range cr.Citations {
		if c.Found && !slices.Contains(shared, j) && substantive(c.Quote) {
			return true
		}
	}
	return false
}

// minOwnWords is the fewest words a citation of a criterion's own has, for
// it to keep points beside a passage another criterion cites.
const minOwnWords = 5

// substantive reports whether a quote says something of its own: at least
// minOwnWords words, most of them not capitalized (a sentence, not a
// heading or a name).
func substantive(q string) bool {
	words := strings.Fields(q)
	if len(words) < minOwnWords {
		return false
	}
	upper := 0
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
			upper++
		}
	}
	return upper*2 <= len(words)
}

func citationReport(c Citation, res quote.Result) CitationReport {
	return CitationReport{Source: c.Source, Quote: c.Text, Line: c.Line,
		Found: res.Found, Tier: res.Tier, Start: res.Start, End: res.End,
		SourceLine: res.Line, SourceColumn: res.Column, Matched: res.Matched,
		Reason: res.Reason, Nearest: res.Nearest}
}

// total renders the sum and its percentage of outOf.
func total(sum *big.Rat, outOf, pending int64) *Total {
	pct := new(big.Rat).Mul(sum, big.NewRat(100, outOf))
	t := &Total{Points: exact(sum), OutOf: strconv.FormatInt(outOf, 10)}
	var ok bool
	t.Percent, ok = decimal(pct)
	t.Inexact = !ok
	if pending > 0 {
		t.Pending = strconv.FormatInt(pending, 10)
	}
	return t
}

// exact renders r, whose expansion is known to be finite (points are
// weights times fifths), as a plain decimal string.
func exact(r *big.Rat) string {
	s, ok := decimal(r)
	if !ok {
		panic("scoring: points with an infinite decimal expansion: " + r.String())
	}
	return s
}

// decimal renders r as a plain decimal string, such as "15", "0.2" or
// "53.33", and reports whether it is exact. A rational number has a finite
// decimal expansion when its reduced denominator has no prime factor but 2
// and 5; it is then written in full, without trailing zeros. Otherwise it is
// rounded to two places: big.Rat rounds halves away from zero, but an
// infinite expansion is never exactly half-way, so that is also half-even.
func decimal(r *big.Rat) (string, bool) {
	d := new(big.Int).Set(r.Denom())
	places := 0
	for _, p := range []int64{2, 5} {
		n, m, q := 0, new(big.Int), big.NewInt(p)
		for {
			if m.Mod(d, q); m.Sign() != 0 {
				break
			}
			d.Quo(d, q)
			n++
		}
		places = max(places, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.FloatString(2), false
	}
	return r.FloatString(places), true
}
