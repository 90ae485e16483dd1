package scoring

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reckonhq/reckon/fault"
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
	// failed verification or a check of [FlagCitationReused] or
	// [FlagNegated], under the [Downgrade] policy.
	FlagDowngraded
	// FlagCitationReused: a passage this criterion cites overlaps one that
	// another criterion cites, in the same source, and both criteria earn
	// points. Both are flagged, for code cannot tell which one the passage
	// bears on; a criterion whose every found citation is so shared has no
	// evidence of its own, and is downgraded under [Downgrade].
	FlagCitationReused
	// FlagNegated: the verdict is STRONG and each of its found citations
	// has a negation inside it or beside it in the source ("not", "no",
	// "never", "non", "nor", "neither", "cannot", "without", "fails",
	// "failed", a contraction in n't, or "non-" or
	// "un-" joined by any dash): the passage may say the opposite of what
	// the verdict claims, as "Fiscally sponsored projects are not eligible."
	// does for a STRONG eligibility. It reads words, not meaning, so it also
	// fires on a lone passage that only names a "non-profit": cite the
	// passages that show the criterion is met, or review the flag under
	// [KeepAndFlag].
	FlagNegated
)

var flagNames = []struct {
	f    Flags
	name string
}{
	{FlagNeedsInput, "needs_input"},
	{FlagCitationNotFound, "citation_not_found"},
	{FlagWrongSource, "citation_wrong_source"},
	{FlagDowngraded, "downgraded"},
	{FlagCitationReused, "citation_reused"},
	{FlagNegated, "negated_evidence"},
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
	rest := f
	for _, n := range flagNames {
		rest &^= n.f
	}
	if rest != 0 {
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
		return &fault.Error{Code: fault.BadRequest, Msg: fmt.Sprintf("scoring: unknown flag %q", s),
			Hint: "read flags from a report scoring wrote"}
	}
	*f = out
	return nil
}
