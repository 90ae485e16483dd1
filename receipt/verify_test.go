package receipt

import (
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// testSigner returns a deterministic signer whose seed bytes are b, b+1, ….
func testSigner(b byte) (dsse.Signer, ed25519.PublicKey) {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = b + byte(i)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	s, err := dsse.NewEd25519Signer(priv)
	if err != nil {
		panic(err) // the key was built by ed25519.NewKeyFromSeed: it cannot be refused
	}
	return s, priv.Public().(ed25519.PublicKey)
}

func testRing(t testing.TB, pubs ...ed25519.PublicKey) *dsse.KeyRing {
	t.Helper()
	ring, err := dsse.NewKeyRing(pubs...)
	require.NoError(t, err)
	return ring
}

// signed calculates a seed request and seals its receipt with s.
func signed(t testing.TB, name string, s dsse.Signer) (*Receipt, *dsse.Envelope) {
	t.Helper()
	r, err := Calculate(loadRequest(t, name))
	require.NoError(t, err)
	env, err := Seal(r, s)
	require.NoError(t, err)
	return r, env
}

// resign encodes a (tampered) receipt and signs it again with s, as a signer
// who lies would.
func resign(t testing.TB, r *Receipt, s dsse.Signer) *dsse.Envelope {
	t.Helper()
	env, err := Seal(r, s)
	require.NoError(t, err)
	return env
}

func reasonCodes(rep *Report) []string {
	var out []string
	for _, r := range rep.Reasons {
		out = append(out, r.Code)
	}
	return out
}

func TestVerifyAcceptsEverySeed(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		r, env := signed(t, name, s)
		rep := verifyReport(env, ring, Policy{})
		require.True(t, rep.OK, "%s: %+v", name, rep.Reasons)
		require.True(t, rep.Signed)
		require.Equal(t, []string{dsse.KeyID(pub)}, rep.SignedBy)
		require.Equal(t, r.Result, *rep.Result)
		require.Empty(t, rep.Reasons)
	}
}

// copyReceipt returns a deep copy, so each tampering starts from the original.
func copyReceipt(t testing.TB, r *Receipt) *Receipt {
	data, err := r.Encode()
	require.NoError(t, err)
	c, err := decodeReceipt(data)
	require.NoError(t, err)
	return c
}

// TestTamperMatrix changes each field the calculation determines, re-signs
// with the same valid key, and checks that re-execution, not the signature,
// refuses it.
func TestTamperMatrix(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	orig, _ := signed(t, "costco", s)
	places := 4
	var cases []struct {
		field  string
		tamper func(r *Receipt)
	}
	add := func(field string, f func(r *Receipt)) {
		cases = append(cases, struct {
			field  string
			tamper func(r *Receipt)
		}{field, f})
	}
	for i := range orig.Inputs {
		at := fmt.Sprintf("inputs[%d].", i)
		add(at+"name", func(r *Receipt) { r.Inputs[i].Name += "_x" })
		add(at+"display", func(r *Receipt) { r.Inputs[i].Display = "1" + r.Inputs[i].Display })
		add(at+"value", func(r *Receipt) { r.Inputs[i].Value = "1" + r.Inputs[i].Value })
		add(at+"unit", func(r *Receipt) { r.Inputs[i].Unit = "EUR" })
		add(at+"scale", func(r *Receipt) { r.Inputs[i].Scale = "billion" })
		add(at+"factor", func(r *Receipt) { r.Inputs[i].Factor = "1000" })
		add(fmt.Sprintf("conversions[%d].printed", i), func(r *Receipt) { r.Conversions[i].Printed = "2" })
		add(fmt.Sprintf("conversions[%d].value", i), func(r *Receipt) { r.Conversions[i].Value = "2" })
		add(fmt.Sprintf("conversions[%d].factor", i), func(r *Receipt) { r.Conversions[i].Factor = "1" })
		add(fmt.Sprintf("conversions[%d].unit", i), func(r *Receipt) { r.Conversions[i].Unit = "GBP" })
		add(fmt.Sprintf("conversions[%d].scale", i), func(r *Receipt) { r.Conversions[i].Scale = "" })
		add(fmt.Sprintf("conversions[%d].display", i), func(r *Receipt) { r.Conversions[i].Display = "0" })
		add(fmt.Sprintf("conversions[%d].name", i), func(r *Receipt) { r.Conversions[i].Name = "other" })
	}
	add("formula", func(r *Receipt) {
		r.Formula = "(current_debt + long_term_debt) / (operating_income + depreciation) + 0 * lease_liabilities"
	})
	add("formula without leases", func(r *Receipt) {
		r.Formula = "(current_debt + long_term_debt + lease_liabilities) / operating_income + 0 * depreciation"
	})
	add("expanded", func(r *Receipt) { r.Expanded = "(799 + 6692) / (6708 + 1781)" })
	add("constants", func(r *Receipt) { r.Constants = append(r.Constants, Constant{Value: "2", Span: [2]int{0, 1}}) })
	add("result.exact", func(r *Receipt) { r.Result.Exact = "1.5" })
	add("result.value", func(r *Receipt) { r.Result.Value = "1.345" })
	add("result.display", func(r *Receipt) { r.Result.Display = "1.345×" })
	add("result.unit", func(r *Receipt) { r.Result.Unit = "percent" })
	add("result.scale", func(r *Receipt) { r.Result.Scale = "thousand" })
	add("result.places", func(r *Receipt) { r.Result.Places = &places })
	add("result.rounding", func(r *Receipt) { r.Result.Rounding = "down" })
	add("result.grouping", func(r *Receipt) { r.Result.Grouping = "indian"; r.Result.Value = "1.343" })
	add("result.inexact", func(r *Receipt) { r.Result.Inexact = false })
	add("periods", func(r *Receipt) { r.Periods = []string{"FY2020"} })
	add("same_period", func(r *Receipt) { r.Inputs[0].Period = "FY2020"; r.SamePeriod = true })
	add("engine.precision", func(r *Receipt) { r.Engine.Precision = 16 })
	add("operation", func(r *Receipt) { r.Operation = "loan_payment" })

	for _, tc := range cases {
		t.Run(tc.field, func(t *testing.T) {
			r := copyReceipt(t, orig)
			tc.tamper(r)
			rep := verifyReport(resign(t, r, s), ring, Policy{})
			require.False(t, rep.OK, "tampered %s was accepted", tc.field)
			require.True(t, rep.Signed, "the signature is valid: re-execution must refuse it")
			require.NotEmpty(t, rep.Reasons)
			for _, reason := range rep.Reasons {
				require.Contains(t, []string{fault.Mismatch, fault.ReexecutionFailed, fault.UnsupportedEngine, fault.UnknownOperation},
					reason.Code, "%s: %+v", tc.field, reason)
			}
		})
	}
}

func TestTamperReportsTheField(t *testing.T) {
	s, pub := testSigner(1)
	orig, _ := signed(t, "lakh", s)
	r := copyReceipt(t, orig)
	r.Result.Value = "836727700" // the old unit mistake, a factor of ten off
	rep := verifyReport(resign(t, r, s), testRing(t, pub), Policy{})
	require.False(t, rep.OK)
	require.Equal(t, []Reason{{Code: fault.Mismatch, Field: "result.value", Recorded: "836727700", Recomputed: "8367277000",
		Message: "result.value is recorded as 836727700 but re-executes to 8367277000",
		Hint:    "the receipt does not match its own calculation; do not rely on it"}}, rep.Reasons)
}

// TestDescriptiveFieldsAndPolicy: changing what the calculation does not
// determine, and re-signing, is a new claim by the signer; a policy that
// names the field catches it.
func TestDescriptiveFieldsAndPolicy(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	orig, _ := signed(t, "costco", s)
	for _, tc := range []struct {
		name   string
		tamper func(r *Receipt)
		policy Policy
		code   string
	}{
		{"period", func(r *Receipt) {
			for i := range r.Inputs {
				r.Inputs[i].Period = "FY2020"
			}
			r.Periods = []string{"FY2020"}
		}, Policy{Periods: []string{"FY2021"}}, fault.PeriodNotAllowed},
		{"provenance", func(r *Receipt) { r.Inputs[1].Provenance = ProvenanceUser }, Policy{Provenance: []string{ProvenanceText}}, fault.ProvenanceNotAllowed},
		{"interpretation", func(r *Receipt) { r.Interpretation = Interpretation{Kind: Interpreted, Note: "leases counted as debt"} },
			Policy{DenyInterpreted: true}, fault.InterpretedNotAllowed},
		{"support", func(r *Receipt) { r.Inputs[0].Support = "" }, Policy{RequireSupport: true}, fault.SupportMissing},
		{"label", func(r *Receipt) { r.Inputs[0].Label = "something else" }, Policy{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := copyReceipt(t, orig)
			tc.tamper(r)
			env := resign(t, r, s)
			rep := verifyReport(env, ring, Policy{})
			require.True(t, rep.OK, "without a policy the signer's new claim stands: %+v", rep.Reasons)
			if tc.code == "" {
				return
			}
			rep = verifyReport(env, ring, tc.policy)
			require.False(t, rep.OK)
			require.Equal(t, []string{tc.code}, slices.Compact(reasonCodes(rep)), "one reason per input at fault")
			// The original satisfies the same policy.
			_, env = signed(t, "costco", s)
			require.True(t, verifyReport(env, ring, tc.policy).OK)
		})
	}
}

func TestPolicyConstants(t *testing.T) {
	s, pub := testSigner(1)
	req := loadRequest(t, "gap")
	req.Formula = "forecast - actual + 0 * 1"
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, []Constant{{"0", [2]int{20, 21}}, {"1", [2]int{24, 25}}}, r.Constants)
	env, err := Seal(r, s)
	require.NoError(t, err)
	require.True(t, verifyReport(env, testRing(t, pub), Policy{}).OK)
	require.Equal(t, []string{fault.ConstantsNotAllowed}, reasonCodes(verifyReport(env, testRing(t, pub), Policy{DenyConstants: true})))
}

// TestFlipEveryByte changes one byte at a time without re-signing.
func TestFlipEveryByte(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	_, env := signed(t, "tweets", s)
	payload, err := base64.StdEncoding.DecodeString(env.Payload)
	require.NoError(t, err)
	sig, err := base64.StdEncoding.DecodeString(env.Signatures[0].Sig)
	require.NoError(t, err)
	for i := range payload {
		p := append([]byte(nil), payload...)
		p[i] ^= 0x01
		e := *env
		e.Payload = base64.StdEncoding.EncodeToString(p)
		require.False(t, verifyReport(&e, ring, Policy{}).OK, "payload byte %d", i)
	}
	for i := range sig {
		g := append([]byte(nil), sig...)
		g[i] ^= 0x80
		e := *env
		e.Signatures = []dsse.Signature{{KeyID: env.Signatures[0].KeyID, Sig: base64.StdEncoding.EncodeToString(g)}}
		require.False(t, verifyReport(&e, ring, Policy{}).OK, "signature byte %d", i)
	}
	for i := range env.PayloadType {
		b := []byte(env.PayloadType)
		b[i] ^= 0x01
		e := *env
		e.PayloadType = string(b)
		require.False(t, verifyReport(&e, ring, Policy{}).OK, "payload type byte %d", i)
	}
}

func TestVerifyKeys(t *testing.T) {
	s1, pub1 := testSigner(1)
	_, pub2 := testSigner(2)
	s3, _ := testSigner(3)
	_, env := signed(t, "costco", s1)

	rep := verifyReport(env, testRing(t, pub2), Policy{})
	require.Equal(t, []string{fault.UntrustedKey}, reasonCodes(rep), "a key that is not trusted")

	// A signature by an untrusted key that names a trusted key's id.
	r, _ := signed(t, "costco", s1)
	forged := resign(t, r, s3)
	forged.Signatures[0].KeyID = dsse.KeyID(pub1)
	rep = verifyReport(forged, testRing(t, pub1), Policy{})
	require.False(t, rep.OK)
	require.Equal(t, []string{fault.NoTrustedSignature}, reasonCodes(rep))

	// One signature repeated does not count twice.
	twice := *env
	twice.Signatures = []dsse.Signature{env.Signatures[0], env.Signatures[0]}
	rep = verifyReport(&twice, testRing(t, pub1, pub2), Policy{Threshold: 2})
	require.Equal(t, []string{fault.ThresholdNotMet}, reasonCodes(rep))

	// No keys: signed, but by a key not given, never "unsigned".
	rep = verifyReport(env, nil, Policy{})
	require.Equal(t, []string{fault.UntrustedKey}, reasonCodes(rep))
	require.Contains(t, rep.Reasons[0].Message, "signed only by keys that are not trusted: \""+env.Signatures[0].KeyID+"\" (as the envelope names them)")
	// No signatures at all: unsigned.
	bare := *env
	bare.Signatures = nil
	rep = verifyReport(&bare, testRing(t, pub1), Policy{})
	require.Equal(t, []string{fault.Unsigned}, reasonCodes(rep))
}

func TestUnsignedReceipts(t *testing.T) {
	r, err := Calculate(loadRequest(t, "tweets"))
	require.NoError(t, err)
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	require.Empty(t, env.Signatures)
	require.Equal(t, []string{fault.Unsigned}, reasonCodes(verifyReport(env, nil, Policy{})))
	rep := verifyReport(env, nil, Policy{AllowUnsigned: true})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.False(t, rep.Signed)

	// dsse.Unsigned() receipts are still re-executed.
	r.Result.Value = "42"
	env, err = Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	rep = verifyReport(env, nil, Policy{AllowUnsigned: true})
	require.False(t, rep.OK)
	require.Equal(t, fault.Mismatch, rep.Reasons[0].Code)
}

func TestStrictPayload(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	r, _ := signed(t, "tweets", s)
	canon, err := r.Encode()
	require.NoError(t, err)
	for _, tc := range []struct {
		name, payload, code string
	}{
		{"unknown field", strings.Replace(string(canon), `"id":`, `"extra":1,"id":`, 1), fault.BadReceipt},
		{"duplicate key", strings.Replace(string(canon), `"id":`, `"id":"x","id":`, 1), fault.Noncanonical},
		{"case variant", strings.Replace(string(canon), `"formula":`, `"Formula":`, 1), fault.Noncanonical},
		{"white space", strings.Replace(string(canon), `,"id"`, `, "id"`, 1), fault.Noncanonical},
		{"trailing data", string(canon) + "{}", fault.BadReceipt},
		{"unknown type", strings.Replace(string(canon), TypeV1, "reckon.receipt/v9", 1), fault.UnknownReceiptType},
		{"not json", "receipt", fault.BadReceipt},
		{"html escaped", strings.Replace(string(canon), "tweets", `tw\u003ceets`, 1), fault.Noncanonical},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, err := dsse.Sign(PayloadType, []byte(tc.payload), s)
			require.NoError(t, err)
			rep := verifyReport(env, ring, Policy{})
			require.False(t, rep.OK)
			require.True(t, rep.Signed)
			require.Equal(t, []string{tc.code}, reasonCodes(rep))
		})
	}
}

func TestPolicyThatContradictsItselfIsRefused(t *testing.T) {
	_, err := DecodePolicy([]byte(`{"allow_unsigned": true, "threshold": 2}`))
	require.Equal(t, fault.BadPolicy, Describe(err).Code)
	r, err := Calculate(loadRequest(t, "tweets"))
	require.NoError(t, err)
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	rep := verifyReport(env, nil, Policy{AllowUnsigned: true, Threshold: 5})
	require.Equal(t, []string{fault.BadPolicy}, reasonCodes(rep))
}

// TestPolicyValuesAreVisible: a value a policy asks for must show
// something. An invisible support reference used to meet require_support.
func TestPolicyValuesAreVisible(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	orig, _ := signed(t, "costco", s)
	for _, tc := range []struct {
		name    string
		support string
		ok      bool
	}{
		{name: "printed reference", support: "10-K p.38", ok: true},
		{name: "reference among invisibles", support: "\u200b10-K\u200b", ok: true},
		{name: "empty", support: ""},
		{name: "spaces", support: " \t\u00a0"},
		{name: "zero width space", support: "\u200b"},
		{name: "braille blank", support: "\u2800"},
		{name: "hangul filler", support: "\u3164"},
		{name: "word joiner and BOM", support: "\u2060\ufeff"},
		{name: "right-to-left override", support: "\u202e"},
		{name: "control characters", support: "\x01\x1b"},
		{name: "combining mark", support: "\u0301"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := copyReceipt(t, orig)
			for i := range r.Inputs {
				r.Inputs[i].Support = tc.support
			}
			rep := verifyReport(resign(t, r, s), ring, Policy{RequireSupport: true})
			if tc.ok {
				require.True(t, rep.OK, "support %q: %+v", tc.support, rep.Reasons)
				return
			}
			require.False(t, rep.OK, "support %q met require_support", tc.support)
			require.Equal(t, []string{fault.SupportMissing}, slices.Compact(reasonCodes(rep)))
		})
	}
}

// TestPolicyListsVisibleValues: a policy may not list a period that shows
// nothing, from JSON or from Go.
func TestPolicyListsVisibleValues(t *testing.T) {
	for _, in := range []string{`{"periods": ["\u200b"]}`, `{"periods": ["FY2021", " "]}`, `{"periods": ["\u2800"]}`,
		`{"periods": [""]}`, `{"provenance": ["\u200b"]}`} {
		_, err := DecodePolicy([]byte(in))
		var e *fault.Error
		require.ErrorAs(t, err, &e, "DecodePolicy(%s)", in)
		require.Equal(t, fault.BadPolicy, e.Code, in)
	}
	s, pub := testSigner(1)
	_, env := signed(t, "costco", s)
	rep := verifyReport(env, testRing(t, pub), Policy{Periods: []string{"\u200b"}})
	require.False(t, rep.OK)
	require.Equal(t, []string{fault.BadPolicy}, reasonCodes(rep))
	_, err := DecodePolicy([]byte(`{"periods": ["FY2021"], "require_support": true}`))
	require.NoError(t, err)
}

// TestDecodePolicyStrict: a policy is read by the one strict decoder, so a
// key given twice or in another case is refused (encoding/json took the
// last threshold, or "Threshold" for threshold), with the field named.
func TestDecodePolicyStrict(t *testing.T) {
	for _, tc := range []struct{ name, in, field string }{
		{"a key twice", `{"threshold": 2, "threshold": 0}`, "threshold"},
		{"a field in another case", `{"Allow_Unsigned": true}`, "Allow_Unsigned"},
		{"an unknown field", `{"thresholds": 2}`, "thresholds"},
		{"a number for a period", `{"periods": [2021]}`, "periods[0]"},
		{"trailing data", `{} {}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodePolicy([]byte(tc.in))
			var e *fault.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, fault.BadPolicy, e.Code)
			require.Equal(t, tc.field, e.Field)
		})
	}
}

// A hostile review of the doors: a typed nil signer is no signer, refused
// without a panic by Seal and by Respond; a malformed signature is refused
// under a policy that allows unsigned receipts with no key given, as with
// keys; the report a caller receives shares nothing with the error's.
func TestDoorsHoldAgainstNilsAndMalformedSignatures(t *testing.T) {
	req := loadRequest(t, "costco")
	r, err := Calculate(req)
	require.NoError(t, err)
	var typedNil *nilSigner
	for _, s := range []dsse.Signer{typedNil, dsse.Signer(nil)} {
		require.NotPanics(t, func() {
			_, err := Seal(r, s)
			require.Equal(t, fault.NoSigners, Describe(err).Code)
			resp := Respond(req, s)
			require.False(t, resp.OK)
			require.Equal(t, fault.NoSigners, resp.Error.Code)
		})
	}
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)
	require.Empty(t, env.Signatures)
	bad := *env
	bad.Signatures = []dsse.Signature{{KeyID: "ed25519:0000000000000000", Sig: "!!"}}
	rep := &Report{}
	_, err = Open(&bad, VerifyOptions{Policy: Policy{AllowUnsigned: true}, Report: rep})
	require.Error(t, err)
	require.Equal(t, fault.BadSignatureEncoding, rep.Reasons[0].Code)
	var re *ReportError
	require.ErrorAs(t, err, &re)
	rep.Reasons[0].Code = "changed"
	require.Equal(t, fault.BadSignatureEncoding, re.Report.Reasons[0].Code, "the caller's report is its own")
}

// nilSigner is a signer type whose nil pointer a caller might pass.
type nilSigner struct{}

func (*nilSigner) KeyID() string                   { return "" }
func (*nilSigner) Sign(msg []byte) ([]byte, error) { return nil, nil }
