package receipt

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// percentInput is an input in percent, as a model transcribes one.
func percentInput(name, display, period string) Input {
	return Input{Name: name, Display: display, Unit: "percent", Period: period, Provenance: "text"}
}

// TestDifferenceOfPercentsIsPP: m2021 − m2020 over two percents was
// labelled "2%", so the release gate passed "rose 2%" and refused the
// correct "rose 2 percentage points".
func TestDifferenceOfPercentsIsPP(t *testing.T) {
	req := &Request{ID: "margin", Formula: "m2021 - m2020",
		Inputs: []Input{percentInput("m2021", "35.8%", "FY2021"), percentInput("m2020", "33.8%", "FY2020")}}
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, "pp", r.Result.Unit)
	require.Equal(t, "2 pp", r.Result.Display)
	require.Equal(t, "2", r.Result.Value)

	req.Output.Unit = "percent"
	r, err = Calculate(req)
	require.NoError(t, err, "an output unit may still ask for percent")
	require.Equal(t, "2%", r.Result.Display)
}

// TestLiteralBesidePercentRefused: spread_bp + 25 gave 250,025 bp and
// rate + 2 gave 205%, since a literal is a fraction.
func TestLiteralBesidePercentRefused(t *testing.T) {
	for _, tc := range []struct{ name, formula, unit, display string }{
		{"bp plus 25", "spread + 25", "bp", "25"},
		{"rate plus 2", "spread + 2", "percent", "3%"},
		{"max with 5", "max(spread, 5)", "pp", "2.4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := &Request{Formula: tc.formula,
				Inputs: []Input{{Name: "spread", Display: tc.display, Unit: tc.unit, Provenance: "user"}}}
			_, err := Calculate(req)
			info := Describe(err)
			require.Equal(t, "literal_beside_percent", info.Code, "%v", err)
			require.Contains(t, info.Hint, "give it as an input with its unit")
			require.NotNil(t, info.Span)
		})
	}
	r, err := Calculate(&Request{Formula: "1 - tax_rate",
		Inputs: []Input{{Name: "tax_rate", Display: "25%", Unit: "percent", Provenance: "user"}}})
	require.NoError(t, err, "1 − tax_rate stays valid")
	require.Equal(t, "75%", r.Result.Display)
}

// TestSamePeriodBlankRefused: a blank period satisfied same_period.
func TestSamePeriodBlankRefused(t *testing.T) {
	req := &Request{Formula: "a - b", SamePeriod: true,
		Inputs: []Input{percentInput("a", "6.7%", "FY2021"), percentInput("b", "4.3%", "")}}
	_, err := Calculate(req)
	info := Describe(err)
	require.Equal(t, "period_mismatch", info.Code, "%v", err)
	require.Contains(t, info.Hint, "give every input its period")
	req.SamePeriod = false
	_, err = Calculate(req)
	require.NoError(t, err)
}

// TestLiteralOnlyFormula: 7 − 5 was refused with "inputs is empty"; program
// sets such as FinQA use such formulas for year differences.
func TestLiteralOnlyFormula(t *testing.T) {
	req := &Request{ID: "years", Formula: "7 - 5"}
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, "2", r.Result.Value)
	require.Equal(t, "number", r.Result.Unit)
	require.Equal(t, "7 − 5", r.Expanded)
	require.Equal(t, []Constant{{Value: "7", Span: [2]int{0, 1}}, {Value: "5", Span: [2]int{4, 5}}}, r.Constants)
	require.Empty(t, r.Inputs)

	signer, ring := v1Key()
	env, err := Seal(r, signer)
	require.NoError(t, err)
	rep := Verify(env, ring, Policy{})
	require.True(t, rep.OK, "a receipt of literals only re-executes: %+v", rep.Reasons)
	rep = Verify(env, ring, Policy{DenyConstants: true})
	require.False(t, rep.OK)
	require.Equal(t, CodeConstantsNotAllowed, rep.Reasons[0].Code, "deny_constants still refuses it")

	_, err = Calculate(&Request{Formula: "a - 5"})
	info := Describe(err)
	require.Equal(t, CodeMissingField, info.Code, "a formula with names still needs inputs")
	require.Equal(t, "inputs", info.Field)
}
