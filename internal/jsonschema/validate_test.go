package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// validateCases pairs a schema and an instance with the exact error
// Validate returns, "" for a valid instance.
var validateCases = []struct {
	name, schema, in, want, reason string
}{
	// type
	{name: "type string", schema: `{"type":"string"}`, in: `"a"`},
	{name: "type string refuses number", schema: `{"type":"string"}`, in: `1`, want: "is a JSON integer, want string"},
	{name: "type object", schema: `{"type":"object"}`, in: `{}`},
	{name: "type object refuses array", schema: `{"type":"object"}`, in: `[]`, want: "is a JSON array, want object"},
	{name: "type array", schema: `{"type":"array"}`, in: `[1]`},
	{name: "type boolean", schema: `{"type":"boolean"}`, in: `false`},
	{name: "type boolean refuses string", schema: `{"type":"boolean"}`, in: `"true"`, want: "is a JSON string, want boolean"},
	{name: "type null", schema: `{"type":"null"}`, in: `null`},
	{name: "type null refuses false", schema: `{"type":"null"}`, in: `false`, want: "is a JSON boolean, want null"},
	{name: "type integer", schema: `{"type":"integer"}`, in: `-12`},
	{name: "type integer refuses fraction", schema: `{"type":"integer"}`, in: `1.0`, want: "is a JSON number, want integer",
		reason: "an integer is a literal without fraction or exponent"},
	{name: "type integer refuses exponent", schema: `{"type":"integer"}`, in: `1e2`, want: "is a JSON number, want integer"},
	{name: "type number takes integer", schema: `{"type":"number"}`, in: `7`},
	{name: "type number takes exponent", schema: `{"type":"number"}`, in: `-1.5E+300`},
	{name: "type array of types", schema: `{"type":["integer","null"]}`, in: `null`},
	{name: "type array of types refuses", schema: `{"type":["integer","null"]}`, in: `"3"`, want: "is a JSON string, want integer or null"},
	{name: "no type takes anything", schema: `{}`, in: `{"a":[1,"x",null]}`},
	{name: "true schema", schema: `true`, in: `[]`},
	{name: "false schema", schema: `false`, in: `0`, want: "no value is allowed here"},

	// properties, required, additionalProperties
	{name: "properties", schema: `{"properties":{"a":{"type":"string"}}}`, in: `{"a":"x","b":1}`},
	{name: "properties nested path", schema: `{"properties":{"a/b":{"properties":{"c~d":{"type":"string"}}}}}`,
		in: `{"a/b":{"c~d":1}}`, want: "/a~1b/c~0d: is a JSON integer, want string", reason: "pointer tokens escape / and ~"},
	{name: "properties ignore non-objects", schema: `{"properties":{"a":{"type":"string"}}}`, in: `[1]`},
	{name: "required present", schema: `{"required":["a","b"]}`, in: `{"a":1,"b":null}`},
	{name: "required missing", schema: `{"required":["a","b","c"]}`, in: `{"b":1}`,
		want: "missing required property \"a\"\nmissing required property \"c\""},
	{name: "additionalProperties false", schema: `{"properties":{"a":{}},"additionalProperties":false}`, in: `{"a":1,"z":2,"b":3}`,
		want: "/b: property is not allowed\n/z: property is not allowed", reason: "members are reported in name order"},
	{name: "additionalProperties schema", schema: `{"additionalProperties":{"type":"integer"}}`, in: `{"a":1,"b":"2"}`,
		want: "/b: is a JSON string, want integer"},
	{name: "additionalProperties true", schema: `{"additionalProperties":true}`, in: `{"a":1}`},

	// items, minItems, maxItems
	{name: "items", schema: `{"items":{"type":"string"}}`, in: `["a","b"]`},
	{name: "items each", schema: `{"items":{"type":"string"}}`, in: `["a",2,"c",null]`,
		want: "/1: is a JSON integer, want string\n/3: is a JSON null, want string"},
	{name: "minItems", schema: `{"minItems":2}`, in: `[1,2]`},
	{name: "minItems short", schema: `{"minItems":2}`, in: `[1]`, want: "has 1 items, want at least 2"},
	{name: "maxItems", schema: `{"maxItems":2}`, in: `[]`},
	{name: "maxItems long", schema: `{"maxItems":2}`, in: `[1,2,3]`, want: "has 3 items, want at most 2"},

	// enum, const
	{name: "enum", schema: `{"enum":["a",1,null]}`, in: `"a"`},
	{name: "enum number by value", schema: `{"enum":[10]}`, in: `1.0e1`, reason: "numbers are equal by value, exactly"},
	{name: "enum refuses", schema: `{"enum":["a",1,null]}`, in: `"b"`, want: `must be one of "a", 1, null`},
	{name: "enum object", schema: `{"enum":[{"a":[1,2]}]}`, in: `{"a":[1,2.00]}`},
	{name: "enum object refuses", schema: `{"enum":[{"a":[1,2]}]}`, in: `{"a":[2,1]}`, want: `must be one of {"a":[1,2]}`},
	{name: "const", schema: `{"const":"reckon.receipt/v1"}`, in: `"reckon.receipt/v1"`},
	{name: "const refuses", schema: `{"const":"v1"}`, in: `"v2"`, want: `must be "v1"`},
	{name: "const big numbers", schema: `{"const":9007199254740993}`, in: `9007199254740992`, want: `must be 9007199254740993`,
		reason: "the two are equal as float64"},
	{name: "const false is not null", schema: `{"const":false}`, in: `null`, want: `must be false`},

	// pattern, minLength, maxLength
	{name: "pattern", schema: `{"pattern":"^-?[0-9]+(\\.[0-9]+)?$"}`, in: `"-12.5"`},
	{name: "pattern refuses", schema: `{"properties":{"v":{"pattern":"^-?[0-9]+(\\.[0-9]+)?$"}}}`, in: `{"v":"1e5"}`,
		want: `/v: does not match pattern "^-?[0-9]+(\\.[0-9]+)?$"`},
	{name: "pattern unanchored", schema: `{"pattern":"b"}`, in: `"abc"`, reason: "JSON Schema patterns search, unless anchored"},
	{name: "pattern ignores numbers", schema: `{"pattern":"^a$"}`, in: `12`},
	{name: "minLength code points", schema: `{"minLength":2}`, in: `"₹1"`},
	{name: "minLength short", schema: `{"minLength":2}`, in: `"₹"`, want: "has 1 characters, want at least 2",
		reason: "length counts code points, not bytes"},
	{name: "maxLength", schema: `{"maxLength":1}`, in: `"ab"`, want: "has 2 characters, want at most 1"},

	// minimum, maximum
	{name: "minimum", schema: `{"minimum":0}`, in: `0`},
	{name: "minimum refuses", schema: `{"minimum":0}`, in: `-0.001`, want: "must be at least 0"},
	{name: "minimum negative zero", schema: `{"minimum":0}`, in: `-0`},
	{name: "maximum", schema: `{"maximum":34}`, in: `34.0`},
	{name: "maximum refuses", schema: `{"maximum":34}`, in: `34.000001`, want: "must be at most 34"},
	{name: "maximum huge exponent", schema: `{"maximum":34}`, in: `1e99999999999999999999`, want: "must be at most 34"},
	{name: "minimum tiny exponent", schema: `{"minimum":1}`, in: `1e-99999999999999999999`, want: "must be at least 1"},
	{name: "maximum ignores strings", schema: `{"maximum":1}`, in: `"2"`},

	// anyOf
	{name: "anyOf", schema: `{"anyOf":[{"type":"string"},{"type":"integer","minimum":0}]}`, in: `3`},
	{name: "anyOf refuses", schema: `{"anyOf":[{"type":"string"},{"type":"integer","minimum":0}]}`, in: `-3`,
		want: "matches no anyOf alternative: [0] is a JSON integer, want string; [1] must be at least 0"},

	// annotations
	{name: "annotations", schema: `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"x","title":"t","description":"d"}`, in: `1`},

	// documents
	{name: "not JSON", schema: `{}`, in: `{"a":`, want: "not JSON: unexpected EOF"},
	{name: "trailing data", schema: `{}`, in: `1 2`, want: "not JSON: unexpected data after the value"},
	{name: "empty", schema: `{}`, in: ``, want: "not JSON: EOF"},
}

func TestValidate(t *testing.T) {
	for _, tc := range validateCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Compile([]byte(tc.schema))
			require.NoError(t, err, "Compile(%s)", tc.schema)
			err = s.Validate([]byte(tc.in))
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

func TestValidateEveryViolation(t *testing.T) {
	s, err := Compile([]byte(`{
		"type": "object", "additionalProperties": false, "required": ["inputs", "id"],
		"properties": {
			"id": {"type": "string"},
			"inputs": {"type": "array", "items": {
				"type": "object", "additionalProperties": false, "required": ["value"],
				"properties": {"value": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$"}}}}}}`))
	require.NoError(t, err)
	err = s.Validate([]byte(`{"inputs": [{"value": "1.5"}, {"value": "2e3", "x": 1}, {}, {"value": 7}], "y": null}`))
	require.EqualError(t, err, `missing required property "id"
/inputs/1/value: does not match pattern "^-?[0-9]+(\\.[0-9]+)?$"
/inputs/1/x: property is not allowed
/inputs/2: missing required property "value"
/inputs/3/value: is a JSON integer, want string
/y: property is not allowed`)
}
