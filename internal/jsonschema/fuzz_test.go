package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// fuzzSchema uses every keyword of the subset, so that arbitrary instances
// reach every check.
var fuzzSchema = MustCompile([]byte(`{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object", "additionalProperties": false,
	"required": ["id", "n", "xs", "tag"],
	"properties": {
		"id": {"type": "string", "minLength": 1, "maxLength": 8, "pattern": "^[a-z]+$"},
		"n": {"type": ["integer", "null"], "minimum": -5, "maximum": 5},
		"x": {"type": "number", "minimum": 0},
		"xs": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"anyOf": [
			{"type": "string", "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$"},
			{"type": "object", "additionalProperties": {"type": "boolean"}}]}},
		"tag": {"enum": ["a", 1, null, {"k": [1.5]}]},
		"v": {"const": "v1"},
		"any": true,
		"none": false
	}}`))

func FuzzValidate(f *testing.F) {
	for _, seed := range []string{
		`{"id":"abc","n":3,"xs":["1.5",{"a":true}],"tag":"a"}`,
		`{"id":"","n":1.0,"xs":[],"tag":{"k":[15e-1]},"v":"v2","none":1,"extra":[]}`,
		`{"id":"ABCDEFGHIJ","n":-6,"x":-1e999999999999,"xs":["1e5",{"a":1},2,3],"tag":2}`,
		`{"any":{"deep":[[[[{}]]]]},"n":null,"xs":[{}]}`,
		`[1,"a",null,true]`, `"x"`, `-0`, `null`, ``, `{`, `{"a":1}{}`, "\xff", `{"id":"\ud800"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		err := fuzzSchema.Validate(in)
		again := fuzzSchema.Validate(in)
		require.Equal(t, err, again, "Validate is deterministic")
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
			require.NotEmpty(t, e.Violations)
		}
	})
}
