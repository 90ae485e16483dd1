package document

import (
	"strings"
	"testing"

	"github.com/reckonhq/reckon/numeral"
	"github.com/stretchr/testify/require"
)

// firstMeaning is the meaning of the first printing of num in a Markdown
// document.
func firstMeaning(t *testing.T, src, num string) Meaning {
	t.Helper()
	d := MustParse("r.md", src, Markdown)
	at := strings.Index(d.Text(), num)
	require.GreaterOrEqual(t, at, 0, "%q is not in the rendering", num)
	for _, p := range d.Places(at, at+len(num)) {
		if k := strings.Index(p.Text, num); k >= 0 {
			return d.Meaning(p, k, k+len(num))
		}
	}
	t.Fatalf("no place holds %q", num)
	return Meaning{}
}

// A review's findings: captions whose scale is a short form after "in" and
// before a currency, the trillions' short form, a weight that is no
// currency, a header word that only contains a month's letters, and a
// label in a currency's hundredths.
func TestMeaningReview(t *testing.T) {
	table := "\n\n| Item | 2024 |\n|:--|--:|\n| Line | 2.5 |\n"
	for _, c := range []struct {
		caption string
		scale   numeral.Scale
		cur     string
		unread  bool
	}{
		{"Revenue (in Mio. EUR)", numeral.Million, "EUR", false},
		{"Revenue (in mn USD)", numeral.Million, "USD", false},
		{"Debt (£tn)", numeral.Trillion, "£", false},
		{"Debt (in £tn)", numeral.Trillion, "£", false},
		{"Revenue (in Tsd. EUR)", numeral.Ones, "EUR", true},
		{"Copper sold (pounds in thousands)", numeral.Thousand, "", false},
	} {
		m := firstMeaning(t, c.caption+table, "2.5")
		require.Equal(t, c.scale, m.Scale, c.caption)
		require.Equal(t, c.cur, m.Currency, c.caption)
		require.Equal(t, c.unread, m.Unread, c.caption)
	}

	m := firstMeaning(t, "| Item | Market value 2024 |\n|:--|--:|\n| Line | 2.5 |\n", "2.5")
	require.False(t, m.Dated, "Market is no month")
	m = firstMeaning(t, "| Item | March 31, 2024 |\n|:--|--:|\n| Line | 2.5 |\n", "2.5")
	require.True(t, m.Dated)

	m = firstMeaning(t, "| Item | 2024 |\n|:--|--:|\n| Basic earnings per share (cent) | 25.1 |\n", "25.1")
	require.True(t, m.Subunit, "cent is a hundredth")
}

// BenchmarkReadTextWideGaps reads a text of lines that split into fields
// but hold no number ("Ab  Cd"), which a paragraph with wide gaps prints:
// each line is asked once whether it holds a value, so 200 KB reads in
// linear time (it took minutes when every line rescanned its run).
func BenchmarkReadTextWideGaps(b *testing.B) {
	src := strings.Repeat("Ab  Cd\n", 200<<10/7)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		readText("gaps.txt", src)
	}
}
