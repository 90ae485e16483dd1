package receipt

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/quote"
	"github.com/stretchr/testify/require"
)

// groundedEnvelope calculates the grounded costco request and signs it.
func groundedEnvelope(t *testing.T) (*Receipt, *dsse.Envelope, dsse.Signer, *dsse.KeyRing) {
	t.Helper()
	s, pub := testSigner(7)
	r, err := Calculate(groundedRequest(t))
	require.NoError(t, err)
	env, err := Seal(r, s)
	require.NoError(t, err)
	return r, env, s, testRing(t, pub)
}

func TestVerifyGrounding(t *testing.T) {
	_, env, _, ring := groundedEnvelope(t)
	src := costcoSources(t)

	rep := verifyWith(env, VerifyOptions{Trusted: ring, Sources: src})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.Equal(t, GroundingChecked, rep.Grounding)

	rep = verifyReport(env, ring, Policy{})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.Equal(t, GroundingNotChecked, rep.Grounding, "without the sources the grounding is taken as recorded, and the report says so")

	_, v1 := signed(t, "costco", mustSigner(t))
	rep = verifyWith(v1, VerifyOptions{Policy: Policy{AllowUnsigned: true}, Trusted: nil, Sources: src})
	require.Equal(t, GroundingNone, rep.Grounding)
}

// Policy.RequireGrounding accepts a receipt only when every input is
// grounded and found again in the documents given.
func TestVerifyRequireGrounding(t *testing.T) {
	_, env, _, ring := groundedEnvelope(t)
	src := costcoSources(t)
	require := require.New(t)
	policy := Policy{RequireGrounding: true}

	rep := verifyWith(env, VerifyOptions{Trusted: ring, Policy: policy, Sources: src})
	require.True(rep.OK, "%+v", rep.Reasons)

	rep = verifyWith(env, VerifyOptions{Trusted: ring, Policy: policy})
	require.False(rep.OK)
	require.Equal(fault.GroundingNotChecked, rep.Reasons[0].Code)

	_, v1 := signed(t, "costco", mustSigner(t)) // no input grounded
	rep = verifyWith(v1, VerifyOptions{Policy: Policy{AllowUnsigned: true, RequireGrounding: true}, Sources: src})
	require.False(rep.OK)
	require.Equal(fault.UngroundedReceipt, rep.Reasons[0].Code)
	require.Equal("inputs[0]", rep.Reasons[0].Field)

	p, err := DecodePolicy([]byte(`{"require_grounding": true}`))
	require.NoError(err)
	require.True(p.RequireGrounding)
}

func mustSigner(t *testing.T) dsse.Signer {
	s, _ := testSigner(7)
	return s
}

// TestVerifyGroundingTamper is the tamper matrix: a document or a receipt
// changed after grounding is refused, with its code, by verification with
// the sources, even when the receipt is signed again by a signer who lies.
func TestVerifyGroundingTamper(t *testing.T) {
	doc := sourceText(t, "costco-10k.md")
	moved := "Restated.\n\n" + doc // every quote moves by 11 bytes
	tests := []struct {
		name   string
		docs   map[string]string                // the documents given to verify; nil: the original
		edit   func(r *Receipt, moved *Receipt) // the receipt as tampered with; nil: as signed
		code   string
		field  string
		reason string
	}{
		{name: "source byte changed", docs: map[string]string{"10-K": strings.Replace(doc, "6,692", "6,962", 1)},
			code: fault.SourceMismatch, field: "inputs[0].grounding.digest", reason: "any changed byte changes the digest"},
		{name: "source moved", docs: map[string]string{"10-K": moved}, code: fault.SourceMismatch, field: "inputs[0].grounding.digest"},
		{name: "source missing", docs: map[string]string{"other": doc}, code: fault.UnknownSource, field: "inputs[0].grounding.source"},
		{name: "digest swapped", docs: map[string]string{"10-K": moved},
			edit: func(r, _ *Receipt) {
				for i := range r.Inputs {
					r.Inputs[i].Grounding.Digest = quote.Digest(moved)
				}
			},
			code: fault.SpanMismatch, field: "inputs[0].grounding.span", reason: "the digest of the new document, with the old spans"},
		{name: "digest swapped, quote gone", docs: map[string]string{"10-K": strings.Replace(doc, "Operating income 6,708", "Operating income 6,780", 1)},
			edit: func(r, _ *Receipt) {
				for i := range r.Inputs {
					r.Inputs[i].Grounding.Digest = quote.Digest(strings.Replace(doc, "Operating income 6,708", "Operating income 6,780", 1))
				}
			},
			code: fault.QuoteNotFound, field: "inputs[3].quote"},
		{name: "span edited", edit: func(r, _ *Receipt) { r.Inputs[2].Grounding.Span[0]++ }, code: fault.SpanMismatch, field: "inputs[2].grounding.span"},
		{name: "span of another quote", edit: func(r, _ *Receipt) { r.Inputs[2].Grounding.Span = r.Inputs[1].Grounding.Span },
			code: fault.SpanMismatch, field: "inputs[2].grounding.span"},
		{name: "quote moved", edit: func(r, m *Receipt) {
			r.Inputs[4].Grounding.Span = m.Inputs[4].Grounding.Span
		}, code: fault.SpanMismatch, field: "inputs[4].grounding.span", reason: "the span of the quote in another version of the document"},
		{name: "tier edited", edit: func(r, _ *Receipt) { r.Inputs[0].Grounding.Tier = "typography" }, code: fault.Mismatch, field: "inputs[0].grounding.tier"},
		{name: "quote edited", edit: func(r, _ *Receipt) {
			r.Inputs[3].Quote = "Operating income 6,708 for the decade"
		}, code: fault.QuoteNotFound, field: "inputs[3].quote"},
		{name: "source renamed", edit: func(r, _ *Receipt) {
			r.Inputs[0].Source, r.Inputs[0].Grounding.Source = "press", "press"
		}, code: fault.SourceMismatch, field: "inputs[0].grounding.digest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, env, s, ring := groundedEnvelope(t)
			if tc.edit != nil {
				mreq := groundedRequest(t)
				var err error
				mreq.Sources, err = quote.NewSources(map[string]string{"10-K": moved})
				require.NoError(t, err)
				m, err := Calculate(mreq)
				require.NoError(t, err)
				tc.edit(r, m)
				env = resign(t, r, s)
			}
			src := costcoSources(t)
			if tc.docs != nil {
				var err error
				src, err = quote.NewSources(tc.docs)
				require.NoError(t, err)
			}
			rep := verifyWith(env, VerifyOptions{Trusted: ring, Sources: src})
			require.False(t, rep.OK, tc.reason)
			require.Equal(t, GroundingChecked, rep.Grounding)
			require.Contains(t, codes(rep), tc.code, "%+v", rep.Reasons)
			require.Equal(t, tc.field, rep.Reasons[0].Field, "%+v", rep.Reasons)
			if tc.code == fault.SourceMismatch || tc.code == fault.UnknownSource {
				require.Len(t, rep.Reasons, 1, "a document is refused once, not once per input: %+v", rep.Reasons)
			}

			got, err := Open(env, VerifyOptions{Trusted: ring, Sources: src})
			require.Nil(t, got, "a refused receipt is not returned")
			var refused *ReportError
			require.True(t, errors.As(err, &refused))
			require.Equal(t, rep, refused.Report)

			if tc.edit != nil {
				// The grounding is the signer's word: without the sources
				// it cannot be checked, and the report says so.
				rep := verifyWith(env, VerifyOptions{Trusted: ring})
				require.Equal(t, GroundingNotChecked, rep.Grounding)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	want, env, _, ring := groundedEnvelope(t)
	got, err := Open(env, VerifyOptions{Trusted: ring, Sources: costcoSources(t)})
	require.NoError(t, err)
	require.Equal(t, want.Result, got.Result)
	require.Equal(t, want.Inputs, got.Inputs)

	got, err = Open(env, VerifyOptions{})
	require.Nil(t, got)
	var refused *ReportError
	require.ErrorAs(t, err, &refused)
	require.Equal(t, fault.UntrustedKey, refused.Report.Reasons[0].Code, "signed, by a key not given")
	require.Contains(t, err.Error(), "receipt: untrusted_key: signed only by keys that are not trusted: ")
}

// TestOldReceiptsVerifyWithSources: receipts of the v1 types have no
// grounding; sources change nothing for them.
func TestOldReceiptsVerifyWithSources(t *testing.T) {
	_, ring := v1Key()
	for _, dir := range []string{"v1", "operation.v1"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*.receipt"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for _, file := range files {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			env, err := dsse.Decode(data)
			require.NoError(t, err)
			rep := verifyWith(env, VerifyOptions{Trusted: ring, Sources: costcoSources(t)})
			require.True(t, rep.OK, "%s: %+v", file, rep.Reasons)
			require.Equal(t, GroundingNone, rep.Grounding)
		}
	}
}

// TestSchemaV2 validates grounded receipts against the v2 schemas, and
// shows the v1 schemas refuse them.
func TestSchemaV2(t *testing.T) {
	v2, err := jsonschema.Compile(schemaV2)
	require.NoError(t, err)
	opV2, err := jsonschema.Compile(schemaOperationV2)
	require.NoError(t, err)
	v1, err := jsonschema.Compile(schemaV1)
	require.NoError(t, err)

	r, err := Calculate(groundedRequest(t))
	require.NoError(t, err)
	payload, err := r.Encode()
	require.NoError(t, err)
	require.NoError(t, v2.Validate(payload))
	require.Error(t, v1.Validate(payload), "a v1 verifier's schema refuses a grounded receipt")

	req := loadRequest(t, "costco")
	req.Inputs[0].Source = "10-K" // named, not grounded: no sources registered
	r, err = Calculate(req)
	require.NoError(t, err)
	payload, err = r.Encode()
	require.NoError(t, err)
	require.NoError(t, v2.Validate(payload))

	files, err := filepath.Glob(filepath.Join("testdata", "v2", "mortgage*.receipt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	env, err := dsse.Decode(data)
	require.NoError(t, err)
	op, err := env.DecodedPayload()
	require.NoError(t, err)
	require.NoError(t, opV2.Validate(op))

	var m map[string]any
	require.NoError(t, json.Unmarshal(payload, &m))
	m["inputs"].([]any)[0].(map[string]any)["grounding"] = map[string]any{"source": "10-K", "digest": "sha256:ABC", "span": []any{0, 1}, "tier": "exact"}
	bad, err := json.Marshal(m)
	require.NoError(t, err)
	require.Error(t, v2.Validate(bad), "a digest is lower-case hex")
}

// TestSourcesNeverFromRequest: a request's JSON cannot register a document
// to ground its own numbers.
func TestSourcesNeverFromRequest(t *testing.T) {
	for _, key := range []string{"sources", "Sources"} {
		_, err := DecodeRequest([]byte(`{"id": "x", "formula": "a", "inputs": [], "` + key + `": {"doc": "a 5"}}`))
		require.Error(t, err, key)
		require.Equal(t, fault.BadRequest, Describe(err).Code)
	}
}

func TestDescribeOpenError(t *testing.T) {
	_, env, _, ring := groundedEnvelope(t)
	edited, err := quote.NewSources(map[string]string{"10-K": "another document"})
	require.NoError(t, err)
	_, err = Open(env, VerifyOptions{Trusted: ring, Sources: edited})
	info := Describe(err)
	require.Equal(t, fault.SourceMismatch, info.Code, "the first reason stands for a refusal by Open, not internal")
	require.Equal(t, "inputs[0].grounding.digest", info.Field)
}

// TestVerifyElidedGrounding: a quote grounded with ellipses allowed is
// found again by a verifier that registered its sources with defaults.
func TestVerifyElidedGrounding(t *testing.T) {
	doc := "Operating income for the fiscal year ended August 29, 2021 was 6,708 million dollars."
	ix := map[string]string{"10-K": doc}
	src, err := sourcesOf(ix, quote.Options{Ellipsis: true})
	require.NoError(t, err)
	req := &Request{ID: "x", Formula: "oi", Sources: src, Inputs: []Input{{Name: "oi", Display: "6,708", Unit: "USD",
		Scale: "million", Provenance: ProvenanceText, Source: "10-K", Quote: "Operating income for the … year ended August 29, 2021 was 6,708 million"}}}
	r, err := Calculate(req)
	require.NoError(t, err)
	require.Equal(t, "elided", r.Inputs[0].Grounding.Tier)
	env, err := Seal(r, dsse.Unsigned())
	require.NoError(t, err)

	auditor, err := quote.NewSources(map[string]string{"10-K": doc})
	require.NoError(t, err)
	rep := verifyWith(env, VerifyOptions{Policy: Policy{AllowUnsigned: true}, Sources: auditor})
	require.True(t, rep.OK, "%+v", rep.Reasons)
	require.Equal(t, GroundingChecked, rep.Grounding)
}
