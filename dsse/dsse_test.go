package dsse_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/testsign"
	"github.com/reckonhq/reckon/receipt"
)

func TestPAE(t *testing.T) {
	tests := []struct {
		name, typ, body, want string
		reason                string
	}{
		{
			name: "spec", typ: "http://example.com/HelloWorld", body: "hello world",
			want:   "DSSEv1 29 http://example.com/HelloWorld 11 hello world",
			reason: "the test vector in the DSSE protocol document",
		},
		{name: "empty", typ: "", body: "", want: "DSSEv1 0  0 "},
		{
			name: "receipt", typ: receipt.PayloadType, body: "{}",
			want: "DSSEv1 35 application/vnd.reckon.receipt+json 2 {}",
		},
		{
			name: "bytes not runes", typ: "t", body: "π×",
			want:   "DSSEv1 1 t 4 π×",
			reason: "LEN counts bytes: π and × are two bytes each",
		},
		{
			name: "lookalike body", typ: "a 1 b", body: "2 c",
			want:   "DSSEv1 5 a 1 b 3 2 c",
			reason: "lengths, not separators, delimit the fields",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := dsse.PAE(tc.typ, []byte(tc.body))
			require.Equal(t, tc.want, string(got), "PAE(%q, %q)", tc.typ, tc.body)
		})
	}
}

// TestDecodeSpecExample decodes the example envelope of the DSSE protocol
// document (an ECDSA signature, so it is decoded here, not verified).
func TestDecodeSpecExample(t *testing.T) {
	const spec = `{"payload": "aGVsbG8gd29ybGQ=",
 "payloadType": "http://example.com/HelloWorld",
 "signatures": [{"sig": "A3JqsQGtVsJ2O2xqrI5IcnXip5GToJ3F+FnZ+O88SjtR6rDAajabZKciJTfUiHqJPcIAriEGAHTVeCUjW2JIZA=="}]}`
	env, err := dsse.Decode([]byte(spec))
	require.NoError(t, err)
	require.Equal(t, "http://example.com/HelloWorld", env.PayloadType)
	require.Len(t, env.Signatures, 1)
	require.Empty(t, env.Signatures[0].KeyID, "keyid is optional")
	body, err := base64.StdEncoding.DecodeString(env.Payload)
	require.NoError(t, err)
	require.Equal(t, "DSSEv1 29 http://example.com/HelloWorld 11 hello world", string(dsse.PAE(env.PayloadType, body)))
}

// sigTestEnvelopeJSON returns an envelope signed by testsign.Key(0), as JSON.
func sigTestEnvelopeJSON(t testing.TB) string {
	t.Helper()
	env, err := dsse.Sign(receipt.PayloadType, []byte(`{"result":"1.344"}`), testsign.Signer(testsign.Key(0)))
	require.NoError(t, err)
	b, err := json.Marshal(env)
	require.NoError(t, err)
	return string(b)
}

func TestDecodeEnvelope(t *testing.T) {
	good := sigTestEnvelopeJSON(t)
	env, err := dsse.Decode([]byte(good))
	require.NoError(t, err)
	sig := env.Signatures[0].Sig
	payload := env.Payload
	obj := func(fields string) string { return "{" + fields + "}" }
	sigs := func(n int) string {
		one := fmt.Sprintf(`{"keyid":"k","sig":%q}`, sig)
		return `"signatures":[` + strings.TrimSuffix(strings.Repeat(one+",", n), ",") + "]"
	}
	typ := `"payloadType":"application/vnd.reckon.receipt+json"`
	pay := fmt.Sprintf(`"payload":%q`, payload)
	oneSig := sigs(1)

	tests := []struct {
		name, in string
		code     string // "" means accepted
		reason   string
	}{
		{name: "signed", in: good},
		{name: "spec field order and spaces", in: "\n " + obj(pay+" ,\n"+oneSig+", "+typ) + " \n\t"},
		{name: "keyid absent", in: obj(typ + "," + pay + `,"signatures":[{"sig":"` + sig + `"}]`), reason: "DSSE makes keyid optional"},
		{name: "empty signatures decode", in: obj(typ + "," + pay + `,"signatures":[]`), reason: "the shape is valid; VerifyEnvelope refuses it"},
		{name: "100 signatures", in: obj(typ + "," + pay + "," + sigs(100))},
		{name: "101 signatures", in: obj(typ + "," + pay + "," + sigs(101)), code: fault.TooManySignatures},
		{name: "unknown field", in: obj(typ + "," + pay + "," + oneSig + `,"extra":1`), code: fault.BadEnvelope},
		{name: "unknown signature field", in: obj(typ + "," + pay + `,"signatures":[{"sig":"` + sig + `","alg":"rsa"}]`), code: fault.BadEnvelope},
		{name: "duplicate payload", in: obj(typ + "," + pay + "," + pay + "," + oneSig), code: fault.BadEnvelope,
			reason: "encoding/json keeps the last duplicate; a verifier and a parser could disagree on which"},
		{name: "duplicate payloadType", in: obj(typ + `,"payloadType":"x",` + pay + "," + oneSig), code: fault.BadEnvelope},
		{name: "duplicate sig", in: obj(typ + "," + pay + `,"signatures":[{"sig":"` + sig + `","sig":"` + sig + `"}]`), code: fault.BadEnvelope},
		{name: "case variant PayloadType", in: obj(`"PayloadType":"application/vnd.reckon.receipt+json",` + pay + "," + oneSig), code: fault.BadEnvelope,
			reason: "encoding/json matches field names case-insensitively"},
		{name: "case variant beside the real field", in: obj(typ + "," + `"PAYLOADTYPE":"x",` + pay + "," + oneSig), code: fault.BadEnvelope},
		{name: "case variant KeyID", in: obj(typ + "," + pay + `,"signatures":[{"KeyID":"k","sig":"` + sig + `"}]`), code: fault.BadEnvelope},
		{name: "trailing garbage", in: good + "x", code: fault.BadEnvelope},
		{name: "trailing second envelope", in: good + good, code: fault.BadEnvelope},
		{name: "trailing number", in: good + " 1", code: fault.BadEnvelope},
		{name: "missing payloadType", in: obj(pay + "," + oneSig), code: fault.BadEnvelope},
		{name: "missing payload", in: obj(typ + "," + oneSig), code: fault.BadEnvelope},
		{name: "missing signatures", in: obj(typ + "," + pay), code: fault.BadEnvelope},
		{name: "missing sig", in: obj(typ + "," + pay + `,"signatures":[{"keyid":"k"}]`), code: fault.BadEnvelope},
		{name: "null payload", in: obj(typ + `,"payload":null,` + oneSig), code: fault.BadEnvelope},
		{name: "number payloadType", in: obj(`"payloadType":1,` + pay + "," + oneSig), code: fault.BadEnvelope},
		{name: "null signatures", in: obj(typ + "," + pay + `,"signatures":null`), code: fault.BadEnvelope},
		{name: "signatures object", in: obj(typ + "," + pay + `,"signatures":{"sig":"` + sig + `"}`), code: fault.BadEnvelope},
		{name: "signature is an array", in: obj(typ + "," + pay + `,"signatures":[["` + sig + `"]]`), code: fault.BadEnvelope},
		{name: "nested unknown field", in: obj(`"x":` + strings.Repeat("[", 10000)), code: fault.BadEnvelope,
			reason: "refused at the key, before the value is read"},
		{name: "array", in: "[" + good + "]", code: fault.BadEnvelope},
		{name: "empty input", in: "", code: fault.BadEnvelope},
		{name: "null", in: "null", code: fault.BadEnvelope},
		{name: "truncated", in: good[:len(good)-1], code: fault.BadEnvelope},
		{name: "invalid utf-8 in keyid", in: obj(typ + "," + pay + `,"signatures":[{"keyid":"k` + "\xff" + `","sig":"` + sig + `"}]`), code: fault.BadEnvelope,
			reason: "encoding/json would turn \\xff into U+FFFD silently"},
		{name: "invalid utf-8 in payloadType", in: obj(`"payloadType":"a` + "\xc3" + `",` + pay + "," + oneSig), code: fault.BadEnvelope},
		{name: "byte order mark", in: "\ufeff" + good, code: fault.BadEnvelope},
		{name: "at the size limit", in: good + strings.Repeat(" ", dsse.MaxEnvelopeSize-len(good))},
		{name: "over the size limit", in: good + strings.Repeat(" ", dsse.MaxEnvelopeSize-len(good)+1), code: fault.EnvelopeTooLarge},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := dsse.Decode([]byte(tc.in))
			if tc.code != "" {
				requireSigCode(t, err, tc.code)
				require.Nil(t, got)
				return
			}
			require.NoError(t, err)
			// What decodes re-encodes to something that decodes the same.
			b, err := json.Marshal(got)
			require.NoError(t, err)
			again, err := dsse.Decode(b)
			require.NoError(t, err)
			require.Equal(t, got, again)
		})
	}
}

func TestEnvelopeJSONFieldNames(t *testing.T) {
	b, err := json.Marshal(dsse.Envelope{PayloadType: "t", Payload: "cA==", Signatures: []dsse.Signature{{KeyID: "k", Sig: "cw=="}}})
	require.NoError(t, err)
	require.Equal(t, `{"payloadType":"t","payload":"cA==","signatures":[{"keyid":"k","sig":"cw=="}]}`, string(b))
}
