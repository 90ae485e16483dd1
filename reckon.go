package reckon

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

// In is one number as the source prints it. Name, Display and Unit are
// required; the other fields are recorded in the receipt as given. Its
// fields mean what the fields of [receipt.Input] mean.
type In struct {
	Name       string // the name the formula uses
	Display    string // the number exactly as printed: "1,09,638.91", "(799)", "6.7%", "799 million"
	Unit       string // an ISO 4217 code, number, ratio, percent, pp, bp, count[:noun], days, months, years
	Scale      string // thousand, lakh, lacs, crore, million, bn, …; "" for ones or a scale printed in Display
	Period     string // FY2021, year ended 31 March 2003, …
	Label      string // the line item as the source names it
	Support    string // the citation: document and page, URL, row id
	Provenance string // text, page_image, system_of_record or user; "" means user, or text when Source is set
	Quote      string // the passage Display was read from, verbatim; "" if none
	// Source names the registered document ([Sources]) Quote is read
	// from: the input is grounded there, and its receipt backs prose.
	Source string
}

// Inputs returns inputs of one unit and scale, from names and printed
// values in pairs: Inputs("USD", "million", "debt", "799", "cash", "(1,234.5)").
// A name without a printed value gives an input with an empty Display,
// which [Calc] refuses as a missing field; it never panics.
func Inputs(unit, scale string, nameDisplay ...string) []In {
	ins := make([]In, 0, (len(nameDisplay)+1)/2)
	for i := 0; i < len(nameDisplay); i += 2 {
		in := In{Name: nameDisplay[i], Unit: unit, Scale: scale}
		if i+1 < len(nameDisplay) {
			in.Display = nameDisplay[i+1]
		}
		ins = append(ins, in)
	}
	return ins
}

// Result is a calculation's result, presented, with the receipt that
// records it. Every number is a plain decimal string: no exponent, and
// never "-0".
type Result struct {
	Value    string // the exact result rounded once to the requested places; Exact when not rounded
	Exact    string // the exact result, never rounded; cut off with "…" when it has no short decimal form
	Display  string // Value for people: grouped digits, scale word and unit, as in 1.344× or ₹8,367,277,000
	Unit     string // the canonical unit of the result: USD, ratio, percent, pp, …
	Scale    string // the canonical scale word of the result, "" for ones
	Expanded string // the formula with the printed values substituted
	Inexact  bool   // some step was rounded to 34 significant digits before the final rounding

	// Receipt records the whole calculation, unsigned: inputs as printed,
	// conversions, the expanded expression and the result. Seal it with
	// [receipt.Seal].
	Receipt *receipt.Receipt
}

// String returns r.Display.
func (r Result) String() string { return r.Display }

// Calc evaluates formula over inputs, exactly, and presents the result as
// opts ask: by default in the unit inferred from the inputs, in ones, not
// rounded. It runs [receipt.Calculate], the one pipeline behind every
// receipt, so its result is what a verifier re-executes.
//
// Refusals are the pipeline's typed errors, returned as they are;
// [receipt.Describe] turns any of them into a code, message, field, span
// and hint. The package doc lists the errors.As targets.
func Calc(formula string, inputs []In, opts ...Option) (Result, error) {
	req := &receipt.Request{Formula: formula, Inputs: make([]receipt.Input, len(inputs))}
	for i, in := range inputs {
		req.Inputs[i] = in.input()
	}
	for _, opt := range opts {
		if opt.set != nil { // the zero Option sets nothing
			opt.set(req)
		}
	}
	for i, in := range inputs {
		if in.Source != "" && req.Sources == nil {
			// the input asks to be grounded, and nothing could check it
			return Result{}, &fault.Error{Code: fault.UnknownSource, Field: fmt.Sprintf("inputs[%d].source", i),
				Msg:  fmt.Sprintf("input %s names source %q, but no sources are registered", in.Name, in.Source),
				Hint: "pass reckon.Sources(sources) with the documents the inputs are quoted from"}
		}
	}
	r, err := receipt.Calculate(req)
	if err != nil {
		return Result{}, err
	}
	return resultOf(r), nil
}

// Convert presents one printed amount in another scale of the same unit,
// exactly: Convert("836.73", "INR", "crore", "lakh") is 83,673 lakh. fromScale
// may be "" when display prints its scale word ("1,234.5 million") or is in
// ones; toScale "" means ones. With toScale equal to fromScale it presents
// the amount as it is, grouped as asked. opts may ask for places, rounding or
// grouping; toScale wins over a [Scale] option, and a [Unit] option must
// name the amount's own unit, since reckon never converts currencies. The
// receipt records the formula "amount" over one input of that name.
// Errors are those of [Calc].
func Convert(display, unit, fromScale, toScale string, opts ...Option) (Result, error) {
	in := []In{{Name: "amount", Display: display, Unit: unit, Scale: fromScale}}
	// A fresh slice: appending to opts could write into the caller's array.
	all := make([]Option, 0, len(opts)+1)
	return Calc("amount", in, append(append(all, opts...), Scale(toScale))...)
}

// input converts in to the pipeline's request input.
func (in In) input() receipt.Input {
	p := in.Provenance
	switch {
	case p == "" && in.Source != "":
		p = receipt.ProvenanceText
	case p == "":
		p = receipt.ProvenanceUser
	}
	return receipt.Input{Name: in.Name, Display: in.Display, Unit: in.Unit, Scale: in.Scale, Period: in.Period,
		Label: in.Label, Support: in.Support, Provenance: p, Quote: in.Quote, Source: in.Source}
}

// resultOf copies the presented result out of r. Its strings are already
// plain: units presents every number with expr.Plain, so there is nothing
// to format again here.
func resultOf(r *receipt.Receipt) Result {
	return Result{Value: r.Result.Value, Exact: r.Result.Exact, Display: r.Result.Display, Unit: r.Result.Unit,
		Scale: r.Result.Scale, Expanded: r.Expanded, Inexact: r.Result.Inexact, Receipt: r}
}
