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

func TestScannerAnyLayout(t *testing.T) {
	s := New([]byte(" {\n\t\"k\" : \"v\\u00e9\" , \"n\":\r-12 ,\"t\": true } "))
	s.Want('{')
	require.Equal(t, "k", s.Key())
	require.Equal(t, "vé", s.Text(), "escapes are decoded")
	require.True(t, s.Byte(','))
	require.Equal(t, "n", s.Key())
	require.Equal(t, -12, s.Whole())
	require.True(t, s.Byte(','))
	require.Equal(t, "t", s.Key())
	require.True(t, s.Truth())
	s.Want('}')
	require.True(t, s.End(), "trailing white space is allowed")
}

func TestScannerStrictTokens(t *testing.T) {
	for _, tc := range []struct {
		name, in, reason string
		read             func(*Scanner)
	}{
		{"leading zero", `012`, "JSON has no leading zeros", func(s *Scanner) { s.Whole() }},
		{"fraction", `1.0`, "encoding/json reads no fraction into an int", func(s *Scanner) { s.Whole() }},
		{"exponent", `1e2`, "nor an exponent", func(s *Scanner) { s.Whole() }},
		{"minus alone", `-`, "no digits", func(s *Scanner) { s.Whole() }},
		{"overflow", `99999999999999999999`, "out of the range of int", func(s *Scanner) { s.Whole() }},
		{"control byte", "\"a\x01\"", "a raw control byte is not JSON", func(s *Scanner) { s.Text() }},
		{"surrogate", `"\ud800"`, "a lone surrogate decodes to U+FFFD", func(s *Scanner) { s.Text() }},
		{"bad escape", `"\x"`, "not a JSON escape", func(s *Scanner) { s.Text() }},
		{"escaped key", `"\u0069":`, "keys with escapes go to the strict decoder", func(s *Scanner) { s.Key() }},
		{"key without colon", `"a" "b"`, "a key is followed by a colon", func(s *Scanner) { s.Key() }},
		{"trailing", `1 x`, "nothing may follow", func(s *Scanner) { s.Whole() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New([]byte(tc.in))
			tc.read(s)
			require.False(t, s.End(), tc.reason)
		})
	}
}
