package units

import (
	"strconv"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// amountCase is one line of testdata/amounts.txt taken apart.
type amountCase struct {
	display, unit, scale string
}

// parseAmountCase splits the input column of an amounts.txt line.
func parseAmountCase(t testing.TB, in string) amountCase {
	t.Helper()
	q, err := strconv.QuotedPrefix(in)
	require.NoError(t, err, "display in %q", in)
	display, _ := strconv.Unquote(q)
	f := strings.Fields(in[len(q):])
	require.Len(t, f, 2, "unit and scale in %q", in)
	return amountCase{display, f[0], dash(f[1])}
}

func TestParseAmountTestdata(t *testing.T) {
	for _, tc := range readCases(t, "amounts.txt") {
		t.Run(tc.id, func(t *testing.T) {
			c := parseAmountCase(t, tc.in)
			u, err := ParseUnit(c.unit)
			require.NoError(t, err)
			s, err := numeral.ParseScale(c.scale)
			require.NoError(t, err)
			a, err := ParseAmount(c.display, u, s)
			want := strings.Fields(tc.want)
			if want[0] == "error" {
				var e *fault.Error
				require.ErrorAs(t, err, &e, "ParseAmount(%q) = %v", c.display, a.Printed.String())
				require.Equal(t, want[1], e.Code, "ParseAmount(%q): %v", c.display, err)
				require.NotEmpty(t, e.Hint, "every error carries a hint")
				return
			}
			require.NoError(t, err, "ParseAmount(%q)", c.display)
			require.Equal(t, want[0], expr.Plain(&a.Printed), "ParseAmount(%q).Printed", c.display)
			require.Equal(t, want[1], expr.Plain(&a.Value), "ParseAmount(%q).Value", c.display)
		})
	}
}

func TestParseAmountScaleFromDisplay(t *testing.T) {
	a, err := ParseAmount("₹1.2 crores", mustUnit(t, "INR"), numeral.Ones)
	require.NoError(t, err)
	require.Equal(t, numeral.Crore, a.Scale, "a scale word in display fills an empty scale field")
	require.Equal(t, "scale", fieldOf(t, func() error {
		_, err := ParseAmount("1.2 million", mustUnit(t, "USD"), numeral.Thousand)
		return err
	}))
}

func TestConversion(t *testing.T) {
	tests := []struct {
		name, display, unit, scale string
		want                       Conversion
	}{
		{"lakh", "1,09,638.91", "INR", "lacs", Conversion{
			Name: "income", Display: "1,09,638.91", Printed: "109638.91", Scale: "lakh",
			Factor: "100000", Value: "10963891000", Unit: "INR"}},
		{"percent", "6.7%", "percent", "", Conversion{
			Name: "income", Display: "6.7%", Printed: "6.7", Scale: "",
			Factor: "0.01", Value: "0.067", Unit: "percent"}},
		{"negative millions", "(799)", "usd", "mn", Conversion{
			Name: "income", Display: "(799)", Printed: "-799", Scale: "million",
			Factor: "1000000", Value: "-799000000", Unit: "USD"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := numeral.ParseScale(tc.scale)
			require.NoError(t, err)
			a, err := ParseAmount(tc.display, mustUnit(t, tc.unit), s)
			require.NoError(t, err)
			require.Equal(t, tc.want, a.Conversion("income"))
		})
	}
}

func TestParseAmountBounds(t *testing.T) {
	_, err := ParseAmount(strings.Repeat("1", 101), Number, numeral.Ones)
	require.Equal(t, fault.BadNumber, codeOf(t, err))
	_, err = ParseAmount("\xff1", Number, numeral.Ones)
	require.Equal(t, fault.BadNumber, codeOf(t, err))
	_, err = ParseAmount("1", Unit{}, numeral.Ones)
	require.Equal(t, fault.UnknownUnit, codeOf(t, err))
}

// mustUnit parses a unit or fails the test.
func mustUnit(t testing.TB, s string) Unit {
	t.Helper()
	u, err := ParseUnit(s)
	require.NoError(t, err, "ParseUnit(%q)", s)
	return u
}

// codeOf returns the code of a *fault.Error.
func codeOf(t testing.TB, err error) string {
	t.Helper()
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.NotEmpty(t, e.Hint, "every error carries a hint: %v", err)
	return e.Code
}

// fieldOf returns the field of the *fault.Error f returns.
func fieldOf(t testing.TB, f func() error) string {
	t.Helper()
	var e *fault.Error
	require.ErrorAs(t, f(), &e)
	return e.Field
}
