package receipt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/units"
)

// TypeOperationV1 names the first version of the receipt format of a named
// operation. It has every field of [TypeV1] (formula empty, constants
// empty, expanded the operation's call with its inputs' values) and adds
// call: the params, the injected today, the method of any inexact step, and
// every intermediate a person needs to redo the operation by hand.
const TypeOperationV1 = "reckon.operation/v1"

// TypeOperationV2 is to [TypeOperationV1] what [TypeV2] is to [TypeV1]: a
// named operation's receipt whose inputs name their sources, with their
// groundings.
const TypeOperationV2 = "reckon.operation/v2"

// Call is what a named operation's receipt adds: how it was called and what
// it found on the way.
type Call struct {
	Params []Param          `json:"params"` // the request's non-empty params, sorted by name
	Today  string           `json:"today"`  // the application's injected today; "" when none was given
	Method string           `json:"method"` // how an inexact result was computed; "" when exact
	Steps  []operation.Step `json:"steps"`  // the intermediates, in the order a person would compute them
}

// Param is one param of a named operation, as requested.
type Param struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// hasParams reports whether a request gives any non-empty param: a formula
// request may carry an object of empty params (a tool schema that requires
// every field sends one), but a param with a value needs an operation.
func hasParams(params map[string]string) bool {
	for _, v := range params {
		if v != "" {
			return true
		}
	}
	return false
}

// calculateOperation runs a named operation: the request's fields and
// inputs are checked and read as for a formula, the operation computes, and
// the result is presented and recorded the same way.
func calculateOperation(req *Request) (*Receipt, error) {
	op, err := lookup(req)
	if err != nil {
		return nil, err
	}
	if _, inputless := op.(operation.Inputless); len(req.Inputs) == 0 && !inputless {
		return nil, missing("inputs", "give one input for each value "+req.Operation+" takes, named as it names them")
	}
	if err := checkInputs(req); err != nil {
		return nil, err
	}
	args := operation.Args{Inputs: make([]operation.Input, len(req.Inputs)), Params: map[string]string{},
		Today: req.Today, Output: req.Output}
	for i, in := range req.Inputs {
		if args.Inputs[i], err = readOperationInput(i, in, req.Sources); err != nil {
			return nil, err
		}
	}
	grounds, err := groundInputs(req, func(i int) *units.Amount { return args.Inputs[i].Amount })
	if err != nil {
		return nil, err
	}
	for k, v := range req.Params {
		if v != "" {
			args.Params[k] = v
		}
	}
	out, err := op.Run(args)
	if err != nil {
		return nil, err
	}
	r, err := recordOperation(req, args, out)
	if err != nil {
		return nil, err
	}
	r.attachGrounding(grounds)
	return r, nil
}

// lookup finds the request's operation.
func lookup(req *Request) (operation.Op, error) {
	if req.Operation == "" {
		return nil, fieldErr(fault.MissingField, "operation", "give the operation the params are for, such as pmt, or leave every param empty for a formula",
			"params are given but operation is empty")
	}
	if strings.TrimSpace(req.Formula) != "" {
		return nil, fieldErr(fault.BadRequest, "formula", "give either a formula or an operation, and leave the other empty",
			"both a formula and the operation %q are given", req.Operation)
	}
	op, ok := operation.Lookup(req.Operation)
	if !ok {
		return nil, fieldErr(fault.UnknownOperation, "operation", "use one of: "+strings.Join(operation.Names(), ", ")+
			" (a program registers reckon's standard set by importing github.com/reckonhq/reckon/operation/standard)",
			"unknown operation %q", req.Operation)
	}
	return op, nil
}

// dateUnit is the unit of an input that holds a printed date. reckon's
// reader of numbers does not read it; the operation reads Display itself.
const dateUnit = "date"

// readOperationInput reads one input of a named operation: through the one
// reader of printed numbers unless it is a date, and checked against its
// quote as a formula's inputs are.
func readOperationInput(i int, in Input, src *quote.Sources) (operation.Input, error) {
	oi := operation.Input{Name: in.Name, Display: in.Display, Unit: in.Unit, Scale: in.Scale}
	if strings.EqualFold(strings.TrimSpace(in.Unit), dateUnit) {
		if in.Quote != "" && !strings.Contains(in.Quote, strings.TrimSpace(in.Display)) {
			return oi, fieldErr(fault.QuoteMismatch, fmt.Sprintf("inputs[%d].quote", i),
				"copy the display and the quote from the same passage: the date must appear in the quote exactly as printed",
				"the quote of %q does not contain %q", in.Name, in.Display)
		}
		return oi, nil
	}
	a, err := readInput(i, in, src)
	if err != nil {
		return oi, err
	}
	oi.Amount = a
	return oi, nil
}

// recordOperation presents an operation's outcome and assembles its
// receipt.
func recordOperation(req *Request, args operation.Args, out operation.Outcome) (*Receipt, error) {
	res, target, err := presentOutcome(req.Output, out)
	if err != nil {
		return nil, err
	}
	indian := target.Indian
	r := &Receipt{
		Type:      TypeOperationV1,
		ID:        req.ID,
		Operation: req.Operation,
		Call: &Call{Params: make([]Param, 0, len(args.Params)), Today: req.Today, Method: out.Method,
			Steps: slices.Clone(out.Steps)},
		Interpretation: Interpretation{Kind: SourceDefined},
		Inputs:         make([]InputRecord, len(req.Inputs)),
		Constants:      []Constant{},
		Conversions:    make([]units.Conversion, len(req.Inputs)),
		SamePeriod:     req.SamePeriod,
		Result:         res,
		Engine:         CurrentEngine(),
	}
	if indian {
		r.Result.Grouping = "indian"
	}
	if out.Value != nil && strings.HasSuffix(res.Exact, units.Ellipsis) {
		// Receipts written before an inexact operation's result was
		// presented from its guard digits recorded exact as the result
		// rounded to 34 digits, unmarked; they keep verifying.
		var v apd.Decimal
		if _, err := expr.NewContext().Round(&v, out.Value); err == nil {
			r.legacy = legacyResult{value: &v, target: target}
		}
	}
	if r.Call.Steps == nil {
		r.Call.Steps = []operation.Step{}
	}
	for k, v := range args.Params {
		r.Call.Params = append(r.Call.Params, Param{Name: k, Value: v})
	}
	slices.SortFunc(r.Call.Params, func(a, b Param) int { return strings.Compare(a.Name, b.Name) })
	if req.Interpretation != nil && req.Interpretation.Kind != "" {
		r.Interpretation = *req.Interpretation
	}
	byInput := make(map[string]string, len(req.Inputs))
	call := make([]string, 0, len(req.Inputs)+len(r.Call.Params))
	for i, in := range req.Inputs {
		c := conversionOf(args.Inputs[i])
		r.Conversions[i] = c
		r.Inputs[i] = InputRecord{Name: in.Name, Display: in.Display, Value: c.Value, Unit: c.Unit, Scale: c.Scale,
			Factor: c.Factor, Period: in.Period, Label: in.Label, Support: in.Support, Provenance: in.Provenance, Quote: in.Quote,
			Source: in.Source}
		byInput[in.Name] = in.Period
		call = append(call, in.Name+" = "+expandedValue(c))
	}
	for _, p := range r.Call.Params {
		call = append(call, p.Name+" = "+p.Value)
	}
	r.Expanded = req.Operation + "(" + strings.Join(call, ", ") + ")"
	r.Type = r.wantType()
	if err := r.recordPeriods(byInput, req.SamePeriod); err != nil {
		return nil, err
	}
	return r, nil
}

// expandedValue writes an input as formulas' expanded expressions do: the
// printed number, times its factor when that is not 1 (6 × 0.01 for 6%,
// 2 × 12 for two years in months).
func expandedValue(c units.Conversion) string {
	if c.Factor == "1" || c.Unit == dateUnit {
		return c.Printed
	}
	return c.Printed + " × " + c.Factor
}

// conversionOf records one input: a quantity's conversion, or a printed
// date as it was given.
func conversionOf(in operation.Input) units.Conversion {
	if in.Amount == nil {
		d := strings.TrimSpace(in.Display)
		return units.Conversion{Name: in.Name, Display: in.Display, Printed: d, Factor: "1", Value: d, Unit: dateUnit}
	}
	return in.Amount.Conversion(in.Name)
}

// presentOutcome presents an operation's result in the requested output: a
// quantity as a formula's result is presented, or a text result (a date, an
// interval) as it is, which no output setting applies to.
func presentOutcome(o units.Output, out operation.Outcome) (Result, units.Target, error) {
	if out.Value == nil {
		if out.TextUnit == "" {
			out.TextUnit = "text" // an operation that does not say what its text is
		}
		// An output naming the result's own unit is what a receipt of a
		// text result records, and what verify re-executes it with.
		if o.Unit != "" && o.Unit != out.TextUnit || o.Scale != "" || o.Places != nil || o.Rounding != "" || o.Grouping != "" {
			return Result{}, units.Target{}, fieldErr(fault.BadRequest, "output", "leave every output field empty: the result is "+out.TextUnit+", not a number",
				"output settings given for a %s result", out.TextUnit)
		}
		return Result{Exact: out.Text, Value: out.Text, Unit: out.TextUnit, Display: out.Text}, units.Target{}, nil
	}
	target, err := units.Resolve(o, units.Dim{Unit: out.Unit})
	if err != nil {
		return Result{}, target, err
	}
	p, err := target.Present(out.Value)
	if err != nil {
		return Result{}, target, err
	}
	return Result{Exact: p.Exact, Value: p.Value, Unit: p.Unit, Scale: p.Scale, Places: p.Places,
		Rounding: p.Rounding, Display: p.Display, Inexact: out.Inexact || p.Inexact}, target, nil
}
