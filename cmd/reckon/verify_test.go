package main

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/receipt"
	"github.com/stretchr/testify/require"
)

// signedResponse calculates a seed story signed with key and returns the
// response line.
func signedResponse(t testing.TB, story, key string) string {
	t.Helper()
	out := reckon(t, seed(t, story), "calc", "-key", key+".key")
	require.Equal(t, exitOK, out.code, out.stderr)
	return out.stdout
}

// edit decodes a response, lets change alter it, and encodes it again.
func edit(t testing.TB, line string, change func(resp map[string]any)) string {
	t.Helper()
	var resp map[string]any
	require.NoError(t, json.Unmarshal([]byte(line), &resp))
	change(resp)
	data, err := json.Marshal(resp)
	require.NoError(t, err)
	return string(data) + "\n"
}

// envelopeOf returns the receipt envelope of a response line, as JSON.
func envelopeOf(t testing.TB, line string) string {
	t.Helper()
	var resp struct{ Receipt json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(line), &resp))
	return string(resp.Receipt)
}

func TestVerify(t *testing.T) {
	signer, other := newKey(t), newKey(t)
	costco := signedResponse(t, "costco", signer)
	shortfall := signedResponse(t, "shortfall", signer)
	unsigned := reckon(t, seed(t, "costco"), "calc").stdout
	tampered := edit(t, costco, func(resp map[string]any) {
		env := resp["receipt"].(map[string]any)
		payload, err := base64.StdEncoding.DecodeString(env["payload"].(string))
		require.NoError(t, err)
		altered := strings.Replace(string(payload), `"value":"1.344"`, `"value":"1.345"`, 1)
		require.NotEqual(t, string(payload), altered)
		env["payload"] = base64.StdEncoding.EncodeToString([]byte(altered))
	})
	relabelled := edit(t, costco, func(resp map[string]any) {
		resp["result"].(map[string]any)["display"] = "1.345×"
	})
	tests := []struct {
		name   string
		in     string
		args   []string
		code   int
		codes  []string // the reasons' codes, in order
		signed bool
		reason string
	}{
		{name: "signed response, right key", in: costco, args: []string{"-pub", signer + ".pub"},
			code: exitOK, codes: []string{}, signed: true},
		{name: "envelope alone, right key", in: envelopeOf(t, costco), args: []string{"-pub", signer + ".pub"},
			code: exitOK, codes: []string{}, signed: true},
		{name: "one of two keys", in: costco, args: []string{"-pub", other + ".pub", "-pub", signer + ".pub"},
			code: exitOK, codes: []string{}, signed: true, reason: "-pub is repeatable; one trusted signature is enough"},
		{name: "another key", in: costco, args: []string{"-pub", other + ".pub"},
			code: exitRefused, codes: []string{fault.UntrustedKey}},
		{name: "tampered payload", in: tampered, args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{fault.NoTrustedSignature}},
		{name: "response altered beside its receipt", in: relabelled, args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{codeResponseMismatch}, signed: true,
			reason: "a reader who takes the result from the response must get the receipt's"},
		{name: "no keys", in: costco, args: nil,
			code: exitRefused, codes: []string{fault.UntrustedKey}},
		{name: "unsigned, default policy", in: unsigned, args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{fault.Unsigned}},
		{name: "unsigned, allow_unsigned", in: unsigned, args: []string{"-policy", "testdata/policies/allow-unsigned.json"},
			code: exitOK, codes: []string{}},
		{name: "interpreted, deny_interpreted", in: shortfall,
			args: []string{"-pub", signer + ".pub", "-policy", "testdata/policies/deny-interpreted.json"},
			code: exitRefused, codes: []string{fault.InterpretedNotAllowed}, signed: true},
		{name: "source-defined, deny_interpreted", in: costco,
			args: []string{"-pub", signer + ".pub", "-policy", "testdata/policies/deny-interpreted.json"},
			code: exitOK, codes: []string{}, signed: true},
		{name: "refused calc response", in: reckon(t, readFile(t, "testdata/requests/avg.json"), "calc").stdout,
			args: []string{"-pub", signer + ".pub"}, code: exitRefused, codes: []string{fault.BadEnvelope}},
		{name: "not JSON", in: "receipt: trust me", args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{fault.BadEnvelope}},
		{name: "a request, not a receipt", in: seed(t, "costco"), args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{fault.BadEnvelope}},
		{name: "over the size limit", in: strings.Repeat(" ", maxVerifyInput+1), args: []string{"-pub", signer + ".pub"},
			code: exitRefused, codes: []string{fault.EnvelopeTooLarge}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := reckon(t, tc.in, append([]string{"verify"}, tc.args...)...)
			require.Equal(t, tc.code, out.code, "%s\n%s", tc.reason, out.stderr)
			require.Equal(t, 1, strings.Count(out.stdout, "\n"), "one report, one line")
			rep := decodeReport(t, out.stdout)
			require.Equal(t, tc.code == exitOK, rep.OK)
			require.Equal(t, tc.codes, codes(rep), "reasons: %+v", rep.Reasons)
			require.Equal(t, tc.signed, rep.Signed)
			if tc.code != exitOK {
				require.Contains(t, out.stderr, "reckon verify: refused: "+tc.codes[0])
			}
			if rep.Signed {
				require.Len(t, rep.SignedBy, 1)
			}
		})
	}
}

func TestVerifyReportsTheResult(t *testing.T) {
	key := newKey(t)
	out := reckon(t, signedResponse(t, "lakh", key), "verify", "-pub", key+".pub")
	require.Equal(t, exitOK, out.code, out.stderr)
	require.Empty(t, out.stderr, "an accepted receipt with trusted keys has nothing to say")
	rep := decodeReport(t, out.stdout)
	require.Equal(t, "income-less-funds-2003", rep.ID)
	require.Equal(t, "₹8,367,277,000", rep.Result.Display)
	require.Equal(t, "(109638.91 × 100000) − (25966.14 × 100000)", rep.Expanded)
}

func TestVerifyNoKeysNotice(t *testing.T) {
	out := reckon(t, reckon(t, seed(t, "gap"), "calc").stdout, "verify", "-policy", "testdata/policies/allow-unsigned.json")
	require.Equal(t, exitOK, out.code)
	require.Equal(t, 1, strings.Count(out.stderr, "no -pub given"), out.stderr)
	require.Contains(t, out.stderr, "allow_unsigned")
}

// TestVerifyRefusesAmbiguousResponses: a response whose result a reader
// could take two ways is refused, however the receipt inside verifies.
func TestVerifyRefusesAmbiguousResponses(t *testing.T) {
	key := newKey(t)
	calc := reckon(t, seed(t, "lakh"), "calc", "-key", key+".key")
	require.Equal(t, exitOK, calc.code, calc.stderr)
	resp := strings.TrimSuffix(calc.stdout, "\n")
	fake := `{"exact":"1","value":"1","unit":"INR","scale":"","places":0,"rounding":"half_even","grouping":"","display":"₹1","inexact":false}`
	for name, tampered := range map[string]string{
		"case variant key": strings.TrimSuffix(resp, "}") + `,"Result":` + fake + `}`,
		"duplicate key":    strings.Replace(resp, `"result":`, `"result":`+fake+`,"result":`, 1),
		"nested duplicate": strings.Replace(resp, `"result":{"exact"`, `"result":{"value":"1","exact"`, 1),
	} {
		out := reckon(t, tampered, "verify", "-pub", key+".pub")
		require.Equal(t, exitRefused, out.code, "%s: %s", name, out.stdout)
	}
	require.Equal(t, exitOK, reckon(t, resp, "verify", "-pub", key+".pub").code, "the untouched response verifies")
}

// TestVerifyRefusesResponsesCalcNeverWrites: a response with a receipt
// that also carries an error, or a field the contract does not have, was
// changed after calc wrote it, and is refused with the field named.
func TestVerifyRefusesResponsesCalcNeverWrites(t *testing.T) {
	key := newKey(t)
	resp := strings.TrimSuffix(signedResponse(t, "lakh", key), "\n")
	tests := []struct {
		name, in, field string
	}{
		{name: "an error next to the result", field: "error",
			in: strings.TrimSuffix(resp, "}") + `,"error":{"code":"bad_request","message":"x","hint":"y"}}`},
		{name: "a field the contract does not have", field: "note",
			in: strings.TrimSuffix(resp, "}") + `,"note":"the figure is final"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := reckon(t, tt.in, "verify", "-pub", key+".pub")
			require.Equal(t, exitRefused, out.code, out.stdout)
			rep := decodeReport(t, out.stdout)
			var fields []string
			for _, r := range rep.Reasons {
				fields = append(fields, r.Field)
				if r.Field == tt.field {
					require.Equal(t, codeResponseMismatch, r.Code)
				}
			}
			require.Contains(t, fields, tt.field)
		})
	}
	env, err := receipt.ResponseEnvelope([]byte(resp))
	require.NoError(t, err)
	withID := strings.TrimSuffix(resp, "}") + `,"receipt_id":"` + receipt.EnvelopeID(env) + `"}`
	require.Equal(t, exitOK, reckon(t, withID, "verify", "-pub", key+".pub").code,
		"a calculate tool answer, with its receipt_id, verifies")
	otherID := strings.TrimSuffix(resp, "}") + `,"receipt_id":"r1"}`
	out := reckon(t, otherID, "verify", "-pub", key+".pub")
	require.Equal(t, exitRefused, out.code, "a receipt_id that is not its receipt's own names another receipt")
	require.Equal(t, "receipt_id", decodeReport(t, out.stdout).Reasons[0].Field)
}
