package document

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateMarkdown = flag.Bool("update-markdown", false, "rewrite the golden renderings under testdata/markdown")

// mdBlocks lists a rendering's blocks, one a line: kind, level for a
// heading, and text.
func mdBlocks(b *builder) []string {
	out := b.out.String()
	var got []string
	for _, bl := range b.blocks {
		k := bl.Kind.String()
		if bl.Kind == Heading {
			k = fmt.Sprintf("heading %d", bl.Level)
		}
		got = append(got, k+": "+out[bl.Start:bl.End])
	}
	return got
}

func TestReadMarkdown(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []string // the blocks, as mdBlocks lists them
		reason string
	}{
		{name: "atx headings", in: "# Costco\n\n## Balance sheet ##\n###### six",
			want: []string{"heading 1: Costco", "heading 2: Balance sheet", "heading 6: six"}},
		{name: "setext headings", in: "Income\nstatement\n===\n\nCash flows\n---",
			want:   []string{"heading 1: Income statement", "heading 2: Cash flows"},
			reason: "a heading is one line: its line break prints a space"},
		{name: "wrapped paragraph", in: "Operating income 6,708\nfor the year,\n  up from 5,435.\n\nNext.",
			want:   []string{"paragraph: Operating income 6,708\nfor the year,\nup from 5,435.", "paragraph: Next."},
			reason: "a soft line break keeps the source's line; no blank line between blocks"},
		{name: "hard breaks", in: "a  \nb\\\nc", want: []string{"paragraph: a\nb\nc"}},
		{name: "list items", in: "- one\n- two\n\n1. first\n2) second",
			want: []string{"list_item: one", "list_item: two", "list_item: first", "list_item: second"}},
		{name: "nested list", in: "- a\n  - b\n    - c\n\n  more a\n- d",
			want:   []string{"list_item: a", "list_item: b", "list_item: c", "list_item: more a", "list_item: d"},
			reason: "each item is a block of its own; the item's text after its nested list is one again"},
		{name: "loose item", in: "- first paragraph\n\n  second paragraph\n- next",
			want: []string{"list_item: first paragraph\nsecond paragraph", "list_item: next"}},
		{name: "item with a table", in: "- Totals:\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |",
			want: []string{"list_item: Totals:", "table: a | b\n1 | 2"}},
		{name: "block quote", in: "> Quoted 7,793\n> on two lines", want: []string{"paragraph: Quoted 7,793\non two lines"}},
		{name: "emphasis", in: "**Net** *sales* ***were*** __up__ _5%_", want: []string{"paragraph: Net sales were up 5%"}},
		{name: "code", in: "Use `a  *b*\nc` now.\n\n    x = 1  \n\n    y\n\n```go\nz := 2\n```",
			want:   []string{"paragraph: Use a *b* c now.", "paragraph: x = 1\ny", "paragraph: z := 2"},
			reason: "a code span keeps its text, white space collapsed; a code block's blank lines are dropped"},
		{name: "links and images", in: `See [the *filing*](https://sec.gov "SEC") and ![chart of 5,915](c.png) at <https://sec.gov>.`,
			want: []string{"paragraph: See the filing and at https://sec.gov."}, reason: "an image's alt text is not printed on the page"},
		{name: "reference links", in: "[Costco][c] and [c].\n\n[c]: https://costco.com 'Costco'",
			want: []string{"paragraph: Costco and c."}},
		{name: "escapes and references", in: `\$5 \*x\* a\b &amp; &lt;7 &copy; &#36; &#x2014; &bogus; &amp`,
			want: []string{"paragraph: $5 *x* a\\b & <7 © $ — &bogus; &amp"}},
		{name: "no-break spaces", in: "a&nbsp;&nbsp;b\u00a0c &#160; d",
			want: []string{"paragraph: a b c d"}, reason: "no-break spaces collapse as white space, as in the HTML reader"},
		{name: "strikethrough", in: "Debt ~~799~~ 6,692 ~old~ new ~~a\nb~~ c",
			want: []string{"paragraph: Debt 6,692 new\nc"}, reason: "struck text must never print: it could be quoted"},
		{name: "three tildes do not strike", in: "a ~~~b~~~ c", want: []string{"paragraph: a ~~~b~~~ c"}},
		{name: "struck inline HTML", in: "a <del>1</del> <s>2</s> <strike>3</strike> <span style=\"text-decoration: LINE-THROUGH\">4</span> b",
			want: []string{"paragraph: a b"}},
		{name: "hidden inline HTML", in: "a <span hidden>1</span> <b style='display : none'>2</b> <i style=\"visibility:hidden\">3</i> <!-- 4 --> <script>5</script> b",
			want: []string{"paragraph: a b"}},
		{name: "tags dropped, text kept", in: "a <b>bold</b> <span class=\"x\">5,007</span>", want: []string{"paragraph: a bold 5,007"}},
		{name: "br", in: "a<br>b<br/>c", want: []string{"paragraph: a\nb\nc"}},
		{name: "self-closing del", in: "a <del/>1</del> <span hidden />2</span> b", want: []string{"paragraph: a b"},
			reason: "a browser opens a non-void element written self-closing"},
		{name: "hidden across blocks", in: "<div hidden>\n\nsecret 8,888\n\n- item 9\n\n</div>\n\nshown",
			want: []string{"paragraph: shown"}, reason: "the page hides the Markdown between the block's tags"},
		{name: "struck across paragraphs", in: "a <del>b\n\nc\n\nd</del> e", want: []string{"paragraph: a", "paragraph: e"},
			reason: "an open del strikes the paragraphs after it until its end tag, as a browser shows it"},
		{name: "a block's end closes what is open in it", in: "<div hidden>\n<p>secret\n</div>\n\nshown <span hidden><div></span>1</div>2</span> 3",
			want: []string{"paragraph: shown 3"}, reason: "</span> does not cross the open div; </div> closes the p"},
		{name: "hidden multi-line tag", in: "a <span\nhidden>secret</span> b", want: []string{"paragraph: a b"}},
		{name: "hidden HTML block", in: "<div style=\"display:none\">\nsecret 1\n</div>\n\n<p>shown 2</p>\n\n<!--\n\ncomment 3\n\n-->\n\nend",
			want: []string{"paragraph: shown 2", "paragraph: end"}},
		{name: "HTML block table", in: "<table>\n<tr><th>Item</th><th>Amount</th></tr>\n<tr><td>Rent</td><td><s>1,100</s> 1,200</td></tr>\n</table>",
			want: []string{"table: Item | Amount\nRent | 1,200"}, reason: "an HTML block is read by the HTML reader"},
		{name: "struck cell ends with the cell", in: "| a | b |\n|---|---|\n| <s>1 | 2 |\n\nafter",
			want: []string{"table: a | b\n2", "paragraph: after"}, reason: "an element opened in a cell ends with it, as in HTML"},
		{name: "a cell does not close what is open", in: "<del>\n\n| a |\n|---|\n| </del> b |\n\nafter\n\n</del>\n\nend",
			want: []string{"paragraph: end"}, reason: "an end tag in a cell does not end a del opened before the table"},
		{name: "empty document", in: "", want: nil},
		{name: "thematic break and definitions", in: "a\n\n***\n\n[x]: /y\n\nb", want: []string{"paragraph: a", "paragraph: b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := readMarkdown(tc.in)
			checkMarkdown(t, tc.in, b)
			require.Equal(t, tc.want, mdBlocks(b), "readMarkdown(%q); %s", tc.in, tc.reason)
		})
	}
}

// mdCell is a cell as TestReadMarkdownTables lists it: its text, column
// and whether it is a header cell.
type mdCell struct {
	Text   string
	Col    int
	Header bool
}

func TestReadMarkdownTables(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		rows   [][]mdCell
		cols   int
		header int
		reason string
	}{
		{name: "empty cells keep their columns",
			in: "| Line item | 2021 | 2020 |\n|---|--:|:-:|\n| Debt 799 | | 6,692 |\n| | 3,916 |\n|  |  |  |\n| Leases | 1 | 2 | 3 |",
			rows: [][]mdCell{
				{{"Line item", 0, true}, {"2021", 1, true}, {"2020", 2, true}},
				{{"Debt 799", 0, false}, {"6,692", 2, false}},
				{{"3,916", 1, false}},
				{{"Leases", 0, false}, {"1", 1, false}, {"2", 2, false}},
			},
			cols: 3, header: 1, reason: "a short row is padded, an empty row has no line, a long row is cut at the delimiter row's width"},
		{name: "emphasis in a cell", in: "| Total | **5,007** |\n|---|---|\n| *Net* | __1,234__ |",
			rows: [][]mdCell{{{"Total", 0, true}, {"5,007", 1, true}}, {{"Net", 0, false}, {"1,234", 1, false}}},
			cols: 2, header: 1},
		{name: "dollar sign in its own cell", in: "| | $ | 2022 |\n|--|--|--|\n| Sales | $ | 222,730 |",
			rows: [][]mdCell{{{"$", 1, true}, {"2022", 2, true}}, {{"Sales", 0, false}, {"$", 1, false}, {"222,730", 2, false}}},
			cols: 3, header: 1},
		{name: "escaped pipe", in: "| a \\| b | `c \\| d` |\n|---|---|",
			rows: [][]mdCell{{{"a | b", 0, true}, {"c | d", 1, true}}}, cols: 2, header: 1},
		{name: "empty header row", in: "| | |\n|---|---|\n| a | 1 |",
			rows: [][]mdCell{{{"a", 0, false}, {"1", 1, false}}}, cols: 2, header: 0,
			reason: "Header counts the header rows printed; the common pass may find one"},
		{name: "struck and hidden cells", in: "| a | ~~b~~ | <span hidden>c</span> | d ~~e~~ |\n|---|---|---|---|",
			rows: [][]mdCell{{{"a", 0, true}, {"d", 3, true}}}, cols: 4, header: 1},
		{name: "table after a caption line", in: "Balance sheet (in millions)\n| a | b |\n|---|---|\n| 1 | 2 |",
			rows: [][]mdCell{{{"a", 0, true}, {"b", 1, true}}, {{"1", 0, false}, {"2", 1, false}}}, cols: 2, header: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := readMarkdown(tc.in)
			checkMarkdown(t, tc.in, b)
			var tb *Table
			for _, bl := range b.blocks {
				if bl.Table != nil {
					require.Nil(t, tb, "one table in %q", tc.in)
					tb = bl.Table
				}
			}
			require.NotNil(t, tb, "a table in %q", tc.in)
			out := b.out.String()
			var rows [][]mdCell
			for _, r := range tb.Rows {
				var cells []mdCell
				for _, c := range r.Cells {
					require.Equal(t, 1, c.ColSpan)
					cells = append(cells, mdCell{out[c.Start:c.End], c.Col, c.Header})
				}
				rows = append(rows, cells)
			}
			require.Equal(t, tc.rows, rows, "cells of %q; %s", tc.in, tc.reason)
			require.Equal(t, tc.cols, tb.Cols, "Cols")
			require.Equal(t, tc.header, tb.Header, "Header")
		})
	}
}

// TestReadMarkdownSpans checks that what the rendering prints in place of
// an escape or a reference maps back to exactly its source bytes, and
// that copied text maps back byte for byte.
func TestReadMarkdownSpans(t *testing.T) {
	src := "# Debt\n\nPrice \\$5 &amp; &#36;7 &mdash; **6,692**\n\n| x | &lt;9 |\n|---|---|\n"
	d := readMarkdown(src).document("spans.md", Markdown)
	require.Equal(t, "Debt\nPrice $5 & $7 — 6,692\nx | <9", d.Text())
	tests := []struct {
		name, printed, source string
	}{
		{name: "escape", printed: "$5", source: "\\$5"},
		{name: "entity", printed: "&", source: "&amp;"},
		{name: "numeric reference", printed: "$7", source: "&#36;7"},
		{name: "multi-byte reference", printed: "—", source: "&mdash;"},
		{name: "strong text", printed: "6,692", source: "6,692"},
		{name: "reference in a cell", printed: "<9", source: "&lt;9"},
		{name: "heading", printed: "Debt", source: "Debt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.Index(d.Text(), tc.printed)
			require.GreaterOrEqual(t, i, 0, "%q in the rendering", tc.printed)
			s, e := d.Span(i, i+len(tc.printed))
			require.Equal(t, tc.source, src[s:e], "Span of %q", tc.printed)
		})
	}
}

// TestMarkdownHidesAsHTML holds the Markdown reader's rule of what raw
// HTML hides to the HTML reader's: for each start tag, an element the
// HTML reader prints nothing of is one the Markdown reader hides.
func TestMarkdownHidesAsHTML(t *testing.T) {
	for _, tag := range []string{
		"<del>", "<s>", "<strike>", "<script>", "<style>", "<template>", "<title>", "<noscript>", "<iframe>", "<object>",
		"<span hidden>", "<div hidden=hidden>", `<span style="display:none">`, `<span style="DISPLAY: None !important">`,
		`<p style="visibility:hidden">`, `<span style="visibility: collapse">`, `<span style="text-decoration: line-through">`,
		`<span style="text-decoration-line:line-through">`, `<span style="display&#58;none">`,
		`<span style="font-size:0">`, `<span style="opacity: 0">`, `<span style="display : none">`, `<span style="font-size:0.0em">`,
		`<span style="font-size:10px">`, `<span style="opacity:0.5">`,
		"<span>", "<b>", "<div>", "<p>", `<span style="color:red">`, `<span class="hidden-xs">`, "<ins>", "<u>",
	} {
		t.Run(tag, func(t *testing.T) {
			name := strings.Fields(strings.Trim(tag, "<>"))[0]
			html := readHTML(tag + "x</" + name + ">").out.String()
			var h mdHider
			h.inline(tag, nil)
			require.Equal(t, !strings.Contains(html, "x"), h.hidden(), "the HTML reader prints %q for %sx; the Markdown reader hides: %v", html, tag, h.hidden())
			h.inline("</"+name+">", nil)
			require.False(t, h.hidden(), "the end tag ends %s", tag)
		})
	}
}

// TestReadMarkdownGolden renders the documents of testdata/markdown, and
// the Costco 10-K excerpt the receipt tests read, and compares each
// rendering with its golden .txt file; -update-markdown rewrites them.
func TestReadMarkdownGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/markdown/*.md")
	require.NoError(t, err)
	files = append(files, "../receipt/testdata/sources/costco-10k.md")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			b := readMarkdown(string(src))
			checkMarkdown(t, string(src), b)
			golden := filepath.Join("testdata/markdown", strings.TrimSuffix(filepath.Base(f), ".md")+".txt")
			if *updateMarkdown {
				require.NoError(t, os.WriteFile(golden, []byte(b.out.String()), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run the tests with -update-markdown to create %s", golden)
			require.Equal(t, string(want), b.out.String(), "rendering of %s differs from %s", f, golden)
		})
	}
}

func TestReadMarkdownCostco(t *testing.T) {
	src, err := os.ReadFile("../receipt/testdata/sources/costco-10k.md")
	require.NoError(t, err)
	b := readMarkdown(string(src))
	require.Equal(t, []string{
		"heading 1: Costco Wholesale Corporation — Form 10-K, fiscal 2021",
		"heading 2: Consolidated balance sheet (in millions)",
		"table: Line item | 2021\nCurrent portion of long-term debt 799\nLong-term debt, excluding current portion 6,692\nLong-term operating lease liabilities 3,916",
		"heading 2: Consolidated statement of income (in millions)",
		"paragraph: Operating income 6,708 for the year, up from 5,435.",
		"heading 2: Cash flows (in millions)",
		"paragraph: Depreciation and amortization 1,781 were charged.",
	}, mdBlocks(b))
	var tb *Table
	for _, bl := range b.blocks {
		if bl.Table != nil {
			tb = bl.Table
		}
	}
	require.Equal(t, 2, tb.Cols)
	require.Equal(t, 1, tb.Header)
	require.Len(t, tb.Rows, 4)
	for _, r := range tb.Rows[1:] {
		require.Len(t, r.Cells, 1, "the amount is in the label cell; the 2021 cell is empty")
		require.Equal(t, 0, r.Cells[0].Col)
	}
}

// mdHostile are inputs on which goldmark alone does quadratic (or worse)
// work, each made n bytes long.
var mdHostile = map[string]func(n int) string{
	"nested quotes":      func(n int) string { return strings.Repeat(">", n) + " x\n" },
	"nested lists":       func(n int) string { return strings.Repeat("1. ", n/3) + "x\n" },
	"indented lists":     mdIndentedLists,
	"emphasis":           func(n int) string { return strings.Repeat("*a_", n/3) },
	"strikethrough":      func(n int) string { return strings.Repeat("~~a*", n/4) },
	"destinations":       func(n int) string { return strings.Repeat("[a](", n/4) },
	"angle destinations": func(n int) string { return strings.Repeat("[x](<", n/5) },
	"titles":             func(n int) string { return strings.Repeat("[a](b 'x\n", n/9) },
	"shortcut refs":      func(n int) string { return strings.Repeat("[a]\n", n/4) },
	"definitions":        func(n int) string { return strings.Repeat("[a]: /u\n", n/8) },
	"nested brackets":    func(n int) string { return strings.Repeat("[", n/2) + strings.Repeat("]", n/2) },
	"code spans":         mdCodeRuns,
	"wide table": func(n int) string {
		return "|" + strings.Repeat("a|", 500) + "\n|" + strings.Repeat("-|", 500) + "\n" + strings.Repeat("|\n", n/2)
	},
	"html blocks": func(n int) string { return strings.Repeat("<div>x\n\ny\n\n", n/11) },
	"hidden tags": func(n int) string { return strings.Repeat("<span hidden><b>", n/32) + strings.Repeat("</i>", n/8) },
}

func mdIndentedLists(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(strings.Repeat("  ", i) + "- x\n")
	}
	return b.String()
}

func mdCodeRuns(n int) string {
	var b strings.Builder
	for i := 1; b.Len() < n; i++ {
		b.WriteString(strings.Repeat("`", i) + "a ")
	}
	return b.String()
}

// mdReaderBound are the inputs of mdHostile whose cost the reader's own
// handling of raw HTML bounds, not the guard: goldmark reads them as they
// are.
var mdReaderBound = map[string]bool{"html blocks": true, "hidden tags": true}

// TestReadMarkdownHostile reads inputs on which goldmark alone takes from
// seconds to minutes at this size. Goldmark's work cannot be counted from
// outside, so the test holds what bounds it, on any machine: the guard
// changes each input whose cost it bounds, and what it hands goldmark is
// within every budget, so that guarding it again changes nothing.
// BenchmarkReadMarkdownHostile measures their time.
func TestReadMarkdownHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("reads megabytes of hostile input")
	}
	for name, gen := range mdHostile {
		t.Run(name, func(t *testing.T) {
			src := gen(256 << 10)
			g := guardMarkdown(src)
			if !mdReaderBound[name] {
				require.NotEqual(t, src, string(g.in), "the guard leaves %d bytes of %s to goldmark as they are", len(src), name)
			}
			again := guardMarkdown(string(g.in))
			require.Equal(t, string(g.in), string(again.in), "what the guard hands goldmark is within its budgets")
			require.Empty(t, again.drop)
			checkMarkdown(t, src, readMarkdown(src))
		})
	}
}

// BenchmarkReadMarkdownHostile reads each of mdHostile at 256 KiB.
func BenchmarkReadMarkdownHostile(b *testing.B) {
	names := slices.Sorted(maps.Keys(mdHostile))
	for _, name := range names {
		src := mdHostile[name](256 << 10)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				readMarkdown(src)
			}
		})
	}
}

func TestReadMarkdownGuard(t *testing.T) {
	tests := []struct {
		name, in string
		want     func(out string) bool
		reason   string
	}{
		{name: "struck text in a paragraph over budget is dropped",
			in:     strings.Repeat("*a_", 300) + " ~~799~~ 5,007\n\nafter",
			want:   func(out string) bool { return out == "after\n" },
			reason: "the guard neutralizes the delimiters, which would print 799: the paragraph is dropped"},
		{name: "a paragraph over budget without a tilde prints",
			in:   strings.Repeat("*a_", 300) + " 5,007\n\nafter",
			want: func(out string) bool { return strings.Contains(out, "5,007") && strings.HasSuffix(out, "\nafter\n") }},
		{name: "links over budget print as text",
			in:   strings.Repeat("[a](b (\n", 3000) + "x",
			want: func(out string) bool { return strings.HasSuffix(out, "[a](b (\nx\n") }},
		{name: "nesting over budget ends the reading at its paragraph",
			in:   "first\n\n" + strings.Repeat("> ", 5000) + "x\n\nlast",
			want: func(out string) bool { return out == "first\n" }},
		{name: "a table over budget is a paragraph",
			in:   "|" + strings.Repeat("a|", 200) + "\n|" + strings.Repeat("-|", 200) + "\n" + strings.Repeat("|\n", 1000),
			want: func(out string) bool { return strings.HasPrefix(out, "|a|a|") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := readMarkdown(tc.in)
			checkMarkdown(t, tc.in, b)
			out := b.out.String()
			require.True(t, tc.want(out), "rendering %q; %s", clip(out), tc.reason)
			for _, bl := range b.blocks {
				require.Nil(t, bl.Table, "no table")
			}
		})
	}
}

// mdBenchDoc is a generated Markdown document of about n bytes: a 10-K's
// shape, sections of prose with emphasis, links and lists, each followed
// by a table of figures.
func mdBenchDoc(n int) string {
	var b strings.Builder
	for s := 0; b.Len() < n; s++ {
		fmt.Fprintf(&b, "## Item %d. Management's discussion (in millions)\n\n", s)
		for p := 0; p < 3; p++ {
			fmt.Fprintf(&b, "Net sales increased **%d,%03d**, or %d%%, during fiscal %d, driven by\n", s%900+100, p*37%1000, p+4, 2020+p)
			b.WriteString("comparable sales growth and new warehouses; see [Note 3](#note-3) and\n")
			b.WriteString("the *Consolidated Statements of Income* for `gross margin` details &mdash; net of \\$ effects.\n\n")
		}
		b.WriteString("- Membership fees rose 9%\n- Gasoline prices ~~fell~~ rose\n  - U.S. and Canada\n\n")
		b.WriteString("| Line item | 2022 | 2021 | 2020 |\n|:---|---:|---:|---:|\n")
		for r := 0; r < 20; r++ {
			fmt.Fprintf(&b, "| Segment %d revenue | $ | %d,%03d | %d,%03d |\n", r, s%90+r, r*41%1000, s%80+r, r*17%1000)
		}
		b.WriteString("| **Total** | | **9,999** | **8,888** |\n\n")
	}
	return b.String()
}

// BenchmarkReadMarkdown reads a generated 2 MB document of prose and
// tables.
func BenchmarkReadMarkdown(b *testing.B) {
	src := mdBenchDoc(2 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		readMarkdown(src)
	}
}
