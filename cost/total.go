package cost

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
)

// Report is what usage cost under rates: one JSON object, the answer of
// `reckon cost`. Every amount and count is a decimal string.
type Report struct {
	Total      Total       `json:"total"`       // known only when every model is priced, every record has usage, one currency
	ByModel    []ModelCost `json:"by_model"`    // in the order models first appear in the usage
	ByCurrency []Total     `json:"by_currency"` // per currency, sorted by code; unknown while any model is unpriced
	Unpriced   []Unpriced  `json:"unpriced"`    // models whose cost is unknown, and why
	Reasons    []Reason    `json:"reasons"`     // every reason the total is unknown
}

// Total is an amount of money that may be unknown. Value is nil exactly
// when Known is false: an unknown cost has no value, and never "0".
type Total struct {
	Value    *string `json:"value"`    // plain decimal, exact; null when unknown
	Currency string  `json:"currency"` // ISO 4217 code; "" when unknown or in several currencies
	Known    bool    `json:"known"`
}

// ModelCost is one model's usage and its cost.
type ModelCost struct {
	Provider string            `json:"provider"`
	Model    string            `json:"model"`
	Records  string            `json:"records"` // usage records
	Tokens   map[string]string `json:"tokens"`  // by kind: input, output, cache_read, cache_write
	Cost     Total             `json:"cost"`
	Parts    map[string]string `json:"parts"` // cost by kind of token, for the kinds used; empty when unknown
}

// Unpriced is a model whose cost is unknown.
type Unpriced struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Code     string `json:"code"` // no_rate, missing_usage or unpriced_kind
}

// Reason is one reason a total is unknown.
type Reason struct {
	Code     string `json:"code"`
	Message  string `json:"message"`
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	Lines    []int  `json:"lines,omitempty"` // usage lines concerned, when known: the first maxReasonLines
}

// Compute prices the tally under rates. It never fails: what it cannot
// price makes the total unknown, with reasons.
func Compute(rates *Rates, t *Tally) *Report {
	r := &Report{ByModel: []ModelCost{}, ByCurrency: []Total{}, Unpriced: []Unpriced{}, Reasons: []Reason{}}
	sums := map[string]*apd.Decimal{} // currency → sum of known model costs
	inexact := map[string]bool{}      // currencies whose sum is past 34 digits
	var currencies []string
	known := true
	for _, k := range tallyOrder(t) {
		m := t.models[k]
		mc, reason := priceModel(rates, k, m)
		r.ByModel = append(r.ByModel, mc)
		if reason != nil {
			known = false
			r.Reasons = append(r.Reasons, *reason)
			r.Unpriced = append(r.Unpriced, Unpriced{Provider: k.provider, Model: k.model, Code: reason.Code})
			continue
		}
		cur := mc.Cost.Currency
		if sums[cur] == nil {
			sums[cur] = new(apd.Decimal)
			currencies = append(currencies, cur)
		}
		v, _, _ := apd.NewFromString(*mc.Cost.Value)
		if inexact[cur] {
			continue
		}
		if err := exactly(expr.NewContext().Add(sums[cur], sums[cur], v)); err != nil {
			known, inexact[cur] = false, true
			r.Reasons = append(r.Reasons, Reason{Code: fault.NotExact, Message: "the sum of " + cur + " costs cannot be held exactly in 34 digits"})
		}
	}
	slices.Sort(currencies)
	for _, cur := range currencies {
		if len(r.Unpriced) > 0 || inexact[cur] {
			// An unpriced model may be in any currency: each sum is
			// partial, so it is unknown too. A sum past 34 digits was
			// rounded: it is unknown, never a rounded "known" value.
			r.ByCurrency = append(r.ByCurrency, Total{Currency: cur})
			continue
		}
		r.ByCurrency = append(r.ByCurrency, known1(sums[cur], cur))
	}
	if len(currencies) > 1 {
		known = false
		r.Reasons = append(r.Reasons, Reason{Code: fault.MixedCurrency,
			Message: fmt.Sprintf("models are priced in %d currencies (%v), which are never added or converted", len(currencies), currencies)})
	}
	switch {
	case known && len(currencies) == 1:
		r.Total = r.ByCurrency[0]
	case known: // no usage at all: nothing was spent, in no currency
		zero := "0"
		r.Total = Total{Value: &zero, Known: true}
	default:
		// Unknown: no value, and no currency either, since an unpriced
		// model may be priced in another one.
		r.Total = Total{Known: false}
	}
	return r
}

// priceModel prices one model's usage, or says why it cannot.
func priceModel(rates *Rates, k key, m *used) (ModelCost, *Reason) {
	mc := ModelCost{Provider: k.provider, Model: k.model, Records: strconv.Itoa(m.records),
		Tokens: map[string]string{}, Parts: map[string]string{}}
	for kind, n := range m.tokens {
		mc.Tokens[Kind(kind).String()] = strconv.FormatInt(n, 10)
	}
	p, ok := rates.lookup(k)
	if ok {
		mc.Cost.Currency = p.currency.String()
	}
	name := k.provider + " " + k.model
	switch {
	case !ok:
		return mc, &Reason{Code: fault.NoRate, Provider: k.provider, Model: k.model,
			Message: name + " has usage but no rate: its cost is unknown, not zero"}
	case m.missing > 0:
		return mc, &Reason{Code: fault.MissingUsage, Provider: k.provider, Model: k.model, Lines: m.missingLines,
			Message: fmt.Sprintf("%d records of %s report no input or output token count", m.missing, name)}
	}
	total := new(apd.Decimal)
	ctx := expr.NewContext()
	for kind, n := range m.tokens {
		if n == 0 {
			continue
		}
		if p.each[kind] == nil {
			mc.Parts = map[string]string{} // a partial list would read as the whole cost
			return mc, &Reason{Code: fault.UnpricedKind, Provider: k.provider, Model: k.model,
				Message: fmt.Sprintf("%s used %d %s tokens, which its rate does not price", name, n, Kind(kind))}
		}
		part := new(apd.Decimal)
		err := exactly(ctx.Mul(part, apd.New(n, 0), p.each[kind]))
		if err == nil {
			err = exactly(ctx.Quo(part, part, &p.per))
		}
		if err == nil {
			err = exactly(ctx.Add(total, total, part))
		}
		if err != nil {
			mc.Parts = map[string]string{}
			return mc, &Reason{Code: fault.NotExact, Provider: k.provider, Model: k.model,
				Message: name + "'s cost cannot be held exactly in 34 digits"}
		}
		mc.Parts[Kind(kind).String()] = expr.Format(part)
	}
	mc.Cost = known1(total, p.currency.String())
	return mc, nil
}

// exactly turns an inexact or failed apd operation into an error.
func exactly(c apd.Condition, err error) error {
	if err != nil {
		return err
	}
	if c.Inexact() {
		return fmt.Errorf("inexact")
	}
	return nil
}

// known1 is a known total of d in currency.
func known1(d *apd.Decimal, currency string) Total {
	s := expr.Format(d)
	return Total{Value: &s, Currency: currency, Known: true}
}

// lookup returns the checked rate of k.
func (rs *Rates) lookup(k key) (*price, bool) {
	if rs == nil {
		return nil, false
	}
	p, ok := rs.byModel[k]
	return p, ok
}

// tallyOrder returns the tally's models in order of first appearance.
func tallyOrder(t *Tally) []key {
	if t == nil {
		return nil
	}
	return t.order
}
