package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPortable(t *testing.T) {
	for _, tc := range []struct {
		name, schema, want, reason string
	}{
		{name: "closed object", schema: `{"type":"object","additionalProperties":false,"required":["a","b"],
			"properties":{"a":{"type":"string","pattern":"^[0-9]+$"},"b":{"type":["integer","null"]}}}`,
			reason: "numbers as patterned strings and nullable fields are portable"},
		{name: "nested closed objects", schema: `{"type":"object","additionalProperties":false,"required":["xs"],
			"properties":{"xs":{"type":"array","items":{"type":"object","additionalProperties":false,"required":[],"properties":{}}}}}`},
		{name: "keyword-named properties", schema: `{"type":"object","additionalProperties":false,"required":["format","not"],
			"properties":{"format":{"type":"string"},"not":{"type":"boolean"}}}`,
			reason: "property names are not keywords"},
		{name: "open object", schema: `{"type":"object","properties":{}}`,
			want: `an object schema must set "additionalProperties": false`},
		{name: "additionalProperties schema", schema: `{"type":"object","additionalProperties":{"type":"string"}}`,
			want: `an object schema must set "additionalProperties": false`},
		{name: "optional property", schema: `{"type":"object","additionalProperties":false,"required":["a"],
			"properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}`,
			want: "property \"b\" must be listed in required\nproperty \"c\" must be listed in required"},
		{name: "nested in items", schema: `{"type":"object","additionalProperties":false,"required":["xs"],
			"properties":{"xs":{"type":"array","items":{"type":"object","properties":{"a":{}}}}}}`,
			want: "/properties/xs/items: an object schema must set \"additionalProperties\": false\n" +
				"/properties/xs/items: property \"a\" must be listed in required"},
		{name: "nested in anyOf", schema: `{"type":"object","additionalProperties":false,"required":["x"],
			"properties":{"x":{"anyOf":[{"type":"null"},{"type":["object","null"]}]}}}`,
			want: "/properties/x/anyOf/1: an object schema must set \"additionalProperties\": false"},
		{name: "format", schema: `{"type":"object","additionalProperties":false,"required":["d"],
			"properties":{"d":{"type":"string","format":"date"}}}`, want: `/properties/d: "format" is not portable`},
		{name: "combinators", schema: `{"type":"object","additionalProperties":false,
			"allOf":[{}],"oneOf":[{}],"not":{},"$ref":"#"}`,
			want: "\"$ref\" is not portable\n\"oneOf\" is not portable\n\"allOf\" is not portable\n\"not\" is not portable"},
		{name: "root not object", schema: `{"type":"string"}`, want: `the root schema must be an object schema with "type": "object"`,
			reason: "tool inputs and outputs are JSON objects in every framework"},
		{name: "root boolean", schema: `true`,
			want: "the root schema must be an object schema with \"type\": \"object\"\na boolean schema is not portable; write an object schema"},
		{name: "boolean items", schema: `{"type":"object","additionalProperties":false,"required":["a"],
			"properties":{"a":{"type":"array","items":true}}}`,
			want: "/properties/a/items: a boolean schema is not portable; write an object schema"},
		{name: "portable but not compilable", schema: `{"type":"object","additionalProperties":false,"minproperties":1}`,
			want: `unknown keyword "minproperties"`, reason: "a portable schema must also be one the validator checks in full"},
		{name: "not JSON", schema: `{`, want: "schema is not JSON: unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Portable([]byte(tc.schema))
			if tc.want == "" {
				require.NoError(t, err, "Portable(%s) %s", tc.schema, tc.reason)
				return
			}
			require.EqualError(t, err, tc.want, "Portable(%s) %s", tc.schema, tc.reason)
		})
	}
}
