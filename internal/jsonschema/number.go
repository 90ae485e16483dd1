package jsonschema

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// maxExp clamps exponents of instance numbers. Comparisons only need the
// order of magnitude, and an exponent beyond any plausible digit count
// compares the same whatever its exact value, so "1e99999999999999999999"
// costs nothing to compare.
const maxExp = 1 << 40

// decimal is a JSON number in a normal form in which equal numbers are equal
// values: the sign, the significant digits with no leading or trailing
// zeros, and the exponent of the last digit. Zero has no digits and no sign.
// Numbers are compared in this form, never as float64, so 0.1 + 0.2 style
// rounding and 2^53 limits never apply.
type decimal struct {
	neg    bool
	digits string // significant digits; "" for zero
	exp    int64  // value = digits × 10^exp
}

// parseDecimal normalizes n, which the JSON decoder has already checked is
// a number literal.
func parseDecimal(n json.Number) (decimal, bool) {
	s := string(n)
	var d decimal
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		e, err := strconv.ParseInt(expPart, 10, 64)
		if err != nil {
			if !errors.Is(err, strconv.ErrRange) {
				return d, false
			}
			e = maxExp
			if strings.HasPrefix(expPart, "-") {
				e = -maxExp
			}
		}
		d.exp = max(min(e, maxExp), -maxExp)
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || !allDigits(intPart) || !allDigits(frac) {
		return d, false
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	d.exp -= int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	d.exp += int64(len(digits) - len(trimmed))
	d.digits = trimmed
	if d.digits == "" {
		return decimal{}, true
	}
	return d, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isIntegerLiteral reports whether n is written without a fraction or an
// exponent, which is what this package means by an integer.
func isIntegerLiteral(n json.Number) bool {
	return !strings.ContainsAny(string(n), ".eE")
}

// cmp returns -1, 0 or +1 as d is less than, equal to or greater than e.
func (d decimal) cmp(e decimal) int {
	ds, es := d.sign(), e.sign()
	switch {
	case ds != es:
		if ds < es {
			return -1
		}
		return 1
	case ds == 0:
		return 0
	}
	m := d.cmpAbs(e)
	if d.neg {
		return -m
	}
	return m
}

func (d decimal) sign() int {
	switch {
	case d.digits == "":
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// cmpAbs compares magnitudes of two non-zero numbers: first by the position
// of the leading digit, then digit by digit.
func (d decimal) cmpAbs(e decimal) int {
	da, ea := d.exp+int64(len(d.digits)), e.exp+int64(len(e.digits))
	if da != ea {
		if da < ea {
			return -1
		}
		return 1
	}
	// Same leading position: the digit strings align from the left, and
	// a missing trailing digit is a zero, which is smaller than any digit
	// the normal form keeps last.
	return strings.Compare(d.digits, e.digits)
}
