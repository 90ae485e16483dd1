package quote

import (
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/fault"
)

// Tier says how much normalization a match needed. Tiers are ordered from
// strongest evidence to weakest: each tier applies its own fold on top of the
// folds of every tier before it, and a match reports the first tier at which
// it is found.
type Tier int

const (
	// None is the tier of a quote that was not found.
	None Tier = iota
	// Exact means the source span is byte-for-byte the quote.
	Exact
	// Whitespace folds line wrapping, runs of spaces and tabs, and Unicode
	// spaces such as NBSP into one space.
	Whitespace
	// Case adds Unicode case folding within one script, except for the
	// letters of a unit or scale token beside a number ("MW", "M", "MB"),
	// whose case is meaning.
	Case
	// Typography adds curly quotes, dashes, the minus sign, the ellipsis
	// character, ligatures, soft hyphens and zero-width characters.
	Typography
	// Hyphenation adds the joining of words split by a hyphen at a line
	// break ("inter-\nnational"); a hyphen inside a line is kept.
	Hyphenation
	// Markup adds the removal of markdown emphasis, backticks, heading marks
	// and simple HTML tags, of deleted or struck text with its tags (an
	// inline style that strikes or hides text strikes it too), and of HTML
	// comments, and decodes HTML character references ("&minus;", "&#160;").
	Markup
	// Elided means the quote contains an ellipsis and its parts were found
	// in order within a bounded window; see [Options.Ellipsis].
	Elided
)

var tierNames = [...]string{
	None:        "none",
	Exact:       "exact",
	Whitespace:  "whitespace",
	Case:        "case",
	Typography:  "typography",
	Hyphenation: "hyphenation",
	Markup:      "markup",
	Elided:      "elided",
}

// String returns the lower-case name of t, such as "typography".
func (t Tier) String() string {
	if t < 0 || int(t) >= len(tierNames) {
		return fmt.Sprintf("Tier(%d)", int(t))
	}
	return tierNames[t]
}

// MarshalText encodes t as its lower-case name. [None] encodes as the empty
// string, so that an unfound quote reads "tier": "" in JSON.
func (t Tier) MarshalText() ([]byte, error) {
	if t == None {
		return []byte{}, nil
	}
	if t < 0 || int(t) >= len(tierNames) {
		return nil, &fault.Error{Code: fault.InvalidOption, Msg: fmt.Sprintf("quote: invalid tier %d", int(t)),
			Hint: "use one of the Tier constants"}
	}
	return []byte(tierNames[t]), nil
}

// UnmarshalText decodes a lower-case tier name; the empty string is [None].
func (t *Tier) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*t = None
		return nil
	}
	for i, name := range tierNames {
		if i != int(None) && name == string(b) {
			*t = Tier(i)
			return nil
		}
	}
	return &fault.Error{Code: fault.InvalidOption, Msg: fmt.Sprintf("quote: unknown tier %q", b),
		Hint: "use a tier name: " + strings.Join(tierNames[None+1:], ", ")}
}
