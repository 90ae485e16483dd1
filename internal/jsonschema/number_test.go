package jsonschema

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDecimalCmp(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"0", "-0", 0},
		{"0", "0.000e5", 0},
		{"1", "1.0", 0},
		{"100", "1e2", 0},
		{"0.12", "0.123", -1},
		{"0.2", "0.19", 1},
		{"-0.2", "-0.19", -1},
		{"-1", "0", -1},
		{"9007199254740993", "9007199254740992", 1},
		{"1e-7", "0.0000001", 0},
		{"12.50", "125E-1", 0},
		{"99", "100", -1},
		{"1E+400", "1e399", 1},
	} {
		a, ok := parseDecimal(json.Number(tc.a))
		require.True(t, ok, tc.a)
		b, ok := parseDecimal(json.Number(tc.b))
		require.True(t, ok, tc.b)
		require.Equal(t, tc.want, a.cmp(b), "cmp(%s, %s)", tc.a, tc.b)
		require.Equal(t, -tc.want, b.cmp(a), "cmp(%s, %s)", tc.b, tc.a)
	}
}
