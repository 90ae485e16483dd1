package numeral

import (
	"fmt"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"golang.org/x/text/currency"
)

// Suffix is what a number prints right after itself to say what kind of
// quantity it is: a percent sign or word, percentage points, basis points,
// or a ratio's ×. The zero Suffix is none.
type Suffix uint8

// The suffixes.
const (
	SuffixPercent Suffix = iota + 1 // %, percent, per cent, pct
	SuffixPP                        // pp, percentage points, ppt
	SuffixBP                        // bp, bps, basis points
	SuffixRatio                     // ×, or an x glued to the number
)

var suffixNames = [...]string{"", "percent", "pp", "bp", "ratio"}

// String returns the suffix's unit name: percent, pp, bp or ratio, or "".
func (s Suffix) String() string {
	if int(s) < len(suffixNames) {
		return suffixNames[s]
	}
	return fmt.Sprintf("Suffix(%d)", uint8(s))
}

// maxDigits bounds the digits of a printed number to the arithmetic
// precision, 34 digits, so that reading never rounds.
const maxDigits = 34

// errorf builds a *fault.Error without position.
func errorf(code, hint, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Hint: hint, Msg: fmt.Sprintf(format, args...)}
}

// ISOCode reports whether s is a recognised ISO 4217 code and returns it in
// upper case. XXX, the code for "no currency", is not a currency.
func ISOCode(s string) (string, bool) {
	if len(s) != 3 {
		return "", false
	}
	u, err := currency.ParseISO(s)
	if err != nil || u.String() == "XXX" {
		return "", false
	}
	return u.String(), true
}

// Decimal returns the exact value of digits, a number with grouping
// removed such as "109638.91", negated when neg is set. It refuses more
// digits than the arithmetic holds.
func Decimal(digits string, neg bool) (*apd.Decimal, error) { return decimal(digits, neg) }

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
