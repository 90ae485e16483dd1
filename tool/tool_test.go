package tool

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/claim"
	"github.com/reckonhq/reckon/document"
	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden answers in testdata/<tool>/*.out.json")

// testKey is the signing key of the tests, derived from a fixed seed so
// that signed answers are golden: Ed25519 signatures are deterministic.
func testKey() ed25519.PrivateKey { return testsign.Named("reckon tool tests") }

// testOptions signs with testKey, trusts it, and registers the sources in
// testdata/sources.
func testOptions(t *testing.T) Options {
	t.Helper()
	priv := testKey()
	ring, err := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	require.NoError(t, err)
	return Options{Signer: testsign.Signer(priv), Trusted: ring, Sources: testSources(t)}
}

// testSources are the documents of testdata/sources, by name: the Costco
// calculation's inputs are grounded in annual-report.
func testSources(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("testdata/sources/*.txt")
	require.NoError(t, err)
	sources := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		sources[strings.TrimSuffix(filepath.Base(f), ".txt")] = string(b)
	}
	return sources
}

// TestGolden calls each tool with every testdata/<tool>/*.in.json and
// compares the answer with the .out.json beside it. Arguments are checked
// against the input schema (cases named bad_* break it on purpose), every
// answer against the output schema, and an argument valid under the input
// schema must never be refused as bad_request: the schema is never stricter
// in what it lets through than the Go decoder.
//
// The tools share one session, and run in the order of [Names]: the
// by_id cases of verify_receipt and check_claims name the receipt_id that
// calculate/costco answered earlier in the same session.
func TestGolden(t *testing.T) {
	for _, tl := range All(testOptions(t)) {
		inSchema, err := jsonschema.Compile(tl.InputSchema)
		require.NoError(t, err, "compile %s input schema", tl.Name)
		outSchema, err := jsonschema.Compile(tl.OutputSchema)
		require.NoError(t, err, "compile %s output schema", tl.Name)
		files, err := filepath.Glob(filepath.Join("testdata", tl.Name, "*.in.json"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "testdata for %s", tl.Name)
		for _, in := range files {
			name := strings.TrimSuffix(filepath.Base(in), ".in.json")
			t.Run(tl.Name+"/"+name, func(t *testing.T) {
				args, err := os.ReadFile(in)
				require.NoError(t, err)
				out, refused, err := tl.Answer(context.Background(), args)
				require.NoError(t, err)
				require.Equal(t, Refused(out), refused, "Answer says what Refused reads")
				require.NoError(t, outSchema.Validate(out), "answer against %s output schema:\n%s", tl.Name, out)
				bad := strings.HasPrefix(name, "bad_")
				if !bad {
					require.NoError(t, inSchema.Validate(args), "arguments against %s input schema", tl.Name)
					require.NotContains(t, string(out), `"code":"bad_request"`, "schema-valid arguments refused as bad_request")
				} else {
					require.Error(t, inSchema.Validate(args), "a bad_ case must break the input schema")
				}
				golden := filepath.Join("testdata", tl.Name, name+".out.json")
				pretty := indent(t, out)
				if *update {
					require.NoError(t, os.WriteFile(golden, pretty, 0o644))
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run go test -update to create it")
				require.Equal(t, string(want), string(pretty), "answer of %s to %s", tl.Name, in)
			})
		}
	}
}

// indent formats an answer for a golden file.
func indent(t *testing.T, b []byte) []byte {
	var v json.RawMessage = b
	out, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	return append(out, '\n')
}

func TestCallRecoversPanics(t *testing.T) {
	for _, tl := range All(Options{Tools: Names()}) {
		tl.run = func(context.Context, json.RawMessage) any { panic("boom") }
		out, err := tl.Call(context.Background(), json.RawMessage(`{}`))
		require.NoError(t, err, tl.Name)
		require.True(t, Refused(out), tl.Name)
		require.Contains(t, string(out), `"code":"internal"`, tl.Name)
		require.Contains(t, string(out), `panic: boom`, tl.Name)
	}
}

func TestCallStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tl := range All(Options{Tools: Names()}) {
		_, err := tl.Call(ctx, json.RawMessage(`{}`))
		require.ErrorIs(t, err, context.Canceled, tl.Name)
	}
}

// TestCallReturnsTheContextsError: a context that ends while the tool
// runs gets its error back, not the answer, for every tool.
func TestCallReturnsTheContextsError(t *testing.T) {
	for _, tl := range All(Options{Tools: Names()}) {
		ctx, cancel := context.WithCancel(context.Background())
		run := tl.run
		tl.run = func(ctx context.Context, args json.RawMessage) any {
			cancel() // the caller gives up while the tool works
			return run(ctx, args)
		}
		out, err := tl.Call(ctx, json.RawMessage(`{}`))
		require.ErrorIs(t, err, context.Canceled, tl.Name)
		require.Nil(t, out, tl.Name)
	}
}

func TestRefused(t *testing.T) {
	cases := []struct {
		name, in string
		want     bool
	}{
		{"ok", `{"ok":true}`, false},
		{"refused", `{"ok":false,"error":{}}`, true},
		{"no ok", `{}`, true},
		{"not json", `nope`, true},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, Refused(json.RawMessage(tc.in)), tc.name)
	}
}

// TestBigDecimalsAreExact pins the reason numbers are strings: a decimal
// beyond float64's 17 significant digits comes back digit for digit.
func TestBigDecimalsAreExact(t *testing.T) {
	calc := All(Options{Tools: Names()})[0]
	args, err := os.ReadFile("testdata/calculate/big_decimal.in.json")
	require.NoError(t, err)
	out, err := calc.Call(context.Background(), args)
	require.NoError(t, err)
	var resp receipt.Response
	require.NoError(t, json.Unmarshal(out, &resp))
	require.True(t, resp.OK, "%s", out)
	require.Equal(t, "12345678901234567890.124", resp.Result.Value)
}

func TestModelPolicyOnlyAddsRules(t *testing.T) {
	base := receipt.Policy{Periods: []string{"FY2021", "FY2022"}, AllowUnsigned: true}
	p, err := mergePolicy(base, &modelPolicy{Periods: []string{"FY2022", "FY2023"}, DenyConstants: true})
	require.NoError(t, err)
	require.Equal(t, []string{"FY2022"}, p.Periods)
	require.True(t, p.DenyConstants)
	require.True(t, p.AllowUnsigned, "the application's allowance stays")

	_, err = mergePolicy(base, &modelPolicy{Periods: []string{"FY2020"}})
	require.ErrorContains(t, err, "allows no period")

	_, err = mergePolicy(receipt.Policy{}, &modelPolicy{Provenance: []string{"rumour"}})
	require.ErrorContains(t, err, "unknown provenance")
}

func TestDispatch(t *testing.T) {
	tools := All(Options{Tools: Names()})
	out, err := Dispatch(context.Background(), tools, "verify_quotes", json.RawMessage(`{"quotes": []}`))
	require.NoError(t, err)
	require.Contains(t, string(out), `"code":"no_quotes"`)

	out, err = Dispatch(context.Background(), tools, "add", json.RawMessage(`{}`))
	require.NoError(t, err)
	require.True(t, Refused(out))
	require.JSONEq(t, `{"id": "", "ok": false, "error": {"code": "unknown_tool", "message": "there is no tool \"add\"",
		"hint": "call one of calculate, verify_receipt, verify_quotes, score_verdicts, check_claims, render_source"}}`, string(out))
}

// TestClaimsUseApplicationFacts: a number backed by nothing the model sent
// is backed by a fact the application registered.
func TestClaimsUseApplicationFacts(t *testing.T) {
	args := json.RawMessage(`{"text": "We found 27 documents.", "receipts": []}`)
	check := func(opts Options) bool {
		out, err := Dispatch(context.Background(), All(opts), "check_claims", args)
		require.NoError(t, err)
		return !Refused(out)
	}
	require.False(t, check(Options{}), "nothing backs 27")
	require.True(t, check(Options{Facts: []claim.Fact{{Label: "documents matching", Value: "27", Unit: "count"}}}))
}

// TestAllOffersUsefulTools checks the default selection and selection by
// name.
func TestAllOffersUsefulTools(t *testing.T) {
	names := func(tools []Tool) []string {
		var out []string
		for _, tl := range tools {
			out = append(out, tl.Name)
		}
		return out
	}
	require.Equal(t, []string{"calculate", "check_claims"}, names(All(Options{})),
		"no keys, no sources: verify_receipt could only refuse, and quotes could name nothing")
	ring, err := dsse.NewKeyRing(testKey().Public().(ed25519.PublicKey))
	require.NoError(t, err)
	require.Equal(t, []string{"calculate", "verify_receipt", "check_claims"}, names(All(Options{Trusted: ring})))
	require.Equal(t, []string{"calculate", "verify_receipt", "check_claims"}, names(All(Options{Policy: receipt.Policy{AllowUnsigned: true}})))
	require.Equal(t, []string{"calculate", "verify_quotes", "score_verdicts", "check_claims", "render_source"}, names(All(Options{Sources: map[string]string{"a": "b"}})))
	require.Equal(t, []string{"calculate", "verify_quotes", "score_verdicts", "check_claims", "render_source"},
		names(All(Options{Documents: []*document.Document{document.MustParse("a", "b", document.Text)}})), "parsed documents are sources too")
	require.Equal(t, Names(), names(All(Options{Tools: Names()})))
	require.Equal(t, []string{"check_claims", "calculate"}, names(All(Options{Tools: []string{"check_claims", "calculate", "calculate", "nope"}})),
		"the order asked, each once, unknown names left out")
	require.Empty(t, All(Options{Tools: []string{}}), "an empty list offers nothing")
	tl, ok := Lookup(Options{}, nameScoreVerdicts)
	require.True(t, ok)
	require.Equal(t, "score_verdicts", tl.Name)
	_, ok = Lookup(Options{}, "sum")
	require.False(t, ok)
}

// TestRubricPromptOnlyWithScoring checks that the rubric's prompt, the
// largest description, reaches the model only when scoring is offered.
func TestRubricPromptOnlyWithScoring(t *testing.T) {
	for _, tl := range All(Options{Tools: []string{nameCalculate, nameVerifyReceipt, nameVerifyQuotes, nameCheckClaims}}) {
		require.NotContains(t, tl.Description, "mission alignment", tl.Name)
	}
	tl, _ := Lookup(Options{}, nameScoreVerdicts)
	require.Contains(t, tl.Description, "mission alignment")
}
