package quote

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/printed"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// TestPrintedTestdata runs the quote check against the spec vectors of the
// one reader (units/testdata/printed.txt). A readable text backs the input
// that has its value, unit and scale, and not the input with the other
// sign, another scale, or, for a percent, no percent unit. A refused text
// backs no number printed in it.
func TestPrintedTestdata(t *testing.T) {
	for _, c := range printed.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			if c.Code == units.CodeUnknownScale {
				compoundBacksItsEquivalent(t, c)
				return
			}
			if c.Refused() {
				for _, d := range candidates(c.Text) {
					require.False(t, ContainsNumber(c.Text, d), "%q is refused, yet backs %q", c.Text, d)
				}
				return
			}
			u, err := units.ParseUnit(c.Unit)
			require.NoError(t, err)
			a, err := units.ParseAmount(c.Text, u, units.Ones)
			require.NoError(t, err, "ParseAmount(%q, %s)", c.Text, c.Unit)
			require.True(t, ContainsAmount(c.Text, &a), "%q backs itself as a display", c.Text)
			if s, err := units.ParseScale(c.Scale); err == nil {
				if b, err := units.ParseAmount(c.Value, u, s); err == nil {
					require.True(t, ContainsAmount(c.Text, &b), "%q backs %s %s %s", c.Text, c.Value, c.Unit, c.Scale)
				}
			}
			if !a.Printed.IsZero() {
				flipped := a
				flipped.Printed.Neg(&a.Printed)
				require.False(t, ContainsAmount(c.Text, &flipped), "%q backs the opposite sign", c.Text)
			}
			if c.Scale != "" {
				other := a
				other.Scale = units.Thousand
				if a.Scale == units.Thousand {
					other.Scale = units.Million
				}
				require.False(t, ContainsAmount(c.Text, &other), "%q backs scale %s", c.Text, other.Scale)
			}
			if c.Unit == "percent" {
				number := a
				number.Unit = units.Number
				require.False(t, ContainsAmount(c.Text, &number), "%q backs a number", c.Text)
			}
		})
	}
}

// compoundBacksItsEquivalent checks a compound scale no one word holds: the
// reader reads it exactly, so it backs the value in its larger word (5
// thousand crore is 5000 crore) and not the number in that word alone.
func compoundBacksItsEquivalent(t *testing.T, c printed.Case) {
	tok, ok := units.Next(c.Text, 0)
	require.True(t, ok)
	words := strings.Fields(tok.ScaleText)
	larger, err := units.ParseScale(words[len(words)-1])
	require.NoError(t, err)
	equivalent := tok.Number + strings.Repeat("0", tok.ScaleExp-larger.Exp())
	unit := units.Number
	if codes := units.SignCurrencies(tok.Currency); codes != nil {
		unit, err = units.CurrencyUnit(codes[0])
		require.NoError(t, err)
	}
	for value, want := range map[string]bool{equivalent: true, tok.Number: false} {
		a, err := units.ParseAmount(value, unit, larger)
		require.NoError(t, err)
		require.Equal(t, want, ContainsAmount(c.Text, &a), "%q backs %s %s", c.Text, value, larger)
	}
}

// candidates lists the numbers a refused text might be taken to print: each
// run of digits, all its digits, and its digits with their points.
func candidates(text string) []string {
	isDigit := func(r rune) bool { return r >= '0' && r <= '9' }
	out := strings.FieldsFunc(text, func(r rune) bool { return !isDigit(r) })
	keep := func(points bool) string {
		return strings.Map(func(r rune) rune {
			if isDigit(r) || points && r == '.' {
				return r
			}
			return -1
		}, text)
	}
	for _, s := range []string{keep(false), strings.Trim(keep(true), ".")} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
