package receipt

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/internal/jsonschema"
	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// seedReceipts returns the canonical receipt of every seed request, by name.
func seedReceipts(t *testing.T) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "requests", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	out := make(map[string][]byte, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		req, err := DecodeRequest(data)
		require.NoError(t, err, p)
		r, err := Calculate(req)
		require.NoError(t, err, p)
		payload, err := r.Encode()
		require.NoError(t, err, p)
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = payload
	}
	return out
}

func TestSchemaV1AcceptsSeedReceipts(t *testing.T) {
	s, err := jsonschema.Compile(schemaV1)
	require.NoError(t, err)
	for name, payload := range seedReceipts(t) {
		require.NoError(t, s.Validate(payload), "receipt of %s: %s", name, payload)
	}
}

// TestSchemaV1AcceptsOtherShapes covers what no seed request produces: no
// rounding (places null), constants, a compound unit and a negative result.
func TestSchemaV1AcceptsOtherShapes(t *testing.T) {
	s, err := jsonschema.Compile(schemaV1)
	require.NoError(t, err)
	for _, tc := range []struct{ name, request string }{
		{"no rounding, constants", `{"id": "", "formula": "(a + b) / 2 * (1 - rate)",
			"inputs": [{"name": "a", "display": "(1,200)", "unit": "EUR", "scale": "k", "provenance": "user"},
			           {"name": "b", "display": "3", "unit": "EUR", "scale": "", "provenance": "system_of_record"},
			           {"name": "rate", "display": "12.5%", "unit": "percent", "scale": "", "provenance": "text"}],
			"output": {}, "interpretation": null}`},
		{"per share, crore", `{"id": "eps", "formula": "profit / shares",
			"inputs": [{"name": "profit", "display": "₹12.5 crore", "unit": "INR", "scale": "", "provenance": "text"},
			           {"name": "shares", "display": "3", "unit": "count:shares", "scale": "lakh", "provenance": "page_image"}],
			"output": {"places": 2, "rounding": "half_up"},
			"interpretation": {"kind": "interpreted", "note": "profit per share outstanding"}}`},
		{"literals only, no inputs", `{"id": "years", "formula": "2021 - 2019", "inputs": []}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := DecodeRequest([]byte(tc.request))
			require.NoError(t, err)
			r, err := Calculate(req)
			require.NoError(t, err)
			payload, err := r.Encode()
			require.NoError(t, err)
			require.NoError(t, s.Validate(payload), "%s", payload)
		})
	}
}

func TestSchemaV1IsPortable(t *testing.T) {
	require.NoError(t, jsonschema.Portable(schemaV1),
		"the receipt schema should be usable as a tool output schema as is")
}

// TestSchemaV1Refuses mutates a seed receipt's JSON and checks the exact
// violations the schema reports.
func TestSchemaV1Refuses(t *testing.T) {
	s, err := jsonschema.Compile(schemaV1)
	require.NoError(t, err)
	payload := seedReceipts(t)["costco"]
	for _, tc := range []struct {
		name   string
		mutate func(m map[string]any)
		want   string
	}{
		{name: "extra field", mutate: func(m map[string]any) { m["signature"] = "x" },
			want: "/signature: property is not allowed"},
		{name: "extra nested field", mutate: func(m map[string]any) { objectAt(m, "result")["currency"] = "USD" },
			want: "/result/currency: property is not allowed"},
		{name: "missing field", mutate: func(m map[string]any) { delete(m, "expanded") },
			want: `required: missing properties: ["expanded"]`},
		{name: "number for a string", mutate: func(m map[string]any) { objectAt(m, "result")["value"] = json.Number("1.344") },
			want: `/result/value: type: 1.344 has type "number", want "string"`},
		{name: "unknown provenance", mutate: func(m map[string]any) { inputAt(m, 2)["provenance"] = "memory" },
			want: `/inputs/2/provenance: enum: memory does not equal any of: [text page_image system_of_record user]`},
		{name: "value with exponent", mutate: func(m map[string]any) { inputAt(m, 0)["value"] = "7.99E+8" },
			want: `/inputs/0/value: pattern: "7.99E+8" does not match regular expression "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$"`},
		{name: "grouped value", mutate: func(m map[string]any) { objectAt(m, "result")["exact"] = "1,344" },
			want: `/result/exact: pattern: "1,344" does not match regular expression "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?…?$"`},
		{name: "negative factor", mutate: func(m map[string]any) { inputAt(m, 1)["factor"] = "-1000000" },
			want: `/inputs/1/factor: pattern: "-1000000" does not match regular expression "^(0|[1-9][0-9]*)(\\.[0-9]+)?$"`},
		{name: "other type", mutate: func(m map[string]any) { m["type"] = "reckon.receipt/v2" },
			want: `/type: const: reckon.receipt/v2 does not equal reckon.receipt/v1`},
		{name: "unknown operation", mutate: func(m map[string]any) { m["operation"] = "loan_payment" },
			want: `/operation: enum: loan_payment does not equal any of: [formula]`},
		{name: "unknown interpretation", mutate: func(m map[string]any) { objectAt(m, "interpretation")["kind"] = "guessed" },
			want: `/interpretation/kind: enum: guessed does not equal any of: [source_defined interpreted]`},
		{name: "places as string", mutate: func(m map[string]any) { objectAt(m, "result")["places"] = "3" },
			want: `/result/places: type: 3 has type "string", want one of "integer, null"`},
		{name: "places fraction", mutate: func(m map[string]any) { objectAt(m, "result")["places"] = json.Number("3.5") },
			want: `/result/places: type: 3.5 has type "number", want one of "integer, null"`},
		{name: "unknown scale", mutate: func(m map[string]any) { inputAt(m, 0)["scale"] = "mn" },
			want: `/inputs/0/scale: enum: mn does not equal any of: [ hundred thousand lakh million crore billion arab kharab trillion]`},
		{name: "span of three", mutate: func(m map[string]any) {
			m["constants"] = []any{map[string]any{"value": "1", "span": []any{json.Number("0"), json.Number("1"), json.Number("2")}}}
		}, want: "/constants/0/span: maxItems: array length 3 is greater than 2"},
		{name: "negative span", mutate: func(m map[string]any) {
			m["constants"] = []any{map[string]any{"value": "1", "span": []any{json.Number("-1"), json.Number("1")}}}
		}, want: "/constants/0/span/0: minimum: -1/1 is less than 0.000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := decodeObject(t, payload)
			tc.mutate(m)
			mutated, err := json.Marshal(m)
			require.NoError(t, err)
			require.EqualError(t, s.Validate(mutated), tc.want)
		})
	}
}

// TestSchemaV1Scales keeps the schema's scale words equal to the canonical
// words units knows.
func TestSchemaV1Scales(t *testing.T) {
	var schema struct {
		Properties struct {
			Inputs struct {
				Items struct {
					Properties struct {
						Scale struct {
							Enum []string `json:"enum"`
						} `json:"scale"`
					} `json:"properties"`
				} `json:"items"`
			} `json:"inputs"`
		} `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(schemaV1, &schema))
	words := schema.Properties.Inputs.Items.Properties.Scale.Enum
	for _, w := range words {
		s, err := numeral.ParseScale(w)
		require.NoError(t, err, w)
		require.Equal(t, w, s.Word(), "schema scale %q is not canonical", w)
	}
	for _, alias := range append(strings.Split(numeral.KnownScales(), ", "), "") {
		s, err := numeral.ParseScale(alias)
		require.NoError(t, err, alias)
		require.Contains(t, words, s.Word(), "scale %q has no word in the schema", alias)
	}
}

func decodeObject(t *testing.T, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	require.NoError(t, dec.Decode(&m))
	return m
}

func objectAt(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }

func inputAt(m map[string]any, i int) map[string]any { return m["inputs"].([]any)[i].(map[string]any) }
