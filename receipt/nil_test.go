package receipt

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCalculateNil pins that a nil request is refused with a typed error:
// it used to panic.
func TestCalculateNil(t *testing.T) {
	var got *Receipt
	var err error
	require.NotPanics(t, func() { got, err = Calculate(nil) })
	require.Nil(t, got)
	var re *Error
	require.True(t, errors.As(err, &re), "want a *receipt.Error, got %T", err)
	require.Equal(t, CodeBadRequest, re.Code)
	require.Equal(t, CodeBadRequest, Describe(err).Code)
}

// TestSealAndRespondNil pins that a nil receipt and a nil request are
// refused with the one error type: both used to panic.
func TestSealAndRespondNil(t *testing.T) {
	var env *Envelope
	var err error
	require.NotPanics(t, func() { env, err = Seal(nil) })
	require.Nil(t, env)
	var re *Error
	require.ErrorAs(t, err, &re)
	require.Equal(t, CodeMissingField, re.Code)
	require.Equal(t, "receipt", re.Field)

	var resp *Response
	require.NotPanics(t, func() { resp = Respond(nil) })
	require.False(t, resp.OK)
	require.Equal(t, CodeBadRequest, resp.Error.Code)

	require.Nil(t, Describe(nil), "no error, nothing to describe")
}
