package expr

import "github.com/cockroachdb/apd/v3"

// The arithmetic every reckon calculation runs under. A receipt records these
// values, so changing one changes what a receipt means.
const (
	// Precision is the number of significant digits each operation keeps:
	// IEEE 754 decimal128, enough for any amount a filing prints while
	// keeping every coefficient a few machine words long.
	Precision = 34

	// MaxExponent and MinExponent bound the adjusted exponent of any value.
	// Magnitudes are limited far more tightly by [Limits.MaxMagnitude]; these
	// bounds only keep a hostile operand from growing without limit, which
	// apd allows when the precision is zero.
	MaxExponent = 96
	MinExponent = -96
)

// NewContext returns the apd context every reckon calculation uses: precision
// [Precision], half-even rounding, the exponent range above, and apd's default
// traps (overflow, underflow, division by zero and invalid operations are
// errors; inexact results are flagged, not trapped). Each call returns a new
// value, so callers may use it without synchronisation.
func NewContext() *apd.Context {
	return &apd.Context{
		Precision:   Precision,
		MaxExponent: MaxExponent,
		MinExponent: MinExponent,
		Traps:       apd.DefaultTraps,
		Rounding:    apd.RoundHalfEven,
	}
}
