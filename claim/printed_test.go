package claim_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/units"
)

// printedCase is one line of units/testdata/printed.txt: a number as a
// source prints it, and what the one reader reads it as.
type printedCase struct {
	id, text          string
	value, unit, scal string // when it reads
	code              string // when it is refused
}

// printedCases reads the spec vectors of the one reader of printed numbers.
func printedCases(t testing.TB) []printedCase {
	f, err := os.Open(filepath.Join("..", "units", "testdata", "printed.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []printedCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, rest, _ := strings.Cut(line, " ")
		quoted, want, ok := strings.Cut(strings.TrimSpace(rest), "->")
		require.True(t, ok, "printed.txt: %s", line)
		text, err := strconv.Unquote(strings.TrimSpace(quoted))
		require.NoError(t, err, "printed.txt: %s", line)
		cols := strings.Fields(want)
		c := printedCase{id: id, text: text}
		if cols[0] == "error" {
			require.Len(t, cols, 2, "printed.txt: %s", line)
			c.code = cols[1]
		} else {
			require.Len(t, cols, 3, "printed.txt: %s", line)
			c.value, c.unit, c.scal = cols[0], cols[1], cols[2]
		}
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

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
// same value, scale and unit; a number refused in a display is never read
// as a number in prose: it is refused (unreadable_number), or read in parts
// that are each checked (a fraction's numerator and denominator), or a
// label.
func TestPrintedVectors(t *testing.T) {
	cases := printedCases(t)
	require.NotEmpty(t, cases)
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			x := claim.ExtractAll(c.text, claim.Options{Ignore: claim.IgnoreNone})
			if c.code != "" {
				for _, m := range x.Mentions {
					require.False(t, m.Start == 0 && m.End == len(c.text), "%s %q is refused in a display but read whole in prose as %s", c.id, c.text, brief(m))
				}
				if len(x.Mentions) == 0 && notNumbers[c.text] == "" {
					require.NotEmpty(t, x.Unreadable, "%s %q is refused in a display but passed over in prose", c.id, c.text)
				}
				return
			}
			require.Empty(t, x.Unreadable, "%s %q", c.id, c.text)
			require.Len(t, x.Mentions, 1, "%s %q: %s", c.id, c.text, briefs(x.Mentions))
			m := x.Mentions[0]
			want, _, err := apd.NewFromString(c.value)
			require.NoError(t, err)
			if prose := asideVector(c.text); prose {
				// A bare number in parentheses is an aside in prose: its
				// magnitude is read, with no sign, so that a value of either
				// sign backs it (see the package documentation).
				want.Negative = false
				require.False(t, m.Signed, "%s %q", c.id, c.text)
			}
			require.Zero(t, want.Cmp(&m.Printed), "%s %q: printed %s, want %s", c.id, c.text, m.Printed.String(), c.value)
			scale := units.Ones
			if c.scal != "-" {
				scale, err = units.ParseScale(c.scal)
				require.NoError(t, err)
			}
			require.Equal(t, scale.Exp(), m.Scale.Exp(), "%s %q: scale", c.id, c.text)
			switch m.Kind {
			case units.KindCurrency:
				require.Contains(t, m.Currencies, c.unit, "%s %q", c.id, c.text)
			case 0:
				require.NotContains(t, []string{"percent", "pp", "bp", "ratio"}, c.unit, "%s %q: unit lost", c.id, c.text)
			default:
				require.Equal(t, c.unit, m.Kind.String(), "%s %q", c.id, c.text)
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
