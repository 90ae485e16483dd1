package receipt

import (
	"errors"
	"testing"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestCalculateNil pins that a nil request is refused with a typed error:
// it used to panic.
func TestCalculateNil(t *testing.T) {
	var got *Receipt
	var err error
	require.NotPanics(t, func() { got, err = Calculate(nil) })
	require.Nil(t, got)
	var re *fault.Error
	require.True(t, errors.As(err, &re), "want a *fault.Error, got %T", err)
	require.Equal(t, fault.BadRequest, re.Code)
	require.Equal(t, fault.BadRequest, Describe(err).Code)
}

// TestSealAndRespondNil pins that a nil receipt and a nil request are
// refused with the one error type: both used to panic.
func TestSealAndRespondNil(t *testing.T) {
	var env *dsse.Envelope
	var err error
	require.NotPanics(t, func() { env, err = Seal(nil) })
	require.Nil(t, env)
	var re *fault.Error
	require.ErrorAs(t, err, &re)
	require.Equal(t, fault.MissingField, re.Code)
	require.Equal(t, "receipt", re.Field)

	var resp *Response
	require.NotPanics(t, func() { resp = Respond(nil, dsse.Unsigned()) })
	require.False(t, resp.OK)
	require.Equal(t, fault.BadRequest, resp.Error.Code)

	require.Nil(t, Describe(nil), "no error, nothing to describe")
}

// TestDescribeKeepsShapes pins the JSON error object across the move to
// one error type: a formula's own errors name the field "formula" and
// always carry a span, an empty one at the end of the formula included;
// a unit clash carries its span and no field; a printed number's error
// carries its path and no span.
func TestDescribeKeepsShapes(t *testing.T) {
	usd := func(name, display string) Input {
		return Input{Name: name, Display: display, Unit: "USD", Provenance: ProvenanceUser}
	}
	tests := []struct {
		name  string
		req   *Request
		code  string
		field string
		span  *[2]int
	}{
		{"syntax at the end", &Request{Formula: "a +", Inputs: []Input{usd("a", "1")}}, "syntax", "formula", &[2]int{3, 3}},
		{"division by zero", &Request{Formula: "a / (a - a)", Inputs: []Input{usd("a", "1")}}, "division_by_zero", "formula", &[2]int{5, 10}},
		{"unit clash", &Request{Formula: "a + b", Inputs: []Input{usd("a", "1"),
			{Name: "b", Display: "2", Unit: "count", Provenance: ProvenanceUser}}}, "unit_mismatch", "", &[2]int{0, 5}},
		{"printed number", &Request{Formula: "a", Inputs: []Input{usd("a", "n/a")}}, "bad_number", "inputs[0].display", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Calculate(tc.req)
			info := Describe(err)
			require.Equal(t, tc.code, info.Code, "%v", err)
			require.Equal(t, tc.field, info.Field, "%v", err)
			require.Equal(t, tc.span, info.Span, "%v", err)
		})
	}
}
