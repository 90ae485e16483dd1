package reckon_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon"
	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/cost"
	"github.com/reckonhq/reckon/dates"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/expr"
	"github.com/reckonhq/reckon/numeral"
	"github.com/reckonhq/reckon/quote"
	"github.com/reckonhq/reckon/receipt"
	"github.com/reckonhq/reckon/scoring"
	"github.com/reckonhq/reckon/session"
	"github.com/reckonhq/reckon/units"
)

// TestOneErrorsAsTarget pins issue 18's one error type: a refusal from
// every package is found by one errors.As target, which gives its code,
// field, span, message and hint. It used to take eight targets.
func TestOneErrorsAsTarget(t *testing.T) {
	usd, err := units.ParseUnit("USD")
	require.NoError(t, err)
	tests := []struct {
		name  string
		err   func() error
		code  string
		field string // "" when the fault is the whole input
		span  bool   // the error points at bytes of the formula
	}{
		{"expr: a formula that does not parse", func() error { _, err := expr.Parse("(1 + 2"); return err },
			fault.UnbalancedParens, "", true},
		{"expr through Calc: the field is the formula", func() error {
			_, err := reckon.Calc("a / b", reckon.Inputs("USD", "", "a", "1", "b", "0"))
			return err
		}, fault.DivisionByZero, "formula", true},
		{"units: a number printed the European way", func() error {
			_, err := units.ParseAmount("1.234,5", usd, numeral.Ones)
			return err
		}, fault.EuropeanSeparators, "display", false},
		{"units through Calc: the field is a path", func() error {
			_, err := reckon.Calc("a", reckon.Inputs("USD", "", "a", "n/a"))
			return err
		}, fault.BadNumber, "inputs[0].display", false},
		{"units through Calc: dimensions clash in the formula", func() error {
			_, err := reckon.Calc("a + b", append(reckon.Inputs("USD", "", "a", "1"), reckon.Inputs("count", "", "b", "2")...))
			return err
		}, fault.UnitMismatch, "", true},
		{"receipt: a missing field", func() error { _, err := receipt.Calculate(&receipt.Request{}); return err },
			fault.MissingField, "formula", false},
		{"receipt: a name no input has", func() error {
			_, err := reckon.Calc("a + c", reckon.Inputs("USD", "", "a", "1"))
			return err
		}, fault.UnknownName, "formula", true},
		{"receipt signatures: a key that is not PEM", func() error { _, err := dsse.ParsePublicKey([]byte("nope")); return err },
			fault.BadKey, "", false},
		{"claim: a request that does not decode", func() error { _, err := claim.ParseRequest([]byte("{")); return err },
			fault.BadRequest, "", false},
		{"quote: a request that does not decode", func() error { _, err := quote.ParseRequest([]byte("{")); return err },
			fault.BadRequest, "", false},
		{"scoring: a rubric without criteria, in an ErrorList", func() error { return scoring.Rubric{}.Validate() },
			fault.NoCriteria, "", false},
		{"scoring: a verdict word that is not one", func() error { var v scoring.Verdict; return v.UnmarshalText([]byte("GOOD")) },
			fault.UnknownVerdict, "", false},
		{"quote: a tier that is not one", func() error { var tier quote.Tier; return tier.UnmarshalText([]byte("fuzzy")) },
			fault.InvalidOption, "", false},
		{"dates: a day that does not exist", func() error { _, err := dates.Parse("31 February 2023", dates.DMY); return err },
			fault.ImpossibleDate, "", false},
		{"finance through the pipeline: a rate with no convention", func() error {
			_, err := receipt.Calculate(&receipt.Request{Operation: "pmt", Inputs: []receipt.Input{
				{Name: "rate", Display: "6%", Unit: "percent", Provenance: "user"},
				{Name: "periods", Display: "360", Unit: "count", Provenance: "user"},
				{Name: "principal", Display: "300,000", Unit: "USD", Provenance: "user"}}})
			return err
		}, fault.MissingRateConvention, "params.rate_convention", false},
		{"cost: rates that do not decode", func() error { _, err := cost.ParseRates([]byte("{")); return err },
			fault.BadRates, "", false},
		{"session: an id it does not hold", func() error { _, err := session.New(session.Options{}).Receipt("r-1"); return err },
			fault.UnknownReceiptID, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			var e *fault.Error
			require.ErrorAs(t, err, &e, "one target for every package")
			require.Equal(t, tt.code, e.Code, "%v", err)
			require.Equal(t, tt.field, e.Field, "%v", err)
			require.NotEmpty(t, e.Msg)
			require.NotEmpty(t, e.Hint, "%v", err)
			require.Equal(t, tt.span, e.HasSpan(), "span %v of %v", e.Span, err)
			if tt.span {
				require.Positive(t, e.Span.End, "%v", err)
			}
			// The old targets are the same type, so each matches a refusal
			// of any package.
			var (
				re *fault.Error
				se *fault.Error
				ee *expr.Error
				ue *fault.Error
				ce *fault.Error
				qe *fault.Error
				sc *fault.Error
			)
			for _, target := range []any{&re, &se, &ee, &ue, &ce, &qe, &sc} {
				require.True(t, errors.As(err, target), "%T", target)
			}
			info := receipt.Describe(err)
			require.Equal(t, e.Code, info.Code)
			require.Equal(t, e.Field, info.Field)
			require.Equal(t, tt.span, info.Span != nil)
		})
	}
}
