package units

import (
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/numeral"
)

// Kind is the kind of a simple unit.
type Kind uint8

// The kinds of unit. The first five form the dimensionless family: they
// convert into one another and a literal in a formula combines with any of
// them.
const (
	KindNumber   Kind = iota + 1 // a plain number
	KindRatio                    // a dimensionless ratio, displayed with ×
	KindPercent                  // hundredths: 6.7 percent is 0.067
	KindPP                       // percentage points, the difference of two percents
	KindBP                       // basis points, ten-thousandths
	KindCurrency                 // an ISO 4217 currency; never converted
	KindCount                    // a count of things, optionally of a named noun
	KindDays                     // days; never converted to months
	KindMonths                   // months
	KindYears                    // years: exactly twelve months
)

var kindNames = [...]string{
	KindNumber: "number", KindRatio: "ratio", KindPercent: "percent", KindPP: "pp",
	KindBP: "bp", KindCurrency: "currency", KindCount: "count", KindDays: "days",
	KindMonths: "months", KindYears: "years",
}

// String returns the keyword that names k in a request.
func (k Kind) String() string {
	if k == 0 || int(k) >= len(kindNames) {
		return "invalid"
	}
	return kindNames[k]
}

// dimensionless reports whether k belongs to the dimensionless family.
func (k Kind) dimensionless() bool { return k >= KindNumber && k <= KindBP }

// base is a simple unit: a kind plus, for currencies and counts, a name.
type base struct {
	kind Kind
	name string // ISO 4217 code for a currency, noun for a count, else ""
}

// Unit is a unit of measure: a simple unit such as USD, percent or
// count:tweets, or one simple unit per another (USD/count:shares). The zero
// Unit is invalid; obtain units from [ParseUnit], [CurrencyUnit], [CountOf]
// or the variables below. Units compare with ==.
type Unit struct {
	num base // the unit itself, or the numerator of a compound
	per base // the denominator; kind 0 when there is none
}

// The units that need no name.
var (
	Number           = Unit{num: base{kind: KindNumber}}  // a plain number
	Ratio            = Unit{num: base{kind: KindRatio}}   // a ratio, displayed 1.344×
	Percent          = Unit{num: base{kind: KindPercent}} // 35.821%
	PercentagePoints = Unit{num: base{kind: KindPP}}      // 2.4 pp
	BasisPoints      = Unit{num: base{kind: KindBP}}      // 25 bp
	Count            = Unit{num: base{kind: KindCount}}   // a count of unnamed things
	Days             = Unit{num: base{kind: KindDays}}    // days
	Months           = Unit{num: base{kind: KindMonths}}  // months
	Years            = Unit{num: base{kind: KindYears}}   // years
)

// keywords maps each accepted spelling of a named unit to its kind.
var keywords = map[string]Kind{
	"number": KindNumber, "ratio": KindRatio, "x": KindRatio, "×": KindRatio,
	"percent": KindPercent, "%": KindPercent, "pct": KindPercent,
	"pp": KindPP, "percentage points": KindPP, "percentage point": KindPP,
	"bp": KindBP, "bps": KindBP, "basis points": KindBP, "basis point": KindBP,
	"count": KindCount,
	"days":  KindDays, "day": KindDays,
	"months": KindMonths, "month": KindMonths,
	"years": KindYears, "year": KindYears,
}

// unambiguous maps the currency symbols that name one currency to its code.
var unambiguous = map[string]string{"₹": "INR", "€": "EUR", "£": "GBP"}

// ambiguous maps the symbols that several currencies share to a hint.
var ambiguous = map[string]string{
	"$":  "USD, CAD, AUD, HKD, SGD, MXN, …",
	"¥":  "JPY or CNY",
	"rs": "INR, PKR, LKR or NPR",
	"₨":  "INR, PKR, LKR or NPR",
	"kr": "SEK, NOK, DKK or ISK",
}

// ParseUnit parses a unit as a request spells it, ignoring case and
// surrounding spaces: an ISO 4217 code ("USD"), one of the unambiguous
// symbols ₹ € £, "number", "ratio", "percent" (or "%"), "pp", "bp", "count",
// "count:NOUN", "days", "months", "years", or one of these per another,
// written "A/B" or "A per B" ("USD/count:shares"); one currency per
// another is an exchange rate ("EUR/USD", euros per dollar; see rate.go). The canonical spelling
// that [Unit.String] returns parses back to the same Unit.
func ParseUnit(s string) (Unit, error) {
	t := strings.TrimSpace(s)
	num, den, compound := strings.Cut(t, "/")
	if !compound {
		num, den, compound = strings.Cut(t, " per ")
	}
	a, err := parseBase(num)
	if err != nil || !compound {
		return Unit{num: a}, err
	}
	b, err := parseBase(den)
	if err != nil {
		return Unit{}, err
	}
	if a.kind == KindCurrency && b.kind == KindCurrency {
		return exchangeRate(a, b)
	}
	return compose(a, b)
}

// compose builds the compound unit a per b, refusing the ones reckon does not
// model: anything per a dimensionless unit, a dimensionless unit per
// anything, a unit per itself, and one currency per another.
func compose(a, b base) (Unit, error) {
	u := Unit{num: a, per: b}
	hint := "use a simple unit, or one unit per another such as USD/count:shares"
	switch {
	case a.kind.dimensionless() || b.kind.dimensionless():
		return Unit{}, errorf(fault.UnsupportedDimension, hint, "unsupported unit %q", u.String()).In("unit")
	case a.kind == KindCurrency && b.kind == KindCurrency:
		return Unit{}, errorf(fault.UnsupportedDimension,
			"reckon never converts currencies; give an exchange rate as a number input with the amounts in one currency",
			"unsupported unit %q: one currency per another", u.String()).In("unit")
	case a.key() == b.key():
		return Unit{}, errorf(fault.UnsupportedDimension, "a unit per itself is a ratio; use ratio", "unsupported unit %q", u.String()).In("unit")
	}
	return u, nil
}

// parseBase parses a simple unit.
func parseBase(s string) (base, error) {
	t := strings.TrimSpace(s)
	low := strings.ToLower(t)
	if k, ok := keywords[low]; ok {
		return base{kind: k}, nil
	}
	if noun, ok := strings.CutPrefix(low, "count:"); ok {
		return countBase(noun)
	}
	if code, ok := unambiguous[t]; ok {
		return base{kind: KindCurrency, name: code}, nil
	}
	if which, ok := ambiguous[low]; ok {
		return base{}, errorf(fault.AmbiguousSymbol, "give the ISO 4217 code ("+which+")",
			"ambiguous currency symbol %q", t).In("unit")
	}
	if code, ok := numeral.ISOCode(t); ok {
		return base{kind: KindCurrency, name: code}, nil
	}
	if t == "" {
		return base{}, errorf(fault.UnknownUnit, "give a unit: an ISO 4217 code such as USD, or number, ratio, percent, pp, bp, count, count:NOUN, days, months or years",
			"missing unit").In("unit")
	}
	return base{}, errorf(fault.UnknownUnit, "give an ISO 4217 code such as USD, or number, ratio, percent, pp, bp, count, count:NOUN, days, months or years",
		"unknown unit %q", t).In("unit")
}

// countBase validates the noun of a count: lower-case ASCII words joined by
// hyphens or underscores (tweets, retail-stores), so that it prints after a
// number and reads back as one word.
func countBase(noun string) (base, error) {
	noun = strings.TrimSpace(noun)
	ok := noun != "" && len(noun) <= 40 && noun[0] >= 'a' && noun[0] <= 'z'
	for i := 0; i < len(noun); i++ {
		c := noun[i]
		sep := c == '-' || c == '_'
		if !(c >= 'a' && c <= 'z' || sep) || sep && (i+1 == len(noun) || noun[i+1] == '-' || noun[i+1] == '_') {
			ok = false
		}
	}
	if !ok {
		return base{}, errorf(fault.UnknownUnit, "write the noun as one plain word, such as count:tweets or count:retail-stores",
			"bad count noun %q", noun).In("unit")
	}
	b := base{kind: KindCount, name: noun}
	for _, w := range []string{noun, b.singular()} {
		if sc, known := numeral.LookupScale(w); known && sc.Exp() != 0 {
			// "5 m" would read as five million.
			return base{}, errorf(fault.UnknownUnit, "name what is counted with a word that is not a scale, such as count:metres",
				"count noun %q reads as the scale %q", noun, sc.Word()).In("unit")
		}
	}
	return b, nil
}

// CurrencyUnit returns the unit for an ISO 4217 code, or an error with code
// unknown_unit if the code is not on the ISO list.
func CurrencyUnit(code string) (Unit, error) {
	c, ok := numeral.ISOCode(strings.TrimSpace(code))
	if !ok {
		return Unit{}, errorf(fault.UnknownUnit, "give an ISO 4217 code such as USD, EUR or INR",
			"unknown currency %q", code).In("unit")
	}
	return Unit{num: base{kind: KindCurrency, name: c}}, nil
}

// CountOf returns the unit for a count of noun, such as CountOf("tweets").
// Counts of different nouns do not add.
func CountOf(noun string) (Unit, error) {
	b, err := countBase(strings.ToLower(noun))
	return Unit{num: b}, err
}

// String returns the canonical spelling of u: "USD", "percent",
// "count:tweets", "USD/count:shares".
func (u Unit) String() string {
	s := u.num.String()
	if u.per.kind != 0 {
		s += "/" + u.per.String()
	}
	return s
}

// String returns the canonical spelling of a simple unit.
func (b base) String() string {
	switch {
	case b.kind == KindCurrency:
		return b.name
	case b.kind == KindCount && b.name != "":
		return "count:" + b.name
	}
	return b.kind.String()
}

// IsZero reports whether u is the zero, invalid Unit.
func (u Unit) IsZero() bool { return u.num.kind == 0 }

// Kind returns the kind of u, or of its numerator when u is compound.
func (u Unit) Kind() Kind { return u.num.kind }

// Currency returns the ISO 4217 code of u's numerator, or "".
func (u Unit) Currency() string {
	if u.num.kind == KindCurrency {
		return u.num.name
	}
	return ""
}

// Noun returns the noun of a count (of u's numerator), or "".
func (u Unit) Noun() string {
	if u.num.kind == KindCount {
		return u.num.name
	}
	return ""
}

// Per returns the denominator of a compound unit and true, or the zero Unit
// and false.
func (u Unit) Per() (Unit, bool) { return Unit{num: u.per}, u.per.kind != 0 }

// Dimensionless reports whether u is number, ratio, percent, pp or bp.
func (u Unit) Dimensionless() bool { return u.per.kind == 0 && u.num.kind.dimensionless() }

// key names the dimension of a simple unit: units with the same key convert
// into one another exactly. All dimensionless units share the empty key.
func (b base) key() string {
	switch b.kind {
	case KindCurrency:
		return "currency:" + b.name
	case KindCount:
		return "count:" + b.name
	case KindDays:
		return "days"
	case KindMonths, KindYears:
		return "months"
	}
	return ""
}

// factor returns how many canonical units one b is worth: 0.01 for percent
// and pp, 0.0001 for bp, 12 for years (months are canonical), 1 otherwise.
func (b base) factor() *apd.Decimal {
	switch b.kind {
	case KindPercent, KindPP:
		return apd.New(1, -2)
	case KindBP:
		return apd.New(1, -4)
	case KindYears:
		return apd.New(12, 0)
	}
	return apd.New(1, 0)
}

// SuffixKind returns the kind of unit a number's printed suffix names:
// KindPercent for %, KindPP for pp, KindBP for bp, KindRatio for ×; 0 for
// none.
func SuffixKind(s numeral.Suffix) Kind {
	switch s {
	case numeral.SuffixPercent:
		return KindPercent
	case numeral.SuffixPP:
		return KindPP
	case numeral.SuffixBP:
		return KindBP
	case numeral.SuffixRatio:
		return KindRatio
	}
	return 0
}
