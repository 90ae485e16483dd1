package jsonschema

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// fuzzSchema is the schema of TestValidate, so that arbitrary documents
// reach the walk to the value at fault and the number check.
var fuzzSchema = MustCompile([]byte(inputSchema))

func FuzzValidate(f *testing.F) {
	for _, seed := range []string{
		`{"id":"a","inputs":[{"value":"1.5"}],"places":2}`,
		`{"id":"","inputs":[{"value":"2e3","x":1},{}],"places":-1,"tags":{"a":1}}`,
		`{"places":1e-400,"inputs":[1e400]}`, `{"places":-0.0}`, `[1,"a",null,true]`,
		`"x"`, `null`, ``, `{`, `{"a":1}{}`, "\xff", `{"id":"\ud800"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		err := fuzzSchema.Validate(in)
		require.Equal(t, err, fuzzSchema.Validate(in), "Validate is deterministic")
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
			require.Len(t, e.Violations, 1)
		}
	})
}
