package receipt

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/strictjson"
	"github.com/stretchr/testify/require"
)

// responseLine calculates a seed request, signs its receipt with s and
// returns the response as calc writes it.
func responseLine(t testing.TB, name string, s dsse.Signer) []byte {
	t.Helper()
	resp := Respond(loadRequest(t, name), s)
	require.True(t, resp.OK, "%s: %+v", name, resp.Error)
	return bytes.TrimSuffix(jsonLine(resp), []byte("\n"))
}

// editResponse decodes a response, lets change alter its fields, and
// encodes it again, keys sorted.
func editResponse(t testing.TB, data []byte, change func(resp map[string]any)) []byte {
	t.Helper()
	var resp map[string]any
	require.NoError(t, json.Unmarshal(data, &resp))
	change(resp)
	out, err := json.Marshal(resp)
	require.NoError(t, err)
	return out
}

// encoded is r's canonical payload.
func encoded(t testing.TB, r *Receipt) string {
	t.Helper()
	b, err := r.Encode()
	require.NoError(t, err)
	return string(b)
}

func TestVerifyResponseAccepts(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		want, err := Calculate(loadRequest(t, name))
		require.NoError(t, err)
		line := responseLine(t, name, s)
		_, fast := scanResponse(line)
		require.True(t, fast, "%s: a response as calc writes it takes the fast path", name)
		var resp struct{ Receipt json.RawMessage }
		require.NoError(t, json.Unmarshal(line, &resp))
		sorted := editResponse(t, line, func(map[string]any) {})
		for what, in := range map[string][]byte{"response": line, "envelope": resp.Receipt, "response, keys sorted": sorted} {
			got, err := OpenResponse(in, VerifyOptions{Trusted: ring})
			require.NoError(t, err, "%s %s", name, what)
			require.Equal(t, encoded(t, want), encoded(t, got), "%s %s: the receipt returned is the one calculated", name, what)
			rep := verifyResponseReport(in, VerifyOptions{Trusted: ring})
			require.True(t, rep.OK, "%s %s: %+v", name, what, rep.Reasons)
			require.True(t, rep.Signed)
		}
	}
}

// TestVerifyResponseMismatch pins each way a response can disagree with
// its receipt: the value returned is nil and the error holds the report.
func TestVerifyResponseMismatch(t *testing.T) {
	s, pub := testSigner(1)
	_, other := testSigner(9)
	ring := testRing(t, pub)
	costco := responseLine(t, "costco", s)
	edit := func(change func(resp map[string]any)) []byte { return editResponse(t, costco, change) }
	tests := []struct {
		name   string
		in     []byte
		ring   *dsse.KeyRing
		codes  []string
		fields []string
		reason string
	}{{
		name: "result value", in: edit(func(r map[string]any) { r["result"].(map[string]any)["value"] = "1.345" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"result"},
		reason: "a reader who takes the result from the response must get the receipt's",
	}, {
		name: "result display", in: edit(func(r map[string]any) { r["result"].(map[string]any)["display"] = "1.345×" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"result"},
	}, {
		name: "result gone", in: edit(func(r map[string]any) { delete(r, "result") }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"result"},
	}, {
		name: "expanded", in: edit(func(r map[string]any) { r["expanded"] = "(799 + 6692 + 3916) / (6708 + 1782)" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"expanded"},
	}, {
		name: "id", in: edit(func(r map[string]any) { r["id"] = "someone-else" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"id"},
	}, {
		name: "ok false", in: edit(func(r map[string]any) { r["ok"] = false }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"ok"},
	}, {
		name: "error next to the result", in: edit(func(r map[string]any) {
			r["error"] = map[string]any{"code": "division_by_zero", "message": "x"}
		}),
		codes: []string{fault.ResponseMismatch}, fields: []string{"error"},
		reason: "a reader could act on the refusal rather than on the signed result",
	}, {
		name: "extra field", in: edit(func(r map[string]any) { r["note"] = "approved by finance" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"note"},
	}, {
		name: "receipt_id of another receipt", in: edit(func(r map[string]any) { r["receipt_id"] = "r_aaaaaaaaaaaaaaaa" }),
		codes: []string{fault.ResponseMismatch}, fields: []string{"receipt_id"},
		reason: "a reader who passes the id on would back claims with another receipt than the one verified",
	}, {
		name: "two extra fields", in: edit(func(r map[string]any) { r["z"], r["a"] = 1, 2 }),
		codes: []string{fault.ResponseMismatch, fault.ResponseMismatch}, fields: []string{"a", "z"},
		reason: "fields are reported in name order",
	}, {
		name:  "a key given twice in the result",
		in:    []byte(strings.Replace(string(costco), `"result":{"exact"`, `"result":{"value":"1","exact"`, 1)),
		codes: []string{fault.ResponseMismatch}, fields: []string{"result"},
		reason: "encoding/json would read the last value; a reader that takes the first must not be fooled",
	}, {
		name: "a field given twice", in: []byte(strings.Replace(string(costco), `{"id":`, `{"id":"x","id":`, 1)),
		codes: []string{fault.BadEnvelope},
	}, {
		name: "refused response", in: []byte(`{"id":"x","ok":false,"error":{"code":"unknown_unit","message":"m"}}`),
		codes: []string{fault.BadEnvelope},
	}, {
		name: "not an object", in: []byte(`[1]`), codes: []string{fault.BadEnvelope},
	}, {
		name: "too large", in: []byte(strings.Repeat(" ", MaxResponseSize+1)), codes: []string{fault.EnvelopeTooLarge},
	}, {
		name: "another key", in: costco, ring: testRing(t, other), codes: []string{fault.UntrustedKey},
	}, {
		name: "no keys", in: costco, ring: testRing(t), codes: []string{fault.UntrustedKey},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ring
			if tc.ring != nil {
				r = tc.ring
			}
			got, err := OpenResponse(tc.in, VerifyOptions{Trusted: r})
			require.Nil(t, got, "a caller who ignores the error gets no receipt")
			var re *ReportError
			require.ErrorAs(t, err, &re)
			require.Equal(t, verifyResponseReport(tc.in, VerifyOptions{Trusted: r}), re.Report)
			require.False(t, re.Report.OK)
			require.Equal(t, tc.codes, reasonCodes(re.Report), tc.reason)
			require.True(t, strings.HasPrefix(err.Error(), "receipt: "+tc.codes[0]+": "), err.Error())
			var e *fault.Error
			require.ErrorAs(t, err, &e, "one errors.As target reaches the first reason's code")
			require.Equal(t, tc.codes[0], e.Code)
			require.Equal(t, re.Report.Reasons[0].Field, e.Field)
			if tc.fields != nil {
				var fields []string
				for _, reason := range re.Report.Reasons {
					fields = append(fields, reason.Field)
				}
				require.Equal(t, tc.fields, fields)
			}
		})
	}
}

func TestResponseEnvelope(t *testing.T) {
	s, _ := testSigner(1)
	line := responseLine(t, "lakh", s)
	env, err := ResponseEnvelope(line)
	require.NoError(t, err)
	r, err := Inspect(env)
	require.NoError(t, err)
	want, err := Calculate(loadRequest(t, "lakh"))
	require.NoError(t, err)
	require.Equal(t, encoded(t, want), encoded(t, r), "the envelope found is the response's receipt")
	_, err = ResponseEnvelope([]byte(`{"ok":false,"error":{}}`))
	var se *fault.Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, fault.BadEnvelope, se.Code)
}

// requireSameResponse holds scanResponse to json.Unmarshal: whenever the
// fast path splits an input whose receipt then decodes, json.Unmarshal
// gives the same fields.
func requireSameResponse(t *testing.T, data []byte) {
	fast, ok := scanResponse(data)
	if !ok {
		return
	}
	if _, err := dsse.Decode(fast["receipt"]); err != nil {
		return // refused either way
	}
	var slow map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &slow), "%q", data)
	require.Equal(t, slow, fast)
}

func TestScanResponseAgrees(t *testing.T) {
	s, _ := testSigner(1)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		data := responseLine(t, name, s)
		_, ok := scanResponse(data)
		require.True(t, ok, "calc's own output takes the fast path: %s", name)
		requireSameResponse(t, data)
	}
}

func FuzzScanResponse(f *testing.F) {
	f.Add([]byte(`{"id":"x","ok":true,"result":{},"expanded":"1","receipt":{"payloadType":"a","payload":"","signatures":[]}}`))
	f.Add([]byte(`{"id":"x","ok":true,"result":{"a":[1,"}"]},"expanded":"1","receipt":{}}`))
	f.Fuzz(requireSameResponse)
}

// TestReportErrorZero: a zero or nil ReportError describes itself without
// panicking, and so do VerifyResponse's zero inputs.
func TestReportErrorZero(t *testing.T) {
	var nilErr *ReportError
	for _, e := range []*ReportError{nilErr, {}, {Report: &Report{}}} {
		require.Equal(t, "receipt: not verified", e.Error())
	}
	r, err := OpenResponse(nil, VerifyOptions{Trusted: nil})
	require.Nil(t, r)
	var re *ReportError
	require.ErrorAs(t, err, &re)
	require.Equal(t, []string{fault.BadEnvelope}, reasonCodes(re.Report))
}

// FuzzVerifyResponse: no input panics, the answer is deterministic, the
// value form agrees with the report, and a response accepted says what its
// receipt records.
func FuzzVerifyResponse(f *testing.F) {
	s, pub := testSigner(1)
	for _, name := range []string{"costco", "lakh"} {
		line := responseLine(f, name, s)
		f.Add(line)
		var resp struct{ Receipt json.RawMessage }
		require.NoError(f, json.Unmarshal(line, &resp))
		f.Add([]byte(resp.Receipt))
	}
	f.Add([]byte(`{"id":"x","ok":true,"result":{},"expanded":"1","receipt":{"payloadType":"a","payload":"","signatures":[]}}`))
	ring := testRing(f, pub)
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := verifyResponseReport(data, VerifyOptions{Trusted: ring})
		require.Equal(t, rep, verifyResponseReport(data, VerifyOptions{Trusted: ring}), "deterministic")
		r, err := OpenResponse(data, VerifyOptions{Trusted: ring})
		require.Equal(t, rep.OK, err == nil, "the value form agrees with the report")
		if !rep.OK {
			require.Nil(t, r)
			return
		}
		if fields, err := strictjson.Fields(data, responseFields...); err == nil && fields["receipt"] != nil {
			require.Equal(t, canonicalJSON(&r.Result), canonicalJSON(fields["result"]))
			require.Equal(t, canonicalJSON(r.Expanded), canonicalJSON(fields["expanded"]))
		}
	})
}

// TestVerifyResponseReceiptID: a calculate tool answer carries the id of
// its receipt beside it; the id verifies when it is the receipt's own.
func TestVerifyResponseReceiptID(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	costco := responseLine(t, "costco", s)
	env, err := ResponseEnvelope(costco)
	require.NoError(t, err)
	in := editResponse(t, costco, func(r map[string]any) { r["receipt_id"] = EnvelopeID(env) })
	rep := verifyResponseReport(in, VerifyOptions{Trusted: ring})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.Regexp(t, `^r_[a-z2-7]{16}$`, EnvelopeID(env))
}
