package corpus

import (
	"fmt"
	"strings"

	"github.com/cockroachdb/apd/v3"

	"github.com/reckonhq/reckon/internal/expr"
)

// decimals is the one context every comparison goes through: reckon's own,
// so that the corpus reads and rounds exactly as a calculation does.
var decimals = *expr.NewContext()

// parseDecimal reads a plain decimal, "-2227000000" or "0.241".
func parseDecimal(s string) (*apd.Decimal, error) {
	d, _, err := decimals.NewFromString(s)
	if err != nil {
		return nil, fmt.Errorf("decimal %q: %w", s, err)
	}
	return d, nil
}

// shift returns x × 10^k, exactly: only the exponent moves.
func shift(x *apd.Decimal, k int) *apd.Decimal {
	d := new(apd.Decimal).Set(x)
	d.Exponent += int32(k)
	return d
}

// plain prints x as a plain decimal, never with an exponent: 0.00000516,
// 2227000000.
func plain(x *apd.Decimal) string { return x.Text('f') }

// places is the number of digits gold prints after its decimal point.
func places(gold string) int {
	_, frac, ok := strings.Cut(gold, ".")
	if !ok {
		return 0
	}
	return len(frac)
}

// roundings are the two ways annotators round: half away from zero, as
// taught and as spreadsheets print, and half to even, as Python's round
// and banks do.
var roundings = []apd.Rounder{apd.RoundHalfUp, apd.RoundHalfEven}

// agreesAt reports whether x rounded to p places, by either of the
// roundings, equals gold.
func agreesAt(x, gold *apd.Decimal, p int) bool {
	for _, r := range roundings {
		c := decimals
		c.Rounding = r
		var d apd.Decimal
		if _, err := c.Quantize(&d, x, int32(-p)); err != nil {
			continue
		}
		if d.Cmp(gold) == 0 {
			return true
		}
	}
	return false
}
