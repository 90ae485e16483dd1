package jsonschema

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/cockroachdb/apd/v3"
)

// maxExactInteger is 2^53: every integer up to it in magnitude is a
// float64, and not every integer beyond it is.
var maxExactInteger = apd.New(1<<53, 0)

// inexactNumber finds, in the decoded document v found at path, the first
// number (members in name order) that the library, which reads numbers as
// float64, would judge differently from its decimal literal. What the
// library looks at in a number is whether it is an integer (for "type") and
// how it compares with a bound or constant; float64 keeps both exactly for
// an integer up to 2^53 and for a non-integer whose float64 is not a whole
// number. Anything else, such as 9007199254740993 (read as ...992) or
// 2.0000000000000001 (read as the integer 2), is reported with its path so
// that Validate refuses it rather than misjudging it.
func inexactNumber(path string, v any) (string, json.Number, bool) {
	switch v := v.(type) {
	case map[string]any:
		for _, name := range sortedKeys(v) {
			if p, n, ok := inexactNumber(pointer(path, name), v[name]); ok {
				return p, n, true
			}
		}
	case []any:
		for i, e := range v {
			if p, n, ok := inexactNumber(pointer(path, strconv.Itoa(i)), e); ok {
				return p, n, true
			}
		}
	case json.Number:
		return path, v, !exactAsFloat(v)
	}
	return "", "", false
}

// exactAsFloat reports whether n, read as float64, keeps whether it is an
// integer and, if it is one, its value.
func exactAsFloat(n json.Number) bool {
	d, _, err := apd.NewFromString(string(n))
	if err != nil {
		return false // an exponent beyond apd's range is beyond float64's too
	}
	var r apd.Decimal
	r.Reduce(d)
	if r.Exponent >= 0 || r.IsZero() {
		var abs apd.Decimal
		abs.Abs(&r)
		return abs.Cmp(maxExactInteger) <= 0
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return err == nil && f != math.Trunc(f)
}
