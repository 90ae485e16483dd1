package strictjson

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

type item struct {
	Display string `json:"display"`
	Count   *int64 `json:"count"`
}

type doc struct {
	ID     string `json:"id"`
	Inputs []item `json:"inputs"`
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name, in, field, msg string
	}{
		{name: "ok", in: `{"id":"a","inputs":[{"display":"1","count":2}]}`},
		{name: "unknown field", in: `{"id":"a","extra":1}`, field: "extra", msg: "is not a known field"},
		{name: "trailing data", in: `{"id":"a"} {}`, msg: "unexpected data after the value"},
		{name: "duplicate key", in: `{"id":"a","id":"b"}`, field: "id", msg: "is given twice"},
		{name: "case variant", in: `{"id":"a","ID":"b"}`, field: "ID", msg: `differs from "id" only in case`},
		{name: "duplicate deep", in: `{"inputs":[{"display":"1"},{"display":"1","Display":"2"}]}`,
			field: "inputs[1].Display", msg: `differs from "display" only in case`},
		{name: "number for string", in: `{"inputs":[{"display":5}]}`, field: "inputs[0].display",
			msg: "is a JSON number, but a string belongs here"},
		{name: "fraction for count", in: `{"inputs":[{"count":1.5}]}`, field: "inputs[0].count",
			msg: "is a JSON number 1.5, but a whole number belongs here"},
		{name: "empty", in: ``, msg: "the JSON value is empty or cut short"},
		{name: "same key in sibling objects", in: `{"inputs":[{"display":"1"},{"display":"2"}]}`},
		// encoding/json matches keys by Unicode folding: "ſ" (long s)
		// folds to "S", so "diſplay" is display, and the last one won.
		{name: "unicode fold variant", in: `{"inputs":[{"display":"1","diſplay":"2"}]}`,
			field: "inputs[0].diſplay", msg: `differs from "display" only in case`},
		// encoding/json takes a key that matches a field only when case
		// is ignored; a reader that matches keys exactly (a schema, most
		// other languages) sees the field missing. Both readers must agree.
		{name: "field in another case", in: `{"ID":"a"}`, field: "ID", msg: `is not a known field; the field is "id"`},
		{name: "field in another case, deep", in: `{"inputs":[{"display":"1"},{"Display":"2"}]}`, field: "inputs[1].Display",
			msg: `is not a known field; the field is "display"`},
		{name: "field by unicode folding", in: `{"inputs":[{"diſplay":"2"}]}`, field: "inputs[0].diſplay",
			msg: `is not a known field; the field is "display"`},
		// encoding/json reads an invalid byte and a lone surrogate as
		// U+FFFD: "b\xff" and "b\xfe" would be one name.
		{name: "invalid UTF-8", in: "{\"id\":\"b\xff\"}", msg: "not valid UTF-8 at byte 8"},
		{name: "lone high surrogate", in: `{"id":"b\ud800"}`, msg: `a lone UTF-16 surrogate \ud800 at byte 8`},
		{name: "lone low surrogate", in: `{"id":"\udc00b"}`, msg: `a lone UTF-16 surrogate \udc00 at byte 7`},
		{name: "reversed pair", in: `{"id":"\udc00\ud800"}`, msg: `a lone UTF-16 surrogate \udc00 at byte 7`},
		{name: "surrogate pair", in: `{"id":"\ud83d\ude00 and \\ud800"}`},
		{name: "object for string", in: `{"id":{"a":1}}`, field: "id", msg: "is a JSON object, but a string belongs here"},
		{name: "array for string", in: `{"id":["x","y"]}`, field: "id", msg: "is a JSON array, but a string belongs here"},
		{name: "object for array", in: `{"inputs":{"display":"1"}}`, field: "inputs", msg: "is a JSON object, but an array belongs here"},
		{name: "object deep in arrays", in: `{"inputs":[{"display":"1"},{"display":{"z":1}}]}`, field: "inputs[1].display",
			msg: "is a JSON object, but a string belongs here"},
		{name: "unknown field holding an object", in: `{"inputs":[{"display":"1","extra":{"a":1}}]}`, field: "inputs[0].extra",
			msg: "is not a known field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d doc
			err := Decode([]byte(tc.in), &d)
			if tc.msg == "" {
				require.NoError(t, err)
				return
			}
			var e *Error
			require.True(t, errors.As(err, &e), "Decode(%q) = %v", tc.in, err)
			require.Equal(t, tc.field, e.Field, "Decode(%q)", tc.in)
			require.Equal(t, tc.msg, e.Msg, "Decode(%q)", tc.in)
		})
	}
}

func TestDecodeDepth(t *testing.T) {
	var v any
	deep := make([]byte, 0, 2*MaxDepth+2)
	for range MaxDepth + 1 {
		deep = append(deep, '[')
	}
	for range MaxDepth + 1 {
		deep = append(deep, ']')
	}
	var e *Error
	require.ErrorAs(t, Decode(deep, &v), &e)
	require.Contains(t, e.Msg, "nested more than")
	require.NoError(t, Decode(deep[1:len(deep)-1], &v), "exactly at the limit")
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"id":"a","inputs":[{"display":"1","count":2}]}`, `{"id":"a","ID":"b"}`, `[[[[`, `{"inputs":[{"count":1e3}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d doc
		err := Decode(data, &d)
		if err != nil {
			var e *Error
			require.ErrorAs(t, err, &e, "every refusal is an *Error")
		}
	})
}

// TestDecodeExactNamesSkipsOpaqueValues: keys inside a map, a raw message
// or an interface are the data's own, and any case is theirs.
func TestDecodeExactNamesSkipsOpaqueValues(t *testing.T) {
	var v struct {
		M   map[string]item `json:"m"`
		Raw json.RawMessage `json:"raw"`
		Any any             `json:"any"`
	}
	require.NoError(t, Decode([]byte(`{"m":{"Key":{"display":"1"}},"raw":{"Display":1},"any":{"Display":1}}`), &v))
	var e *Error
	require.ErrorAs(t, Decode([]byte(`{"m":{"Key":{"Display":"1"}}}`), &v), &e)
	require.Equal(t, "m.Key.Display", e.Field)
}

// errOwn is the error ownType's UnmarshalJSON returns.
var errOwn = errors.New("own refusal")

type ownType struct{}

func (*ownType) UnmarshalJSON([]byte) error { return errOwn }

// TestDecodeRawValues: a number past float64's range inside a value kept
// as written does not stop the key check, so a key given twice after it
// is still refused; and a type's own refusal stays reachable.
func TestDecodeRawValues(t *testing.T) {
	var v struct {
		Raw  []json.RawMessage `json:"raw"`
		Text string            `json:"text"`
	}
	err := Decode([]byte(`{"raw":[1e400],"text":"a","text":"b"}`), &v)
	var se *Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, "text", se.Field)
	require.Equal(t, "is given twice", se.Msg)

	var w struct {
		Own ownType `json:"own"`
	}
	err = Decode([]byte(`{"own":{}}`), &w)
	require.ErrorIs(t, err, errOwn, "a type's own refusal is wrapped, not flattened")
}

func TestErrorHint(t *testing.T) {
	tests := []struct {
		name string
		in   Error
		want string
	}{
		{name: "a number where a string belongs", in: Error{Field: "a", Msg: "is a JSON number, but a string belongs here", Kind: "number"}, want: HintNumbers},
		{name: "an unknown field", in: Error{Field: "a", Msg: "is not a known field"}, want: "remove it; send x"},
		{name: "anything else", in: Error{Msg: "unexpected data after the value"}, want: "send x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, tt.in.Hint("send x"))
		})
	}
	var v doc
	err := Decode([]byte(`{"inputs":{"display":"1"}}`), &v)
	var se *Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, "inputs must be an array", se.Hint("send x"), "another wrong kind names the kind that belongs")
}
