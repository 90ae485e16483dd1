package document

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// addSeedFiles adds the text of each file that pattern matches to the
// seed corpus of f.
func addSeedFiles(f *testing.F, pattern string) {
	files, err := filepath.Glob(pattern)
	require.NoError(f, err)
	for _, name := range files {
		src, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(string(src))
	}
}

// rangeChecks returns the checks of a range [start, end) of d's rendering
// that checkMarkdown and htmlCheck make: span, that it lies in the
// rendering and maps, through Document.Span, into the source; line, that
// it is also whole lines, without the line break after the last.
func rangeChecks(t testing.TB, d *Document) (span, line func(what string, start, end int)) {
	span = func(what string, start, end int) {
		t.Helper()
		if !(0 <= start && start <= end && end <= len(d.text)) {
			t.Fatalf("%s [%d,%d) is outside the rendering of %d bytes", what, start, end, len(d.text))
		}
		if s, e := d.Span(start, end); !(0 <= s && s <= e && e <= len(d.source)) {
			t.Fatalf("%s [%d,%d) maps to [%d,%d) in %d source bytes", what, start, end, s, e, len(d.source))
		}
	}
	line = func(what string, start, end int) {
		t.Helper()
		span(what, start, end)
		if start > 0 && d.text[start-1] != '\n' || end < len(d.text) && d.text[end] != '\n' || strings.HasSuffix(d.text[start:end], "\n") {
			t.Fatalf("%s [%d,%d) is not whole lines of %q", what, start, end, d.text)
		}
	}
	return span, line
}

// FuzzReadMarkdown reads arbitrary bytes as Markdown and checks what every
// rendering must satisfy (checkMarkdown): no panic; every block, row and
// cell is inside the rendering, whole and in order; every byte copied
// from the source maps back, through Document.Span, to the same bytes.
// Its seeds are the files of testdata/markdown and the cases below.
func FuzzReadMarkdown(f *testing.F) {
	addSeedFiles(f, "testdata/markdown/*.md")
	for _, s := range []string{
		"",
		"\n\n",
		"# a #\nb\n===\n",
		"a\\\nb  \nc\\$ &amp; &#0; &#x110000; &ampx &nbsp;",
		"| a | b |\n|---|---|\n| **1** | |\n| | |\n|\n",
		"|a|\n|-|\n| `b\\|c` | d \\| e |",
		"- a\n  - b\n\n  c\n1. d\n   > e\n",
		"~~a~~ ~b~ ~~~c~~~ <del>d</del> <s>e",
		"<div hidden>\n\na\n\n</div>\nb <span\nhidden>c</span> d",
		"| <s>a | b |\n|---|---|\n| c | </s> d |\ne",
		"<table><tr><td>a<td>b</table>\n\n<table>\n\nc\n\n</table>",
		"> <div>\n> a\n> </div>",
		"\x00 \xff\xfe `\x00` <br> a<br/>b",
		"[a](<b c> \"d\") [e][f] [g]\n\n[f]: /h 'i'\n[g]: /j",
		"<https://a.b/c> <a@b.c> <!-- x --> <?y?> <![CDATA[z]]>",
		strings.Repeat("> ", 40) + "a\n",
		strings.Repeat("*a_", 200) + "~~b~~",
		strings.Repeat("[a](", 200) + "~~b~~",
		strings.Repeat("`", 70) + strings.Repeat("a `` ", 70),
		"|" + strings.Repeat("a|", 300) + "\n|" + strings.Repeat("-|", 300) + "\n" + strings.Repeat("|\n", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkMarkdown(t, src, readMarkdown(src))
	})
}

// checkMarkdown checks what every rendering must satisfy, whatever the
// input: the runs cover the rendering in order and map to ordered source
// ranges; a copied run is the source's bytes, and Document.Span maps it
// back to them; blocks are whole lines in order; a row's line is its
// cells joined by " | "; every span is inside the rendering and its
// source. It is the fuzz target's property, so its loops test with plain
// conditions, not require's reflection.
func checkMarkdown(t testing.TB, src string, b *builder) {
	t.Helper()
	out := b.out.String()
	if !utf8.ValidString(out) || strings.Contains(out, "\n\n") || strings.HasPrefix(out, "\n") {
		t.Fatalf("rendering %q is not valid UTF-8 or has an empty line", out)
	}
	d := &Document{source: src, text: strings.TrimRight(out, "\n"), runs: b.runs}
	r, s := 0, 0
	for k, ru := range b.runs {
		if ru.r != r || ru.n <= 0 || !(s <= ru.s && ru.s <= ru.se && ru.se <= len(src)) {
			t.Fatalf("run %d is [%d,+%d) → [%d,%d), after %d → %d, in %d source bytes", k, ru.r, ru.n, ru.s, ru.se, r, s, len(src))
		}
		if ru.lit {
			got := out[ru.r : ru.r+ru.n]
			if ss, se := d.Span(ru.r, ru.r+ru.n); src[ru.s:ru.se] != got || ss != ru.s || se != ru.se {
				t.Fatalf("run %d copies %q from %q; Span maps it to [%d,%d)", k, got, src[ru.s:ru.se], ss, se)
			}
		}
		r, s = ru.r+ru.n, ru.se
	}
	if r != len(out) {
		t.Fatalf("the runs cover %d of %d bytes", r, len(out))
	}
	span, line := rangeChecks(t, d)
	prev := 0
	for i, bl := range b.blocks {
		what := fmt.Sprintf("block %d (%v)", i, bl.Kind)
		if bl.Start < prev {
			t.Fatalf("%s starts at %d, before the block before it ends at %d", what, bl.Start, prev)
		}
		prev = bl.End
		if bl.Kind != TableBlock {
			line(what, bl.Start, bl.End)
			if bl.Start == bl.End || bl.Table != nil {
				t.Fatalf("%s is empty or has a table", what)
			}
			continue
		}
		tb := bl.Table
		if tb == nil || tb.Start != bl.Start || tb.End != bl.End || tb.Header > len(tb.Rows) {
			t.Fatalf("%s has table %+v", what, tb)
		}
		if len(tb.Rows) == 0 {
			span(what, bl.Start, bl.End) // an HTML table with no row: an empty block
			continue
		}
		line(what, bl.Start, bl.End)
		at := tb.Start
		for j, row := range tb.Rows {
			rw := fmt.Sprintf("%s row %d", what, j)
			line(rw, row.Start, row.End)
			if row.Start < at || row.End > tb.End || len(row.Cells) == 0 {
				t.Fatalf("%s [%d,%d) is out of order or empty", rw, row.Start, row.End)
			}
			at = row.End
			var cells []string
			col := -1
			for k, c := range row.Cells {
				span(fmt.Sprintf("%s cell %d", rw, k), c.Start, c.End)
				if c.Col <= col || c.ColSpan < 1 || c.Col+c.ColSpan > tb.Cols || c.Start >= c.End {
					t.Fatalf("%s cell %d is %+v in %d columns", rw, k, c, tb.Cols)
				}
				col = c.Col
				cells = append(cells, d.text[c.Start:c.End])
			}
			if got := strings.Join(cells, " | "); got != d.text[row.Start:row.End] {
				t.Fatalf("%s prints %q, its cells %q", rw, d.text[row.Start:row.End], got)
			}
		}
	}
}
