package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/cockroachdb/apd/v3"
)

// maxExactInteger is 2^53: every integer up to it in magnitude is a
// float64, and not every integer beyond it is.
var maxExactInteger = apd.New(1<<53, 0)

// checkNumbers refuses a document holding a number that the library, which
// reads numbers as float64, would judge differently from its decimal
// literal. What the library looks at in a number is whether it is an
// integer (for "type") and how it compares with an integer bound or
// constant; float64 keeps both exactly for an integer up to 2^53 and for a
// non-integer whose float64 is not a whole number. Anything else, such as
// 9007199254740993 (read as ...992) or 2.0000000000000001 (read as the
// integer 2), is refused. A document that is not JSON is left to the
// caller's decoder.
func checkNumbers(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil { // io.EOF, or not JSON: Validate's decoder says which
			return nil
		}
		n, ok := tok.(json.Number)
		if !ok {
			continue
		}
		if !exactAsFloat(n) {
			return fmt.Errorf("number %s cannot be checked exactly: it is beyond what float64 holds exactly", n)
		}
	}
}

// exactAsFloat reports whether n, read as float64, keeps whether it is an
// integer and, if it is one, its value.
func exactAsFloat(n json.Number) bool {
	d, _, err := apd.NewFromString(string(n))
	if err != nil {
		return false
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
