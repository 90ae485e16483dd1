package cost

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
)

// Op is the named operation "cost": the total of a bill, so that an
// invoice figure in prose can be backed by a signed receipt.
//
// Its inputs are list-shaped, one line of the bill an index:
//
//	items[0].tokens  the tokens of one kind of one model (unit count:tokens or number)
//	items[0].price   the price of per tokens (an ISO 4217 currency; the same for every item)
//	items[0].per     the number of tokens the price is for (unit number, a power of ten)
//
// The result is Σ tokens × price ÷ per, exactly, in the items' currency;
// every item's cost is a step ("items[0].cost"). Items in different
// currencies are refused: currencies are never added.
var Op operation.Op = costOp{}

type costOp struct{}

func (costOp) Name() string { return "cost" }

// itemName matches an item input's name.
var itemName = regexp.MustCompile(`^items\[(0|[1-9][0-9]{0,3})\]\.(tokens|price|per)$`)

// maxItems bounds a bill: a model has four kinds of tokens.
const maxItems = 4 * 1000

func (costOp) Run(a operation.Args) (operation.Outcome, error) {
	var out operation.Outcome
	items := map[int]*[3]*operation.Input{}
	n := 0
	for i := range a.Inputs {
		in := &a.Inputs[i]
		m := itemName.FindStringSubmatch(in.Name)
		if m == nil {
			return out, errorf(fault.BadItem, in.Name, "name inputs items[0].tokens, items[0].price and items[0].per, one index a line of the bill",
				"%q is not an input of cost", in.Name)
		}
		idx, _ := strconv.Atoi(m[1])
		if idx >= maxItems {
			return out, errorf(fault.BadItem, in.Name, "split the bill into several receipts", "more than %d items", maxItems)
		}
		if items[idx] == nil {
			items[idx] = &[3]*operation.Input{}
			n = max(n, idx+1)
		}
		if items[idx][slot(m[2])] != nil {
			// Taking the last of two would bill a figure the other
			// contradicts.
			return out, errorf(fault.BadItem, in.Name, "give each input of an item once", "%s is given twice", in.Name)
		}
		items[idx][slot(m[2])] = in
	}
	if len(items) == 0 {
		return out, errorf(fault.BadItem, "inputs", "give items[0].tokens, items[0].price and items[0].per", "a bill needs at least one item")
	}
	total := new(apd.Decimal)
	ctx := expr.NewContext()
	var currency units.Unit
	for i := 0; i < n; i++ {
		it := items[i]
		if it == nil {
			return out, errorf(fault.BadItem, fmt.Sprintf("items[%d]", i), "number the items from 0 without gaps", "items[%d] is missing", i)
		}
		for s, in := range it {
			if in == nil || in.Amount == nil {
				return out, errorf(fault.BadItem, fmt.Sprintf("items[%d].%s", i, slotNames[s]), "give tokens, price and per for every item",
					"items[%d].%s is missing", i, slotNames[s])
			}
		}
		tokens, price, per := it[0].Amount, it[1].Amount, it[2].Amount
		if err := checkItem(i, tokens, price, per, &currency); err != nil {
			return out, err
		}
		part := new(apd.Decimal)
		err := exactly(ctx.Mul(part, &tokens.Value, &price.Value))
		if err == nil {
			err = exactly(ctx.Quo(part, part, &per.Value))
		}
		if err == nil {
			err = exactly(ctx.Add(total, total, part))
		}
		if err != nil {
			return out, errorf(fault.BadNumber, fmt.Sprintf("items[%d]", i), "split the bill into several receipts",
				"the cost cannot be held exactly in %d digits", expr.Precision)
		}
		out.Steps = append(out.Steps, operation.Step{Name: fmt.Sprintf("items[%d].cost", i), Value: expr.Format(part), Unit: currency.String()})
	}
	out.Value, out.Unit = total, currency
	return out, nil
}

// checkItem checks one item's units: a count of tokens, a price in the
// bill's one currency, a per that is a power of ten.
func checkItem(i int, tokens, price, per *units.Amount, currency *units.Unit) error {
	at := func(f string) string { return fmt.Sprintf("items[%d].%s", i, f) }
	switch k := tokens.Unit.Kind(); {
	case k != units.KindCount && k != units.KindNumber:
		return errorf(fault.UnitMismatch, at("tokens"), "give tokens in unit count:tokens", "tokens are in %s", tokens.Unit)
	case tokens.Value.Negative || !integral(&tokens.Value):
		return errorf(fault.BadNumber, at("tokens"), "give a whole number of tokens", "%s is not a whole number of tokens", tokens.Display)
	case price.Unit.Kind() != units.KindCurrency:
		return errorf(fault.UnitMismatch, at("price"), "give the price in an ISO 4217 currency", "the price is in %s", price.Unit)
	case price.Value.Negative:
		return errorf(fault.BadNumber, at("price"), "give the price as printed, zero or more", "the price is negative")
	case per.Unit.Kind() != units.KindNumber || !powerOfTen(expr.Format(&per.Value)):
		return errorf(fault.BadNumber, at("per"), `give per as the number of tokens the price is for, such as "1000000", unit number`,
			"per %s is not a power of ten", per.Display)
	case !currency.IsZero() && *currency != price.Unit:
		return errorf(fault.MixedCurrency, at("price"), "make one receipt per currency", "the bill mixes %s and %s", *currency, price.Unit)
	}
	*currency = price.Unit
	return nil
}

// integral reports whether d is a whole number.
func integral(d *apd.Decimal) bool {
	var r apd.Decimal
	r.Reduce(d)
	return r.Exponent >= 0
}

var slotNames = [3]string{"tokens", "price", "per"}

func slot(name string) int {
	for i, s := range slotNames {
		if s == name {
			return i
		}
	}
	return 0
}
