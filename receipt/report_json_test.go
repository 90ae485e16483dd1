package receipt

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireSameJSON holds the AppendJSON of v, a report or a response, to
// what encoding/json writes for v with HTML escaping off.
func requireSameJSON(t *testing.T, v interface{ AppendJSON([]byte) []byte }) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	require.Equal(t, want.String(), string(v.AppendJSON(nil))+"\n")
}

func TestReportJSONMatches(t *testing.T) {
	s, pub := testSigner(1)
	ring := testRing(t, pub)
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		_, env := signed(t, name, s)
		requireSameJSON(t, verifyReport(env, ring, Policy{}))
		requireSameJSON(t, verifyReport(env, nil, Policy{}))
	}
	for _, rep := range []*Report{
		{},
		{ID: "a <&>", SignedBy: []string{"k1", "k2"}, Reasons: []Reason{{Code: "c", Message: "m\u2028", Field: "f", Recorded: "1", Recomputed: "2", Hint: "h"}}},
		{ID: "\xff", OK: true, Result: &Result{}, Expanded: "x", Reasons: []Reason{}},
	} {
		requireSameJSON(t, rep)
	}
}

// FuzzReportJSON holds the report encoder to encoding/json on arbitrary
// strings in every kind of field.
func FuzzReportJSON(f *testing.F) {
	f.Add("a", "b\"c", "\xff", true)
	f.Add("\u2028", "<>&", "\x00\x1f", false)
	f.Fuzz(func(t *testing.T, a, b, c string, flag bool) {
		rep := fullReport(a, b, c, flag)
		requireSameJSON(t, rep)
		rep.SignedBy, rep.Reasons, rep.Result = nil, nil, nil
		requireSameJSON(t, rep)
	})
}

// fullReport is a report with every field set from a, b, c and flag.
func fullReport(a, b, c string, flag bool) *Report {
	places := len(a)
	return &Report{ID: a, OK: flag, Signed: !flag, SignedBy: []string{b, c}, Expanded: c,
		Result:    fullResult(a, b, c, &places, flag),
		Reasons:   []Reason{{Code: a, Message: b, Field: c, Recorded: a, Recomputed: b, Hint: c}, {}},
		Grounding: b}
}
