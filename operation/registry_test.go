package operation_test

import (
	"slices"
	"testing"

	"github.com/reckonhq/reckon/operation"
	"github.com/stretchr/testify/require"
)

type named string

func (n named) Name() string                                { return string(n) }
func (named) Run(operation.Args) (operation.Outcome, error) { return operation.Outcome{}, nil }

// An operation registers once by name; formula and the empty name are
// no operation's; a nil op registers nothing.
func TestRegister(t *testing.T) {
	operation.Register(named("registry_test_op"), nil)
	op, ok := operation.Lookup("registry_test_op")
	require.True(t, ok)
	require.Equal(t, "registry_test_op", op.Name())
	require.True(t, slices.Contains(operation.Names(), "registry_test_op"))
	require.True(t, slices.IsSorted(operation.Names()))
	for _, bad := range []string{"registry_test_op", "formula", ""} {
		require.Panics(t, func() { operation.Register(named(bad)) }, bad)
	}
	_, ok = operation.Lookup("no_such_op")
	require.False(t, ok)
}

// A call registers all its operations or none, and names are snake_case.
func TestRegisterAllOrNone(t *testing.T) {
	require.Panics(t, func() { operation.Register(named("registry_atomic_a"), named("registry_atomic_a")) })
	_, ok := operation.Lookup("registry_atomic_a")
	require.False(t, ok, "a call that panics registers nothing")
	for _, bad := range []string{"PMT", " pmt", "Formula", "formula ", "a b", "\xff", "pmt\u200b"} {
		require.Panics(t, func() { operation.Register(named(bad)) }, "%q", bad)
	}
}
