package receipt

import (
	"testing"

	"github.com/reckonhq/reckon/operation"
	"github.com/reckonhq/reckon/units"
	"github.com/stretchr/testify/require"
)

func requireSameEncoding(t *testing.T, r *Receipt) {
	t.Helper()
	want, err := r.encodeJSON()
	require.NoError(t, err)
	got, err := r.Encode()
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
}

func TestAppendReceiptMatchesJSON(t *testing.T) {
	for _, name := range []string{"costco", "lakh", "tweets", "shortfall", "gap"} {
		r, err := Calculate(loadRequest(t, name))
		require.NoError(t, err)
		requireSameEncoding(t, r)
		r.Inputs[0].Label = "quote \" backslash \\ tab \t nl \n cr \r bs \b ff \f nul \x00 esc \x1b <>& \u2028 \u2029 é ₹ \xff\xfe end"
		r.Constants, r.Periods, r.Result.Places = nil, nil, nil
		requireSameEncoding(t, r)
		r.Inputs, r.Conversions = nil, nil
		requireSameEncoding(t, r)
	}
}

// FuzzAppendReceipt holds the fast encoder to encoding/json on arbitrary
// strings in every kind of field.
func FuzzAppendReceipt(f *testing.F) {
	f.Add("a", "b\"c", "\xff", int(3), true)
	f.Add("\u2028", "<>&", "\x00\x1f", int(-1), false)
	f.Fuzz(func(t *testing.T, a, b, c string, n int, flag bool) {
		places := n
		r := &Receipt{Type: a, ID: b, Operation: c, Formula: a + b, Interpretation: Interpretation{Kind: c, Note: b},
			Inputs:      []InputRecord{{Name: a, Display: b, Value: c, Quote: a + c}},
			Constants:   []Constant{{Value: b, Span: [2]int{n, -n}}},
			Conversions: []units.Conversion{{Name: c, Display: a, Printed: b}},
			Expanded:    c, Periods: []string{a, b}, SamePeriod: flag,
			Result: Result{Exact: a, Value: b, Display: c, Places: &places, Inexact: !flag},
			Engine: Engine{Name: a, Version: b, Precision: n}}
		requireSameEncoding(t, r)
		r.Inputs[0].Source = c
		requireSameEncoding(t, r)
		r.Inputs[0].Grounding = &Grounding{Source: a, Digest: b, Span: [2]int{n, -n}, Tier: c}
		requireSameEncoding(t, r)
		r.Call = &Call{Params: []Param{{Name: a, Value: b}}, Today: c, Method: a + c,
			Steps: []operation.Step{{Name: b, Value: c, Unit: a}}}
		requireSameEncoding(t, r)
		r.Call.Params, r.Call.Steps = nil, nil
		requireSameEncoding(t, r)
	})
}
