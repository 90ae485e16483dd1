package strictjson

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFields(t *testing.T) {
	tests := []struct {
		name, in string
		known    string // "id" when empty
		want     map[string]string
		err      string
	}{
		{name: "members as written", in: ` {"id": 2.70, "m" : "x", "o":{"a":[1]}} `,
			want: map[string]string{"id": "2.70", "m": `"x"`, "o": `{"a":[1]}`}},
		{name: "an escaped key", in: `{"i\u0064":1}`, want: map[string]string{"id": "1"}},
		{name: "an unknown case variant is kept", in: `{"Other":1}`, want: map[string]string{"Other": "1"}},
		{name: "nested objects are left to their reader", in: `{"o":{"a":1,"a":2}}`, want: map[string]string{"o": `{"a":1,"a":2}`}},
		{name: "invalid UTF-8 is read as encoding/json reads it", in: "{\"m\":\"\xff\"}", want: map[string]string{"m": "\"\xff\""}},
		{name: "a key twice", in: `{"id":1,"id":2}`, err: `id: is given twice`},
		{name: "two unknown keys that differ only in case are kept", in: `{"Other":1,"other":2}`, want: map[string]string{"Other": "1", "other": "2"}},
		{name: "a number past float64", in: `{"id":1e400,"m":2}`, want: map[string]string{"id": "1e400", "m": "2"}},
		{name: "a key twice after a number past float64", in: `{"x":1e400,"id":1,"id":2}`, err: `id: is given twice`},
		{name: "a case variant of a known key", in: `{"ID":1}`, err: `ID: differs from "id" only in case`},
		{name: "a Unicode fold of a known key", in: `{"ſtate":1}`, known: "state", err: `ſtate: differs from "state" only in case`},
		{name: "an array", in: `[1]`, err: "not a JSON object"},
		{name: "a string", in: `"{}"`, err: "not a JSON object"},
		{name: "a number", in: ` 42 `, err: "not a JSON object"},
		{name: "cut short", in: `{"id":1`, err: "cut short"},
		{name: "garbage after", in: `{"id":1} x`, err: "unexpected data after the value"},
		{name: "data after", in: `{} {}`, err: "unexpected data after the value"},
		{name: "not JSON", in: `{"id":}`, err: "invalid character"},
		{name: "nesting inside a member is its reader's to bound", in: `{"a":` + strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1) + `}`,
			want: map[string]string{"a": strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			known := tt.known
			if known == "" {
				known = "id"
			}
			got, err := Fields([]byte(tt.in), known)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				var se *Error
				require.ErrorAs(t, err, &se, "a refusal is an *Error")
				return
			}
			require.NoError(t, err)
			gotS := map[string]string{}
			for k, v := range got {
				gotS[k] = string(v)
			}
			require.Equal(t, tt.want, gotS)
		})
	}
}

func ExampleFields() {
	fields, err := Fields([]byte(`{"jsonrpc": "2.0", "id": 9007199254740993}`), "jsonrpc", "id")
	fmt.Println(string(fields["id"]), err)
	_, err = Fields([]byte(`{"id": 1, "Id": 2}`), "id")
	fmt.Println(err)
	// Output:
	// 9007199254740993 <nil>
	// Id: differs from "id" only in case
}

// FuzzFields checks that Fields never panics and, when it accepts, agrees
// with encoding/json on every member, byte for byte.
func FuzzFields(f *testing.F) {
	for _, s := range []string{`{"id":1}`, `{"a":{"b":[1,"}"]},"c":null}`, `{"id":1,"ID":2}`, `{`, `[]`, `{"a":1}x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Fields(data, "id", "method")
		if err != nil {
			return
		}
		var want map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(data, &want), "accepted %q", data)
		require.Equal(t, len(want), len(got))
		for k, v := range want {
			require.Equal(t, string(v), string(got[k]), "member %q, byte for byte", k)
		}
	})
}
