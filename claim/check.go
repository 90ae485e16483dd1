package claim

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/units"
)

// verdict is the outcome of checking one mention against the backings.
type verdict struct {
	by         *Source
	reason     string
	message    string
	hint       string // set when the reason's usual hint does not say it
	nearest    *string
	nearestSrc *Source
}

// judge checks m against every backing, in order, and returns the first
// that backs it; failing that, why not, and the nearest value of a
// compatible unit. When the application holds facts that govern m (see
// governing), only they may back it: a receipt or the question that has
// m's value while they do not is overruled, unless m's noun does not name
// them (named) and the receipt is computed from one of them (an input of
// its receipt is that fact: a cost computed from a price the application
// holds is not contradicted by that price) or its sources print m's noun
// beside the value (sourceNamed). gov are the positions of the governing
// facts in bs. asked says that m repeats a number of the question, which
// backs it unless a governing fact contradicts it.
func judge(m *Mention, bs []backing, gov []int, named bool, opts Options, asked bool) verdict {
	var (
		v       verdict
		inexact *backing
		other   *backing
		barred  *backing
		best    float64 // the relative difference of v.nearest
	)
	y, _ := m.Value.Float64()
	var overruled *backing
	for i := range bs {
		b := &bs[i]
		compat := compatible(m, b.unit, opts)
		if len(gov) > 0 && !slices.Contains(gov, i) && (named || asked || !computedFrom(b, bs, gov) && !sourceNamed(m, b)) {
			switch {
			case overruled == nil && b.src.Kind != SourceFact && compat && anyBacks(m, b, opts):
				overruled = b
			case other == nil && !compat && len(b.values) > 0 && backs(m, &b.values[0], opts):
				other = b
			}
			continue
		}
		if len(b.values) == 0 {
			if compat && inexact == nil {
				inexact = b
			}
			continue
		}
		for k := range b.values {
			conv, ok := convert(&b.values[k], b.unit, m)
			if !ok {
				continue
			}
			if compat && backs(m, conv, opts) {
				if b.bar != nil || b.ignoresInputs(m, opts) {
					if barred == nil {
						barred = b
					}
					break
				}
				src := b.src
				return verdict{by: &src}
			}
			if !compat && other == nil && backs(m, &b.values[k], opts) {
				other = b
			}
			if compat && k == 0 && b.bar == nil {
				if d := relDiff(m, y, b.approx*approxFactor(b.unit.Kind(), m.Kind), opts); v.nearest == nil || d < best {
					best = d
					s, src := atShown(m, closest(m, conv, opts)), b.src
					v.nearest, v.nearestSrc = &s, &src
				}
			}
		}
	}
	switch {
	case overruled != nil || asked && len(gov) > 0:
		v.reason = fault.ContradictsFact
		what := "the question states this value"
		if overruled != nil {
			what = describe(&overruled.src) + " has this value"
		}
		v.message = fmt.Sprintf("%s: %s, but the application's %s does not", m.Text, what, describeFacts(bs, gov))
	case barred != nil && barred.bar != nil:
		v.reason, v.hint = barred.bar.code, barred.bar.hint
		v.message = fmt.Sprintf("%s: %s has this value, but backs nothing: %s", m.Text, describe(&barred.src), barred.bar.msg)
	case barred != nil:
		v.reason, v.hint = fault.ResultIgnoresInputs, hintIgnores
		v.message = fmt.Sprintf("%s: %s has this value, but would print it whatever its inputs were: the number comes from the formula's literals", m.Text, describe(&barred.src))
	case inexact != nil:
		v.reason = fault.NoExactValue
		v.message = fmt.Sprintf("%s: %q has no exact value, so no number can claim it", m.Text, inexact.src.Label)
	case other != nil:
		v.reason = fault.UnitMismatch
		v.message = fmt.Sprintf("%s: the value matches %s, but in %s", m.Text, describe(&other.src), other.src.Unit)
	default:
		v.reason = fault.NotBacked
		v.message = fmt.Sprintf("%s: no receipt or fact has this value at the precision shown", m.Text)
		if v.nearest != nil {
			v.message += fmt.Sprintf("; the nearest is %s (%s)", *v.nearest, describe(v.nearestSrc))
		}
	}
	return v
}

// governing returns the positions in bs of the application's facts that
// govern m, the facts a receipt cannot outvote:
//
//   - for a count, or an integer printed with no unit ("Jane authored
//     27."), every fact of unit count or count:NOUN; when the count's noun
//     matches the noun of some of them, only those and the facts of unit
//     count, which name no noun ("84 documents" is governed by
//     count:documents, not by count:authors; "27 docs" by both);
//   - for an amount, every fact in a currency its sign may stand for;
//   - for a percent, every fact of unit percent; for pp or bp, every fact
//     of unit pp or bp; for days, months or years, every fact of those.
//
// A number printed without a unit that is not an integer is governed by
// none: it may be any quantity. named reports that m's noun matched the
// noun of a fact.
func governing(m *Mention, bs []backing) (gov []int, named bool) {
	var all, byNoun []int
	for i := range bs {
		b := &bs[i]
		if b.src.Kind != SourceFact || !governs(m, b.unit) {
			continue
		}
		all = append(all, i)
		switch {
		case b.unit.Kind() != units.KindCount:
		case b.unit.Noun() == "":
			byNoun = append(byNoun, i)
		case m.Noun != "" && nounMatches(m.Noun, b.unit.Noun()):
			byNoun, named = append(byNoun, i), true
		}
	}
	if named {
		return byNoun, true
	}
	return all, false
}

// sourceNamed reports whether the sources print m's noun beside b's value
// ("24 tweets" in the quote of an input of 24): the count is of a noun the
// document names, which the governing facts, of other nouns, do not count.
// The model cannot print that noun into a source.
func sourceNamed(m *Mention, b *backing) bool {
	return b.noun != "" && m.Noun != "" && nounMatches(m.Noun, b.noun)
}

// computedFrom reports whether b is a value of a named operation's receipt
// one of whose inputs is one of the facts at positions gov of bs: the
// application's code computed it from the application's values (a cost
// from its prices). A formula is the model's: "b / 4 * 9 / 7" over a
// balance of $84 is $27, which the fact still overrules.
func computedFrom(b *backing, bs []backing, gov []int) bool {
	for _, g := range gov {
		if slices.Contains(b.from, bs[g].src.Index) {
			return true
		}
	}
	return false
}

// governs reports whether a fact of unit u governs m: see governing.
func governs(m *Mention, u units.Unit) bool {
	k := u.Kind()
	switch m.Kind {
	case 0:
		return k == units.KindCount && m.integer()
	case units.KindCount:
		return k == units.KindCount
	case units.KindCurrency:
		return k == units.KindCurrency && containsString(m.Currencies, u.Currency())
	case units.KindPercent:
		return k == units.KindPercent
	case units.KindPP, units.KindBP:
		return k == units.KindPP || k == units.KindBP
	case units.KindDays:
		return k == units.KindDays
	case units.KindMonths, units.KindYears:
		return k == units.KindMonths || k == units.KindYears
	}
	return false
}

// describeFacts names the governing facts for a message.
func describeFacts(bs []backing, gov []int) string {
	if len(gov) == 1 {
		b := &bs[gov[0]]
		if b.src.Value == "" {
			return fmt.Sprintf("fact %q (no exact value)", b.src.Label)
		}
		return fmt.Sprintf("fact %q (%s %s)", b.src.Label, b.src.Value, b.src.Unit)
	}
	names := make([]string, len(gov))
	for i, g := range gov {
		names[i] = fmt.Sprintf("%q", bs[g].src.Label)
	}
	return "facts " + strings.Join(names, ", ")
}

// anyBacks reports whether some value of b backs m.
func anyBacks(m *Mention, b *backing, opts Options) bool {
	for k := range b.values {
		if conv, ok := convert(&b.values[k], b.unit, m); ok && backs(m, conv, opts) {
			return true
		}
	}
	return false
}

// describe names a source for a message.
func describe(s *Source) string {
	if s.Kind == SourceFact {
		return fmt.Sprintf("fact %q", s.Label)
	}
	name := s.ID
	if name == "" {
		name = fmt.Sprintf("#%d", s.Index)
	}
	return fmt.Sprintf("receipt %s %s", name, s.Field)
}

// compatible reports whether a value in unit u may back m: the unit
// families of the package documentation. Of a compound unit only the
// numerator is compared, since prose prints "per share" as words.
func compatible(m *Mention, u units.Unit, opts Options) bool {
	k := u.Kind()
	switch m.Kind {
	case 0:
		return !opts.StrictUnits || k == units.KindNumber || k == units.KindRatio || k == units.KindCount
	case units.KindCurrency:
		return containsString(m.Currencies, u.Currency())
	case units.KindPercent, units.KindRatio:
		return k == units.KindNumber || k == units.KindRatio || k == units.KindPercent
	case units.KindPP, units.KindBP:
		return k == units.KindPP || k == units.KindBP
	case units.KindCount:
		return k == units.KindNumber || k == units.KindCount && (u.Noun() == "" || nounMatches(m.Noun, u.Noun()))
	case units.KindDays:
		return k == units.KindDays
	case units.KindMonths, units.KindYears:
		return k == units.KindMonths || k == units.KindYears
	}
	return false
}

// nounMatches reports whether the noun of a count unit is one of the words
// of a mention's noun, or those words joined by hyphens, ignoring a plural
// s: count:documents matches "matching documents" and "document".
func nounMatches(phrase, noun string) bool {
	noun = singular(strings.ReplaceAll(noun, "_", "-"))
	words := strings.Fields(phrase)
	for i := range words {
		if singular(words[i]) == noun || singular(strings.Join(words[i:], "-")) == noun {
			return true
		}
	}
	return false
}

// singular makes a plural noun singular naively, as units does when it
// displays one: companies → company, documents → document.
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// kindFactor returns what one unit of kind k is worth in its family's
// canonical unit: 0.01 for percent and pp, 0.0001 for bp, 12 for years
// (months are canonical), 1 otherwise.
func kindFactor(k units.Kind) *apd.Decimal {
	switch k {
	case units.KindPercent, units.KindPP:
		return apd.New(1, -2)
	case units.KindBP:
		return apd.New(1, -4)
	case units.KindYears:
		return apd.New(12, 0)
	}
	return apd.New(1, 0)
}

// convert expresses v, a value in unit u, in the unit m printed. A number
// printed without a unit is compared in the fact's own unit.
func convert(v *apd.Decimal, u units.Unit, m *Mention) (*apd.Decimal, bool) {
	from, to := u.Kind(), m.Kind
	if to == 0 || from == to || kindFactor(from).Cmp(kindFactor(to)) == 0 {
		return v, true
	}
	ctx := expr.NewContext()
	var r apd.Decimal
	if _, err := ctx.Mul(&r, v, kindFactor(from)); err != nil {
		return nil, false
	}
	if _, err := ctx.Quo(&r, &r, kindFactor(to)); err != nil {
		return nil, false
	}
	return &r, true
}

// backs applies the precision rule: v, a value at ones in m's unit, backs m
// when v at m's scale, rounded to m's places half-even or half-up, equals
// the number m prints. When opts.SignInWords is set and m printed no sign,
// the magnitude of a negative v may back m too, unless the words before m
// say it rose: SignInWords is for prose that carries a fall in words, and
// a negative v never backs "grew 3%". (A positive v may back "fell 3%": a
// receipt may compute a fall's size, 1 − b / a.)
func backs(m *Mention, v *apd.Decimal, opts Options) bool {
	if equalShown(m, v) {
		return true
	}
	if v.Negative && !m.Signed && opts.looseSign() && !m.rises {
		var abs apd.Decimal
		abs.Abs(v)
		return equalShown(m, &abs)
	}
	return false
}

// equalShown compares v with m at the scale and places m shows. A printed
// zero backs only zero: "0 thousand documents" rounds 84 documents to
// nothing and says none were found, and "$0 million" says nothing was
// paid; rounding may lose digits, never the whole value.
func equalShown(m *Mention, v *apd.Decimal) bool {
	if m.Printed.IsZero() && !v.IsZero() {
		return false
	}
	var q apd.Decimal
	q.Set(v)
	q.Exponent -= int32(m.Scale.Exp())
	ctx := expr.NewContext()
	for _, mode := range []apd.Rounder{apd.RoundHalfEven, apd.RoundHalfUp} {
		ctx.Rounding = mode
		var r apd.Decimal
		if _, err := ctx.Quantize(&r, &q, int32(-m.Places)); err == nil && r.Cmp(&m.Printed) == 0 {
			return true
		}
	}
	return false
}

// closest returns v, or its magnitude when that may back m and is closer.
func closest(m *Mention, v *apd.Decimal, opts Options) *apd.Decimal {
	if v.Negative && !m.Signed && opts.looseSign() {
		abs := new(apd.Decimal)
		abs.Abs(v)
		return abs
	}
	return v
}

// relDiff returns |x − y| / max(|x|, |y|), or 0 when both are zero, for x
// a value and y the number m prints, both at ones. It only ranks values for
// the nearest hint, so binary floating point, deterministic and many times
// faster than decimal division, is enough: nothing is backed or refused by
// it.
func relDiff(m *Mention, y, x float64, opts Options) float64 {
	if x < 0 && !m.Signed && opts.looseSign() {
		x = -x
	}
	den := math.Max(math.Abs(x), math.Abs(y))
	if den == 0 || math.IsInf(den, 0) || math.IsNaN(den) {
		return 0
	}
	return math.Abs(x-y) / den
}

// approxFactor is the float64 of what convert multiplies by.
func approxFactor(from, to units.Kind) float64 {
	if to == 0 {
		return 1
	}
	f, _ := kindFactor(from).Float64()
	g, _ := kindFactor(to).Float64()
	return f / g
}

// atShown formats v at m's scale, rounded half-even to m's places: what m
// would print were it backed by v.
func atShown(m *Mention, v *apd.Decimal) string {
	var q apd.Decimal
	q.Set(v)
	q.Exponent -= int32(m.Scale.Exp())
	var r apd.Decimal
	if _, err := expr.NewContext().Quantize(&r, &q, int32(-m.Places)); err != nil {
		return expr.Plain(&q)
	}
	return expr.Plain(&r)
}
