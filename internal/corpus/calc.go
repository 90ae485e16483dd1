package corpus

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
)

// Outcome is what reckon answered one request: a value or a refusal.
type Outcome struct {
	Value *apd.Decimal // the exact result, in Unit and in ones, when accepted
	Unit  string       // the result's unit, when accepted
	Err   *fault.Error // the refusal, when refused
}

// OK reports whether the request was accepted.
func (o Outcome) OK() bool { return o.Err == nil }

// calculate runs req through reckon's pipeline, unsigned: Calculate is
// what Respond runs before it signs, and signing proves nothing here.
func calculate(req *receipt.Request) Outcome {
	r, err := receipt.Calculate(req)
	if err != nil {
		return refusal(err)
	}
	// Value is the exact result when it has a short form, and the exact
	// result rounded to 34 digits when it has none (1/3), never "…".
	v, perr := parseDecimal(r.Result.Value)
	if perr != nil {
		return refusal(fmt.Errorf("corpus: result value: %w", perr))
	}
	return Outcome{Value: v, Unit: r.Result.Unit}
}

// refusal turns err into an Outcome. Every refusal of reckon is a
// *fault.Error; anything else is recorded as internal, a bug to report.
func refusal(err error) Outcome {
	var e *fault.Error
	if errors.As(err, &e) {
		return Outcome{Err: e}
	}
	return Outcome{Err: &fault.Error{Code: fault.Internal, Msg: err.Error()}}
}

// Following is what came of following a refusal's fixes.
type Following struct {
	Rounds int             // how many times a fix was applied
	Fixes  []fault.Fix     // every change applied, in order
	Last   Outcome         // the answer to the last request
	Final  []receipt.Input // the inputs of the last request, every fix applied
	// Stuck says why following stopped while still refused: the refusal
	// carried no fix, a fix named a field no request has, a fix changed
	// nothing, or the rounds ran out.
	Stuck string
}

// follow applies the fixes of first, a refusal of req, and calculates
// again, up to rounds times, as a program that trusts reckon's hints would.
func follow(req *receipt.Request, first Outcome, rounds int) Following {
	cur := *req
	cur.Inputs = slices.Clone(req.Inputs)
	fl := Following{Last: first}
	for fl.Last.Err != nil {
		fixes := fl.Last.Err.Fix
		switch {
		case len(fixes) == 0:
			fl.Stuck = "no fix"
		case fl.Rounds == rounds:
			fl.Stuck = fmt.Sprintf("still refused after %d rounds", rounds)
		}
		if fl.Stuck != "" {
			break
		}
		changed, err := applyFixes(&cur, fixes)
		if err != nil {
			fl.Stuck = err.Error()
			break
		}
		if !changed {
			fl.Stuck = "the fix changes nothing"
			break
		}
		fl.Rounds++
		fl.Fixes = append(fl.Fixes, fixes...)
		fl.Last = calculate(&cur)
	}
	fl.Final = cur.Inputs
	return fl
}

// fixField is the shape of a fix's field: an input's field, or the
// output's. Its groups are the input index, the input field, the output
// field.
var fixField = regexp.MustCompile(`^(?:inputs\[(\d+)\]\.(\w+)|output\.(\w+))$`)

// applyFixes gives each field of fixes its value in req, and reports
// whether any changed.
func applyFixes(req *receipt.Request, fixes []fault.Fix) (changed bool, err error) {
	for _, fx := range fixes {
		p, err := fixTarget(req, fx.Field)
		if err != nil {
			return changed, err
		}
		if *p != fx.Value {
			*p = fx.Value
			changed = true
		}
	}
	return changed, nil
}

// fixTarget returns the request field a fix names.
func fixTarget(req *receipt.Request, field string) (*string, error) {
	m := fixField.FindStringSubmatch(field)
	if m == nil {
		return nil, fmt.Errorf("fix names field %q, which no program can set", field)
	}
	if m[3] != "" {
		switch m[3] {
		case "unit":
			return &req.Output.Unit, nil
		case "scale":
			return &req.Output.Scale, nil
		case "rounding":
			return &req.Output.Rounding, nil
		}
		return nil, fmt.Errorf("fix names field %q, which no program can set", field)
	}
	i, _ := strconv.Atoi(m[1])
	if i >= len(req.Inputs) {
		return nil, fmt.Errorf("fix names %q, past the request's %d inputs", field, len(req.Inputs))
	}
	in := &req.Inputs[i]
	switch m[2] {
	case "display":
		return &in.Display, nil
	case "unit":
		return &in.Unit, nil
	case "scale":
		return &in.Scale, nil
	case "period":
		return &in.Period, nil
	case "quote":
		return &in.Quote, nil
	case "source":
		return &in.Source, nil
	case "label":
		return &in.Label, nil
	case "provenance":
		return &in.Provenance, nil
	}
	return nil, fmt.Errorf("fix names field %q, which no program can set", field)
}

// fixString prints fixes for people: inputs[0].scale="million", ….
func fixString(fixes []fault.Fix) string {
	var b strings.Builder
	for i, fx := range fixes {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s=%q", fx.Field, fx.Value)
	}
	return b.String()
}
