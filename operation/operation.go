// Package operation defines the one small interface that reckon's named
// operations implement: the finance operations (loan payments under a stated
// rate convention, growth, payoff plans, projections), the date operations
// (day counts, relative ranges against an injected today) and model cost.
//
// A named operation takes the place of a formula in a request. The receipt
// package does everything around it the same way for every operation: it
// checks the request's fields, reads each input's printed display through the
// one reader of printed numbers in [units], checks its quote, runs the
// operation, presents the result (output scale applied once, rounded once),
// records the params and every [Step] in the receipt, signs it, and re-executes
// it when verifying. An operation only computes: it never reads a clock, a
// file or the network, and it refuses what it would have to guess, with a
// [*fault.Error] whose Code is stable and whose Hint a model can act on.
//
// Operations register by name ([Register]): reckon's standard set when a
// program imports package operation/standard, an application's own where
// it registers them; receipt looks them up ([Lookup]) and knows none of
// their mathematics.
package operation

import (
	"fmt"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/units"
)

// Op is a named operation.
type Op interface {
	// Name is the request's "operation" value, such as "pmt" or
	// "days_between". Names are snake_case and never "formula".
	Name() string
	// Run computes the operation over args. It must be deterministic: the
	// same args give the same Outcome, byte for byte, on every machine,
	// since verification re-executes it and compares every recorded field.
	Run(args Args) (Outcome, error)
}

// Inputless is implemented by an operation that takes no inputs, only
// params and the injected today (date_range), so that a request for it with
// no inputs is not refused as missing them. Every other operation needs at
// least one input.
type Inputless interface {
	Op
	// TakesNoInputs marks the operation; it is never called.
	TakesNoInputs()
}

// Input is one request input as an operation receives it.
type Input struct {
	Name    string // as the request names it: "rate", "pv", or "debts[0].balance" for a list
	Display string // exactly as printed
	Unit    string // the unit field as requested: "USD", "percent", "number", "date"
	Scale   string // the scale field as requested
	// Amount is the display read by [units.ParseAmount] in its unit and
	// scale; nil when the unit is not a quantity (a printed date), in which
	// case the operation reads Display with its own reader.
	Amount *units.Amount
}

// Args are everything an operation may use.
type Args struct {
	Inputs []Input           // in request order; names are unique
	Params map[string]string // the request's params, as strings; empty values are left out
	Today  string            // the application's injected today, YYYY-MM-DD; "" when none was given
	Output units.Output      // the requested output, for operations whose result unit depends on it
}

// Input returns the input named name.
func (a Args) Input(name string) (Input, bool) {
	for _, in := range a.Inputs {
		if in.Name == name {
			return in, true
		}
	}
	return Input{}, false
}

// Field returns the request field of the input named name, such as
// "inputs[2]", for an error's Field; "inputs" when there is no such input.
func (a Args) Field(name string) string {
	for i, in := range a.Inputs {
		if in.Name == name {
			return fmt.Sprintf("inputs[%d]", i)
		}
	}
	return "inputs"
}

// Param returns the param named name, or def when it is absent or empty.
func (a Args) Param(name, def string) string {
	if v, ok := a.Params[name]; ok && v != "" {
		return v
	}
	return def
}

// Step is one intermediate figure a person needs to redo the operation by
// hand: the periodic rate, the growth factor, a schedule's totals. Steps are
// recorded in the receipt in order, and they back prose like the result does.
type Step struct {
	Name  string `json:"name"`  // snake_case: "periodic_rate", "total_interest", "avalanche.months_to_debt_free"
	Value string `json:"value"` // a plain decimal (no exponent), an ISO 8601 date, a START/END interval, or a word
	Unit  string `json:"unit"`  // canonical unit, as units prints it: "USD", "percent", "number", "days", "date", "interval", "text"
}

// Outcome is what an operation computed.
type Outcome struct {
	// Value is the result in Unit, exact or (when Inexact) to the
	// arithmetic's precision. It is nil when the result is not a quantity
	// (a date interval), and Text holds it instead.
	Value *apd.Decimal
	Unit  units.Unit
	Text  string // the result when it is not a quantity, such as "2026-11-21/2026-11-30"
	// TextUnit names what Text is, as a receipt records it: "date" or
	// "interval"; "" is recorded as "text". It is used only when Value is
	// nil.
	TextUnit string
	// Inexact says some step was not exact: a fractional power, a
	// logarithm, an iterative solve. Method says how it was computed.
	Inexact bool
	Method  string // "" when exact; otherwise the method and its guard digits or tolerance
	Steps   []Step // intermediates, in the order a person would compute them
}
