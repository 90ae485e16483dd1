package receipt

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameResponseJSON holds AppendJSON to what encoding/json writes
// for r with HTML escaping off.
func requireSameResponseJSON(t *testing.T, r *Response) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(r))
	require.Equal(t, want.String(), string(r.AppendJSON(nil))+"\n")
}

func TestResponseJSONMatches(t *testing.T) {
	s, _ := testSigner(1)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		requireSameResponseJSON(t, Respond(loadRequest(t, name)))
		requireSameResponseJSON(t, Respond(loadRequest(t, name), s))
	}
	span := [2]int{3, 7}
	for _, r := range []*Response{
		{},
		{ID: "a", Error: &ErrorInfo{Code: "c", Message: "m <&> \u2028", Span: &span, Hint: "h", Field: "f"}},
		{ID: "a", Error: &ErrorInfo{Code: "c"}},
		{ID: "\xff", OK: true, Result: &Result{}, Receipt: &Envelope{}},
	} {
		requireSameResponseJSON(t, r)
	}
}

// FuzzResponseJSON holds the response encoder to encoding/json on
// arbitrary strings in every kind of field.
func FuzzResponseJSON(f *testing.F) {
	f.Add("a", "b\"c", "\xff", 3, true)
	f.Add("\u2028", "<>&", "\x00\x1f", -1, false)
	f.Fuzz(func(t *testing.T, a, b, c string, n int, flag bool) {
		places, span := n, [2]int{n, -n}
		r := &Response{ID: a, OK: flag, Expanded: b,
			Result:  &Result{Exact: a, Value: b, Unit: c, Scale: a, Places: &places, Rounding: b, Grouping: c, Display: a + b, Inexact: flag},
			Receipt: &Envelope{PayloadType: a, Payload: b, Signatures: []Signature{{KeyID: c, Sig: a}, {}}},
			Error:   &ErrorInfo{Code: a, Message: b, Span: &span, Hint: c, Field: a}}
		requireSameResponseJSON(t, r)
		r.Result.Places, r.Receipt.Signatures, r.Error.Span = nil, nil, nil
		requireSameResponseJSON(t, r)
		r.Result, r.Receipt, r.Error = nil, nil, nil
		requireSameResponseJSON(t, r)
	})
}
