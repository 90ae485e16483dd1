package receipt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// maxInputs bounds a request's inputs: a formula has at most
// [expr.DefaultMaxNodes] nodes, so it cannot use more inputs than that.
const maxInputs = expr.DefaultMaxNodes

// Calculate runs the whole pipeline for req and returns its receipt,
// unsigned:
//
//  1. check the request's fields;
//  2. parse the formula (a bounded, shared cache of parsed formulas);
//  3. bind every name to exactly one input, and use every input (a
//     formula of literals only, such as 7 − 5, has none: its literals are
//     its constants);
//  4. read each printed value in its unit and scale, exactly, and check
//     that the input's quote, when there is one, prints a number that reads
//     to the same value: sign, scale and unit included; with sources
//     registered ([Request].Sources), find each quote in the source its
//     input names and record where (see [Grounding]);
//  5. infer the result's unit over the formula, before evaluating anything;
//  6. resolve the requested output against it;
//  7. evaluate exactly;
//  8. present: output scale applied once, rounded once, displayed;
//  9. record the expanded expression, constants and periods.
//
// Every refusal is a [*fault.Error], reckon's one error type, whichever step
// made it; a formula's errors name the field "formula" and carry its
// span. [Describe] turns any of them into the JSON contract's error object. A nil req is refused as a bad request.
func Calculate(req *Request) (*Receipt, error) {
	if req == nil {
		return nil, &fault.Error{Code: fault.BadRequest, Msg: "no request", Hint: "send one request with a formula and its inputs"}
	}
	if req.Operation != "" || hasParams(req.Params) {
		return calculateOperation(req)
	}
	if err := checkRequest(req); err != nil {
		return nil, err
	}
	p, err := formulas.parse(req.Formula)
	if err != nil {
		return nil, inFormula(err, req.Formula)
	}
	f, leaves := p.Formula, p.leaves
	if len(req.Inputs) == 0 && len(leaves.order) > 0 {
		// Only a formula of literals only (7 − 5) may come without inputs;
		// its literals are recorded as constants.
		return nil, missing("inputs", "give one input for each name in the formula")
	}
	amounts, err := bind(req, leaves)
	if err != nil {
		return nil, err
	}
	grounds, err := groundInputs(req, func(i int) *units.Amount { return amounts[req.Inputs[i].Name] })
	if err != nil {
		return nil, err
	}
	unitOf := func(name string) (units.Unit, bool) { a, ok := amounts[name]; return a.Unit, ok }
	dim, err := units.Infer(f.Root, unitOf)
	if err != nil {
		return nil, spanInFormula(err, req.Formula)
	}
	target, err := units.Resolve(req.Output, dim)
	if err != nil {
		return nil, spanInFormula(err, req.Formula)
	}
	vars := make(expr.Vars, len(amounts))
	for name, a := range amounts {
		vars[name] = &a.Value
	}
	res, err := f.Eval(vars)
	if err != nil {
		return nil, inFormula(err, req.Formula)
	}
	presented, err := present(f, vars, res, target)
	if err != nil {
		return nil, spanInFormula(err, req.Formula)
	}
	amountOf := func(name string) (units.Amount, bool) { a, ok := amounts[name]; return *a, ok }
	expanded, err := units.Expand(f.Root, amountOf, target)
	if err != nil {
		return nil, spanInFormula(err, req.Formula)
	}
	r, err := record(req, amounts, leaves, expanded, res, presented, target)
	if err != nil {
		return nil, err
	}
	r.attachGrounding(grounds)
	return r, nil
}

// present rounds the result once, on its exact value: when evaluation had
// to round a step at 34 digits, the formula is evaluated again over exact
// rationals, so that a value just under a tie (1 / 8.000000000000000000000000000000001)
// is not rounded as if it were the tie.
func present(f *expr.Formula, vars expr.Vars, res *expr.Result, t units.Target) (units.Presented, error) {
	if !res.Inexact {
		return t.Present(&res.Value)
	}
	exact, err := f.Exact(vars)
	if err != nil {
		return units.Presented{}, inFormula(err, f.Source)
	}
	return t.PresentExact(exact)
}

// checkRequest refuses missing and malformed fields before any parsing.
func checkRequest(req *Request) error {
	if strings.TrimSpace(req.Formula) == "" {
		return missing("formula", "give the formula over the input names, such as (a + b) / c")
	}
	return checkInputs(req)
}

// checkInputs refuses malformed inputs and interpretations, for formulas
// and named operations alike. An empty list is left to the caller: a
// formula of literals only needs none, and each operation names its own.
func checkInputs(req *Request) error {
	if len(req.Inputs) > maxInputs {
		return fieldErr(fault.TooManyInputs, "inputs", "split the calculation into several requests",
			"%d inputs, over the limit of %d", len(req.Inputs), maxInputs)
	}
	seen := make(map[string]int, len(req.Inputs))
	for i, in := range req.Inputs {
		at := func(field string) string { return fmt.Sprintf("inputs[%d].%s", i, field) } // only on refusal
		switch {
		case in.Name == "":
			return missing(at("name"), "name the input as the formula does")
		case in.Display == "":
			return missing(at("display"), "give the number exactly as the source prints it, as a string")
		case in.Unit == "":
			return missing(at("unit"), "give an ISO 4217 code such as USD, or number, ratio, percent, pp, bp, count, days, months or years")
		case in.Provenance == "":
			return missing(at("provenance"), "say where the number was read: text, page_image, system_of_record or user")
		case !slices.Contains(provenances, in.Provenance):
			return fieldErr(fault.BadProvenance, at("provenance"), "use text, page_image, system_of_record or user",
				"unknown provenance %q", in.Provenance)
		}
		if j, dup := seen[in.Name]; dup {
			return fieldErr(fault.DuplicateInput, at("name"), "give each input its own name",
				"inputs[%d] and inputs[%d] are both named %q", j, i, in.Name)
		}
		seen[in.Name] = i
	}
	if it := req.Interpretation; it != nil {
		switch {
		case it.Kind == SourceDefined || it.Kind == "":
		case it.Kind == Interpreted && strings.TrimSpace(it.Note) == "":
			return fieldErr(fault.BadInterpretation, "interpretation.note",
				"say in the note how the metric is defined, since the source does not define it", "an interpreted formula needs a note")
		case it.Kind != Interpreted:
			return fieldErr(fault.BadInterpretation, "interpretation.kind", "use source_defined or interpreted",
				"unknown interpretation kind %q", it.Kind)
		}
	}
	return nil
}

// bind parses every input's printed value and pairs names with inputs: each
// name the formula uses needs an input, and each input must be used.
func bind(req *Request, leaves *leafSet) (map[string]*units.Amount, error) {
	amounts := make(map[string]*units.Amount, len(req.Inputs))
	for i, in := range req.Inputs {
		if _, used := leaves.names[in.Name]; !used {
			return nil, fieldErr(fault.UnusedInput, fmt.Sprintf("inputs[%d].name", i),
				"use the input in the formula or remove it", "input %q is not used by the formula", in.Name)
		}
		a, err := readInput(i, in, req.Sources)
		if err != nil {
			return nil, err
		}
		amounts[in.Name] = a
	}
	for _, name := range leaves.order {
		if _, ok := amounts[name]; !ok {
			at := leaves.names[name]
			return nil, &fault.Error{Code: fault.UnknownName, Field: "formula", Span: at, Src: req.Formula,
				Msg:  fmt.Sprintf("the formula uses %q but no input has that name", name),
				Hint: "add an input named " + name + " or correct the name in the formula"}
		}
	}
	return amounts, nil
}

// readInput reads input i's printed value in its unit and scale, and
// checks it against its quote: the quote must print a number that means
// the same (sign, scale, percent, currency), not merely the same digits.
// Formulas and named operations read every numeric input through it.
func readInput(i int, in Input, src *quote.Sources) (*units.Amount, error) {
	a, err := parseInput(in)
	if err != nil {
		if ue, ok := err.(*fault.Error); ok {
			return nil, ue.Under(fmt.Sprintf("inputs[%d]", i))
		}
		return nil, err
	}
	// A rate written as the market pair its quote prints is refused
	// first: its own hint says which way round the unit goes.
	if err := checkExchangeRate(i, in); err != nil {
		return nil, err
	}
	// The quote is read as the document shows it: markup, struck text
	// and comments dropped, character references decoded, as grounding
	// reads the source's own text of the match.
	// A quote grounding will find in a registered source is checked
	// there, against the structure around the number, which says more
	// than the quote alone ("$ | 302" is dollars, a sign in the next cell
	// is the number's); this check is for quotes no source backs.
	if _, grounded := src.Lookup(in.Source); grounded && in.Provenance == ProvenanceText {
		return a, nil
	}
	if in.Quote != "" && !quote.ContainsAmount(readable(in.Quote), a) {
		return nil, fieldErr(fault.QuoteMismatch, fmt.Sprintf("inputs[%d].quote", i),
			"copy the display and the quote from the same passage: the quote must print the display's number with the same sign, scale and unit",
			"the quote of %q prints no number that reads as %q", in.Name, in.Display)
	}
	return a, nil
}

func parseInput(in Input) (*units.Amount, error) {
	u, err := units.ParseUnit(in.Unit)
	if err != nil {
		return nil, inField(err, "unit")
	}
	s, err := numeral.ParseScale(in.Scale)
	if err != nil {
		return nil, inField(err, "scale")
	}
	a, err := units.ParseAmount(in.Display, u, s)
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// inField sets the Field of a units error that does not say it.
func inField(err error, field string) error {
	if ue, ok := err.(*fault.Error); ok && ue.Field == "" {
		e := *ue
		e.Field = field
		return &e
	}
	return err
}

// record assembles the receipt.
func record(req *Request, amounts map[string]*units.Amount, leaves *leafSet, expanded string,
	res *expr.Result, p units.Presented, t units.Target) (*Receipt, error) {
	r := &Receipt{
		Type:           TypeV1,
		ID:             req.ID,
		Operation:      OperationFormula,
		Formula:        req.Formula,
		Interpretation: Interpretation{Kind: SourceDefined},
		Inputs:         make([]InputRecord, len(req.Inputs)),
		Constants:      slices.Clone(leaves.constants), // the cached leaves are shared
		Conversions:    make([]units.Conversion, len(req.Inputs)),
		Expanded:       expanded,
		SamePeriod:     req.SamePeriod,
		Result: Result{Exact: p.Exact, Value: p.Value, Unit: p.Unit, Scale: p.Scale, Places: p.Places,
			Rounding: p.Rounding, Display: p.Display, Inexact: res.Inexact || p.Inexact},
		Engine: CurrentEngine(),
	}
	if t.Indian {
		r.Result.Grouping = "indian"
	}
	if p.Inexact {
		r.legacy = legacyResult{value: &res.Value, target: t}
	}
	if req.Interpretation != nil && req.Interpretation.Kind != "" {
		r.Interpretation = *req.Interpretation
	}
	if r.Constants == nil {
		r.Constants = []Constant{}
	}
	byInput := make(map[string]string, len(req.Inputs))
	for i, in := range req.Inputs {
		a := amounts[in.Name]
		c := a.Conversion(in.Name)
		r.Conversions[i] = c
		r.Inputs[i] = InputRecord{Name: in.Name, Display: in.Display, Value: c.Value, Unit: c.Unit, Scale: c.Scale,
			Factor: c.Factor, Period: in.Period, Label: in.Label, Support: in.Support, Provenance: in.Provenance, Quote: in.Quote,
			Source: in.Source}
		byInput[in.Name] = in.Period
	}
	r.Type = r.wantType()
	if err := r.recordPeriods(byInput, req.SamePeriod); err != nil {
		return nil, err
	}
	return r, nil
}

// leafSet is what the formula's leaves say: the names used (each with the
// span of its first use) and the constants.
type leafSet struct {
	names     map[string]expr.Span
	order     []string
	constants []Constant
}

// collectLeaves is an [expr.Algebra] over the formula's leaves.
func collectLeaves(root expr.Node) *leafSet {
	l := &leafSet{names: map[string]expr.Span{}}
	_, _ = expr.Fold[struct{}](root, l)
	return l
}

func (l *leafSet) Number(n *expr.Number) (struct{}, error) {
	l.constants = append(l.constants, Constant{Value: n.Text, Span: [2]int{n.At.Start, n.At.End}})
	return struct{}{}, nil
}

func (l *leafSet) Ident(n *expr.Ident) (struct{}, error) {
	if _, ok := l.names[n.Name]; !ok {
		l.names[n.Name] = n.At
		l.order = append(l.order, n.Name)
	}
	return struct{}{}, nil
}

func (l *leafSet) Unary(*expr.Unary, struct{}) (struct{}, error)             { return struct{}{}, nil }
func (l *leafSet) Binary(*expr.Binary, struct{}, struct{}) (struct{}, error) { return struct{}{}, nil }
func (l *leafSet) Call(*expr.Call, []struct{}) (struct{}, error)             { return struct{}{}, nil }

// recordPeriods records the distinct period labels of the inputs, by input
// name, refusing them when one period is required and they differ or one
// is blank. A receipt's periods are never null.
func (r *Receipt) recordPeriods(byInput map[string]string, same bool) error {
	periods, err := units.Periods(byInput, same)
	if err != nil {
		return err
	}
	if periods == nil {
		periods = []string{}
	}
	r.Periods = periods
	return nil
}
