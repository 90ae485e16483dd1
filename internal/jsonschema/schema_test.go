package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompileRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, schema, want, reason string
	}{
		{name: "format", schema: `{"type":"string","format":"date"}`, want: `unknown keyword "format"`,
			reason: "a keyword this package does not check must not pass silently"},
		{name: "nested unknown", schema: `{"properties":{"a":{"items":{"multipleOf":2}}}}`,
			want: `/properties/a/items: unknown keyword "multipleOf"`},
		{name: "every unknown", schema: `{"$ref":"#/x","oneOf":[true],"properties":{"a":{"not":{}}}}`,
			want: "unknown keyword \"$ref\"\nunknown keyword \"oneOf\"\n/properties/a: unknown keyword \"not\""},
		{name: "not JSON", schema: `{"type":`, want: "schema is not JSON: unexpected EOF"},
		{name: "not a schema", schema: `[]`, want: "schema is a JSON array, want an object or a boolean"},
		{name: "bad type name", schema: `{"type":"float"}`, want: `/type: unknown type "float"`},
		{name: "empty type list", schema: `{"type":[]}`, want: "/type: type must name at least one type"},
		{name: "duplicate type", schema: `{"type":["null","null"]}`, want: `/type: type "null" is listed twice`},
		{name: "required not strings", schema: `{"required":["a",1]}`, want: "/required: required lists 1, want a string"},
		{name: "required twice", schema: `{"required":["a","a"]}`, want: `/required: required lists "a" twice`},
		{name: "properties not object", schema: `{"properties":[]}`, want: "/properties: properties is a JSON array, want an object"},
		{name: "property not schema", schema: `{"properties":{"a":1}}`, want: "/properties/a: schema is a JSON integer, want an object or a boolean"},
		{name: "items array", schema: `{"items":[{}]}`, want: "/items: schema is a JSON array, want an object or a boolean",
			reason: "2020-12 writes tuples with prefixItems, which this subset lacks"},
		{name: "empty enum", schema: `{"enum":[]}`, want: "/enum: enum must be a non-empty array"},
		{name: "empty anyOf", schema: `{"anyOf":[]}`, want: "/anyOf: anyOf must be a non-empty array of schemas"},
		{name: "bad pattern", schema: `{"pattern":"(?=a)"}`,
			want: "/pattern: pattern \"(?=a)\" is not an RE2 expression: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"},
		{name: "negative length", schema: `{"minLength":-1}`, want: "/minLength: minLength is -1, want a non-negative integer"},
		{name: "fractional items", schema: `{"maxItems":1.5}`, want: "/maxItems: maxItems is 1.5, want a non-negative integer"},
		{name: "fractional minimum", schema: `{"minimum":0.5}`, want: "/minimum: minimum is 0.5, want an integer",
			reason: "bounds are integers only in this subset"},
		{name: "string maximum", schema: `{"maximum":"3"}`, want: `/maximum: maximum is "3", want an integer`},
		{name: "description not string", schema: `{"description":1}`, want: "/description: description is a JSON integer, want a string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile([]byte(tc.schema))
			require.EqualError(t, err, tc.want, "Compile(%s) %s", tc.schema, tc.reason)
		})
	}
}

func TestMustCompilePanics(t *testing.T) {
	require.Panics(t, func() { MustCompile([]byte(`{"format":"x"}`)) })
	require.NotNil(t, MustCompile([]byte(`{"type":"object"}`)))
}
