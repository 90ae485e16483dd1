package scoring

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Flags is a set of facts about how a criterion was scored, each one a bit.
type Flags uint8

const (
	// FlagNeedsInput: the block asks a question; the criterion earns
	// nothing until it is answered.
	FlagNeedsInput Flags = 1 << iota
	// FlagCitationNotFound: a citation is not in the source it names (nor
	// in any other source), or is too short or too long to check.
	FlagCitationNotFound
	// FlagWrongSource: a citation is not in the source it names but is in
	// another one: misattributed, not fabricated.
	FlagWrongSource
	// FlagDowngraded: the verdict was scored as NONE because its evidence
	// failed verification, under the [Downgrade] policy.
	FlagDowngraded
)

var flagNames = []struct {
	f    Flags
	name string
}{
	{FlagNeedsInput, "needs_input"},
	{FlagCitationNotFound, "citation_not_found"},
	{FlagWrongSource, "citation_wrong_source"},
	{FlagDowngraded, "downgraded"},
}

// Names returns the snake_case name of each flag set in f, in the order of
// the constants.
func (f Flags) Names() []string {
	out := []string{}
	for _, n := range flagNames {
		if f&n.f != 0 {
			out = append(out, n.name)
		}
	}
	if rest := f &^ (FlagNeedsInput | FlagCitationNotFound | FlagWrongSource | FlagDowngraded); rest != 0 {
		out = append(out, fmt.Sprintf("Flags(%#x)", uint8(rest)))
	}
	return out
}

// String joins the names of the flags set in f with ", ", as apd's
// Condition does; the empty set is "".
func (f Flags) String() string { return strings.Join(f.Names(), ", ") }

// MarshalJSON encodes f as a list of names, [] when none is set.
func (f Flags) MarshalJSON() ([]byte, error) { return json.Marshal(f.Names()) }

// UnmarshalJSON decodes a list of flag names.
func (f *Flags) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	var out Flags
next:
	for _, s := range names {
		for _, n := range flagNames {
			if n.name == s {
				out |= n.f
				continue next
			}
		}
		return fmt.Errorf("scoring: unknown flag %q", s)
	}
	*f = out
	return nil
}
