package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// inputSchema is shaped like a tool's arguments: decimals are strings with
// a pattern, nested in an array of objects.
const inputSchema = `{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object", "additionalProperties": false, "required": ["id", "inputs", "places"],
	"properties": {
		"id": {"type": "string", "minLength": 1},
		"places": {"type": ["integer", "null"], "minimum": 0, "maximum": 34},
		"inputs": {"type": "array", "maxItems": 3, "items": {
			"type": "object", "additionalProperties": false, "required": ["value"],
			"properties": {"value": {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$"}}}},
		"tags": {"type": "object", "additionalProperties": {"type": "string"}}}}`

func TestValidate(t *testing.T) {
	s, err := Compile([]byte(inputSchema))
	require.NoError(t, err)
	for _, tc := range []struct {
		name, in, want, reason string
	}{
		{name: "valid", in: `{"id": "a", "inputs": [{"value": "1.5"}, {"value": "-0.25"}], "places": 2, "tags": {"x": "y"}}`},
		{name: "null places", in: `{"id": "a", "inputs": [], "places": null}`},
		{name: "integer-valued places", in: `{"id": "a", "inputs": [], "places": 2.0}`,
			reason: "JSON Schema counts a number with a zero fraction as an integer"},
		{name: "pattern, deep", in: `{"id": "a", "inputs": [{"value": "1"}, {"value": "2e3"}], "places": 2}`,
			want:   `/inputs/1/value: pattern: "2e3" does not match regular expression "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$"`,
			reason: "the error names the value at fault with a JSON pointer"},
		{name: "number for a decimal string", in: `{"id": "a", "inputs": [{"value": 7}], "places": 2}`,
			want:   `/inputs/0/value: type: 7 has type "integer", want "string"`,
			reason: "the library types a json.Number as a string, so the document is read into float64"},
		{name: "additionalProperties schema", in: `{"id": "a", "inputs": [], "places": 2, "tags": {"a/b": 1}}`,
			want: `/tags/a~1b: type: 1 has type "integer", want "string"`, reason: "pointer tokens escape /"},
		{name: "forbidden member", in: `{"id": "a", "inputs": [{"value": "1", "unit": "EUR"}], "places": 2}`,
			want: `/inputs/0/unit: property is not allowed`},
		{name: "forbidden members", in: `{"id": "a", "inputs": [], "places": 2, "z": 1, "b": 2, "": 3}`,
			want: `/: property is not allowed`, reason: "the first in name order, though the library lists them in map order"},
		{name: "missing member", in: `{"id": "a", "places": 2}`, want: `required: missing properties: ["inputs"]`},
		{name: "fraction places", in: `{"id": "a", "inputs": [], "places": 2.5}`,
			want: `/places: type: 2.5 has type "number", want one of "integer, null"`},
		{name: "places above maximum", in: `{"id": "a", "inputs": [], "places": 35}`,
			want: `/places: maximum: 35/1 is greater than 34.000000`},
		{name: "too many items", in: `{"id": "a", "inputs": [{"value": "1"}, {"value": "1"}, {"value": "1"}, {"value": "1"}], "places": 2}`,
			want: `/inputs: maxItems: array length 4 is greater than 3`},
		{name: "beyond exact integers", in: `{"id": "a", "inputs": [], "places": 9007199254740993}`,
			want:   "/places: number 9007199254740993 cannot be checked exactly: the validator reads numbers as float64, which does not hold it",
			reason: "float64 reads it as 9007199254740992"},
		{name: "fraction read as integer", in: `{"id": "a", "inputs": [], "places": 2.0000000000000001}`,
			want:   "/places: number 2.0000000000000001 cannot be checked exactly: the validator reads numbers as float64, which does not hold it",
			reason: "float64 reads it as the integer 2, which the schema would accept"},
		{name: "huge exponent", in: `{"id": "a", "inputs": [], "places": 1e99999999999999999999}`,
			want: "/places: number 1e99999999999999999999 cannot be checked exactly: the validator reads numbers as float64, which does not hold it"},
		{name: "exact fraction", in: `{"id": "a", "inputs": [], "places": 0.1, "tags": {"b": "x"}}`,
			want:   `/places: type: 0.1 has type "number", want one of "integer, null"`,
			reason: "a fraction float64 rounds stays a fraction, which is all the schema asks of it"},
		{name: "not JSON", in: `{"id":`, want: "not JSON: unexpected EOF"},
		{name: "trailing data", in: `{} {}`, want: "not JSON: unexpected data after the value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Validate([]byte(tc.in))
			if tc.want == "" {
				require.NoError(t, err, "Validate(%s) %s", tc.in, tc.reason)
				return
			}
			require.EqualError(t, err, tc.want, "Validate(%s) %s", tc.in, tc.reason)
			var e *Error
			require.ErrorAs(t, err, &e)
		})
	}
}

func TestCompileRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, schema, want, reason string
	}{
		{name: "unknown keyword", schema: `{"type":"object","additionalproperties":false}`,
			want: `unknown keyword "additionalproperties"`, reason: "a misspelt keyword must not be silently unchecked"},
		{name: "nested unknown", schema: `{"properties":{"a":{"items":{"multipleof":2}}}}`,
			want: `/properties/a/items: unknown keyword "multipleof"`},
		{name: "every unknown", schema: `{"minimun":0,"anyOf":[{"patern":"x"}],"properties":{"b":{"enumm":[1]}}}`,
			want: "unknown keyword \"minimun\"\n/properties/b: unknown keyword \"enumm\"\n/anyOf/0: unknown keyword \"patern\""},
		{name: "not JSON", schema: `{"type":`, want: "schema is not JSON: unexpected end of JSON input"},
		{name: "bad pattern", schema: `{"pattern":"(?=a)"}`,
			want:   "jsonschema.Schema: <anonymous schema>: pattern: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
			reason: "Go's regexp is RE2: no lookahead, as the portability of patterns requires"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile([]byte(tc.schema))
			require.EqualError(t, err, tc.want, "Compile(%s) %s", tc.schema, tc.reason)
		})
	}
}

func TestMustCompilePanics(t *testing.T) {
	require.Panics(t, func() { MustCompile([]byte(`{"formt":"x"}`)) })
	require.NotNil(t, MustCompile([]byte(`{"type":"object"}`)))
}
