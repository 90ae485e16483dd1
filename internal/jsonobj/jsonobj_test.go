package jsonobj

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFields(t *testing.T) {
	tests := []struct {
		name, in string
		want     map[string]string
		err      string
	}{
		{name: "members as written", in: ` {"id": 2.70, "m" : "x", "o":{"a":[1]}} `,
			want: map[string]string{"id": "2.70", "m": `"x"`, "o": `{"a":[1]}`}},
		{name: "an escaped key", in: `{"i\u0064":1}`, want: map[string]string{"id": "1"}},
		{name: "an unknown case variant is kept", in: `{"Other":1}`, want: map[string]string{"Other": "1"}},
		{name: "a key twice", in: `{"id":1,"id":2}`, err: `field "id" appears twice`},
		{name: "a case variant of a known key", in: `{"ID":1}`, err: `field "ID" differs from "id" only in case`},
		{name: "an array", in: `[1]`, err: "not a JSON object"},
		{name: "data after", in: `{} {}`, err: "data after the object"},
		{name: "not JSON", in: `{"id":}`, err: "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Fields([]byte(tt.in), "id")
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
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
	// field "Id" differs from "id" only in case
}

// FuzzFields checks that Fields never panics and, when it accepts, agrees
// with encoding/json on every member.
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
			require.JSONEq(t, string(v), string(got[k]), "member %q", k)
		}
	})
}
