package expr

import (
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// requireLimit checks that err is a limit error naming limit with its value.
func requireLimit(t *testing.T, err error, limit string, maxv int) {
	t.Helper()
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, fault.LimitExceeded, e.Code, "%v", err)
	require.NotNil(t, e.Exceeded)
	require.Equal(t, limit, e.Exceeded.Limit)
	require.Equal(t, maxv, e.Exceeded.Max)
	require.Greater(t, e.Exceeded.Got, maxv)
}

func nested(depth int) string { return strings.Repeat("(", depth) + "a" + strings.Repeat(")", depth) }

func sum(terms int) string { return "a" + strings.Repeat(" + a", terms-1) }

func TestLimitsAtAndPast(t *testing.T) {
	d := DefaultLimits()
	for _, tc := range []struct {
		name     string
		limit    string
		max      int
		at, past string
	}{
		{"bytes", "bytes", d.MaxBytes, strings.Repeat(" ", d.MaxBytes-1) + "a", strings.Repeat(" ", d.MaxBytes) + "a"},
		{"depth", "nesting depth", d.MaxDepth, nested(d.MaxDepth), nested(d.MaxDepth + 1)},
		{"call depth", "nesting depth", d.MaxDepth, strings.Repeat("abs(", d.MaxDepth) + "a" + strings.Repeat(")", d.MaxDepth),
			strings.Repeat("abs(", d.MaxDepth+1) + "a" + strings.Repeat(")", d.MaxDepth+1)},
		// n terms make n leaves and n-1 binary nodes.
		{"nodes", "nodes", d.MaxNodes, sum((d.MaxNodes + 1) / 2), sum((d.MaxNodes+1)/2) + " + a"},
		{"args", "arguments", d.MaxArgs, "min(a" + strings.Repeat(", a", d.MaxArgs-1) + ")", "min(a" + strings.Repeat(", a", d.MaxArgs) + ")"},
		{"digits", "literal digits", d.MaxDigits, "0." + strings.Repeat("1", d.MaxDigits-1), "0." + strings.Repeat("1", d.MaxDigits)},
		{"magnitude", "magnitude", d.MaxMagnitude, strings.Repeat("9", d.MaxMagnitude), "1" + strings.Repeat("0", d.MaxMagnitude)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.at)
			require.NoError(t, err, "a formula exactly at the %s limit is accepted", tc.limit)
			_, err = Parse(tc.past)
			requireLimit(t, err, tc.limit, tc.max)
		})
	}
}

func TestMagnitudeOfInputsAndIntermediates(t *testing.T) {
	big, _, _ := apd.NewFromString("1" + strings.Repeat("0", 30))
	_, err := MustParse("a + 1").Eval(Vars{"a": big})
	requireLimit(t, err, "magnitude", DefaultMaxMagnitude)

	half, _, _ := apd.NewFromString("1" + strings.Repeat("0", 15))
	_, err = MustParse("a * a").Eval(Vars{"a": half})
	requireLimit(t, err, "magnitude", DefaultMaxMagnitude)

	f, err := ParseLimits("a * a", Limits{MaxMagnitude: 40})
	require.NoError(t, err)
	r, err := f.Eval(Vars{"a": half})
	require.NoError(t, err, "a raised magnitude limit admits the product")
	require.Equal(t, "1"+strings.Repeat("0", 30), r.String())
}

func TestRaisedLimits(t *testing.T) {
	lim := Limits{MaxDepth: CapMaxDepth, MaxNodes: CapMaxNodes, MaxBytes: CapMaxBytes, MaxArgs: CapMaxArgs}
	_, err := ParseLimits(nested(CapMaxDepth), lim)
	require.NoError(t, err)
	_, err = ParseLimits(sum(CapMaxNodes/2), lim)
	require.NoError(t, err)
	_, err = ParseLimits(sum(CapMaxNodes/2+1), lim)
	requireLimit(t, err, "nodes", CapMaxNodes)
}

func TestLimitsValidate(t *testing.T) {
	require.NoError(t, Limits{}.Validate())
	require.NoError(t, Limits{MaxDepth: CapMaxDepth}.Validate())
	for _, l := range []Limits{{MaxDepth: CapMaxDepth + 1}, {MaxNodes: -1}, {MaxDigits: Precision + 1}, {MaxBytes: CapMaxBytes + 1}} {
		_, err := ParseLimits("a", l)
		var e *Error
		require.ErrorAs(t, err, &e, "%+v", l)
		require.Equal(t, fault.InvalidLimits, e.Code)
	}
	require.Equal(t, Limits{4096, 32, 256, 64, 34, 30}, DefaultLimits())
}

// TestHostile feeds the inputs an attacker would try. Each must fail fast
// with a limit error: the pre-scan runs before participle can recurse. Their
// speed is measured in BenchmarkHostile.
func TestHostile(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		limit    string
		lim      Limits
	}{
		{"200k nested parens", strings.Repeat("(", 200000) + "a" + strings.Repeat(")", 200000), "bytes", Limits{}},
		{"200k nested parens at the byte cap", strings.Repeat("(", 200000), "nesting depth", Limits{MaxBytes: CapMaxBytes}},
		{"200k unclosed parens", strings.Repeat("(", 200000), "bytes", Limits{}},
		{"100k terms", sum(100000), "bytes", Limits{}},
		{"100k terms at the caps", sum(40000), "nodes", Limits{MaxBytes: CapMaxBytes, MaxNodes: CapMaxNodes}},
		{"million-digit literal", strings.Repeat("9", 1_000_000), "bytes", Limits{}},
		{"long literal", strings.Repeat("9", 4000), "literal digits", Limits{}},
		{"megabyte of garbage", strings.Repeat("\xff(a+*", 1<<18), "bytes", Limits{}},
		{"deep unary chain", strings.Repeat("-", 4000) + "a", "nodes", Limits{}},
		{"deep calls at the byte cap", strings.Repeat("min(", 60000), "nesting depth", Limits{MaxBytes: CapMaxBytes}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLimits(tc.in, tc.lim)
			var e *Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, fault.LimitExceeded, e.Code, "%v", err)
			require.Equal(t, tc.limit, e.Exceeded.Limit)
		})
	}
}
