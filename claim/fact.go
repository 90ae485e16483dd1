package claim

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
)

// Fact is an authoritative value the application supplies: a count from its
// database, a balance from its ledger, a total from its search engine. Its
// JSON form is an element of the request's "facts".
type Fact struct {
	// Label names the value for people: "documents matching".
	Label string `json:"label"`
	// Value is the number as a string, as [units.ParseAmount] reads it in
	// Unit and Scale: "84", "1,798.65", "8.37 billion". It is empty when
	// Exact is false.
	Value string `json:"value"`
	// Unit is required: an ISO 4217 code, number, ratio, percent, pp, bp,
	// count, count:NOUN, days, months or years, as [units.ParseUnit] reads
	// it; or date (a value YYYY-MM-DD) or interval (START/END), a fact
	// that backs dates and no number.
	Unit string `json:"unit"`
	// Scale is a scale word such as "million" or "crore", or "" for ones.
	Scale string `json:"scale"`
	// Exact, when false, says that no exact value exists: a similarity
	// search knows no exact count of similar documents. A number of a
	// compatible unit that no other fact backs is then refused with reason
	// no_exact_value. Nil (the default) means true.
	Exact *bool `json:"exact,omitempty"`
}

// NoExactValue returns a fact saying that the quantity label, of unit unit,
// has no exact value.
func NoExactValue(label, unit string) Fact {
	no := false
	return Fact{Label: label, Unit: unit, Exact: &no}
}

// hasValue reports whether f states an exact value.
func (f *Fact) hasValue() bool { return f.Exact == nil || *f.Exact }

// Source says where a backing value comes from: a fact of the request, or
// the result or an input of one of its receipts. Its JSON form is a
// mention's "by" and "nearest_by".
type Source struct {
	Kind  string `json:"kind"`            // "fact" or "receipt"
	Index int    `json:"index"`           // position in the request's facts or receipts
	ID    string `json:"id,omitempty"`    // the receipt's id
	Field string `json:"field,omitempty"` // for a receipt: "result" or "inputs[2]"
	Label string `json:"label,omitempty"` // the fact's label, or the receipt input's label or name
	Value string `json:"value"`           // the value at ones in Unit, plain; "" when it has no exact value
	Unit  string `json:"unit"`            // the canonical unit
}

// The kinds of [Source].
const (
	SourceFact    = "fact"    // an application-supplied [Fact]
	SourceReceipt = "receipt" // a verified receipt's result or input
)

// backing is a fact or a receipt value, parsed: its unit and its values at
// ones in that unit. A receipt result has two values, the exact one and
// the one it displays rounded, and a number may quote either.
type backing struct {
	src    Source
	unit   units.Unit
	values []apd.Decimal // empty when there is no exact value
	approx float64       // values[0] as a float64, to rank values by nearness

	// bar, when set, says why this value of a verified receipt backs
	// nothing: an input is not grounded, or a literal is not allowed.
	bar *bar
	// alts are what a formula receipt's result would be were its inputs
	// other than they are (see dependence); nil for every other value.
	alts []apd.Decimal
	// literals is that result with every input zero: what the formula's
	// literals give alone. A number it backs is not backed.
	literals *apd.Decimal
	// noun is the noun the sources print beside this value (see
	// quotedNoun): a count the document names, which a fact of another
	// noun does not govern. "" when the sources name none.
	noun string
	// from are the positions in the request's facts of the facts that
	// ground inputs of this value's receipt: it is computed from them.
	from []int
}

// ignoresInputs reports whether m, which b's value backs, would be backed
// whatever the inputs of b's receipt were: every alternative result backs
// it too, or the result with every input zero does.
func (b *backing) ignoresInputs(m *Mention, opts Options) bool {
	if b.literals != nil {
		if conv, ok := convert(b.literals, b.unit, m); ok && backs(m, conv, opts) {
			return true
		}
	}
	if b.alts == nil {
		return false
	}
	for k := range b.alts {
		conv, ok := convert(&b.alts[k], b.unit, m)
		if !ok || !backs(m, conv, opts) {
			return false
		}
	}
	return true
}

// setApprox records the float64 of the first value.
func (b *backing) setApprox() {
	if len(b.values) > 0 {
		b.approx, _ = b.values[0].Float64()
	}
}

// factBacking parses the i-th fact.
func factBacking(i int, f Fact) (backing, error) {
	b := backing{src: Source{Kind: SourceFact, Index: i, Label: f.Label}}
	bad := func(format string, args ...any) (backing, error) {
		return b, errorf(fault.BadFact, "give value as a string such as \"84\", and a unit such as count, USD or percent",
			"facts[%d]: "+format, append([]any{i}, args...)...)
	}
	if strings.TrimSpace(f.Unit) == "" {
		return bad("missing unit")
	}
	u, err := units.ParseUnit(f.Unit)
	if err != nil {
		return bad("unit: %s", receipt.Describe(err).Message)
	}
	sc, err := numeral.ParseScale(f.Scale)
	if err != nil {
		return bad("scale: %s", receipt.Describe(err).Message)
	}
	b.unit, b.src.Unit = u, u.String()
	if !f.hasValue() {
		if strings.TrimSpace(f.Value) != "" {
			return bad("a fact with exact false has no value, but value is %q", f.Value)
		}
		return b, nil
	}
	a, err := units.ParseAmount(f.Value, u, sc)
	if err != nil {
		return bad("value: %s", receipt.Describe(err).Message)
	}
	v := atOnes(&a.Printed, a.Scale)
	b.values, b.src.Value = []apd.Decimal{v}, expr.Plain(&v)
	b.setApprox()
	return b, nil
}

// receiptBackings returns the result and the inputs of r, the receipt at
// position i, as backings. bar, when not nil, is why none of them backs a
// number; they are kept so that a mention they would back says so.
func receiptBackings(i int, r *receipt.Receipt, bar *bar, opts Options) []backing {
	out := receiptValues(i, r)
	for k := range out {
		out[k].bar = bar
	}
	if bar == nil {
		inputs, result := receiptNouns(r)
		for k := range out {
			switch f := out[k].src.Field; {
			case f == "result":
				out[k].noun = result
			case strings.HasPrefix(f, "inputs["):
				var n int
				if _, err := fmt.Sscanf(f, "inputs[%d]", &n); err == nil && n < len(inputs) {
					out[k].noun = inputs[n]
				}
			}
		}
	}
	if bar != nil {
		return out
	}
	if r.Call != nil {
		paramBars(r.Call.Params, out, opts)
		return out
	}
	if len(out) == 0 || out[0].src.Field != "result" {
		return out
	}
	alts, literals, ignores, ok := dependence(r, &out[0].values[0])
	switch {
	case ignores:
		out[0].bar = &barIgnoresZero
	case ok:
		out[0].alts, out[0].literals = alts, literals
	}
	return out
}

// barIgnoresZero is the bar of a formula whose result is zero whatever its
// inputs are ("x - x", "x * 0").
var barIgnoresZero = bar{fault.ResultIgnoresInputs, "its result is zero whatever its inputs are", hintIgnores}

// receiptValues returns the result, the steps and the inputs of r, the
// receipt at position i, as backings.
func receiptValues(i int, r *receipt.Receipt) []backing {
	var out []backing
	src := Source{Kind: SourceReceipt, Index: i, ID: r.ID}
	if u, err := units.ParseUnit(r.Result.Unit); err == nil {
		sc, _ := numeral.ParseScale(r.Result.Scale)
		b := backing{src: src, unit: u}
		b.src.Field, b.src.Unit = "result", u.String()
		// An exact result with no short decimal form is its first 34
		// significant digits cut off with "…": they still back a number
		// shown to fewer places.
		for _, s := range []string{strings.TrimSuffix(r.Result.Exact, units.Ellipsis), r.Result.Value} {
			d, _, err := expr.NewContext().SetString(new(apd.Decimal), s)
			if err == nil && (len(b.values) == 0 || d.Cmp(&b.values[0]) != 0) {
				b.values = append(b.values, atOnes(d, sc))
			}
		}
		if len(b.values) > 0 {
			b.src.Value = expr.Plain(&b.values[0])
			b.setApprox()
			out = append(out, b)
		}
	}
	out = append(out, stepBackings(src, r)...)
	for k, in := range r.Inputs {
		u, err1 := units.ParseUnit(in.Unit)
		sc, err2 := numeral.ParseScale(in.Scale)
		if err1 != nil || err2 != nil {
			continue
		}
		a, err := units.ParseAmount(in.Display, u, sc)
		if err != nil {
			continue
		}
		b := backing{src: src, unit: u}
		b.src.Field, b.src.Label, b.src.Unit = fmt.Sprintf("inputs[%d]", k), in.Label, u.String()
		if b.src.Label == "" {
			b.src.Label = in.Name
		}
		v := atOnes(&a.Printed, a.Scale)
		b.values, b.src.Value = []apd.Decimal{v}, expr.Plain(&v)
		b.setApprox()
		out = append(out, b)
	}
	return out
}

// stepBackings returns the numeric steps of a named operation's receipt as
// backings: a payoff plan's total interest or a loan's total paid backs a
// number in prose as its result does. Steps that are not quantities (an
// order of payoff, a date) back nothing.
func stepBackings(src Source, r *receipt.Receipt) []backing {
	if r.Call == nil {
		return nil
	}
	var out []backing
	for k, st := range r.Call.Steps {
		u, err := units.ParseUnit(st.Unit)
		if err != nil {
			continue
		}
		d, _, err := expr.NewContext().SetString(new(apd.Decimal), st.Value)
		if err != nil {
			continue
		}
		b := backing{src: src, unit: u, values: []apd.Decimal{*d}}
		b.src.Field, b.src.Label, b.src.Unit, b.src.Value = fmt.Sprintf("call.steps[%d]", k), st.Name, u.String(), expr.Plain(d)
		b.setApprox()
		out = append(out, b)
	}
	return out
}

// verifiedReceipt verifies env, its groundings against sources when there
// are any, and returns the receipt when nothing refuses it, with the report. A
// receipt that fails verification yields nil: it backs nothing.
func verifiedReceipt(env *dsse.Envelope, trusted *dsse.KeyRing, policy receipt.Policy, sources *quote.Sources) (*receipt.Receipt, *receipt.Report) {
	rep := &receipt.Report{}
	r, err := receipt.Open(env, receipt.VerifyOptions{Trusted: trusted, Policy: policy, Sources: sources, Report: rep})
	if err != nil {
		return nil, rep
	}
	return r, rep
}

// atOnes returns d times the factor of scale: only the exponent moves.
func atOnes(d *apd.Decimal, scale numeral.Scale) apd.Decimal {
	var v apd.Decimal
	v.Set(d)
	v.Exponent += int32(scale.Exp())
	return v
}
