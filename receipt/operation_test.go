package receipt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

// operationSeeds names the requests in testdata/operations.
var operationSeeds = []string{"mortgage", "savings", "rate", "payoff", "retirement"}

func loadOperation(t testing.TB, name string) *Request {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "operations", name+".json"))
	require.NoError(t, err)
	req, err := DecodeRequest(data)
	require.NoError(t, err, name)
	return req
}

// TestOperationSeeds pins the seed operations' results: the mortgage of the
// finance issue, Excel's FV help example (FV(6%/12, 10, -200, -500, 1) =
// 2,581.40) and Excel's RATE help example (RATE(48, -200, 8000) × 12 =
// 9.24%).
func TestOperationSeeds(t *testing.T) {
	for _, tc := range []struct {
		name, value, display, expanded string
		inexact                        bool
		reason                         string
	}{
		{"mortgage", "-1798.65", "-$1,798.65", "pmt(rate = 6 × 0.01, nper = 360, pv = 300000, periods_per_year = 12, rate_convention = nominal, when = end)",
			true, "the payment is a non-terminating quotient, rounded to 34 digits"},
		{"savings", "2581.40", "€2,581.40", "fv(rate = 0.5 × 0.01, nper = 10, pmt = -200, pv = -500, rate_convention = periodic, when = begin)",
			false, "1.005^10 is exact and dividing by 0.005 terminates: the future value is exact"},
		{"rate", "9.24", "9.24%", "rate(nper = 48, pmt = -200, pv = 8000, periods_per_year = 12, rate_convention = nominal)",
			true, "an iterative solve"},
		{"payoff", "23", "23 months", "payoff(debts[0].balance = 5000, debts[0].apr = 22.99 × 0.01, debts[0].min_payment = 150, " +
			"debts[1].balance = 1200, debts[1].apr = 15 × 0.01, debts[1].min_payment = 50, debts[2].balance = 8000, debts[2].apr = 6 × 0.01, " +
			"debts[2].min_payment = 250, budget = 700, rate_convention = nominal)", true, "monthly rates of 22.99%/12 do not terminate"},
		{"retirement", "0.00", "$0.00", "project(balance = 1000000, withdrawal = 5000, return = 5 × 0.01, years = 40 × 12, " +
			"contribution_frequency = monthly, rate_convention = effective)", true, "(1.05)^(1/12) is a fractional power"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Calculate(loadOperation(t, tc.name))
			require.NoError(t, err)
			require.Equal(t, TypeOperationV1, r.Type)
			require.Equal(t, tc.value, r.Result.Value)
			require.Equal(t, tc.display, r.Result.Display)
			require.Equal(t, tc.expanded, r.Expanded)
			require.Equal(t, tc.inexact, r.Result.Inexact, tc.reason)
			require.Equal(t, tc.inexact, r.Call.Method != "", "a method is recorded exactly when the result is inexact")
			require.NotEmpty(t, r.Call.Steps)
			requireSameEncoding(t, r)
		})
	}
}

func TestOperationReceiptsVerify(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	schema, err := jsonschema.Compile(schemaOperationV1)
	require.NoError(t, err)
	for _, name := range operationSeeds {
		r, err := Calculate(loadOperation(t, name))
		require.NoError(t, err)
		env := resign(t, r, s)
		rep := verifyReport(env, ring, Policy{})
		require.True(t, rep.OK, "%s: %+v", name, rep.Reasons)
		require.Equal(t, r.Result, *rep.Result)
		payload, err := r.Encode()
		require.NoError(t, err)
		require.NoError(t, schema.Validate(payload), "%s: %s", name, payload)
		back, err := decodeReceipt(payload)
		require.NoError(t, err)
		r.legacy = legacyResult{} // how older receipts recorded it: not in the payload
		require.Equal(t, r, back)
	}
}

func TestSchemaOperationV1IsPortable(t *testing.T) {
	require.NoError(t, jsonschema.Portable(schemaOperationV1))
}

// TestOperationTamperMatrix changes each field of an operation's receipt
// that the calculation determines, re-signs it with the trusted key, and
// checks that re-execution refuses it.
func TestOperationTamperMatrix(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	orig, err := Calculate(loadOperation(t, "mortgage"))
	require.NoError(t, err)
	cases := map[string]func(r *Receipt){
		"type v1":            func(r *Receipt) { r.Type = TypeV1 },
		"operation":          func(r *Receipt) { r.Operation = "fv" },
		"operation unknown":  func(r *Receipt) { r.Operation = "npv" },
		"operation formula":  func(r *Receipt) { r.Operation = OperationFormula },
		"call dropped":       func(r *Receipt) { r.Call = nil },
		"formula":            func(r *Receipt) { r.Formula = "rate * pv" },
		"constants":          func(r *Receipt) { r.Constants = []Constant{{Value: "1", Span: [2]int{0, 1}}} },
		"params value":       func(r *Receipt) { r.Call.Params[1].Value = Effective },
		"params dropped":     func(r *Receipt) { r.Call.Params = r.Call.Params[:1] },
		"params added":       func(r *Receipt) { r.Call.Params = append(r.Call.Params, Param{Name: "zz", Value: "1"}) },
		"params reordered":   func(r *Receipt) { p := r.Call.Params; p[0], p[1] = p[1], p[0] },
		"params duplicated":  func(r *Receipt) { r.Call.Params = append(r.Call.Params, r.Call.Params[2]) },
		"params empty value": func(r *Receipt) { r.Call.Params = append(r.Call.Params, Param{Name: "zz"}) },
		"method":             func(r *Receipt) { r.Call.Method = "" },
		"steps value":        func(r *Receipt) { r.Call.Steps[0].Value = "0.4867550565343037541198945587505995" },
		"steps name":         func(r *Receipt) { r.Call.Steps[1].Name = "factor" },
		"steps unit":         func(r *Receipt) { r.Call.Steps[0].Unit = "number" },
		"steps dropped":      func(r *Receipt) { r.Call.Steps = r.Call.Steps[1:] },
		"steps added": func(r *Receipt) {
			r.Call.Steps = append(r.Call.Steps, operation.Step{Name: "x", Value: "1", Unit: "number"})
		},
		"inputs[0].display":     func(r *Receipt) { r.Inputs[0].Display = "6.5%" },
		"inputs[1].value":       func(r *Receipt) { r.Inputs[1].Value = "240" },
		"inputs[2].unit":        func(r *Receipt) { r.Inputs[2].Unit = "EUR" },
		"conversions[0].factor": func(r *Receipt) { r.Conversions[0].Factor = "1" },
		"expanded":              func(r *Receipt) { r.Expanded = "pmt(rate = 6 × 0.01, nper = 360, pv = 300000)" },
		"result.value":          func(r *Receipt) { r.Result.Value = "-1768.11" },
		"result.exact":          func(r *Receipt) { r.Result.Exact = "-1798.65" },
		"result.inexact":        func(r *Receipt) { r.Result.Inexact = false },
		"result.places":         func(r *Receipt) { p := 0; r.Result.Places = &p },
		"engine.precision":      func(r *Receipt) { r.Engine.Precision = 16 },
	}
	for field, tamper := range cases {
		t.Run(field, func(t *testing.T) {
			r := copyReceipt(t, orig)
			tamper(r)
			rep := verifyReport(resign(t, r, s), ring, Policy{})
			require.False(t, rep.OK, "tampered %s was accepted", field)
			require.True(t, rep.Signed)
			require.NotEmpty(t, rep.Reasons)
			for _, reason := range rep.Reasons {
				require.Contains(t, []string{fault.Mismatch, fault.ReexecutionFailed, fault.UnsupportedEngine, fault.UnknownOperation, fault.BadReceipt},
					reason.Code, "%s: %+v", field, reason)
			}
		})
	}
}

// TestOperationMismatchNamesTheStep checks that a tampered intermediate is
// reported by its path, with both values.
func TestOperationMismatchNamesTheStep(t *testing.T) {
	s, pub := testSigner(1)
	orig, err := Calculate(loadOperation(t, "mortgage"))
	require.NoError(t, err)
	r := copyReceipt(t, orig)
	r.Call.Steps[0].Value = "0.6"
	rep := verifyReport(resign(t, r, s), testRing(t, pub), Policy{})
	require.Equal(t, []Reason{{Code: fault.Mismatch, Field: "call.steps[0].value", Recorded: "0.6", Recomputed: "0.5",
		Message: "call.steps[0].value is recorded as 0.6 but re-executes to 0.5",
		Hint:    "the receipt does not match its own calculation; do not rely on it"}}, rep.Reasons)
}

func TestOperationRequestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(r *Request)
		code  string
		field string
	}{
		{"unknown operation", func(r *Request) { r.Operation = "npv" }, fault.UnknownOperation, "operation"},
		{"formula and operation", func(r *Request) { r.Formula = "pv / nper" }, fault.BadRequest, "formula"},
		{"params without operation", func(r *Request) { r.Operation = "" }, fault.MissingField, "operation"},
		{"no inputs", func(r *Request) { r.Inputs = nil }, fault.MissingField, "inputs"},
		{"duplicate input", func(r *Request) { r.Inputs[1].Name = "rate" }, fault.DuplicateInput, "inputs[1].name"},
		{"bad display", func(r *Request) { r.Inputs[2].Display = "3,00,00" }, "bad_grouping", "inputs[2].display"},
		{"quote mismatch", func(r *Request) { r.Inputs[2].Display = "$350,000" }, fault.QuoteMismatch, "inputs[2].quote"},
		{"bad provenance", func(r *Request) { r.Inputs[0].Provenance = "memory" }, fault.BadProvenance, "inputs[0].provenance"},
		{"bad output", func(r *Request) { r.Output.Unit = "percent" }, "output_unit_mismatch", "output.unit"},
		{"no convention", func(r *Request) { delete(r.Params, "rate_convention") }, "missing_rate_convention", "params.rate_convention"},
		{"empty convention", func(r *Request) { r.Params["rate_convention"] = "" }, "missing_rate_convention", "params.rate_convention"},
		{"unknown param", func(r *Request) { r.Params["compounding"] = "monthly" }, "bad_param", "params.compounding"},
		{"date input", func(r *Request) { r.Inputs[1].Unit = "date"; r.Inputs[1].Quote = "" }, "bad_input_unit", "inputs[1].unit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := loadOperation(t, "mortgage")
			tc.edit(req)
			_, err := Calculate(req)
			require.Error(t, err)
			info := Describe(err)
			require.Equal(t, tc.code, info.Code, "%+v", info)
			require.Equal(t, tc.field, info.Field, "%+v", info)
			require.NotEmpty(t, info.Hint)
		})
	}
}

// TestFormulaRequestsIgnoreEmptyParams checks that a formula request with
// an object of empty params (as a tool schema that requires every field
// sends) gives the very receipt it gives without them.
func TestFormulaRequestsIgnoreEmptyParams(t *testing.T) {
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		want, err := Calculate(loadRequest(t, name))
		require.NoError(t, err)
		req := loadRequest(t, name)
		req.Params = map[string]string{"when": "", "rate_convention": ""}
		got, err := Calculate(req)
		require.NoError(t, err)
		a, _ := want.Encode()
		b, _ := got.Encode()
		require.Equal(t, string(a), string(b))
		require.Nil(t, got.Call)
	}
}

func TestOperationRequestJSON(t *testing.T) {
	for _, tc := range []struct{ name, in, code, field string }{
		{"number param", `{"operation": "pmt", "params": {"periods_per_year": 12}}`, fault.BadRequest, "params.periods_per_year"},
		{"list params", `{"operation": "pmt", "params": ["nominal"]}`, fault.BadRequest, "params"},
		{"today is not read", `{"operation": "pmt", "today": "2026-01-01"}`, fault.BadRequest, "today"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRequest([]byte(tc.in))
			info := Describe(err)
			require.Equal(t, tc.code, info.Code)
			require.Equal(t, tc.field, info.Field, "%+v", info)
		})
	}
}

// TestOperationReceiptsKeepVerifying is the compatibility test of named
// operations' receipts, as testdata/v1 is for formulas: files are only
// ever added to testdata/operation.v1, never rewritten.
func TestOperationReceiptsKeepVerifying(t *testing.T) {
	s, ring := v1Key()
	dir := filepath.Join("testdata", "operation.v1")
	if *updateV1 {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		for _, name := range operationSeeds {
			file := filepath.Join(dir, name+".receipt")
			if _, err := os.Stat(file); err == nil {
				continue
			}
			r, err := Calculate(loadOperation(t, name))
			require.NoError(t, err)
			data, err := json.MarshalIndent(resign(t, r, s), "", "  ")
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(file, append(data, '\n'), 0o644))
		}
	}
	eachReceipt(t, dir, len(operationSeeds), func(t *testing.T, file string, env *dsse.Envelope) {
		rep := verifyReport(env, ring, Policy{})
		require.True(t, rep.OK, "%s no longer verifies: %+v", file, rep.Reasons)
	})
}

func TestStrictOperationPayload(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	r, err := Calculate(loadOperation(t, "mortgage"))
	require.NoError(t, err)
	canon, err := r.Encode()
	require.NoError(t, err)
	for _, tc := range []struct{ name, payload, code string }{
		{"call on a formula type", strings.Replace(string(canon), TypeOperationV1, TypeV1, 1), fault.BadReceipt},
		{"null call", strings.Replace(string(canon), `"call":{`, `"call":null,"x":{`, 1), fault.BadReceipt},
		{"params as object", strings.Replace(string(canon), `"params":[{"name":"periods_per_year","value":"12"}`, `"params":[{"periods_per_year":"12"}`, 1), fault.BadReceipt},
		{"white space in call", strings.Replace(string(canon), `"today":""`, `"today": ""`, 1), fault.Noncanonical},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, err := dsse.Sign(PayloadType, []byte(tc.payload), s)
			require.NoError(t, err)
			rep := verifyReport(env, ring, Policy{})
			require.False(t, rep.OK)
			require.Equal(t, []string{tc.code}, reasonCodes(rep), fmt.Sprintf("%+v", rep.Reasons))
		})
	}
}

// Effective is the effective rate convention's name, as a param value.
const Effective = "effective"

// TestTodayIsReexecuted checks that the recorded today is what re-execution
// runs with: an operation that does not read it still verifies, so today is
// a recorded fact of the request, like an input's label.
func TestTodayIsReexecuted(t *testing.T) {
	req := loadOperation(t, "mortgage")
	req.Today = "2026-11-30"
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, "2026-11-30", r.Call.Today)
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
	require.True(t, rep.OK, "%+v", rep.Reasons)
}

// TestInexactOperationExactIsNotRounded: the mortgage's exact field showed
// -1798.651575458257183774383731053428, the payment rounded to 34 digits,
// with no mark that it was not exact; the payment is
// -1798.65157545825718377438373105342774511… (Python's decimal at 80
// digits), so the 34th digit shown was not the payment's. An inexact
// operation's exact field is its first 34 digits cut off, and "…".
func TestInexactOperationExactIsNotRounded(t *testing.T) {
	r, err := Calculate(loadOperation(t, "mortgage"))
	require.NoError(t, err)
	require.Equal(t, "-1798.651575458257183774383731053427…", r.Result.Exact)
	require.Equal(t, "-1798.65", r.Result.Value)
	require.True(t, r.Result.Inexact)
	t.Run("an exact result is shown whole", func(t *testing.T) {
		r, err := Calculate(loadOperation(t, "savings"))
		require.NoError(t, err)
		require.False(t, r.Result.Inexact)
		require.Equal(t, "2581.40", r.Result.Value)
		require.False(t, strings.HasSuffix(r.Result.Exact, "…"), r.Result.Exact)
	})
}
