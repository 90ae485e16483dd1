package units

import (
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Exchange rates. A rate in unit EUR/USD (also written "EUR per USD") is
// euros per one US dollar, as USD/count:shares is dollars per share:
// amount_usd × eur_per_usd is in EUR, and amount_eur ÷ eur_per_usd is in
// USD. Inference checks the direction like any other dimension: an amount
// in EUR times a rate in EUR/USD is EUR²/USD, and refused. No rate is ever
// inferred or looked up: a conversion needs a rate input, with its own
// display, quote and provenance.
//
// Only inputs carry exchange rates. A product or quotient whose result
// would be one currency per another (debt / eur_sales) is still refused,
// since that is far more often a ratio over amounts in different currencies
// than a rate being computed; a rate input passes through a formula (an
// average of two rates of one pair) with its unit.

// exchangeRate builds the unit of an exchange rate, a per b, for two
// currencies.
func exchangeRate(a, b base) (Unit, error) {
	if a.name == b.name {
		return Unit{}, errorf(fault.UnsupportedDimension, "a currency per itself is a ratio; use ratio",
			"unsupported unit %s/%s", a.name, b.name).In("unit")
	}
	return Unit{num: a, per: b}, nil
}

// IsExchangeRate reports whether u is one currency per another.
func (u Unit) IsExchangeRate() bool {
	return u.num.kind == KindCurrency && u.per.kind == KindCurrency
}

// rateShape is shape for a product or quotient with an exchange rate for
// an operand: its result may be one currency per another, as when a rate
// is scaled or averaged, or two rates chain into a cross rate (EUR/USD ×
// USD/GBP is EUR/GBP).
func rateShape(ts []term, x, y Unit) (dim, bool) {
	if !x.IsExchangeRate() && !y.IsExchangeRate() {
		return dim{}, false
	}
	var num, per []base
	for _, t := range ts {
		switch t.exp {
		case 0:
		case 1:
			num = append(num, t.b)
		case -1:
			per = append(per, t.b)
		default:
			return dim{}, false
		}
	}
	if len(num) != 1 || len(per) != 1 || num[0].kind != KindCurrency || per[0].kind != KindCurrency {
		return dim{}, false
	}
	u, err := exchangeRate(num[0], per[0])
	return dim{u: u}, err == nil
}

// conversionHint explains how an exchange rate converts, for a product or
// quotient of x and y that has no unit reckon models.
func conversionHint(x, y Unit) (string, bool) {
	r := x
	if !r.IsExchangeRate() {
		r = y
	}
	if !r.IsExchangeRate() {
		return "", false
	}
	to, from := r.num.name, r.per.name
	return "a rate in " + to + "/" + from + " is " + to + " per one " + from + ": multiply an amount in " + from +
		" by it to get " + to + ", or divide an amount in " + to + " by it to get " + from, true
}

// currencyMismatchHint is the hint of adding two currencies.
const currencyMismatchHint = "reckon never converts currencies by itself; give every amount in one currency, converting with an exchange-rate input in unit EUR/USD (euros per one US dollar): amount_usd * eur_per_usd is in EUR"

// pairOf returns the market-pair spelling "A/B" of an exchange-rate unit,
// A per B, however the unit is written (EUR/USD, EUR per USD, eur / usd),
// or "" when unit is not one.
func pairOf(unit string) string {
	if !strings.Contains(unit, "/") && !strings.Contains(strings.ToLower(unit), "per") {
		return "" // the common case, an input in one unit, parses nothing
	}
	u, err := ParseUnit(unit)
	if err != nil || !u.IsExchangeRate() {
		return ""
	}
	return u.num.name + "/" + u.per.name
}

// MarketPair reports whether unit is an exchange rate, A per B however it
// is written, and text prints the pair A/B (or glued, AB, as FX feeds
// print it): a source that prints "EUR/USD 1.0850" follows the market
// convention, in which that pair quotes dollars per euro, the opposite of
// what unit EUR/USD, or EUR per USD, means to reckon (euros per dollar).
// The caller refuses such an input: copied as it is, the rate would
// convert in the wrong direction. It returns the unit's pair as A/B, found
// or not; "" when unit is not an exchange rate.
func MarketPair(unit, text string) (string, bool) {
	pair := pairOf(unit)
	if pair == "" {
		return "", false
	}
	flat := strings.ToUpper(strings.Join(strings.Fields(text), ""))
	if strings.Contains(flat, pair) {
		return pair, true
	}
	glued := pair[:3] + pair[4:]
	for at := 0; ; {
		k := strings.Index(flat[at:], glued)
		if k < 0 {
			return pair, false
		}
		k += at
		end := k + len(glued)
		// A glued pair inside a longer word (NEURUSDT) is not a pair.
		if (k == 0 || !isLetter(flat[k-1])) && (end == len(flat) || !isLetter(flat[end])) {
			return pair, true
		}
		at = k + 1
	}
}
