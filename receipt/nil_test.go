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
