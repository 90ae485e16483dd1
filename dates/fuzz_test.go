package dates

import (
	"errors"
	"strings"
	"testing"

	"github.com/reckonhq/reckon/fault"
	"github.com/stretchr/testify/require"
)

// FuzzParse checks that the reader never panics, refuses only with a typed
// error that has a hint, and that whatever it accepts is a real date whose
// ISO form reads back to the same date under every order. Its seeds are the
// lines of testdata/dates.txt.
func FuzzParse(f *testing.F) {
	for _, v := range readVectors(f, "dates.txt", 2) {
		o := options(f, v.cols[0])
		f.Add(v.cols[1], uint8(o.Order), uint16(o.Century/100))
	}
	f.Fuzz(func(t *testing.T, display string, order uint8, century uint16) {
		o := Options{Order: Order(order % 4), Century: int(century%100) * 100}
		d, err := o.Parse(display)
		if err != nil {
			var e *fault.Error
			require.True(t, errors.As(err, &e), "Parse(%q) returns *fault.Error: %v", display, err)
			require.NotEmpty(t, e.Code, "Parse(%q): %v", display, err)
			require.NotEmpty(t, e.Hint, "Parse(%q): %v", display, err)
			require.LessOrEqual(t, len(e.Msg), 6*maxDisplayBytes, "Parse(%q): the message is bounded", display)
			return
		}
		_, err = New(d.Year(), d.Month(), d.Day())
		require.NoError(t, err, "Parse(%q) = %s is a real date", display, d)
		for ord := OrderUnknown; ord <= YMD; ord++ {
			again, err := Parse(d.String(), ord)
			require.NoError(t, err, "Parse(%q) of %q's date", d.String(), display)
			require.Equal(t, d, again, "ISO form of %q reads back", display)
		}
		iso, err := ParseISO(d.String())
		require.NoError(t, err)
		require.Equal(t, d, iso)
	})
}

// FuzzResolve checks that phrase resolution never panics, refuses only with
// a typed error, and returns ranges that start no later than they end.
func FuzzResolve(f *testing.F) {
	for _, v := range readVectors(f, "ranges.txt", 2) {
		f.Add(v.cols[1], v.cols[0])
	}
	f.Fuzz(func(t *testing.T, phrase, today string) {
		td, err := ParseISO(today)
		if err != nil {
			return
		}
		r, err := Resolve(phrase, td, Options{})
		if err != nil {
			var e *fault.Error
			require.True(t, errors.As(err, &e), "Resolve(%q) returns *fault.Error: %v", phrase, err)
			require.NotEmpty(t, e.Hint, "Resolve(%q): %v", phrase, err)
			return
		}
		require.False(t, r.End.Before(r.Start), "Resolve(%q, %s) = %s", phrase, td, r)
		require.Positive(t, r.Days())
		if w := strings.Fields(strings.ToLower(phrase)); w[0] != "in" || len(w) > 1 && (w[1] == "the" || w[1] == "last" || w[1] == "past") {
			// Only "in YEAR" and its kin are whole periods that may run
			// past today; every other phrase ends today or before.
			require.False(t, r.End.After(td), "Resolve(%q, %s) = %s ends after today", phrase, td, r)
		}
	})
}

// FuzzFind checks that mentions are in order, within the text, do not
// overlap, and that each single date reads back through Parse to the same
// date: the finder and the reader agree.
func FuzzFind(f *testing.F) {
	for _, v := range readVectors(f, "dates.txt", 2) {
		f.Add("On " + v.cols[1] + ", as stated.")
	}
	f.Add("from 2026-07-21 to 2026-07-30 and between 1 March 2026 and 31 March 2026")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<12 {
			return
		}
		for _, o := range []Options{{}, {Order: DMY, Century: 2000}} {
			prev := 0
			for _, m := range Find(text, o) {
				require.True(t, prev <= m.Start && m.Start < m.End && m.End <= len(text), "span %d:%d after %d", m.Start, m.End, prev)
				require.Equal(t, text[m.Start:m.End], m.Text)
				prev = m.End
				if m.Err != nil {
					require.NotEmpty(t, m.Err.Hint)
					require.True(t, m.Date.IsZero() && m.Until.IsZero())
					continue
				}
				if m.IsRange() {
					require.False(t, m.Until.Before(m.Date), "range %q", m.Text)
					continue
				}
				d, err := o.Parse(m.Text)
				require.NoError(t, err, "Parse(%q) of a found date", m.Text)
				require.Equal(t, m.Date, d, "Parse(%q)", m.Text)
			}
		}
	})
}

// FuzzParseRange checks the strict ISO 8601 readers, ParseISO and
// ParseRange, which read what receipts record: whatever they accept prints
// back byte for byte. Its seeds are the results of testdata/ranges.txt.
func FuzzParseRange(f *testing.F) {
	for _, v := range readVectors(f, "ranges.txt", 2) {
		f.Add(v.want)
		f.Add(v.cols[0])
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := ParseISO(s); err == nil {
			require.Equal(t, s, d.String())
		} else {
			var e *fault.Error
			require.True(t, errors.As(err, &e), "ParseISO(%q): %v", s, err)
		}
		r, err := ParseRange(s)
		if err != nil {
			var e *fault.Error
			require.True(t, errors.As(err, &e), "ParseRange(%q): %v", s, err)
			require.NotEmpty(t, e.Hint)
			return
		}
		require.Equal(t, s, r.String())
		require.Positive(t, r.Days())
	})
}
