package units

import "strings"

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
		return Unit{}, errorf(CodeUnsupportedDimension, "a currency per itself is a ratio; use ratio",
			"unsupported unit %s/%s", a.name, b.name).in("unit")
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

// pairSpelling returns the market-pair spelling "A/B" of an exchange-rate
// unit written with a slash, or "" when unit is not one.
func pairSpelling(unit string) string {
	num, den, ok := strings.Cut(strings.TrimSpace(unit), "/")
	if !ok {
		return ""
	}
	a, aok := isoCode(strings.ToUpper(strings.TrimSpace(num)))
	b, bok := isoCode(strings.ToUpper(strings.TrimSpace(den)))
	if !aok || !bok || a == b {
		return ""
	}
	return a + "/" + b
}

// MarketPair reports whether unit is an exchange rate written with a slash,
// A/B, and text prints the same pair: a source that prints "EUR/USD 1.0850"
// follows the market convention, in which that pair quotes dollars per
// euro, the opposite of what unit EUR/USD means to reckon (euros per
// dollar). The caller refuses such an input: copied as it is, the rate
// would convert in the wrong direction. It returns the pair as printed.
func MarketPair(unit, text string) (string, bool) {
	pair := pairSpelling(unit)
	if pair == "" {
		return "", false
	}
	flat := strings.ToUpper(strings.Join(strings.Fields(text), ""))
	return pair, strings.Contains(flat, pair)
}
