package fault_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/reckonhq/reckon/fault"
)

// TestErrorText pins the one format of Error(): field, then line:col (or
// line), then the message, each part only when known.
func TestErrorText(t *testing.T) {
	tests := []struct {
		name string
		in   *fault.Error
		want string
	}{
		{"message only", &fault.Error{Msg: "no request"}, "no request"},
		{"field", &fault.Error{Field: "inputs[0].display", Msg: "not a number"}, "inputs[0].display: not a number"},
		{"formula position", &fault.Error{Src: "a +\n  b / 0", Span: fault.Span{Start: 6, End: 11}, Msg: "division by zero"},
			"2:3: division by zero"},
		{"field and position", &fault.Error{Field: "formula", Src: "a + c", Span: fault.Span{Start: 4, End: 5}, Msg: "no input c"},
			"formula: 1:5: no input c"},
		{"line without column", &fault.Error{Line: 8, Msg: "a score line"}, "8: a score line"},
		{"a span without its source prints no position", &fault.Error{Span: fault.Span{Start: 3, End: 9}, Msg: "cannot add"}, "cannot add"},
		{"nil", nil, "<nil>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.in.Error())
		})
	}
}

// TestUnder pins the one field-path format when a caller prefixes the
// field of an error from the part of its input it passed on.
func TestUnder(t *testing.T) {
	e := &fault.Error{Field: "display"}
	require.Equal(t, "inputs[2].display", e.Under("inputs[2]").Field)
	require.Equal(t, "display", e.Field, "Under copies")
	require.Equal(t, "inputs[2]", (&fault.Error{}).Under("inputs[2]").Field)
	require.Equal(t, "inputs[0]", (&fault.Error{Field: "[0]"}).Under("inputs").Field)
	require.Equal(t, "display", e.Under("").Field)
}

// TestJSON pins the encoding as the contract's error object: the span as
// [start, end], and field, span and line only when known.
func TestJSON(t *testing.T) {
	b, err := json.Marshal(&fault.Error{Code: "bad_request", Msg: "m"})
	require.NoError(t, err)
	require.JSONEq(t, `{"code": "bad_request", "message": "m"}`, string(b))
	in := &fault.Error{Code: "unit_mismatch", Msg: "m", Hint: "h", Field: "formula", Span: fault.Span{Start: 0, End: 19}, Line: 2}
	b, err = json.Marshal(in)
	require.NoError(t, err)
	require.JSONEq(t, `{"code": "unit_mismatch", "message": "m", "hint": "h", "field": "formula", "span": [0, 19], "line": 2}`, string(b))
	var out fault.Error
	require.NoError(t, json.Unmarshal(b, &out))
	require.Equal(t, *in, out)
}

// FuzzFormat checks that printing an error never panics, whatever its
// span, line and source: a span past the end, before the start, reversed,
// or splitting a character.
func FuzzFormat(f *testing.F) {
	f.Add("a +\n  b / 0", 6, 11, 0)
	f.Add("", 0, 0, 3)
	f.Add("×÷−", 1, 0, 0)
	f.Add("x\n", 9, -4, -1)
	f.Fuzz(func(t *testing.T, src string, start, end, line int) {
		e := &fault.Error{Msg: "m", Src: src, Span: fault.Span{Start: start, End: end}, Line: line, Field: "formula", Hint: "h"}
		require.NotEmpty(t, e.Error())
		require.NotEmpty(t, e.Format())
		l, c := e.Position()
		if src != "" {
			require.Positive(t, l)
			require.Positive(t, c)
		}
	})
}
