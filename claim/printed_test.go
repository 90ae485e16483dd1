package claim_test

import (
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/internal/printed"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/units"
)

// notNumbers are the refused vectors that prose reads as labels, not as
// numbers: claim's own rule of what counts (see the package documentation).
// They are neither read nor refused; no other refused vector may pass.
var notNumbers = map[string]string{
	"FY2021":                              "a fiscal-year label",
	"3D":                                  "one letter glued after the digits is a label",
	"#42":                                 "a number after # is a label",
	"12345678901234567890123456789012345": "more digits than the arithmetic holds: an identifier",
	"1.2.3":                               "a version or an address",
}

// TestPrintedVectors runs the spec vectors of the one reader of printed
// numbers through extraction, so that display parsing, the quote check and
// prose never disagree: a number that reads, reads as one mention of the
// same value, scale and unit, alone and inside a sentence; a number refused in a display is never read
// as a number in prose: it is refused (unreadable_number), or read in parts
// that are each checked (a fraction's numerator and denominator), or a
// label.
func TestPrintedVectors(t *testing.T) {
	cases := printed.Cases(t)
	require.NotEmpty(t, cases)
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			x := claim.ExtractAll(c.Text, claim.Options{Ignore: claim.IgnoreNone})
			if c.Refused() {
				for _, m := range x.Mentions {
					require.False(t, m.Start == 0 && m.End == len(c.Text), "%s %q is refused in a display but read whole in prose as %s", c.ID, c.Text, brief(m))
				}
				if len(x.Mentions) == 0 && notNumbers[c.Text] == "" {
					require.NotEmpty(t, x.Unreadable, "%s %q is refused in a display but passed over in prose", c.ID, c.Text)
				}
				// Inside a sentence, the same.
				const before = "The figure was "
				in := claim.ExtractAll(before+c.Text+" in all.", claim.Options{Ignore: claim.IgnoreNone})
				for _, m := range in.Mentions {
					require.False(t, m.Start == len(before) && m.End == len(before)+len(c.Text), "%s %q read whole in a sentence as %s", c.ID, c.Text, brief(m))
				}
				if len(in.Mentions) == 0 && notNumbers[c.Text] == "" {
					require.NotEmpty(t, in.Unreadable, "%s %q passed over in a sentence", c.ID, c.Text)
				}
				return
			}
			require.Empty(t, x.Unreadable, "%s %q", c.ID, c.Text)
			require.Len(t, x.Mentions, 1, "%s %q: %s", c.ID, c.Text, briefs(x.Mentions))
			m := x.Mentions[0]
			// Read inside a sentence, it reads the same.
			in := claim.ExtractAll("The figure was "+c.Text+" in all.", claim.Options{Ignore: claim.IgnoreNone})
			require.Empty(t, in.Unreadable, "%s %q in a sentence", c.ID, c.Text)
			require.Len(t, in.Mentions, 1, "%s %q in a sentence: %s", c.ID, c.Text, briefs(in.Mentions))
			require.Equal(t, brief(m), brief(in.Mentions[0]), "%s %q in a sentence", c.ID, c.Text)
			want, _, err := apd.NewFromString(c.Value)
			require.NoError(t, err)
			if prose := asideVector(c.Text); prose {
				// A bare number in parentheses is an aside in prose: its
				// magnitude is read, with no sign, so that a value of either
				// sign backs it (see the package documentation).
				want.Negative = false
				require.False(t, m.Signed, "%s %q", c.ID, c.Text)
			}
			require.Zero(t, want.Cmp(&m.Printed), "%s %q: printed %s, want %s", c.ID, c.Text, m.Printed.String(), c.Value)
			scale := numeral.Ones
			if c.Scale != "" {
				scale, err = numeral.ParseScale(c.Scale)
				require.NoError(t, err)
			}
			require.Equal(t, scale.Exp(), m.Scale.Exp(), "%s %q: scale", c.ID, c.Text)
			switch m.Kind {
			case units.KindCurrency:
				require.Contains(t, m.Currencies, c.Unit, "%s %q", c.ID, c.Text)
			case 0:
				require.NotContains(t, []string{"percent", "pp", "bp", "ratio"}, c.Unit, "%s %q: unit lost", c.ID, c.Text)
			default:
				require.Equal(t, c.Unit, m.Kind.String(), "%s %q", c.ID, c.Text)
			}
		})
	}
}

// asideVector reports a vector that is a bare number in parentheses, with
// no currency or grouping, and its unit inside: what prose reads as an
// aside.
func asideVector(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") && !strings.ContainsAny(t, ",$₹€£¥") &&
		!strings.Contains(t, "Rs") && !strings.Contains(t, "USD")
}
