package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/fault"
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
	rep := verifyReport(env, ring, Policy{})
	require.True(t, rep.OK, "a receipt of literals only re-executes: %+v", rep.Reasons)
	rep = verifyReport(env, ring, Policy{DenyConstants: true})
	require.False(t, rep.OK)
	require.Equal(t, fault.ConstantsNotAllowed, rep.Reasons[0].Code, "deny_constants still refuses it")

	_, err = Calculate(&Request{Formula: "a - 5"})
	info := Describe(err)
	require.Equal(t, fault.MissingField, info.Code, "a formula with names still needs inputs")
	require.Equal(t, "inputs", info.Field)
}

// TestRoundingOnceOnTheExactValue: 1 / 8.000000000000000000000000000000001
// rounded half-up to 2 places gave 0.13 (the true value is 0.12499…, so
// 0.12), with exact showing 0.125.
func TestRoundingOnceOnTheExactValue(t *testing.T) {
	two := 2
	req := &Request{ID: "tie", Formula: "a / b",
		Inputs: []Input{{Name: "a", Display: "1", Unit: "number", Provenance: "user"},
			{Name: "b", Display: "8.000000000000000000000000000000001", Unit: "number", Provenance: "user"}}}
	req.Output.Places, req.Output.Rounding = &two, "half_up"
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, "0.12", r.Result.Value)
	require.Equal(t, "0.1249999999999999999999999999999999…", r.Result.Exact, "exact is cut off, never rounded up to 0.125")
	require.True(t, r.Result.Inexact)

	signer, ring := v1Key()
	env, err := Seal(r, signer)
	require.NoError(t, err)
	rep := verifyReport(env, ring, Policy{})
	require.True(t, rep.OK, "%+v", rep.Reasons)

	// The receipt an earlier version wrote: exact 0.125 and value 0.13.
	old := copyReceipt(t, r)
	old.Result.Exact, old.Result.Value, old.Result.Display = "0.125", "0.13", "0.13"
	env, err = Seal(old, signer)
	require.NoError(t, err)
	rep = verifyReport(env, ring, Policy{})
	require.False(t, rep.OK, "the double-rounded value no longer verifies")
	fields := make([]string, len(rep.Reasons))
	for i, reason := range rep.Reasons {
		fields[i] = reason.Field
	}
	require.Contains(t, fields, "result.value")
}

// TestLegacyExactVerifies: receipts written before exact was cut off with
// "…" recorded the 34-digit evaluation; they keep verifying when every
// other field agrees, and only then.
func TestLegacyExactVerifies(t *testing.T) {
	signer, ring := v1Key()
	r, err := Calculate(loadRequest(t, "shortfall"))
	require.NoError(t, err)
	require.Equal(t, "35.82089552238805970149253731343283…", r.Result.Exact, "24/67 cut off, not rounded")
	old := copyReceipt(t, r)
	old.Result.Exact = "35.82089552238805970149253731343284"
	env, err := Seal(old, signer)
	require.NoError(t, err)
	rep := verifyReport(env, ring, Policy{})
	require.True(t, rep.OK, "%+v", rep.Reasons)

	old.Result.Exact = "35.82089552238805970149253731343283"
	env, err = Seal(old, signer)
	require.NoError(t, err)
	rep = verifyReport(env, ring, Policy{})
	require.False(t, rep.OK, "a legacy exact must be the one the earlier version wrote")
	require.Equal(t, "result.exact", rep.Reasons[0].Field)
}

// TestExactOverMinMaxMeanAbs checks the exact path through every function.
func TestExactOverMinMaxMeanAbs(t *testing.T) {
	four := 4
	for _, tc := range []struct{ formula, value, exact string }{
		{"mean(a, b, c) / c", "1.2222", "1.222222222222222222222222222222222…"},
		{"abs(a - b) / c", "0.6667", "0.6666666666666666666666666666666666…"},
		{"max(a, b) / min(a, b, c)", "1.6667", "1.666666666666666666666666666666666…"},
		{"b / c * c - b + a", "3.0000", "3"}, // 5/3 × 3 is 4.999… at 34 digits, exactly 5
	} {
		t.Run(tc.formula, func(t *testing.T) {
			req := &Request{Formula: tc.formula, Inputs: []Input{
				{Name: "a", Display: "3", Unit: "number", Provenance: "user"},
				{Name: "b", Display: "5", Unit: "number", Provenance: "user"},
				{Name: "c", Display: "3", Unit: "number", Provenance: "user"}}}
			req.Output.Places = &four
			r, err := Calculate(req)
			require.NoError(t, err)
			require.Equal(t, tc.value, r.Result.Value)
			require.Equal(t, tc.exact, r.Result.Exact)
		})
	}
}
