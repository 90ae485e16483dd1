package dates

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// TestResolveVectors runs every case of testdata/ranges.txt.
func TestResolveVectors(t *testing.T) {
	for _, v := range readVectors(t, "ranges.txt", 2) {
		t.Run(v.id, func(t *testing.T) {
			today := mustISO(t, v.cols[0])
			r, err := Resolve(v.cols[1], today, Options{})
			if code, ok := strings.CutPrefix(v.want, "error "); ok {
				requireCode(t, code, err, "line %d: Resolve(%q, %s) = %s", v.line, v.cols[1], today, r)
				return
			}
			require.NoError(t, err, "line %d: Resolve(%q, %s)", v.line, v.cols[1], today)
			require.Equal(t, v.want, r.String(), "line %d: Resolve(%q, %s)", v.line, v.cols[1], today)
			require.Equal(t, r.End.Sub(r.Start)+1, r.Days())
			require.True(t, r.Contains(r.Start) && r.Contains(r.End))
		})
	}
}

// TestResolveUnknownListsForms checks that a phrase outside the grammar is
// refused with every form listed, so that a model can pick one.
func TestResolveUnknownListsForms(t *testing.T) {
	_, err := Resolve("recently", MustNew(2026, 11, 30), Options{})
	requireCode(t, fault.UnknownPhrase, err, "Resolve(recently)")
	for _, f := range PhraseForms() {
		require.Contains(t, err.(interface{ Error() string }).Error()+hintOf(err), f)
	}
}

// TestResolveNeedsToday checks that the zero Date is no today.
func TestResolveNeedsToday(t *testing.T) {
	_, err := Resolve("today", Date{}, Options{})
	requireCode(t, fault.TodayNotInjected, err, "Resolve with no today")
}

// TestResolveSinceOptions checks that since DATE reads numeric dates with
// the options.
func TestResolveSinceOptions(t *testing.T) {
	r, err := Resolve("since 03/04/2026", MustNew(2026, 11, 30), Options{Order: DMY})
	require.NoError(t, err)
	require.Equal(t, "2026-04-03/2026-11-30", r.String())
	r, err = Resolve("since 03/04/2026", MustNew(2026, 11, 30), Options{Order: MDY})
	require.NoError(t, err)
	require.Equal(t, "2026-03-04/2026-11-30", r.String())
}

func TestParseRange(t *testing.T) {
	r, err := ParseRange("2026-11-21/2026-11-30")
	require.NoError(t, err)
	require.Equal(t, Range{MustNew(2026, 11, 21), MustNew(2026, 11, 30)}, r)
	require.Equal(t, 10, r.Days())
	r, err = ParseRange(r.String())
	require.NoError(t, err)
	require.Equal(t, "2026-11-21/2026-11-30", r.String())
	for _, tc := range []struct{ in, code string }{
		{"2026-11-30/2026-11-21", fault.EmptyRange},
		{"2026-11-21", fault.BadDate},
		{"2026-11-21/P10D", fault.BadDate},
		{"2026-11-21--2026-11-30", fault.BadDate},
		{"2026-02-29/2026-03-01", fault.ImpossibleDate},
	} {
		_, err := ParseRange(tc.in)
		requireCode(t, tc.code, err, "ParseRange(%q)", tc.in)
	}
}
