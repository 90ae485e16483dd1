package cost

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/reckonhq/reckon/units"
)

// MaxRatesSize bounds a rates document: a rate is about 200 bytes, so this
// holds tens of thousands of models.
const MaxRatesSize = 4 << 20

// Rate is the price of one provider's model, as configured.
type Rate struct {
	Provider   string `json:"provider"`
	Model      string `json:"model"`
	Currency   string `json:"currency"`    // ISO 4217 code
	Per        string `json:"per"`         // the number of tokens the prices are for: a power of ten
	Input      string `json:"input"`       // price of Per input tokens; "" when not priced
	Output     string `json:"output"`      // price of Per output tokens
	CacheRead  string `json:"cache_read"`  // price of Per tokens read from a prompt cache
	CacheWrite string `json:"cache_write"` // price of Per tokens written to a prompt cache
}

// Kind is a kind of token a rate prices.
type Kind int

// The kinds of tokens, in the order reports list them.
const (
	Input      Kind = iota // prompt tokens
	Output                 // completion tokens
	CacheRead              // prompt tokens served from a cache
	CacheWrite             // prompt tokens written to a cache
	numKinds
)

var kindNames = [numKinds]string{"input", "output", "cache_read", "cache_write"}

// String returns the kind's JSON name: "input", "output", "cache_read" or
// "cache_write".
func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Rates are the configured rates, checked and indexed by provider and model.
type Rates struct {
	byModel map[key]*price
	order   []key
}

// key identifies a model: provider and model name, exactly as configured.
type key struct{ provider, model string }

// price is a checked rate.
type price struct {
	rate     Rate
	currency units.Unit
	per      apd.Decimal
	each     [numKinds]*apd.Decimal // nil when the kind is not priced
}

// ParseRates reads a rates document strictly (see the package
// documentation). It refuses unknown fields, duplicate keys, a model
// configured twice, a currency that is not an ISO 4217 code, a per that is
// not a power of ten, and a price that is not a non-negative decimal.
// Errors are [*fault.Error] values.
func ParseRates(data []byte) (*Rates, error) {
	if len(data) > MaxRatesSize {
		return nil, errorf(fault.BadRates, "", "split the rates or keep only the models in use",
			"rates are %d bytes, over the limit of %d", len(data), MaxRatesSize)
	}
	var doc struct {
		Rates []Rate `json:"rates"`
	}
	if err := strictjson.Decode(data, &doc); err != nil {
		return nil, fromJSON(fault.BadRates, err, `give {"rates": [{"provider", "model", "currency", "per", "input", "output", "cache_read", "cache_write"}]} with prices as decimal strings`)
	}
	if doc.Rates == nil {
		return nil, errorf(fault.BadRates, "rates", "give the rates as an array, even an empty one", "rates is missing")
	}
	return NewRates(doc.Rates)
}

// NewRates checks rates as [ParseRates] does.
func NewRates(rates []Rate) (*Rates, error) {
	rs := &Rates{byModel: make(map[key]*price, len(rates))}
	// folded holds each model's name in lower case: two rates whose names
	// differ only in case are one model priced twice, and which price a
	// record got would depend on how a provider spelled the name.
	folded := make(map[key]int, len(rates))
	for i, r := range rates {
		at := func(f string) string { return fmt.Sprintf("rates[%d].%s", i, f) }
		if strings.TrimSpace(r.Provider) == "" || strings.TrimSpace(r.Model) == "" {
			return nil, errorf(fault.BadRates, at("model"), "name the provider and the model exactly as usage records do",
				"a rate needs a provider and a model")
		}
		for _, f := range []struct{ name, v string }{{"provider", r.Provider}, {"model", r.Model}} {
			if strings.TrimSpace(f.v) != f.v {
				return nil, errorf(fault.BadRates, at(f.name), "name the provider and the model exactly as usage records do, without surrounding spaces",
					"%s %q has surrounding spaces", f.name, f.v)
			}
		}
		k := key{r.Provider, r.Model}
		fk := key{strings.ToLower(r.Provider), strings.ToLower(r.Model)}
		if j, dup := folded[fk]; dup {
			return nil, errorf(fault.BadRates, at("model"), "give each model one rate, named exactly as usage records name it",
				"%s %s is priced twice (as rates[%d] %s %s)", r.Provider, r.Model, j, rates[j].Provider, rates[j].Model)
		}
		folded[fk] = i
		p, err := checkRate(r, at)
		if err != nil {
			return nil, err
		}
		rs.byModel[k] = p
		rs.order = append(rs.order, k)
	}
	return rs, nil
}

// checkRate reads one rate's currency, per and prices.
func checkRate(r Rate, at func(string) string) (*price, error) {
	p := &price{rate: r}
	u, err := units.ParseUnit(r.Currency)
	if err != nil || u.Kind() != units.KindCurrency {
		return nil, errorf(fault.BadRates, at("currency"), "give an ISO 4217 code such as USD or EUR",
			"%q is not a currency code", r.Currency)
	}
	p.currency = u
	if !powerOfTen(r.Per) {
		return nil, errorf(fault.BadRates, at("per"), `give the number of tokens the prices are for, such as "1000000"`,
			"per %q is not a power of ten", r.Per)
	}
	if _, _, err := p.per.SetString(r.Per); err != nil {
		return nil, errorf(fault.BadRates, at("per"), `give per as digits, such as "1000000"`, "per %q: %v", r.Per, err)
	}
	for k, s := range [numKinds]string{r.Input, r.Output, r.CacheRead, r.CacheWrite} {
		if s == "" {
			continue
		}
		d, ok := plainDecimal(s)
		if !ok {
			return nil, errorf(fault.BadRates, at(Kind(k).String()),
				`give the price as a plain non-negative decimal string, such as "3" or "0.30"; leave it empty when not priced`,
				"price %q is not a plain non-negative decimal", s)
		}
		p.each[k] = d
	}
	return p, nil
}

// plainDecimal reads a configured price: ASCII digits with at most one
// decimal point, no sign, no grouping, no exponent, at most 34 significant
// digits. A price in a configuration file is written by a machine, not
// printed in a document, so it is not read as a printed number: "1.250"
// is one and a quarter whatever the currency.
func plainDecimal(s string) (*apd.Decimal, bool) {
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		default:
			return nil, false
		}
	}
	if digits == 0 || digits > expr.Precision {
		return nil, false
	}
	d, _, err := expr.NewContext().SetString(new(apd.Decimal), s)
	return d, err == nil
}

// powerOfTen reports whether s is "1" followed only by zeros.
func powerOfTen(s string) bool {
	if len(s) == 0 || len(s) > 19 || s[0] != '1' {
		return false
	}
	return strings.Trim(s[1:], "0") == ""
}

// Lookup returns the rate of provider's model as configured.
func (rs *Rates) Lookup(provider, model string) (Rate, bool) {
	if rs == nil {
		return Rate{}, false
	}
	p, ok := rs.byModel[key{provider, model}]
	if !ok {
		return Rate{}, false
	}
	return p.rate, true
}

// Len returns the number of models priced.
func (rs *Rates) Len() int {
	if rs == nil {
		return 0
	}
	return len(rs.order)
}
