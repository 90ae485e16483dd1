package expr

import (
	"fmt"

	"github.com/reckonhq/reckon/fault"
)

// Limits bound the work a formula may cause. A formula comes from a model and
// is untrusted: every limit is checked before the work it bounds, cheapest
// first (bytes, then nesting depth in a pre-scan, then the parse, then nodes
// and arguments, then magnitudes during evaluation).
//
// A zero field means the default. A field may be raised up to its hard cap
// and no further; a negative value or one above the cap is an error from
// [Limits.Validate]. A formula exactly at a limit is accepted.
type Limits struct {
	MaxBytes     int // formula length in bytes
	MaxDepth     int // nesting of parentheses, calls included
	MaxNodes     int // syntax tree nodes
	MaxArgs      int // arguments of one call
	MaxDigits    int // digits of one literal
	MaxMagnitude int // every literal, input and intermediate is below 10^MaxMagnitude in absolute value
}

// The defaults and hard caps of each limit, with the reasons for their values.
const (
	// A formula over a few dozen named inputs fits in well under 1 KiB.
	DefaultMaxBytes = 4096
	// The hard cap keeps a worst-case parse in the low milliseconds.
	CapMaxBytes = 256 << 10

	// Hand-written formulas rarely nest beyond 5; 32 leaves room for
	// generated ones. participle recurses once per level and has no limit
	// of its own (300,000 levels overflow the stack), so depth is counted in
	// a pre-scan before it runs.
	DefaultMaxDepth = 32
	CapMaxDepth     = 256

	// 256 nodes is a formula over about 100 inputs.
	DefaultMaxNodes = 256
	CapMaxNodes     = 16384

	// min, max and mean over a table column.
	DefaultMaxArgs = 64
	CapMaxArgs     = 4096

	// A literal can hold no more digits than the arithmetic keeps.
	DefaultMaxDigits = Precision
	CapMaxDigits     = Precision

	// 10^30 is a billion times the world's annual output in any currency's
	// smallest unit; a larger value is a transcription or scale error.
	DefaultMaxMagnitude = 30
	// Intermediates of two capped values must stay within the context's
	// exponent range when multiplied.
	CapMaxMagnitude = MaxExponent / 2
)

// DefaultLimits returns the limits [Parse] applies, with every field filled in.
func DefaultLimits() Limits { return Limits{}.withDefaults() }

// Validate reports whether every field is zero (the default) or between 1 and
// its hard cap.
func (l Limits) Validate() error {
	for _, f := range l.fields() {
		if *f.v < 0 || *f.v > f.cap {
			return &Error{Code: fault.InvalidLimits,
				Msg:  fmt.Sprintf("limit %s = %d is outside [0, %d]", f.name, *f.v, f.cap),
				Hint: "use 0 for the default or a value up to the hard cap"}
		}
	}
	return nil
}

func (l Limits) withDefaults() Limits {
	for _, f := range l.fields() {
		if *f.v == 0 {
			*f.v = f.def
		}
	}
	return l
}

type limitField struct {
	name     string
	v        *int
	def, cap int
}

func (l *Limits) fields() []limitField {
	return []limitField{
		{"bytes", &l.MaxBytes, DefaultMaxBytes, CapMaxBytes},
		{"nesting depth", &l.MaxDepth, DefaultMaxDepth, CapMaxDepth},
		{"nodes", &l.MaxNodes, DefaultMaxNodes, CapMaxNodes},
		{"arguments", &l.MaxArgs, DefaultMaxArgs, CapMaxArgs},
		{"literal digits", &l.MaxDigits, DefaultMaxDigits, CapMaxDigits},
		{"magnitude", &l.MaxMagnitude, DefaultMaxMagnitude, CapMaxMagnitude},
	}
}
