package document

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// htmlRender reads src with readHTML into a Document, without the common
// pass (finish) that Parse runs after every reader: these tests are of the
// reader alone.
func htmlRender(src string) *Document { return htmlDocument(src, readHTML(src)) }

// htmlDocument is the Document of b, read from src, without finish.
func htmlDocument(src string, b *builder) *Document {
	return &Document{Format: HTML, source: src, text: strings.TrimRight(b.out.String(), "\n"), runs: b.runs, Blocks: b.blocks}
}

// htmlTablesOf returns the tables of d's blocks, in order.
func htmlTablesOf(d *Document) []*Table {
	var ts []*Table
	for _, b := range d.Blocks {
		if b.Table != nil {
			ts = append(ts, b.Table)
		}
	}
	return ts
}

// htmlGridRows prints each row of t as its cells, "text@col+span", joined by
// " | ", a "*" after a header cell's span.
func htmlGridRows(d *Document, t *Table) []string {
	var rows []string
	for _, r := range t.Rows {
		var cs []string
		for _, c := range r.Cells {
			h := ""
			if c.Header {
				h = "*"
			}
			cs = append(cs, fmt.Sprintf("%s@%d+%d%s", d.text[c.Start:c.End], c.Col, c.ColSpan, h))
		}
		rows = append(rows, strings.Join(cs, " | "))
	}
	return rows
}

// htmlCheck checks what every rendering must satisfy, whatever the
// input: the runs cover the rendering in order and map to ordered source
// ranges; a copied run is the source's bytes; blocks are whole lines in
// order; a row's line is its cells joined by " | "; every span is inside
// the source. It is the fuzz target's property, so its loops test with
// plain conditions, not require's reflection.
func htmlCheck(t testing.TB, src string, b *builder) {
	t.Helper()
	out := b.out.String()
	require.True(t, utf8.ValidString(out), "rendering is valid UTF-8")
	require.NotContains(t, out, "\n\n", "no empty lines")
	require.False(t, strings.HasPrefix(out, "\n"), "no empty first line")
	// No line ends in white space: the reader never writes what the
	// builder's endLine would have to trim.
	require.False(t, strings.Contains(out, " \n") || strings.Contains(out, "\t\n") || strings.HasSuffix(out, " ") || strings.HasSuffix(out, "\t"),
		"a line of %q ends in white space", out)
	r, s := 0, 0
	for k, ru := range b.runs {
		if ru.r != r || ru.n <= 0 {
			t.Fatalf("run %d is [%d,+%d), after %d", k, ru.r, ru.n, r)
		}
		if !(s <= ru.s && ru.s <= ru.se && ru.se <= len(src)) {
			t.Fatalf("run %d maps to [%d,%d), after %d, in %d bytes", k, ru.s, ru.se, s, len(src))
		}
		if ru.lit && src[ru.s:ru.se] != out[ru.r:ru.r+ru.n] {
			t.Fatalf("run %d copies %q from %q", k, out[ru.r:ru.r+ru.n], src[ru.s:ru.se])
		}
		r, s = ru.r+ru.n, ru.se
	}
	require.Equal(t, len(out), r, "the runs cover the rendering")

	d := &Document{source: src, text: strings.TrimRight(out, "\n"), runs: b.runs}
	span, line := rangeChecks(t, d)
	prev := 0
	for i, bl := range b.blocks {
		what := fmt.Sprintf("block %d (%v)", i, bl.Kind)
		if bl.Start == bl.End && bl.Kind == TableBlock {
			// A table with no row: an empty block at the end of the line
			// before it.
			span(what, bl.Start, bl.End)
			require.True(t, bl.Start == 0 || bl.Start == len(d.text) || d.text[bl.Start] == '\n', "%s is at a line's end", what)
		} else {
			line(what, bl.Start, bl.End)
		}
		require.GreaterOrEqual(t, bl.Start, prev, "%s follows the block before it", what)
		prev = bl.End
		if bl.Kind != TableBlock {
			require.Nil(t, bl.Table, what)
			continue
		}
		tb := bl.Table
		require.NotNil(t, tb, what)
		require.Equal(t, [2]int{bl.Start, bl.End}, [2]int{tb.Start, tb.End}, "%s is its table's bytes", what)
		require.LessOrEqual(t, tb.Header, len(tb.Rows), what)
		at := tb.Start
		for j, row := range tb.Rows {
			line(what+" row", row.Start, row.End)
			if !(at <= row.Start && row.End <= tb.End) || len(row.Cells) == 0 {
				t.Fatalf("%s row %d [%d,%d) with %d cells is not in its table [%d,%d) after %d", what, j, row.Start, row.End, len(row.Cells), tb.Start, tb.End, at)
			}
			at = row.End
			next := row.Start
			for k, c := range row.Cells {
				span(what+" cell", c.Start, c.End)
				ct := d.text[c.Start:c.End]
				if ct == "" || strings.TrimSpace(ct) != ct || c.Start != next || k > 0 && d.text[c.Start-3:c.Start] != " | " {
					t.Fatalf("%s row %d cell %d is %q at %d, expected at %d", what, j, k, ct, c.Start, next)
				}
				if !(c.Col >= 0 && c.ColSpan >= 1 && c.Col+c.ColSpan <= tb.Cols) {
					t.Fatalf("%s row %d cell %d at %d+%d is outside the grid of %d columns", what, j, k, c.Col, c.ColSpan, tb.Cols)
				}
				next = c.End + len(" | ")
			}
			if last := row.Cells[len(row.Cells)-1]; last.End != row.End {
				t.Fatalf("%s row %d ends at %d, its last cell at %d", what, j, row.End, last.End)
			}
		}
	}
}

// readHTMLFixture reads the HTML file f, checks its rendering with
// htmlCheck, and returns its source, the rendering and the rendering the
// .txt file beside it expects, without the last line break.
func readHTMLFixture(t testing.TB, f string) (src string, b *builder, want string) {
	t.Helper()
	data, err := os.ReadFile(f)
	require.NoError(t, err)
	expected, err := os.ReadFile(strings.TrimSuffix(f, ".htm") + ".txt")
	require.NoError(t, err)
	b = readHTML(string(data))
	htmlCheck(t, string(data), b)
	return string(data), b, strings.TrimRight(string(expected), "\n")
}

func TestReadHTMLFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/html/*.htm")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			_, b, want := readHTMLFixture(t, f)
			require.Equal(t, want, strings.TrimRight(b.out.String(), "\n"), "rendering of %s", f)
		})
	}
}

func TestReadHTMLGrid(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []string
		cols   int
		reason string
	}{
		{name: "plain", in: `<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>`,
			want: []string{"a@0+1 | b@1+1", "c@0+1 | d@1+1"}, cols: 2},
		{name: "colspan", in: `<table><tr><td colspan="2">a</td><td>b</td></tr><tr><td>c</td><td>d</td><td>e</td></tr></table>`,
			want: []string{"a@0+2 | b@2+1", "c@0+1 | d@1+1 | e@2+1"}, cols: 3},
		{name: "rowspan", in: `<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>`,
			want: []string{"a@0+1 | b@1+1", "c@1+1"}, cols: 2, reason: "c takes the first column a's rowspan leaves free"},
		{name: "rowspan mid-row", in: `<table><tr><td>a<td rowspan=2>b<td>c<tr><td>d<td>e</table>`,
			want: []string{"a@0+1 | b@1+1 | c@2+1", "d@0+1 | e@2+1"}, cols: 3},
		{name: "rowspan and colspan", in: `<table><tr><td rowspan=2 colspan=2>a<td>b<tr><td>c<tr><td>d</table>`,
			want: []string{"a@0+2 | b@2+1", "c@2+1", "d@0+1"}, cols: 3},
		{name: "empty cells keep their columns", in: `<table><tr><td></td><td>&nbsp;</td><td> <span> </span></td><td>x</td></tr></table>`,
			want: []string{"x@3+1"}, cols: 4},
		{name: "empty row prints nothing", in: `<table><tr><td>a</td></tr><tr><td></td><td colspan=3></td></tr><tr><td>b</td></tr></table>`,
			want: []string{"a@0+1", "b@0+1"}, cols: 4, reason: "the empty row widens the grid but has no line"},
		{name: "rowspan=0 runs to the end of its row group", in: `<table><tbody><tr><td rowspan=0>a<td>b<tr><td>c</tbody><tbody><tr><td>d</tbody></table>`,
			want: []string{"a@0+1 | b@1+1", "c@1+1", "d@0+1"}, cols: 2},
		{name: "bad spans", in: `<table><tr><td colspan=0>a<td colspan=x>b<td colspan=" +2">c<td colspan=9999>d</table>`,
			want: []string{"a@0+1 | b@1+1 | c@2+2 | d@4+1000"}, cols: 1004, reason: "HTML reads 0 and junk as 1 and caps colspan at 1000"},
		{name: "implied tr and td", in: `<table><td>a<td>b<tr>c</table>`,
			want: []string{"a@0+1 | b@1+1", "c@0+1"}, cols: 2, reason: "text directly in a row is a cell of its own"},
		{name: "self-closing cells", in: `<table><tr><td/><td colspan="3"/><td>a</td></tr></table>`,
			want: []string{"a@4+1"}, cols: 5, reason: "XHTML's <td/> is an empty cell"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := htmlRender(tc.in)
			htmlCheck(t, tc.in, readHTML(tc.in))
			ts := htmlTablesOf(d)
			require.Len(t, ts, 1, "tables of %q", tc.in)
			require.Equal(t, tc.want, htmlGridRows(d, ts[0]), "rows of %q (%s)", tc.in, tc.reason)
			require.Equal(t, tc.cols, ts[0].Cols, "columns of %q", tc.in)
		})
	}
}

func TestReadHTMLEntities(t *testing.T) {
	// Each case's spans are pairs: a text of the rendering (its first
	// occurrence) and the source bytes it must map back to.
	tests := []struct {
		name  string
		in    string
		want  string
		spans [][2]string
	}{
		{name: "minus", in: `<p>down &minus;27 points</p>`, want: "down −27 points",
			spans: [][2]string{{"27", "27"}, {"−", "&minus;"}, {"−27", "&minus;27"}, {"down −27 points", "down &minus;27 points"}}},
		{name: "numeric dollar", in: `<p>&#36;5 and &#x24;6.50</p>`, want: "$5 and $6.50",
			spans: [][2]string{{"$5", "&#36;5"}, {"5", "5"}, {"$6.50", "&#x24;6.50"}}},
		{name: "nbsp collapses", in: `<p>a&nbsp;&nbsp;b</p>`, want: "a b",
			spans: [][2]string{{" ", "&nbsp;&nbsp;"}}},
		{name: "nbsp among spaces", in: "<p>a \n&#160;\tb\u00a0c</p>", want: "a b c",
			spans: [][2]string{{"a b", "a \n&#160;\tb"}, {"c", "c"}}},
		{name: "amp", in: `<p>AT&amp;T &lt;5&gt;</p>`, want: "AT&T <5>",
			spans: [][2]string{{"AT&T", "AT&amp;T"}, {"5", "5"}}},
		{name: "legacy reference without semicolon", in: `<p>&copy2024 &ampx &notit;</p>`, want: "©2024 &x ¬it;",
			spans: [][2]string{{"©", "&copy"}, {"2024", "2024"}, {"&x", "&ampx"}, {"¬", "&not"}}},
		{name: "not references", in: `<p>R&D & &#; &#x; &zzz; &</p>`, want: "R&D & &#; &#x; &zzz; &",
			spans: [][2]string{{"R&D", "R&D"}, {"&zzz;", "&zzz;"}}},
		{name: "numeric edge cases", in: `<p>&#128;1 &#0; &#x110000; &#65</p>`, want: "€1 \ufffd \ufffd A",
			spans: [][2]string{{"€", "&#128;"}, {"A", "&#65"}}},
		{name: "cell with parentheses", in: `<table><tr><td>(&#160;1,234&#160;)</td></tr></table>`, want: "( 1,234 )",
			spans: [][2]string{{"1,234", "1,234"}}},
		{name: "unicode white space", in: "<table><tr><td>\v\u2003Net&#8195;sales&#x3000;</td><td>\u2009$\u00a0&#160;5</td></tr></table>", want: "Net sales | $ 5",
			spans: [][2]string{{" ", "&#8195;"}, {"$ 5", "$\u00a0&#160;5"}}},
		{name: "invalid UTF-8", in: "<p>a\xffb</p>", want: "a\ufffdb",
			spans: [][2]string{{"\ufffd", "\xff"}, {"b", "b"}}},
		{name: "raw text keeps references", in: `<xmp>&amp; <b></xmp>`, want: "&amp; <b>",
			spans: [][2]string{{"&amp;", "&amp;"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := htmlRender(tc.in)
			htmlCheck(t, tc.in, readHTML(tc.in))
			require.Equal(t, tc.want, d.Text(), "rendering of %q", tc.in)
			for _, sp := range tc.spans {
				i := strings.Index(d.text, sp[0])
				require.GreaterOrEqual(t, i, 0, "%q in %q", sp[0], d.text)
				s, e := d.Span(i, i+len(sp[0]))
				require.Equal(t, sp[1], tc.in[s:e], "source of %q in %q", sp[0], tc.in)
			}
		})
	}
}

func TestReadHTMLHidden(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"display none", `<p>a<span style="display:none">b</span>c</p>`, "ac"},
		{"display none with spaces and case", `<p>a<span style="COLOR: red; Display : None !important">b</span>c</p>`, "ac"},
		{"display none spelled with a reference", `<p>a<span style="display:&#110;one">b</span>c</p>`, "ac"},
		{"visibility hidden", `<p>a<span style="visibility:hidden">&#8203;b</span>c</p>`, "ac"},
		{"hidden attribute", `<div>a</div><div hidden>b</div><div>c</div>`, "a\nc"},
		{"del s strike", `<p>a<del>b</del><s>c</s><strike>d</strike>e</p>`, "ae"},
		{"line-through", `<p>co<span style="text-decoration:line-through">m</span>mon</p>`, "comon"},
		{"line-through among decorations", `<p>a<span style="text-decoration: underline line-through">b</span><span style="text-decoration-line:line-through">c</span><u>d</u></p>`, "ad"},
		{"underline prints", `<p><span style="text-decoration:underline">a</span></p>`, "a"},
		{"head script style template", `<html><head><title>t</title><style>p{}</style><script>var x = "<p>";</script></head><body><template><p>t</p></template><noscript>n</noscript><p>a</p></body></html>`, "a"},
		{"comment and processing instruction", `<?xml version="1.0"?><!-- <p>c</p> --><p>a<!--x-->b</p>`, "ab"},
		{"ix:header", `<div style="display:none"><ix:header><ix:hidden><ix:nonNumeric name="dei:Flag">false</ix:nonNumeric></ix:hidden></ix:header></div><p>a</p>`, "a"},
		{"ix:header alone", `<ix:header><ix:references/></ix:header><p>a</p>`, "a"},
		{"hidden block does not break the line", `<div>a <span style="display:none"><div>b</div></span>c</div>`, "a c"},
		{"a div ends the p and the hidden span in it, as in HTML5", `<p>a <span style="display:none"><div>b</div></span>c</p>`, "a\nb\nc"},
		{"hidden p ended by the next p", `<p style="display:none">a<p>b`, "b"},
		{"hidden table", `<table style="display:none"><tr><td>a</td></tr></table><p>b</p>`, "b"},
		{"hidden row and cell", `<table><tr style="display:none"><td>a</td></tr><tr><td>b</td><td style="display:none">c</td><td>d</td></tr></table>`, "b | d"},
		{"hidden table inside a cell keeps the cell", `<table><tr><td>a<div style="display:none"><table><tr><td>x<td>y</table></div>b</td><td>c</td></tr></table>`, "ab | c"},
		{"hidden br", `<p>a<br style="display:none">b</p>`, "ab"},
		{"unclosed head", `<head><title>t</title><p>a</p>`, "a"},
		{"text ends the head", `<head><title>t</title>a<p>b</p>`, "a\nb"},
		{"unclosed hidden span hides what follows, as a browser does", `<div><span style="display:none"><div>a</span>b</div></div><p>c</p>`, "c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := readHTML(tc.in)
			htmlCheck(t, tc.in, b)
			require.Equal(t, tc.want, strings.TrimRight(b.out.String(), "\n"), "rendering of %q", tc.in)
		})
	}
	d := htmlRender(`<table style="display:none"><tr><td>a</td></tr></table><p>b</p>`)
	require.Empty(t, htmlTablesOf(d), "a hidden table has no block")
}

func TestReadHTMLInlineXBRL(t *testing.T) {
	in := `<div><span>Net sales were $</span><span><ix:nonFraction unitRef="usd" name="us-gaap:Revenues" scale="9" decimals="-8" id="f-1" format="ixt:num-dot-decimal">391.0</ix:nonFraction></span><span> billion.</span></div>` +
		`<div><ix:nonNumeric name="us-gaap:Policy" id="f-2" continuedAt="c-1"><div><span>Revenue is recognized</span></div></ix:nonNumeric></div>` +
		`<div><ix:continuation id="c-1"><span>when control <ix:exclude>(see Note 2)</ix:exclude> transfers.</span></ix:continuation></div>` +
		`<table><tr><td><ix:nonFraction name="us-gaap:EPS" id="f-3" sign="-">(1.25</ix:nonFraction>)</td></tr></table>`
	d := htmlRender(in)
	htmlCheck(t, in, readHTML(in))
	require.Equal(t, "Net sales were $391.0 billion.\nRevenue is recognized\nwhen control (see Note 2) transfers.\n(1.25)", d.Text())
	for _, num := range []string{"391.0", "1.25"} {
		i := strings.Index(d.text, num)
		s, e := d.Span(i, i+len(num))
		require.Equal(t, num, in[s:e], "source of %s", num)
		require.True(t, strings.HasSuffix(in[:s], `">`) || strings.HasSuffix(in[:s], `">(`), "%s is the ix element's text: %q", num, in[max(0, s-30):s])
	}
	require.Equal(t, []Kind{Paragraph, Paragraph, Paragraph, TableBlock}, htmlBlockKinds(d))
}

func htmlBlockKinds(d *Document) []Kind {
	var ks []Kind
	for _, b := range d.Blocks {
		ks = append(ks, b.Kind)
	}
	return ks
}

func TestReadHTMLHeaders(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []string
		header int
		reason string
	}{
		{name: "thead", in: `<table><thead><tr><td>Item</td><td>2024</td></tr></thead><tbody><tr><td>Sales</td><td>5</td></tr></tbody></table>`,
			want: []string{"Item@0+1* | 2024@1+1*", "Sales@0+1 | 5@1+1"}, header: 1, reason: "every cell of a thead row is a header cell"},
		{name: "two thead rows", in: `<table><thead><tr><th colspan=2>Years</th></tr><tr><th>2024<th>2023</thead><tr><td>1<td>2</table>`,
			want: []string{"Years@0+2*", "2024@0+1* | 2023@1+1*", "1@0+1 | 2@1+1"}, header: 2},
		{name: "th row with an empty corner", in: `<table><tr><td></td><th>2024</th><th>2023</th></tr><tr><td>Sales</td><td>5</td><td>4</td></tr></table>`,
			want: []string{"2024@1+1* | 2023@2+1*", "Sales@0+1 | 5@1+1 | 4@2+1"}, header: 1, reason: "a row whose non-empty cells are all th is a header row"},
		{name: "row headers", in: `<table><tr><th>Sales</th><td>5</td></tr><tr><th>Costs</th><td>4</td></tr></table>`,
			want: []string{"Sales@0+1* | 5@1+1", "Costs@0+1* | 4@1+1"}, header: 0, reason: "a th that labels a body row does not make it a header row"},
		{name: "th row after the body", in: `<table><tr><td>a</td></tr><tr><th>b</th></tr></table>`,
			want: []string{"a@0+1", "b@0+1*"}, header: 0, reason: "header rows are the leading ones"},
		{name: "no markup, no header", in: `<table><tr><td>Item</td><td>2024</td></tr><tr><td>Sales</td><td>5</td></tr></table>`,
			want: []string{"Item@0+1 | 2024@1+1", "Sales@0+1 | 5@1+1"}, header: 0, reason: "inferring header rows is finish's job"},
		{name: "tfoot", in: `<table><thead><tr><th>a</thead><tfoot><tr><td>f</tfoot><tbody><tr><td>b</tbody></table>`,
			want: []string{"a@0+1*", "f@0+1", "b@0+1"}, header: 1, reason: "rows are in source order"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := htmlRender(tc.in)
			htmlCheck(t, tc.in, readHTML(tc.in))
			ts := htmlTablesOf(d)
			require.Len(t, ts, 1)
			require.Equal(t, tc.want, htmlGridRows(d, ts[0]), "rows of %q (%s)", tc.in, tc.reason)
			require.Equal(t, tc.header, ts[0].Header, "header rows of %q (%s)", tc.in, tc.reason)
		})
	}
}

func TestReadHTMLWorkivaCells(t *testing.T) {
	// Workiva prints a currency sign, an opening parenthesis or a percent
	// sign in a cell of its own; the rendering keeps each cell.
	cell := func(s string) string {
		return `<td style="padding:2px 0;text-align:right"><span style="font-family:'Helvetica',sans-serif;font-size:8pt">` + s + `</span></td>`
	}
	in := `<table>` +
		`<tr>` + cell("Products") + cell("$") + cell(`<ix:nonFraction name="us-gaap:Revenues" scale="6" id="f-1">294,866</ix:nonFraction>`) + cell("&#160;") + cell("$") + cell("298,085") + `<td/></tr>` +
		`<tr>` + cell("Treasury stock") + `<td/>` + cell("(") + cell(`<ix:nonFraction name="us-gaap:Treasury" scale="6" id="f-2">3,709</ix:nonFraction>`) + cell(")") + cell("(565") + cell(")") + `</tr>` +
		`<tr>` + cell("Gross margin") + `<td/><td/>` + cell("46.2&#160;") + cell("%") + cell("44.1") + cell("%") + `</tr>` +
		`</table>`
	d := htmlRender(in)
	htmlCheck(t, in, readHTML(in))
	require.Equal(t, "Products | $ | 294,866 | $ | 298,085\nTreasury stock | ( | 3,709 | ) | (565 | )\nGross margin | 46.2 | % | 44.1 | %", d.Text())
	ts := htmlTablesOf(d)
	require.Len(t, ts, 1)
	require.Equal(t, []string{
		"Products@0+1 | $@1+1 | 294,866@2+1 | $@4+1 | 298,085@5+1",
		"Treasury stock@0+1 | (@2+1 | 3,709@3+1 | )@4+1 | (565@5+1 | )@6+1",
		"Gross margin@0+1 | 46.2@3+1 | %@4+1 | 44.1@5+1 | %@6+1",
	}, htmlGridRows(d, ts[0]))
	for _, num := range []string{"294,866", "3,709", "46.2"} {
		i := strings.Index(d.text, num)
		s, e := d.Span(i, i+len(num))
		require.Equal(t, num, in[s:e], "source of %s", num)
	}
}

func TestReadHTMLBreakInCell(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"br", `<table><tr><td>September 28,<br/>2024</td><td>b</td></tr></table>`, "September 28, 2024 | b"},
		{"br twice", `<table><tr><td>a<br><br>b</td></tr></table>`, "a b"},
		{"br at the ends", `<table><tr><td><br>a<br></td><td>b</td></tr></table>`, "a | b"},
		{"blocks in a cell", `<table><tr><td><div>(State of</div><div>incorporation)</div></td><td><p>x</p></td></tr></table>`, "(State of incorporation) | x"},
		{"space before br", `<table><tr><td>a <br> b</td></tr></table>`, "a b"},
		{"br alone", `<table><tr><td><br/></td><td>b</td></tr></table>`, "b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := readHTML(tc.in)
			htmlCheck(t, tc.in, b)
			require.Equal(t, tc.want, strings.TrimRight(b.out.String(), "\n"), "rendering of %q", tc.in)
		})
	}
}

func TestReadHTMLBlocks(t *testing.T) {
	in := `<h1>Annual  report</h1><h3>Risk<br>factors</h3><p>First.</p><div>Second <b>bold</b>.</div>` +
		`<ul><li>one<li>two<ul><li>nested</ul></li></ul><ol><li><p>para in item</p></li></ol><pre>  a  b
c</pre>text`
	d := htmlRender(in)
	htmlCheck(t, in, readHTML(in))
	type blk struct {
		Kind  Kind
		Level int
		Text  string
	}
	var got []blk
	for _, b := range d.Blocks {
		got = append(got, blk{b.Kind, b.Level, d.text[b.Start:b.End]})
	}
	require.Equal(t, []blk{
		{Heading, 1, "Annual report"},
		{Heading, 3, "Risk"},
		{Heading, 3, "factors"},
		{Paragraph, 0, "First."},
		{Paragraph, 0, "Second bold."},
		{ListItem, 0, "one"},
		{ListItem, 0, "two"},
		{ListItem, 0, "nested"},
		{ListItem, 0, "para in item"},
		{Paragraph, 0, "  a  b"},
		{Paragraph, 0, "c"},
		{Paragraph, 0, "text"},
	}, got)
}

func TestReadHTMLNested(t *testing.T) {
	src, err := os.ReadFile("testdata/html/nested.htm")
	require.NoError(t, err)
	d := htmlRender(string(src))
	htmlCheck(t, string(src), readHTML(string(src)))
	var got [][]string
	for _, tb := range htmlTablesOf(d) {
		got = append(got, htmlGridRows(d, tb))
	}
	require.Equal(t, [][]string{
		{"Outer@0+2* | Notes@2+1*", "Left@0+1 | Middle@1+1"},
		{"inner a@0+1 | inner b@1+1", "inner c@0+1"},
		{"after inner@1+1 | Right@2+1", "Last@0+1 | row@2+1"},
		{"only@0+1"},
		nil,
	}, got, "the nested table is a table of its own; the outer table resumes after it in the same grid; an empty table keeps its block")
}

func TestParseHTML(t *testing.T) {
	d, err := Parse("letter.htm", `<p>Revenue &minus;27</p><table><tr><td>a</td><td>1</td></tr></table>`, HTML)
	require.NoError(t, err)
	require.Equal(t, "Revenue −27\na | 1", d.Text())
	require.Len(t, d.Tables(), 1)
}

// htmlHostile are inputs made to be slow for an HTML reader, each made of
// about n elements, references or words.
var htmlHostile = []struct {
	name string
	gen  func(n int) string
}{
	{"deep nesting", func(n int) string { return strings.Repeat("<div>", n) + "x" }},
	{"deep inline nesting", func(n int) string { return strings.Repeat("<span>", n) + "x" + strings.Repeat("</div>", n) }},
	{"unmatched end tags", func(n int) string {
		return "<div><table><tr><td>" + strings.Repeat("<span>", 300) + strings.Repeat("</div>", n)
	}},
	{"p closers through a cell", func(n int) string {
		return "<p><table><tr><td>" + strings.Repeat("<b>", 1000) + strings.Repeat("<div>", n)
	}},
	{"list items", func(n int) string { return "<ul>" + strings.Repeat("<li><span>", n) }},
	{"wide rowspans", func(n int) string {
		return "<table><tr>" + strings.Repeat("<td rowspan=65534 colspan=1000>", 2) + strings.Repeat("<tr><td>x", n)
	}},
	{"many spans", func(n int) string { return "<table>" + strings.Repeat("<tr><td colspan=1000 rowspan=3>x", n/4) }},
	{"nested tables", func(n int) string { return strings.Repeat("<table><tr><td>x", n/4) }},
	{"captions", func(n int) string { return "<table>" + strings.Repeat("<tr><td>x<caption>c", n/4) }},
	{"references", func(n int) string { return strings.Repeat("&amp;&#160;&zzzzzzzz;&#x;", n) }},
	{"long reference name", func(n int) string { return "&" + strings.Repeat("a", 2*n) }},
	{"long numeric reference", func(n int) string { return "&#" + strings.Repeat("9", 2*n) }},
	{"one long text", func(n int) string { return strings.Repeat("word ", 2*n) }},
	{"many attributes", func(n int) string { return "<p " + strings.Repeat(`style="display:block" `, n/4) + ">x" }},
	{"unclosed comment", func(n int) string { return "<!--" + strings.Repeat("x", 2*n) }},
	{"many heads", func(n int) string { return strings.Repeat("<head><p>", n/2) }},
	{"pre lines ending in spaces", func(n int) string { return "<pre>" + strings.Repeat("a \t\n", n) }},
}

// htmlHostileN is the size TestReadHTMLHostile reads htmlHostile at, about
// a megabyte each.
const htmlHostileN = 100_000

// TestReadHTMLHostile reads inputs made to be slow at htmlHostileN and at
// an eighth of it: the reader's work (see htmlReader.work) must grow at
// most linearly, within twice eight times, on any machine, where
// quadratic work would grow sixty-four times. BenchmarkReadHTMLHostile
// measures their time.
func TestReadHTMLHostile(t *testing.T) {
	for _, tc := range htmlHostile {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.gen(htmlHostileN)
			b, work := readHTMLWork(in)
			_, small := readHTMLWork(tc.gen(htmlHostileN / 8))
			require.LessOrEqual(t, work, 2*8*small, "the work of %d bytes against that of an eighth of them", len(in))
			htmlCheck(t, in, b)
		})
	}
}

// BenchmarkReadHTMLHostile reads each of htmlHostile at htmlHostileN.
func BenchmarkReadHTMLHostile(b *testing.B) {
	for _, tc := range htmlHostile {
		in := tc.gen(htmlHostileN)
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				readHTML(in)
			}
		})
	}
}

// htmlCorpusDir returns the real-document corpus: $RECKON_CORPUS, or
// ../../shared/corpus beside the module. It skips the test when neither
// holds it.
func htmlCorpusDir(t testing.TB) string {
	if dir := os.Getenv("RECKON_CORPUS"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "filings")); err != nil {
			t.Fatalf("RECKON_CORPUS=%s holds no filings: %v", dir, err)
		}
		return dir
	}
	dir := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(filepath.Join(dir, "filings")); err != nil {
		t.Skipf("the corpus of real filings is not at %s (set RECKON_CORPUS to its directory): %v", dir, err)
	}
	return dir
}

// htmlCorpusKnownDiffs are the lines of the corpus' .txt renderings that the
// reader prints differently on purpose, by filing and 1-based line.
var htmlCorpusKnownDiffs = map[string]map[int]string{
	"nflx-10k-2024": {215: `the filing strikes out the "m" of "common" (text-decoration:line-through); ` +
		`the .txt keeps struck-out text, the reader drops it and prints "comon"`},
}

func TestReadHTMLCorpus(t *testing.T) {
	dir := htmlCorpusDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "filings", "*.htm"))
	require.NoError(t, err)
	require.Len(t, files, 6)
	docs := map[string]*Document{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".htm")
		src, b, want := readHTMLFixture(t, f)
		d := htmlDocument(src, b)
		docs[name] = d
		got, exp := strings.Split(d.text, "\n"), strings.Split(want, "\n")
		diff := htmlLineDiffs(exp, got)
		t.Logf("%s: %d lines, %d differ from the .txt", name, len(exp), len(diff))
		known := htmlCorpusKnownDiffs[name]
		for _, ln := range diff {
			if why, ok := known[ln]; ok {
				t.Logf("  line %d differs on purpose: %s", ln, why)
				continue
			}
			g := ""
			if ln <= len(got) {
				g = got[ln-1]
			}
			w := ""
			if ln <= len(exp) {
				w = exp[ln-1]
			}
			t.Errorf("%s line %d (-want +got):\n-%s\n+%s", name, ln, w, g)
		}
		require.Len(t, got, len(exp), "%s has as many lines as its .txt", name)
	}
	htmlCheckFacts(t, dir, docs)
}

// htmlLineDiffs returns the 1-based lines of want that got prints otherwise:
// line by line when they have as many lines, else the lines of want
// outside their longest common subsequence.
func htmlLineDiffs(want, got []string) []int {
	var out []int
	if len(want) == len(got) {
		for i := range want {
			if want[i] != got[i] {
				out = append(out, i+1)
			}
		}
		return out
	}
	n, m := len(want), len(got)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	for i, j := 0, 0; i < n; {
		switch {
		case j < m && want[i] == got[j]:
			i, j = i+1, j+1
		case j < m && lcs[i][j+1] >= lcs[i+1][j]:
			j++
		default:
			out = append(out, i+1)
			i++
		}
	}
	return out
}

// htmlCheckFacts checks every fact of facts.jsonl against the tables:
// the row on the fact's line has the fact's cell at its index, and the
// number's span in the rendering maps back into the fact's own
// ix:nonFraction element, to exactly the bytes that print it.
func htmlCheckFacts(t *testing.T, dir string, docs map[string]*Document) {
	f, err := os.Open(filepath.Join(dir, "filings", "facts.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	type fact struct {
		Filing    string `json:"filing"`
		LineNo    int    `json:"line_no"`
		Cell      string `json:"cell"`
		CellIndex int    `json:"cell_index"`
		Display   string `json:"display"`
		Before    string `json:"before_in_cell"`
		ID        string `json:"id"`
	}
	rows := map[string]map[int]*Row{}  // by filing and 1-based line
	ids := map[string]map[string]int{} // by filing and id, where id="…" is
	for name, d := range docs {
		where := map[string]int{}
		for i := 0; ; {
			k := strings.Index(d.source[i:], ` id="`)
			if k < 0 {
				break
			}
			i += k + len(` id="`)
			j := strings.IndexByte(d.source[i:], '"')
			if j < 0 {
				break
			}
			where[d.source[i:i+j]] = i - len(`id="`)
		}
		ids[name] = where
		byLine := map[int]*Row{}
		ln, at := 1, 0
		for _, tb := range htmlTablesOf(d) {
			for _, r := range tb.Rows {
				ln += strings.Count(d.text[at:r.Start], "\n")
				at = r.Start
				byLine[ln] = r
			}
		}
		rows[name] = byLine
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, exact := 0, 0
	for sc.Scan() {
		var fc fact
		require.NoError(t, json.Unmarshal(sc.Bytes(), &fc))
		d := docs[fc.Filing]
		require.NotNil(t, d, fc.Filing)
		what := fmt.Sprintf("%s fact %s on line %d", fc.Filing, fc.ID, fc.LineNo)
		r := rows[fc.Filing][fc.LineNo]
		require.NotNil(t, r, "%s: a table row", what)
		require.Less(t, fc.CellIndex, len(r.Cells), what)
		c := r.Cells[fc.CellIndex]
		ct := d.text[c.Start:c.End]
		require.Equal(t, fc.Cell, ct, what)
		k := strings.Index(ct[len(fc.Before):], fc.Display)
		require.GreaterOrEqual(t, k, 0, what)
		k += c.Start + len(fc.Before)
		s, e := d.Span(k, k+len(fc.Display))
		require.Equal(t, fc.Display, html.UnescapeString(d.source[s:e]), "%s: the source of the number", what)
		if d.source[s:e] == fc.Display {
			exact++
		}
		// The fact's element: its start tag carries id="…"; the span lies
		// between the end of that tag and the element's end tag.
		at, ok := ids[fc.Filing][fc.ID]
		require.True(t, ok, what)
		open := strings.LastIndexByte(d.source[:at], '<')
		tag := d.source[open+1 : open+1+strings.IndexAny(d.source[open+1:], " \t\n>")]
		from := at + strings.IndexByte(d.source[at:], '>') + 1
		to := from + strings.Index(d.source[from:], "</"+tag)
		require.True(t, from <= s && e <= to, "%s: [%d,%d) is inside <%s> [%d,%d)", what, s, e, tag, from, to)
		n++
	}
	require.NoError(t, sc.Err())
	t.Logf("%d facts: each number's span maps into its own element (%d byte for byte, the rest character references)", n, exact)
}

func BenchmarkReadHTML(b *testing.B) {
	dir := htmlCorpusDir(b)
	files, err := filepath.Glob(filepath.Join(dir, "filings", "*.htm"))
	require.NoError(b, err)
	var src []byte
	var name string
	for _, f := range files {
		s, err := os.ReadFile(f)
		require.NoError(b, err)
		if len(s) > len(src) {
			src, name = s, filepath.Base(f)
		}
	}
	if src == nil {
		b.Skip("no filings in the corpus")
	}
	s := string(src)
	b.Logf("%s, %d bytes", name, len(s))
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		readHTML(s)
	}
}

// TestReadHTMLInvisibleText: text no reader can see, in a font of size
// zero or at opacity zero, is not in the rendering.
func TestReadHTMLInvisibleText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<p>Revenue was <span style="font-size:0">5,007</span> 7</p>`, "Revenue was 7"},
		{`<p>Revenue <span style="opacity: 0">5,007</span> 7</p>`, "Revenue 7"},
		{`<p style="font-size:12px">Shown 5,007</p>`, "Shown 5,007"},
		{`<p style="font-size: 0.0em">x 5</p><p>y 6</p>`, "y 6"},
	} {
		require.Equal(t, tc.want, MustParse("x.htm", tc.in, HTML).Text(), "%s", tc.in)
	}
}
