package units

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
)

// maxPlaces bounds the places a result may be rounded to: more cannot be
// held at the arithmetic precision for any value of at least one.
const maxPlaces = expr.Precision

// Output is how a request asks for its result, as JSON carries it. Every
// field may be omitted: the unit is then the inferred one, the scale ones,
// the rounding half_even, and a nil Places means no rounding at all.
type Output struct {
	Unit     string `json:"unit,omitempty"`     // a unit [ParseUnit] reads, or "" for the inferred one
	Scale    string `json:"scale,omitempty"`    // a scale word [numeral.ParseScale] reads, or "" for ones
	Rounding string `json:"rounding,omitempty"` // half_even (default), half_up, down, up, floor or ceiling
	Places   *int   `json:"places,omitempty"`   // digits after the point, 0 to 34; nil for no rounding
	Grouping string `json:"grouping,omitempty"` // "" or "western" (1,234,567), or "indian" (12,34,567)
}

// Target is an [Output] resolved against an inferred dimension: every field
// parsed and checked.
type Target struct {
	Unit     Unit          // the unit the result is presented in
	Scale    numeral.Scale // applied once: the presented value is canonical ÷ factor
	Rounding apd.Rounder   // the rounding mode; "" when Places is negative
	Places   int           // digits after the point; -1 for no rounding
	Indian   bool          // group digits the Indian way in Display
}

// roundings are the rounding modes a request may name, spelt as apd spells
// them.
var roundings = map[string]apd.Rounder{
	"half_even": apd.RoundHalfEven, "half_up": apd.RoundHalfUp, "down": apd.RoundDown,
	"up": apd.RoundUp, "floor": apd.RoundFloor, "ceiling": apd.RoundCeiling,
}

// Resolve parses and checks out against inferred. Errors are [*fault.Error] values
// whose Field is "output.unit", "output.scale", "output.rounding",
// "output.places" or "output.grouping".
func Resolve(out Output, inferred Dim) (Target, error) {
	t := Target{Unit: inferred.Unit, Places: -1}
	if strings.TrimSpace(out.Unit) == "" && inferred.Dimensionless() && inferred.hundred.Len() > 0 {
		// With no output unit, a dimensionless result multiplied by 100
		// would print as a ratio or percent 100 times too large.
		return t, errorf(fault.DoublePercent,
			"remove the × 100 and ask for percent output, or ask for number output if the plain number is meant",
			"formula multiplies a %s result by 100", inferred.Unit).At(inferred.hundred).In("formula")
	}
	if strings.TrimSpace(out.Unit) != "" {
		u, err := ParseUnit(out.Unit)
		if err != nil {
			return t, err.(*fault.Error).In("output.unit")
		}
		t.Unit = u
	}
	if err := CheckOutput(inferred, t.Unit); err != nil {
		return t, err
	}
	s, err := numeral.ParseScale(out.Scale)
	if err != nil {
		return t, err.(*fault.Error).In("output.scale")
	}
	t.Scale = s
	mode, ok := roundings[strings.ToLower(strings.TrimSpace(out.Rounding))]
	if !ok && out.Rounding != "" {
		return t, errorf(fault.BadRounding, "use half_even, half_up, down, up, floor or ceiling",
			"unknown rounding %q", out.Rounding).In("output.rounding")
	}
	if out.Places != nil {
		p := *out.Places
		if p < 0 || p > maxPlaces {
			return t, errorf(fault.BadPlaces, "give places from 0 to 34; to round to thousands or more, use the output scale",
				"places %d out of range", p).In("output.places")
		}
		t.Places, t.Rounding = p, apd.RoundHalfEven
		if ok {
			t.Rounding = mode
		}
	}
	switch strings.ToLower(out.Grouping) {
	case "", "western":
	case "indian":
		t.Indian = true
	default:
		return t, errorf(fault.BadGroupingOption, "use western or indian", "unknown grouping %q", out.Grouping).In("output.grouping")
	}
	return t, nil
}

// Presented is a result as a receipt records it and a reader sees it. Every
// number is a plain decimal string: no exponent, and never "-0".
//
// Exact is the exact result when it is a decimal of at most 34 significant
// digits (35.821, 0.125). Otherwise (1/3, 7 months in years) it is never
// rounded: it is the result's first 34 significant digits, cut off, and an
// [Ellipsis], "0.3333333333333333333333333333333333…", and Inexact is set.
// Value is always rounded once, from the exact result itself, never from
// Exact; with no places it is Exact, or, when Exact ends in "…", the exact
// result rounded half-even to 34 significant digits.
type Presented struct {
	Exact    string `json:"exact"`    // the exact result in the output unit and scale, or its first digits and "…"
	Value    string `json:"value"`    // the exact result rounded once to Places
	Unit     string `json:"unit"`     // the canonical output unit
	Scale    string `json:"scale"`    // the canonical output scale word, "" for ones
	Rounding string `json:"rounding"` // the rounding mode, "" when not rounded
	Places   *int   `json:"places"`   // the places rounded to, nil when not rounded
	Display  string `json:"display"`  // Value for people: grouped digits and the unit
	Inexact  bool   `json:"inexact"`  // Exact ends in "…": the exact result has no short decimal form
}

// Present resolves out against inferred ([Resolve]) and presents exact, a
// canonical result, in it ([Target.Present]).
func Present(exact *apd.Decimal, inferred Dim, out Output) (Presented, error) {
	t, err := Resolve(out, inferred)
	if err != nil {
		return Presented{}, err
	}
	return t.Present(exact)
}

// Present converts exact, a canonical result, to t's unit and scale, rounds
// it once, and formats it. It fails only when the value cannot be held at
// the requested places. exact must be the exact result: when the
// evaluation that produced it rounded a step, present the exact rational
// value with [Target.PresentExact] instead, or the one rounding may be
// decided on a value that is not the result.
func (t Target) Present(exact *apd.Decimal) (Presented, error) {
	// Rounded through the exact rational path: apd's Quantize drops a value
	// whose digits all fall below the rounding place (0.0177 rounded up to
	// 0 places gives 0, not 1), and a conversion may round (months to
	// years). presentDecimal is that path, for the targets where it needs
	// no rational.
	if p, ok := t.presentDecimal(exact); ok {
		return p, nil
	}
	return t.PresentExact(expr.RatOf(exact))
}

// Factors returns what a canonical value is divided by (num) and multiplied
// by (per) to express it in t's unit and scale: the output unit's factor, its
// denominator's factor, and the scale factor.
func (t Target) Factors() (num, per *apd.Decimal) {
	num = t.Scale.Factor()
	_, _ = expr.NewContext().Mul(num, num, t.Unit.num.factor())
	return num, t.Unit.per.factor()
}

// display formats a plain value string for people: grouped digits, the scale
// word, and the unit by the conventions in the package doc.
func (t Target) display(value string) string {
	neg := strings.HasPrefix(value, "-")
	digits := group(strings.TrimPrefix(value, "-"), t.Indian)
	if t.Scale != numeral.Ones {
		digits += " " + t.Scale.Word()
	}
	s := t.Unit.num.render(digits, value)
	if neg {
		s = "-" + s
	}
	if t.Unit.per.kind != 0 {
		s += " per " + t.Unit.per.singular()
	}
	return s
}

// Describe returns a for people, by the display conventions of the
// package doc: its printed number with grouped digits, the scale word and
// the unit, as in $799 million, 6.7%, 24 tweets and ₹1,09,638.91 lakh. The
// digits are grouped the Indian way when the source printed them so. It
// never shows a unit in its request spelling (count:tweets) beside a
// number that already carries it (6.7% percent).
func (a Amount) Describe() string {
	t := Target{Unit: a.Unit, Scale: a.Scale, Indian: indianGrouped(a.Display)}
	return t.display(expr.Plain(&a.Printed))
}

// indianGrouped reports whether a printed number groups its digits the
// Indian way: a group of two digits between commas, as in 1,09,638.91.
func indianGrouped(display string) bool {
	run := -1 // digits since the last comma; -1 before the first
	for i := 0; i < len(display); i++ {
		switch c := display[i]; {
		case c >= '0' && c <= '9':
			if run >= 0 {
				run++
			}
		case c == ',':
			if run == 2 {
				return true
			}
			run = 0
		default:
			run = -1
		}
	}
	return false
}

// prefixes are the currencies displayed with a sign before the number; all
// others are displayed with their code after it.
var prefixes = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹"}

// render attaches the unit b to grouped digits; value is the plain value,
// to choose between singular and plural.
func (b base) render(digits, value string) string {
	switch b.kind {
	case KindCurrency:
		if sym, ok := prefixes[b.name]; ok {
			return sym + digits
		}
		return digits + " " + b.name
	case KindRatio:
		return digits + "×"
	case KindPercent:
		return digits + "%"
	case KindPP, KindBP:
		return digits + " " + b.kind.String()
	case KindNumber:
		return digits
	case KindCount:
		if b.name == "" {
			return digits
		}
	}
	if value == "1" || value == "-1" {
		return digits + " " + b.singular()
	}
	return digits + " " + b.plural()
}

// plural names b after a number: "tweets", "days".
func (b base) plural() string {
	if b.kind == KindCount {
		return b.name
	}
	return b.kind.String()
}

// singular names one b: "day", "share" for count:shares. Nouns are made
// singular naively (shares → share, companies → company); a noun given in
// the singular stays as it is.
func (b base) singular() string {
	w := b.plural()
	switch {
	case b.kind == KindCurrency:
		return b.name
	case b.kind == KindCount && b.name == "":
		return "item"
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// group inserts commas into the integer part of a plain unsigned decimal:
// every three digits, or in Indian style the last three and then every two.
func group(s string, indian bool) string {
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	n := len(intPart)
	for i := 0; i < n; i++ {
		if i > 0 && isBreak(n-i, indian) {
			b.WriteByte(',')
		}
		b.WriteByte(intPart[i])
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// isBreak reports whether a comma goes before the digit that has left digits
// to its right, counting that digit.
func isBreak(left int, indian bool) bool {
	if indian && left > 3 {
		return (left-3)%2 == 0
	}
	return left%3 == 0
}
