package reckon_test

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

// costco is the debt-to-EBITDA request of the issue, in USD millions.
var costco = reckon.Inputs("USD", "million", "current_debt", "799", "long_term_debt", "6,692", "leases", "3,916",
	"operating_income", "6,708", "depreciation", "1,781")

const costcoFormula = "(current_debt + long_term_debt + leases) / (operating_income + depreciation)"

// TestCalc pins the computations through the short path.
func TestCalc(t *testing.T) {
	tests := []struct {
		name     string
		formula  string
		in       []reckon.In
		opts     []reckon.Option
		want     string // Value
		display  string
		expanded string
	}{
		{"debt to ebitda", costcoFormula, costco, []reckon.Option{reckon.Places(3)},
			"1.344", "1.344×", "(799 + 6692 + 3916) / (6708 + 1781)"},
		{"debt to ebitda half up", costcoFormula, costco, []reckon.Option{reckon.Places(4), reckon.Rounding("half_up")},
			"1.3437", "1.3437×", "(799 + 6692 + 3916) / (6708 + 1781)"},
		{"percent change", "(new - old) / old", reckon.Inputs("USD", "million", "old", "192,052", "new", "195,929"),
			[]reckon.Option{reckon.Unit("percent"), reckon.Places(2)}, "2.02", "2.02%", "(195929 − 192052) / 192052"},
		{"gap in pp", "forecast - actual", reckon.Inputs("percent", "", "forecast", "6.7%", "actual", "4.3%"),
			[]reckon.Option{reckon.Unit("pp")}, "2.4", "2.4 pp", "6.7 − 4.3"},
		{"relative shortfall", "(forecast - actual) / forecast", reckon.Inputs("percent", "", "forecast", "6.7%", "actual", "4.3%"),
			[]reckon.Option{reckon.Unit("percent"), reckon.Places(3), reckon.Interpreted("relative to the forecast")},
			"35.821", "35.821%", "(6.7 − 4.3) / 6.7"},
		{"lakh", "income - funds", reckon.Inputs("INR", "lacs", "income", "1,09,638.91", "funds", "25,966.14"), nil,
			"8367277000", "₹8,367,277,000", "(109638.91 × 100000) − (25966.14 × 100000)"},
		{"lakh printed in display", "income - funds", reckon.Inputs("INR", "", "income", "1,09,638.91 lacs", "funds", "25,966.14 lacs"), nil,
			"8367277000", "₹8,367,277,000", "(109638.91 × 100000) − (25966.14 × 100000)"},
		{"crore output", "income - funds", reckon.Inputs("INR", "lacs", "income", "1,09,638.91", "funds", "25,966.14"),
			[]reckon.Option{reckon.Scale("crore")}, "836.7277", "₹836.7277 crore", "(109638.91 × 100000) − (25966.14 × 100000)"},
		{"tweets", "united + delta + southwest", reckon.Inputs("count:tweets", "", "united", "24", "delta", "12", "southwest", "5"), nil,
			"41", "41 tweets", "24 + 12 + 5"},
		{"literals only", "7 - 5", nil, nil, "2", "2", "7 − 5"},
		{"zero option ignored", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{{}}, "1", "$1", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reckon.Calc(tt.formula, tt.in, tt.opts...)
			require.NoError(t, err)
			require.Equal(t, tt.want, r.Value)
			require.Equal(t, tt.display, r.Display)
			require.Equal(t, tt.display, r.String())
			require.Equal(t, tt.expanded, r.Expanded)
			require.NotNil(t, r.Receipt)
			require.Equal(t, r.Value, r.Receipt.Result.Value, "the result is the receipt's")
		})
	}
}

// TestConvert pins the conversions: exact, no formula to write.
func TestConvert(t *testing.T) {
	tests := []struct {
		name, display, unit, from, to string
		opts                          []reckon.Option
		want, display2                string
	}{
		{"crore to lakh", "836.73", "INR", "crore", "lakh", nil, "83673", "₹83,673 lakh"},
		{"rupees to crore", "8,367,277,000", "INR", "", "crore", nil, "836.7277", "₹836.7277 crore"},
		{"million to billion", "1,234.5", "USD", "million", "billion", nil, "1.2345", "$1.2345 billion"},
		{"scale printed", "1,234.5 million", "USD", "", "billion", nil, "1.2345", "$1.2345 billion"},
		{"sign and scale printed", "₹836.73 crore", "INR", "", "lakh", nil, "83673", "₹83,673 lakh"},
		{"accounting negative", "(1,234.5)", "USD", "million", "billion", nil, "-1.2345", "-$1.2345 billion"},
		{"indian grouping", "8,367,277,000", "INR", "", "", []reckon.Option{reckon.Grouping("indian")}, "8367277000", "₹8,36,72,77,000"},
		{"rounded", "1,234.5", "USD", "million", "billion", []reckon.Option{reckon.Places(2)}, "1.23", "$1.23 billion"},
		{"to wins over a scale option", "1,234.5", "USD", "million", "billion", []reckon.Option{reckon.Scale("thousand")}, "1.2345", "$1.2345 billion"},
		{"same unit asked", "12", "USD", "", "", []reckon.Option{reckon.Unit("USD")}, "12", "$12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reckon.Convert(tt.display, tt.unit, tt.from, tt.to, tt.opts...)
			require.NoError(t, err)
			require.Equal(t, tt.want, r.Value)
			require.Equal(t, tt.display2, r.Display)
			require.Equal(t, "amount", r.Receipt.Formula)
		})
	}
}

// TestPlainNotation pins that no decimal the package returns uses an
// exponent, at either end of the scales: apd's String prints 1E+12.
func TestPlainNotation(t *testing.T) {
	tests := []struct {
		name, display, from, to, want string
	}{
		{"large", "1", "trillion", "", "1000000000000"},
		{"small", "1", "", "trillion", "0.000000000001"},
		{"crore in ones", "1,234.56", "crore", "", "12345600000"},
		{"zero", "0", "million", "", "0"},
		{"negative zero", "(0)", "million", "", "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reckon.Convert(tt.display, "USD", tt.from, tt.to)
			require.NoError(t, err)
			require.Equal(t, tt.want, r.Value)
			require.Equal(t, tt.want, r.Exact)
			for _, s := range []string{r.Value, r.Exact, r.Display, r.Expanded} {
				require.NotContains(t, strings.ToUpper(s), "E+", "%q", s)
				require.NotContains(t, strings.ToUpper(s), "E-", "%q", s)
			}
		})
	}
}

// TestRefusals checks that the pipeline's typed errors reach the caller
// unwrapped, with their code and field; what each refuses is the business
// of the package that refuses it.
func TestRefusals(t *testing.T) {
	tests := []struct {
		name    string
		formula string
		in      []reckon.In
		opts    []reckon.Option
		code    string
		field   string
		as      string // the package whose error type errors.As finds
	}{
		{"empty formula", "", nil, nil, fault.MissingField, "formula", "receipt"},
		{"no inputs", "a + b", nil, nil, fault.MissingField, "inputs", "receipt"},
		{"zero input", "a", []reckon.In{{}}, nil, fault.MissingField, "inputs[0].name", "receipt"},
		{"name without display", "a", reckon.Inputs("USD", "", "a"), nil, fault.MissingField, "inputs[0].display", "receipt"},
		{"no unit", "a", reckon.Inputs("", "", "a", "1"), nil, fault.MissingField, "inputs[0].unit", "receipt"},
		{"unknown name", "a + b", reckon.Inputs("USD", "", "a", "1"), nil, fault.UnknownName, "formula", "receipt"},
		{"unused input", "a", reckon.Inputs("USD", "", "a", "1", "b", "2"), nil, fault.UnusedInput, "inputs[1].name", "receipt"},
		{"duplicate input", "a", reckon.Inputs("USD", "", "a", "1", "a", "2"), nil, fault.DuplicateInput, "inputs[1].name", "receipt"},
		{"bad provenance", "a", []reckon.In{{Name: "a", Display: "1", Unit: "USD", Provenance: "rumour"}}, nil,
			fault.BadProvenance, "inputs[0].provenance", "receipt"},
		{"interpreted without note", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{reckon.Interpreted(" ")},
			fault.BadInterpretation, "interpretation.note", "receipt"},
		{"period mismatch", "a + b", []reckon.In{{Name: "a", Display: "1", Unit: "USD", Period: "FY2021"},
			{Name: "b", Display: "1", Unit: "USD", Period: "FY2020"}}, []reckon.Option{reckon.SamePeriod()},
			fault.PeriodMismatch, "", "units"},
		{"syntax", "a +", reckon.Inputs("USD", "", "a", "1"), nil, string(fault.Syntax), "formula", "expr"},
		{"division by zero", "a / b", reckon.Inputs("USD", "", "a", "1", "b", "0"), nil, string(fault.DivisionByZero), "formula", "expr"},
		{"unknown unit", "a", reckon.Inputs("furlongs", "", "a", "1"), nil, fault.UnknownUnit, "inputs[0].unit", "units"},
		{"unknown scale", "a", reckon.Inputs("USD", "zillion", "a", "1"), nil, fault.UnknownScale, "inputs[0].scale", "units"},
		{"mixed currencies", "a + b", append(reckon.Inputs("USD", "", "a", "1"), reckon.Inputs("EUR", "", "b", "1")...), nil,
			fault.CurrencyMismatch, "", "units"},
		{"not a number", "a", reckon.Inputs("USD", "", "a", "n/a"), nil, fault.BadNumber, "inputs[0].display", "units"},
		{"scale stated twice", "a", reckon.Inputs("USD", "thousand", "a", "799 million"), nil, fault.ScaleConflict, "inputs[0].scale", "units"},
		{"places out of range", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{reckon.Places(-1)}, fault.BadPlaces, "output.places", "units"},
		{"bad rounding", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{reckon.Places(1), reckon.Rounding("banker")},
			fault.BadRounding, "output.rounding", "units"},
		{"bad grouping", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{reckon.Grouping("swiss")},
			fault.BadGroupingOption, "output.grouping", "units"},
		{"currency output", "a", reckon.Inputs("USD", "", "a", "1"), []reckon.Option{reckon.Unit("EUR")},
			fault.OutputUnitMismatch, "output.unit", "units"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reckon.Calc(tt.formula, tt.in, tt.opts...)
			require.Error(t, err)
			require.Equal(t, reckon.Result{}, r, "a refusal returns no result")
			info := receipt.Describe(err)
			require.Equal(t, tt.code, info.Code, "%v", err)
			if tt.field != "" {
				require.Equal(t, tt.field, info.Field, "%v", err)
			}
			require.NotEmpty(t, info.Hint)
			var (
				re *fault.Error
				ee *expr.Error
				ue *fault.Error
			)
			found := map[string]bool{"receipt": errors.As(err, &re), "expr": errors.As(err, &ee), "units": errors.As(err, &ue)}
			require.True(t, found[tt.as], "want the error of package %s, got %T", tt.as, err)
		})
	}
}

// TestConvertRefusals checks that a conversion refuses as a calculation
// does, on its one input.
func TestConvertRefusals(t *testing.T) {
	tests := []struct {
		name, display, unit, from, to, code string
	}{
		{"empty", "", "", "", "", fault.MissingField},
		{"no unit", "1", "", "", "", fault.MissingField},
		{"unknown unit", "1", "furlongs", "", "", fault.UnknownUnit},
		{"unknown from", "1", "USD", "zillion", "", fault.UnknownScale},
		{"unknown to", "1", "USD", "", "zillion", fault.UnknownScale},
		{"symbol disagrees", "€12", "USD", "", "", fault.SymbolMismatch},
		{"a dash", "—", "USD", "", "", fault.BadNumber},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := reckon.Convert(tt.display, tt.unit, tt.from, tt.to)
			require.Equal(t, tt.code, receipt.Describe(err).Code, "%v", err)
		})
	}
}

// TestZeroInputsDoNotPanic calls every exported function with nil, empty
// and zero values: each returns a typed refusal or an empty value.
func TestZeroInputsDoNotPanic(t *testing.T) {
	require.NotPanics(t, func() {
		require.Empty(t, reckon.Inputs("", ""))
		require.Len(t, reckon.Inputs("", "", ""), 1)
		_, err := reckon.Calc("", nil)
		require.Error(t, err)
		_, err = reckon.Calc("", []reckon.In{}, reckon.Option{})
		require.Error(t, err)
		_, err = reckon.Convert("", "", "", "", reckon.Option{})
		require.Error(t, err)
		require.Empty(t, reckon.Result{}.String())
		_, err = receipt.Seal(reckon.Result{}.Receipt)
		require.Equal(t, fault.MissingField, receipt.Describe(err).Code)
	})
	r, err := reckon.Convert("1", "USD", "", "")
	require.NoError(t, err)
	for _, signers := range [][]dsse.Signer{nil, {}, {nil}} {
		require.NotPanics(t, func() {
			env, err := receipt.Seal(r.Receipt, signers...)
			require.Nil(t, env)
			require.Equal(t, fault.NoSigners, receipt.Describe(err).Code, "%v", err)
		})
	}
}

// TestConvertLeavesOptionsAlone pins that Convert does not write its scale
// into the spare capacity of the caller's options.
func TestConvertLeavesOptionsAlone(t *testing.T) {
	opts := make([]reckon.Option, 1, 2)
	opts[0] = reckon.Places(2)
	_, err := reckon.Convert("1,234.5", "USD", "million", "billion", opts...)
	require.NoError(t, err)
	spare := opts[:2][1]
	r, err := reckon.Calc("a", reckon.Inputs("USD", "million", "a", "1,234.5"), spare)
	require.NoError(t, err)
	require.Equal(t, "1234500000", r.Value, "the spare slot sets nothing: it is still the zero Option")
}

// TestOnePipeline pins that Calc's receipt is byte for byte the one
// receipt.Calculate writes for the same request.
func TestOnePipeline(t *testing.T) {
	r, err := reckon.Calc(costcoFormula, costco, reckon.Places(3), reckon.ID("costco"))
	require.NoError(t, err)
	req := &receipt.Request{ID: "costco", Formula: costcoFormula, Output: units.Output{Places: new(int)}}
	*req.Output.Places = 3
	for _, in := range costco {
		req.Inputs = append(req.Inputs, receipt.Input{Name: in.Name, Display: in.Display, Unit: in.Unit, Scale: in.Scale,
			Provenance: receipt.ProvenanceUser})
	}
	want, err := receipt.Calculate(req)
	require.NoError(t, err)
	got, err := r.Receipt.Encode()
	require.NoError(t, err)
	wantBytes, err := want.Encode()
	require.NoError(t, err)
	require.Equal(t, string(wantBytes), string(got))
}

// TestSign pins that a signed result verifies under its key.
func TestSign(t *testing.T) {
	r, err := reckon.Calc(costcoFormula, costco, reckon.Places(3))
	require.NoError(t, err)
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	env, err := receipt.Seal(r.Receipt, testsign.Signer(priv))
	require.NoError(t, err)
	ring, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	require.NoError(t, err)
	rep := &receipt.Report{}
	got, err := receipt.Open(env, receipt.VerifyOptions{Trusted: ring, Report: rep})
	require.NoError(t, err)
	require.Len(t, rep.SignedBy, 1)
	require.Equal(t, "1.344", got.Result.Value)
}

// An input that names a source asks to be grounded: without Sources, Calc
// refuses it rather than make a receipt nothing checked.
func TestCalcSourceWithoutSources(t *testing.T) {
	_, err := reckon.Calc("x", []reckon.In{{Name: "x", Display: "12,500", Unit: "USD", Source: "ar", Quote: "Revenue | 12,500"}})
	var e *fault.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "unknown_source", e.Code)
	require.Equal(t, "inputs[0].source", e.Field)
}
