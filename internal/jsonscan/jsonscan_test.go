package jsonscan

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScanner(t *testing.T) {
	s := New([]byte(`{"a":"x\"y","b":[1,{"c":"]"}],"n":-12,"t":true,"f":false}`))
	s.Lit(`{"a":`)
	require.Equal(t, `x"y`, s.Str(), "escaped strings are decoded")
	s.Lit(`,"b":`)
	require.Equal(t, `[1,{"c":"]"}]`, string(s.Skip()), "skip minds brackets inside strings")
	s.Lit(`,"n":`)
	require.Equal(t, -12, s.Int())
	s.Lit(`,"t":`)
	require.True(t, s.Bool())
	s.Lit(`,"f":`)
	require.False(t, s.Bool())
	s.Lit(`}`)
	require.True(t, s.Done())
}

func TestScannerStopsAtFirstMismatch(t *testing.T) {
	s := New([]byte(`{"a":1}`))
	s.Lit(`{"b":`)
	require.False(t, s.OK())
	require.Equal(t, "", s.Str(), "nothing is read after a mismatch")
	require.Nil(t, s.Skip())
	require.False(t, s.Done())

	for _, bad := range []string{`"unterminated`, `[1,2`, `"bad \u12"`} {
		s := New([]byte(bad))
		s.Skip()
		require.False(t, s.Done(), "%q", bad)
	}
}
