package document

import (
	"bytes"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
)

// This file reads Markdown (CommonMark with GitHub's tables and
// strikethrough) into a rendering and its blocks.
//
// goldmark parses the source once into a tree whose leaves are segments
// of the source; the reader walks the tree and copies each segment's
// bytes into the rendering (builder.lit), so that every byte it prints
// maps back to the bytes that print it. What the source writes in place
// of a character (a backslash escape, "&amp;", "&#36;") prints the
// character, standing for those bytes (builder.gen).
//
// The rendering is what a reader of the rendered page sees, as text:
//
//   - each block is one or more whole lines, in the order of the source,
//     with no empty line between blocks (as the HTML reader writes them):
//     a heading is its text on one line (a Heading block with its level);
//     a paragraph keeps its source lines, a soft or hard line break
//     ending a line; a code block keeps its lines (its blank lines are
//     dropped); a list item is its text without its marker;
//   - a list item's paragraphs are one ListItem block; a nested list, a
//     table, a heading or a block quote inside it ends that block, and
//     each nested item is a ListItem block of its own, so blocks never
//     overlap; text of the item after a nested list is a ListItem block
//     again;
//   - emphasis and strong markers, a link's or an image's destination
//     and title print nothing; link text prints, an image's alt text does not;
//     code spans print their text, a line break in them a space;
//   - struck text (~~x~~ or ~x~) prints nothing, nor does anything inside
//     raw HTML that a browser hides or strikes out: the content of del,
//     s, strike, script, style, head, template, title and the like, and
//     of any element with a hidden attribute or a style that says
//     display:none, visibility:hidden or collapse, or line-through. Such
//     an element hides the Markdown after it until its end tag, across
//     blocks, as the page does; opened in a table cell it ends with the
//     cell. An HTML block prints what the HTML reader (readHTML) prints
//     for it, tables included, unless an element open before it hides it;
//   - a table row is one line, its non-empty cells, trimmed, joined by
//     " | "; the delimiter row prints nothing; the header row's cells
//     are header cells;
//   - white space collapses to one space, no-break spaces included, and
//     is trimmed at the ends of lines and cells.
//
// goldmark is not linear on every input (see guardMarkdown), so the
// reader first bounds what one document can make it do.

// mdParser parses CommonMark with GitHub's tables and strikethrough. It
// is built once: goldmark's parser is safe for concurrent use.
var mdParser = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser()

// readMarkdown reads src as Markdown into a builder holding its rendering
// and blocks. goldmark reads the guard's copy of the source, whose
// offsets are the source's; the rendering copies from src itself, so
// that a byte the guard neutralized still prints as written.
func readMarkdown(src string) *builder {
	g := guardMarkdown(src)
	m := &mdReader{b: newBuilder(src), src: src, in: g.in, drop: g.drop}
	m.b.runs = make([]run, 0, min(len(g.in)/8, 1<<20)) // a run for about every 8 bytes of a 10-K
	m.blocks(mdParser.Parse(text.NewReader(g.in)))
	m.b.endLine(len(src))
	return m.b
}

// mdReader is the state of one readMarkdown.
type mdReader struct {
	b    *builder
	src  string
	in   []byte  // what goldmark read
	drop []Span  // source ranges whose text must not print, in order
	hide mdHider // the raw HTML elements open

	space    bool // white space waits to print as one space before the next text
	spS, spE int  // the source bytes it stands for

	inCell      bool // a table cell's text is being written
	cellStarted bool // and it has text in the rendering
	cell        Cell
	row         *Row
}

// An mdFrame is a container block being read: the document, a block
// quote, a list or a list item.
type mdFrame struct {
	next      ast.Node // the next child to read
	item      bool     // the container is a list item
	itemStart int      // where the item's current ListItem block starts, or -1
}

// blocks reads the block tree under doc, in order. It keeps its own stack
// rather than recursing, so that no nesting of containers can exhaust the
// stack. A list item's frame gathers its paragraphs and code into one
// ListItem block, which any other block inside the item ends first: so
// blocks follow each other and never nest.
func (m *mdReader) blocks(doc ast.Node) {
	stack := []mdFrame{{next: doc.FirstChild(), itemStart: -1}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		n := f.next
		if n == nil {
			m.endItem(f)
			stack = stack[:len(stack)-1]
			continue
		}
		f.next = n.NextSibling()
		switch n := n.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			m.textBlock(f, n)
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			m.codeBlock(f, n)
		case *ast.Heading:
			m.endItem(f)
			start := m.b.pos()
			m.inline(n, true)
			m.endBlock(Heading, start, n.Level, m.lastStop(n))
		case *ast.HTMLBlock:
			m.endItem(f)
			f.next = m.htmlBlocks(n)
		case *extast.Table:
			m.endItem(f)
			m.table(n)
		case *ast.ThematicBreak, *ast.LinkReferenceDefinition:
			// They print nothing.
		default:
			if n.Type() != ast.TypeBlock || !n.HasChildren() {
				continue
			}
			m.endItem(f)
			_, item := n.(*ast.ListItem)
			stack = append(stack, mdFrame{next: n.FirstChild(), item: item, itemStart: -1})
		}
	}
}

// textBlock writes a paragraph: a block of its own, or part of its list
// item's block.
func (m *mdReader) textBlock(f *mdFrame, n ast.Node) {
	if f.item {
		if f.itemStart < 0 {
			f.itemStart = m.b.pos()
		}
		m.inline(n, false)
		m.endLine(m.lastStop(n))
		return
	}
	start := m.b.pos()
	m.inline(n, false)
	m.endBlock(Paragraph, start, 0, m.lastStop(n))
}

// codeBlock writes a code block's lines as written, less the white space
// that ends them: a block of its own, or part of its list item's block.
func (m *mdReader) codeBlock(f *mdFrame, n ast.Node) {
	start := m.b.pos()
	if f.item && f.itemStart < 0 {
		f.itemStart = start
	}
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		s, e := seg.Start, seg.Stop
		for e > s && mdSpace(m.src[e-1]) {
			e--
		}
		if e > s && m.visible(s, e) {
			m.before(s)
			m.plain(s, e)
		}
		m.endLine(seg.Stop)
	}
	if !f.item {
		m.endBlock(Paragraph, start, 0, m.lastStop(n))
	}
}

// endItem ends the ListItem block a list item's text has open. Its text
// has ended its lines.
func (m *mdReader) endItem(f *mdFrame) {
	if f.itemStart >= 0 {
		m.b.block(ListItem, f.itemStart, 0, nil)
		f.itemStart = -1
	}
}

// lastStop returns the source offset where block n's last line ends, for
// the newline that ends its last line in the rendering.
func (m *mdReader) lastStop(n ast.Node) int {
	if l := n.Lines(); l.Len() > 0 {
		return l.At(l.Len() - 1).Stop
	}
	return max(n.Pos(), 0)
}

// endLine ends the rendering's current line, if anything is on it; white
// space waiting to print is dropped.
func (m *mdReader) endLine(at int) {
	m.space = false
	m.b.endLine(at)
}

// endBlock ends the current line and appends a block of kind k from start.
func (m *mdReader) endBlock(k Kind, start, level, at int) {
	m.endLine(at)
	m.b.block(k, start, level, nil)
}

// inline writes the inline content under parent. join makes a line break
// a space, for a heading, which is one line.
func (m *mdReader) inline(parent ast.Node, join bool) {
	mdWalk(parent, func(n ast.Node) bool { return m.inlineNode(n, join) })
}

// mdWalk calls visit for each node under parent, in order, and for the
// children of those it returns true for. It walks the tree by parent
// links: no nesting can exhaust the stack.
func mdWalk(parent ast.Node, visit func(ast.Node) bool) {
	n := parent.FirstChild()
	for n != nil {
		if visit(n) && n.FirstChild() != nil {
			n = n.FirstChild()
			continue
		}
		for n != parent && n.NextSibling() == nil {
			n = n.Parent()
		}
		if n == parent {
			return
		}
		n = n.NextSibling()
	}
}

// inlineNode writes inline node n and reports whether its children are
// to be written: they are for emphasis, links and images (whose text or
// alt text prints), not for what prints nothing or is written here.
func (m *mdReader) inlineNode(n ast.Node, join bool) bool {
	switch n := n.(type) {
	case *ast.Text:
		seg := n.Segment
		if m.visible(seg.Start, seg.Stop) {
			m.text(seg.Start, seg.Stop, !n.IsRaw())
		}
		if n.SoftLineBreak() || n.HardLineBreak() {
			m.lineBreak(seg.Stop, join)
		}
	case *ast.CodeSpan:
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok && m.visible(t.Segment.Start, t.Segment.Stop) {
				m.text(t.Segment.Start, t.Segment.Stop, false)
			}
		}
	case *ast.AutoLink:
		// The label is the source's, just after "<"; goldmark keeps no
		// segment of it, so it is found there.
		l, p := string(n.Label(m.in)), n.Pos()+1
		if p > 0 && p+len(l) <= len(m.src) && m.src[p:p+len(l)] == l && m.visible(p, p+len(l)) {
			m.text(p, p+len(l), false)
		}
	case *ast.RawHTML:
		m.rawHTML(n, join)
	case *extast.Strikethrough:
		// Struck text prints nothing, but its line breaks end lines: the
		// paragraph keeps its source lines.
		mdWalk(n, func(c ast.Node) bool {
			if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
				m.lineBreak(t.Segment.Stop, join)
			}
			return true
		})
	case *ast.Image:
		// An image's alt text is not printed on the page: a number in it
		// ("![Revenue was 5,007](chart.png)") is no number the document
		// shows. Its line breaks still end lines.
		mdWalk(n, func(c ast.Node) bool {
			if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
				m.lineBreak(t.Segment.Stop, join)
			}
			return true
		})
	case *ast.String:
		// It has no source bytes.
	default:
		return true
	}
	return false
}

// lineBreak is a soft or hard line break after source offset at: the end
// of a line, or a space in a heading or a table cell.
func (m *mdReader) lineBreak(at int, join bool) {
	if join || m.inCell {
		e := at
		for e < len(m.src) && mdSpace(m.src[e]) && m.src[e] != '\n' {
			e++
		}
		if e < len(m.src) && m.src[e] == '\n' {
			e++
		}
		m.pendSpace(at, e)
		return
	}
	m.endLine(at)
}

// visible reports whether text at src[s:e] may print: no raw HTML element
// hides it and the guard has not dropped it.
func (m *mdReader) visible(s, e int) bool {
	if m.hide.hidden() {
		return false
	}
	k := sort.Search(len(m.drop), func(k int) bool { return m.drop[k].End > s })
	return k == len(m.drop) || m.drop[k].Start >= max(e, s+1)
}

// pendSpace notes white space at src[s:e], which prints as one space
// before the next text on the same line or in the same cell. White space
// is never written before it is known to be followed by text: a line or
// cell never ends in it, and builder.trimRight, which copies the whole
// rendering when it trims, never has to.
func (m *mdReader) pendSpace(s, e int) {
	if !m.space {
		m.space, m.spS, m.spE = true, s, e
	} else if m.spE == s {
		m.spE = e
	}
}

// before prepares the rendering for text from source offset at: it starts
// the cell (with its " | ") or drops the space that would start a line,
// and prints the space that waits.
func (m *mdReader) before(at int) {
	if m.inCell {
		if !m.cellStarted {
			if len(m.row.Cells) > 0 {
				m.b.sep(" | ", at)
			} else {
				m.row.Start = m.b.pos()
			}
			m.cell.Start = m.b.pos()
			m.cellStarted, m.space = true, false
		}
	} else if p := m.b.pos(); p == 0 || m.b.out.byteAt(p-1) == '\n' {
		m.space = false
	}
	if m.space {
		m.space = false
		m.b.gen(" ", m.spS, m.spE)
	}
}

// mdStop marks the bytes that end a run of text copied as it is.
var mdStop = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '\\': true, '&': true, 0xC2: true}

// text writes the text src[s:e]. With decode, a backslash escape prints
// the character it escapes and a character reference the characters it
// names, as CommonMark reads them; code is written without.
func (m *mdReader) text(s, e int, decode bool) {
	src := m.src
	for i := s; i < e; {
		c := src[i]
		switch {
		case mdSpace(c):
			j := i + 1
			for j < e && mdSpace(src[j]) {
				j++
			}
			m.pendSpace(i, j)
			i = j
		case c == 0xC2 && i+1 < e && src[i+1] == 0xA0: // a no-break space is white space, as in the HTML reader
			m.pendSpace(i, i+2)
			i += 2
		case c == '\\' && decode && i+1 < e && util.IsPunct(src[i+1]):
			m.before(i)
			m.b.gen(src[i+1:i+2], i, i+2)
			i += 2
		case c == '&' && decode:
			dec, n := mdCharRef(src[i:e])
			switch {
			case n == 0:
				m.before(i)
				m.b.lit(i, i+1)
				n = 1
			case dec == " " || dec == "\u00a0" || len(dec) == 1 && mdSpace(dec[0]):
				m.pendSpace(i, i+n)
			default:
				m.before(i)
				m.b.gen(dec, i, i+n)
			}
			i += n
		default:
			j := i + 1
			for j < e && !mdStop[src[j]] {
				j++
			}
			m.before(i)
			m.plain(i, j)
			i = j
		}
	}
}

// plain copies src[s:e]. NUL and bytes that are not UTF-8 print as
// U+FFFD, as CommonMark and a browser show them.
func (m *mdReader) plain(s, e int) {
	t := m.src[s:e]
	if utf8.ValidString(t) && strings.IndexByte(t, 0) < 0 {
		m.b.lit(s, e)
		return
	}
	from := 0
	for i := 0; i < len(t); {
		c, n := utf8.DecodeRuneInString(t[i:])
		if c == 0 || c == utf8.RuneError && n == 1 {
			m.b.lit(s+from, s+i)
			m.b.gen("\uFFFD", s+i, s+i+n)
			from = i + n
		}
		i += n
	}
	m.b.lit(s+from, e)
}

// mdSpace reports whether c is white space in Markdown text.
func mdSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// mdMaxRefName is longer than any named character reference: a longer run
// of letters and digits after "&" is no reference.
const mdMaxRefName = 40

// mdCharRef decodes the character reference at the start of s, which
// begins with "&", as CommonMark does (and goldmark's renderer): "&name;"
// for an HTML5 entity name, "&#" and 1–7 digits, "&#x" and 1–6 hex
// digits, each ended by ";". It returns the text and the reference's
// length, or n = 0 when s begins with none.
func mdCharRef(s string) (dec string, n int) {
	if len(s) > 2 && s[1] == '#' {
		i, base, maxDigits := 2, 10, 7
		if s[2] == 'x' || s[2] == 'X' {
			i, base, maxDigits = 3, 16, 6
		}
		j := i
		for j < len(s) && j-i < maxDigits && (htmlDigit(s[j]) || base == 16 && htmlHexLetter(s[j])) {
			j++
		}
		if j == i || j >= len(s) || s[j] != ';' {
			return "", 0
		}
		v, _ := strconv.ParseUint(s[i:j], base, 32)
		r := rune(v)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return string(r), j + 1
	}
	j := 1
	for j < len(s) && j <= mdMaxRefName && htmlAlnum(s[j]) {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ';' {
		return "", 0
	}
	if ent, ok := util.LookUpHTML5EntityByName(s[1:j]); ok {
		return string(ent.Characters), j + 1
	}
	return "", 0
}

// table writes a GFM table: a row a line, its non-empty cells joined by
// " | ". A cell's column is its place in the GFM grid, empty cells
// included; goldmark gives every row as many cells as the delimiter row
// has columns. A row with no text has no line and is not one of Rows, so
// Header is 1 only when the header row prints; an empty header row
// leaves the common pass to find header rows (Document.headers). The
// HTML elements a cell opens end with it (mdHider.enterCell).
func (m *mdReader) table(n *extast.Table) {
	t := &Table{Cols: len(n.Alignments)}
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		_, head := row.(*extast.TableHeader)
		r := &Row{Cells: make([]Cell, 0, row.ChildCount())}
		col, end := 0, 0
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			end = max(end, m.lastStop(c))
			mark := m.hide.enterCell()
			m.inCell, m.cellStarted, m.row = true, false, r
			m.cell = Cell{Col: col, ColSpan: 1, Header: head}
			m.inline(c, true)
			if m.cellStarted {
				m.cell.End = m.b.pos()
				r.Cells = append(r.Cells, m.cell)
			}
			m.inCell, m.space = false, false
			m.hide.leaveCell(mark)
			col++
		}
		m.row = nil
		if len(r.Cells) == 0 {
			continue // an empty row has no line
		}
		r.End = m.b.pos()
		m.endLine(end)
		if head {
			t.Header = 1
		}
		t.Rows = append(t.Rows, r)
	}
	if len(t.Rows) > 0 {
		m.b.block(TableBlock, t.Rows[0].Start, 0, t)
	}
}

// rawHTML reads inline raw HTML: a tag, a comment, a processing
// instruction, a declaration or a CDATA section. A tag may open or close
// an element that hides what follows; <br> breaks the line.
func (m *mdReader) rawHTML(n *ast.RawHTML, join bool) {
	f, at := m.joined(n.Segments)
	m.hide.inline(f, func() {
		if !m.hide.hidden() {
			m.lineBreak(at, join)
		}
	})
}

// An mdPart is one source segment of an HTML fragment: src[s:e] is the
// fragment's bytes from j.
type mdPart struct{ s, e, j int }

// joined returns the bytes of segs, in order, as one string (the source's
// own bytes when they are contiguous), with the parts it joins.
func (m *mdReader) joined(segs *text.Segments) (string, int) {
	if segs.Len() == 0 {
		return "", 0
	}
	first, last := segs.At(0), segs.At(segs.Len()-1)
	contiguous := true
	for i := 1; i < segs.Len(); i++ {
		contiguous = contiguous && segs.At(i).Start == segs.At(i-1).Stop
	}
	if contiguous {
		return m.src[first.Start:last.Stop], first.Start
	}
	var b strings.Builder
	for i := range segs.Len() {
		s := segs.At(i)
		b.WriteString(m.src[s.Start:s.Stop])
	}
	return b.String(), first.Start
}

// htmlBlocks writes the HTML block n and those that follow it with only
// blank lines between, as one fragment: what the HTML reader prints for
// it, unless an element open before it hides it. It then notes the
// elements the fragment leaves open, and returns the node after it.
// Reading consecutive blocks as one costs one HTML reader, not one each.
func (m *mdReader) htmlBlocks(n *ast.HTMLBlock) ast.Node {
	var parts []mdPart
	var b strings.Builder
	add := func(s text.Segment) {
		if s.Stop <= s.Start {
			return
		}
		if k := len(parts) - 1; k >= 0 && parts[k].e == s.Start {
			parts[k].e = s.Stop
		} else {
			parts = append(parts, mdPart{s: s.Start, e: s.Stop, j: b.Len()})
		}
		b.WriteString(m.src[s.Start:s.Stop])
	}
	var next ast.Node
	for {
		lines := n.Lines()
		for i := range lines.Len() {
			add(lines.At(i))
		}
		if n.HasClosure() {
			add(n.ClosureLine)
		}
		next = n.NextSibling()
		h, ok := next.(*ast.HTMLBlock)
		if !ok || len(parts) == 0 || h.Lines().Len() == 0 || m.hide.hidden() {
			break // while hidden, each block is read alone: the next may print
		}
		gap := text.NewSegment(parts[len(parts)-1].e, h.Lines().At(0).Start)
		if gap.Start > gap.Stop || !mdBlank(m.src[gap.Start:gap.Stop]) {
			break
		}
		add(gap)
		n = h
	}
	if len(parts) == 0 {
		return next
	}
	f := b.String()
	if !m.hide.hidden() && m.visible(parts[0].s, parts[len(parts)-1].e) && mdHasText(f) {
		m.splice(f, parts)
	}
	m.hide.block(f)
	return next
}

// mdHasText reports whether HTML f may print anything: whether it has a
// byte other than white space outside its tags.
func mdHasText(f string) bool {
	in := false
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '<':
			in = true
		case c == '>':
			in = false
		case !in && !mdSpace(c):
			return true
		}
	}
	return false
}

// splice appends the rendering and blocks the HTML reader makes of the
// fragment f, whose bytes are the source's parts, mapped to the source:
// a copied run is cut where the parts are not contiguous (an HTML block
// in a block quote, whose ">" markers are not the fragment's), and a
// generated run stands for the source bytes its ends map to.
func (m *mdReader) splice(f string, parts []mdPart) {
	sub := readHTML(f)
	out := sub.out.String()
	m.endLine(parts[0].s)
	base := m.b.pos()
	for _, r := range sub.runs {
		if !r.lit {
			s := mdMap(parts, r.s, false)
			se := s
			if r.se > r.s {
				se = max(mdMap(parts, r.se, true), s)
			}
			m.b.runs = append(m.b.runs, run{r: base + r.r, n: r.n, s: s, se: se})
			continue
		}
		for rr, j, n := r.r, r.s, r.n; n > 0; {
			p := parts[mdPartAt(parts, j)]
			s := p.s + j - p.j
			take := min(n, p.e-s)
			m.b.runs = append(m.b.runs, run{r: base + rr, n: take, s: s, se: s + take, lit: true})
			rr, j, n = rr+take, j+take, n-take
		}
	}
	m.b.out.WriteString(out)
	for _, bl := range sub.blocks {
		bl.Start += base
		bl.End += base
		if t := bl.Table; t != nil {
			t.Start, t.End = bl.Start, bl.End
			for _, r := range t.Rows {
				r.Start += base
				r.End += base
				for k := range r.Cells {
					r.Cells[k].Start += base
					r.Cells[k].End += base
				}
			}
		}
		m.b.blocks = append(m.b.blocks, bl)
	}
}

// mdPartAt returns the index of the part that holds fragment offset j.
func mdPartAt(parts []mdPart, j int) int {
	return max(sort.Search(len(parts), func(k int) bool { return parts[k].j > j })-1, 0)
}

// mdMap maps fragment offset j to the source: the byte it is, or, for the
// end of a range (end) at a part's start, the end of the part before.
func mdMap(parts []mdPart, j int, end bool) int {
	k := mdPartAt(parts, j)
	if end && k > 0 && j == parts[k].j {
		return parts[k-1].e
	}
	p := parts[k]
	return min(p.s+j-p.j, p.e)
}

// mdHider tracks the raw HTML elements open in a Markdown document that
// hide what follows them, across inline HTML and HTML blocks: the page a
// browser shows is one HTML stream, in which an element opened in one
// block may still be open in the next. It uses the HTML reader's rules
// of what hides (TestMarkdownHidesAsHTML holds the two to each other):
// it tracks no element while nothing hides, and every non-void element
// while something does, so that an end tag closes the element it
// closes.
type mdHider struct {
	open   []mdOpen
	hiding int // entries of open that hide
	floor  int // end tags do not close what was open when a table cell started
}

// An mdOpen is an open element.
type mdOpen struct {
	name  string
	hides bool
	block bool // it stops an inline element's end tag
}

// mdMaxScope is how far down the open elements an end tag looks for the
// element it ends, as htmlMaxScope bounds the HTML reader: without it,
// thousands of unmatched end tags would each scan them all.
const mdMaxScope = 256

func (h *mdHider) hidden() bool { return h.hiding > 0 }

// enterCell starts a table cell: what it opens it closes, and it closes
// nothing opened before it, as in HTML. It returns the floor to restore.
func (h *mdHider) enterCell() int {
	f := h.floor
	h.floor = len(h.open)
	return f
}

// leaveCell ends a table cell that enterCell started and returned f for.
func (h *mdHider) leaveCell(f int) {
	h.popTo(h.floor)
	h.floor = f
}

func (h *mdHider) popTo(i int) {
	for len(h.open) > i {
		if h.open[len(h.open)-1].hides {
			h.hiding--
		}
		h.open = h.open[:len(h.open)-1]
	}
}

// inline reads one piece of inline raw HTML; br is called for a <br>.
func (h *mdHider) inline(f string, br func()) {
	if name, end, ok := mdSimpleTag(f); ok {
		h.tag([]byte(name), end, false, br)
		return
	}
	if h.hidden() || mdMayHide(f) || br != nil && mdHasBr(f) {
		h.tokens(f, br)
	}
}

// block reads an HTML block.
func (h *mdHider) block(f string) {
	if h.hidden() || mdMayHide(f) {
		h.tokens(f, nil)
	}
}

// tokens reads the tags of the HTML f with the HTML tokenizer.
func (h *mdHider) tokens(f string, br func()) {
	z := html.NewTokenizer(strings.NewReader(f))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			name = append([]byte(nil), name...) // TagAttr reuses the buffer
			hides := false
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				hides = hides || mdHidingAttr(k, v)
			}
			h.tag(name, false, hides, br)
		case html.EndTagToken:
			name, _ := z.TagName()
			h.tag(name, true, false, br)
		}
	}
}

// tag reads a start or end tag of the element named name, in lower case;
// attrHides says its attributes hide it.
func (h *mdHider) tag(name []byte, end, attrHides bool, br func()) {
	switch {
	case string(name) == "br": // </br> is read as <br>, as in HTML
		if br != nil {
			br()
		}
		return
	case end:
		h.end(name)
		return
	case mdVoid(name):
		return
	}
	// A start tag written self-closing ("<del/>") opens its element all
	// the same, as a browser reads it.
	hides := attrHides || mdHiding(name)
	if !hides && h.hiding == 0 {
		return
	}
	h.open = append(h.open, mdOpen{name: string(name), hides: hides, block: mdBlockish(name)})
	if hides {
		h.hiding++
	}
}

// end closes the open element an end tag names, and those open inside
// it. As in HTML an inline element's end does not cross a block (a
// struck element's, del, s or strike, always reaches it, as in the HTML
// reader); a block's end closes what is open inside it.
func (h *mdHider) end(name []byte) {
	inline := htmlRoleOf(name) == hInline
	for i, n := len(h.open)-1, 0; i >= h.floor && n < mdMaxScope; i, n = i-1, n+1 {
		e := h.open[i]
		if e.name == string(name) {
			h.popTo(i)
			return
		}
		if inline && e.block {
			return
		}
	}
}

// mdHiding reports whether the element named name hides its content: in
// the HTML reader, its role is hSkip or hStruck.
func mdHiding(name []byte) bool {
	r := htmlRoleOf(name)
	return r == hSkip || r == hStruck
}

// mdVoid reports whether the element named name has no content.
func mdVoid(name []byte) bool {
	r := htmlRoleOf(name)
	return r == hVoid || r == hBreak
}

// mdBlockish reports whether the element named name stops an inline
// element's end tag.
func mdBlockish(name []byte) bool {
	switch htmlRoleOf(name) {
	case hInline, hStruck:
		return false
	}
	return true
}

// mdMayHide reports whether HTML that nothing open hides may open an
// element that hides: whether it has a start tag of such an element or
// says "hidden" or "style" (in any case) anywhere. Most HTML does not,
// and needs no tokenizer.
func mdMayHide(f string) bool {
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '<':
			j := i + 1
			for j < len(f) && !mdSpace(f[j]) && f[j] != '/' && f[j] != '>' {
				j++
			}
			if mdHiding([]byte(strings.ToLower(f[i+1 : j]))) {
				return true
			}
		case c|0x20 == 'h' && mdFoldPrefix(f[i:], "hidden"), c|0x20 == 's' && mdFoldPrefix(f[i:], "style"):
			return true
		}
	}
	return false
}

// mdHasBr reports whether HTML f may hold a <br>.
func mdHasBr(f string) bool {
	return strings.Contains(strings.ToLower(f), "br")
}

// mdFoldPrefix reports whether s begins with w, which is lower case, in
// ASCII case folding.
func mdFoldPrefix(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w)
}

// mdHidingAttr reports whether attribute k="v" hides its element or its
// text: the hidden attribute, or a style that hides or strikes it out, read
// as the HTML reader reads one (styleHides).
func mdHidingAttr(k, v []byte) bool {
	switch string(k) {
	case "hidden":
		return true
	case "style":
		none, invisible := styleHides(bytes.ToLower(v))
		return none || invisible
	}
	return false
}

// mdSimpleTag reads f when it is a tag without attributes: "<name>",
// "</name>" or "<name/>", white space allowed before ">". Most inline
// HTML is such a tag, which needs no tokenizer.
func mdSimpleTag(f string) (name string, end, ok bool) {
	if len(f) < 3 || f[0] != '<' || f[len(f)-1] != '>' {
		return "", false, false
	}
	i := 1
	if f[1] == '/' {
		end, i = true, 2
	}
	j := i
	for j < len(f) && (htmlAlnum(f[j]) || j > i && f[j] == '-') {
		j++
	}
	if j == i || htmlDigit(f[i]) {
		return "", false, false
	}
	rest := strings.TrimRight(f[j:len(f)-1], " \t\r\n")
	if !end && strings.HasSuffix(rest, "/") {
		rest = strings.TrimRight(rest[:len(rest)-1], " \t\r\n")
	}
	if rest != "" {
		return "", false, false
	}
	return strings.ToLower(f[i:j]), end, true
}

// Limits on the work one Markdown document can make goldmark do. goldmark
// v1.8.7 is linear on ordinary text but not on every input; measured on
// 100 KB inputs it takes 10 s for ">" repeated (each line opens every
// container again), 15 s for "*a_" repeated (each emphasis closer scans
// every opener before it), 10 s for "[a](" repeated (each destination is
// scanned to the line's end), 2 s for "[x](<", and it grows quadratically
// with "[a](b 'x\n" (each title's text is found again from the
// paragraph's last line) and with link reference definitions, and as
// n^1.5 with code spans whose backtick runs have no closer. Each limit is
// a budget proportional to the text it covers, so that the work stays
// linear; an honest document stays far inside each.
const (
	// mdMaxBytes is the most of a document goldmark reads: reading
	// allocates up to about 500 bytes for each byte of input (measured
	// on a paragraph of one-letter lines).
	mdMaxBytes = 64 << 20

	// mdNestBudget bounds, per byte read, the containers (block quotes,
	// list items) goldmark checks each line against, times the line's
	// indent. A line nested ten deep and indented by 20 costs about 300.
	mdNestBudget = 64
	mdNestSlack  = 1 << 20

	// mdDelimFactor bounds the emphasis and strikethrough delimiter runs
	// of a paragraph of n bytes to sqrt(mdDelimFactor·n), at least
	// mdMinDelims: their matching costs the square of their number.
	mdDelimFactor = 256
	mdMinDelims   = 64

	// mdLinkBudget bounds, per byte of a paragraph, the bytes goldmark
	// scans to read its link labels, destinations and titles, and
	// mdLineBudget the lines it steps over to find a label's line again
	// (all of a paragraph's, but one for a table cell: the guard does not
	// tell tables from paragraphs, so this one is loose).
	mdLinkBudget = 16
	mdLineBudget = 64

	// mdMaxUnclosedCode is how many backtick runs without a closer a
	// paragraph may open; each makes goldmark scan the rest of it.
	mdMaxUnclosedCode = 64

	// mdCellBudget bounds a table's cells per byte of its rows: goldmark
	// pads every row to the delimiter row's width, so a short row of a
	// wide table is many cells.
	mdCellBudget = 1
	mdCellSlack  = 1 << 16
)

// An mdGuard is what goldmark reads of a document and what may not print.
type mdGuard struct {
	// in is goldmark's input: the source, up to where the reading stops,
	// with the bytes that would cost too much neutralized. A
	// neutralized byte is replaced by one goldmark reads as plain text
	// (";", or ":" for "_", which keeps a raw HTML tag a tag), so every
	// offset stays the source's and the rendering still copies the
	// source's bytes.
	in []byte
	// drop holds the source ranges (paragraphs) whose text must not
	// print: those where a byte was neutralized and that hold a "~", whose
	// strikethrough the change may have undone.
	drop []Span
}

// mdLine is one line of a paragraph: src[s:e] without its newline, of
// which src[s:p] (its indent, block quote and list markers, or a whole
// thematic break or fence line) is structure that is never neutralized.
type mdLine struct{ s, e, p int }

// mdGuarder is the state of one guardMarkdown.
type mdGuarder struct {
	src   string
	in    []byte
	drop  []Span
	nest  int   // the nesting cost so far
	lists []int // the content columns of the list items that may be open
	quote int   // the block quote depth a lazy line continues
	blank bool  // the previous line was blank
	open  []int // scratch: the offsets of open "["
	ticks []mdTicks
}

// guardMarkdown bounds the work goldmark may do on src: it reads the
// source by paragraphs (runs of lines between blank lines, a superset of
// goldmark's) and, where one would cost more than its budget, neutralizes
// the bytes that cost it, or, for nesting, stops reading at the
// paragraph. It never changes the structure of lines: what it
// neutralizes is inline. The paragraphs it reads are supersets of
// goldmark's inline blocks, so its costs bound goldmark's.
func guardMarkdown(src string) mdGuard {
	g := &mdGuarder{src: src, in: []byte(src[:min(len(src), mdMaxBytes)])}
	var lines []mdLine
	runStart, cut := -1, len(src)
	for i := 0; i < len(src); {
		e := strings.IndexByte(src[i:], '\n')
		if e < 0 {
			e = len(src)
		} else {
			e += i
		}
		if mdBlank(src[i:e]) {
			if runStart >= 0 {
				g.paragraph(lines)
				lines, runStart = lines[:0], -1
			}
			g.blank = true
		} else {
			if runStart < 0 {
				runStart = i
			}
			p, ok := g.line(i, e)
			if !ok || e >= mdMaxBytes {
				cut = min(runStart, len(g.in)) // what lies between is blank
				break
			}
			lines = append(lines, mdLine{s: i, e: e, p: p})
			g.blank = false
		}
		i = e + 1
	}
	if cut == len(src) && len(lines) > 0 {
		g.paragraph(lines)
	}
	return mdGuard{in: g.in[:cut], drop: g.drop}
}

// mdBlank reports whether a line is blank.
func mdBlank(l string) bool {
	for i := 0; i < len(l); i++ {
		if !mdSpace(l[i]) {
			return false
		}
	}
	return true
}

// line reads the structure of the line src[s:e]: it returns the end of
// its structural prefix, and false when the nesting it adds exceeds the
// budget. The containers it counts are an upper bound of goldmark's: a
// list item stays open until a list marker left of its content ends it;
// a line without ">" continues the block quotes of the line before, as a
// lazy line does, unless a blank line is between.
func (g *mdGuarder) line(s, e int) (int, bool) {
	l := g.src[s:e]
	col, quotes, i := 0, 0, 0
	for {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			if l[i] == '\t' {
				col += 4 - col%4
			} else {
				col++
			}
			i++
		}
		if i < len(l) && l[i] == '>' {
			quotes++
			i++
			col++
			continue
		}
		if k := mdListMarker(l, i); k > i {
			for len(g.lists) > 0 && g.lists[len(g.lists)-1] > col {
				g.lists = g.lists[:len(g.lists)-1]
			}
			col += k - i
			i = k
			g.lists = append(g.lists, col+1)
			continue
		}
		break
	}
	if g.blank {
		g.quote = 0
	}
	if quotes > 0 {
		g.quote = quotes
	}
	depth := len(g.lists) + g.quote
	g.nest += (depth + 1) * (col + depth + 1)
	if mdStructural(l[i:]) {
		i = len(l)
	}
	return s + i, g.nest <= mdNestBudget*e+mdNestSlack
}

// mdListMarker returns the end of the list marker at l[i:] ("-", "+",
// "*", or 1–9 digits and "." or ")", followed by white space or the
// line's end), or i when there is none.
func mdListMarker(l string, i int) int {
	if i >= len(l) {
		return i
	}
	j := i
	switch c := l[i]; {
	case c == '-' || c == '+' || c == '*':
		j++
	case htmlDigit(c):
		for j < len(l) && j-i < 9 && htmlDigit(l[j]) {
			j++
		}
		if j == len(l) || l[j] != '.' && l[j] != ')' {
			return i
		}
		j++
	default:
		return i
	}
	if j < len(l) && l[j] != ' ' && l[j] != '\t' {
		return i
	}
	return j
}

// mdStructural reports whether the rest of a line is structure as a
// whole: a code fence, or what may be a thematic break.
func mdStructural(rest string) bool {
	if strings.HasPrefix(rest, "```") || strings.HasPrefix(rest, "~~~") {
		return true
	}
	n := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '*', '_', '-':
			n++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return n >= 3
}

// paragraph checks one run of lines against the budgets and neutralizes
// what exceeds them. Neutralizing inline syntax changes how the
// paragraph's delimiters pair (a link's label bounds the emphasis and
// strikethrough inside it), so a paragraph changed that holds a "~" may
// now print text that was struck: it is dropped. Backtick runs that open
// no code span print the same either way.
func (g *mdGuarder) paragraph(lines []mdLine) {
	s, e := lines[0].s, lines[len(lines)-1].e
	changed := g.delimiters(lines, e-s)
	changed = g.links(lines, e-s) || changed
	g.code(lines)
	changed = g.cells(lines) || changed
	if changed && strings.IndexByte(g.src[s:e], '~') >= 0 {
		g.drop = append(g.drop, Span{s, e})
	}
}

// delimiters neutralizes every emphasis and strikethrough delimiter of a
// paragraph of n bytes that has more delimiter runs than its budget.
func (g *mdGuarder) delimiters(lines []mdLine, n int) bool {
	runs := 0
	for _, l := range lines {
		for i := l.p; i < l.e; i++ {
			switch c := g.src[i]; c {
			case '\\':
				i++
			case '*', '_', '~':
				for i+1 < l.e && g.src[i+1] == c {
					i++
				}
				runs++
			}
		}
	}
	if runs <= max(mdMinDelims, int(math.Sqrt(float64(mdDelimFactor)*float64(n)))) {
		return false
	}
	for _, l := range lines {
		for i := l.p; i < l.e; i++ {
			switch g.in[i] {
			case '*', '~':
				g.in[i] = ';'
			case '_':
				g.in[i] = ':'
			}
		}
	}
	return true
}

// links charges what goldmark scans for each "]" that closes a "[": the
// paragraph's lines (it finds a segment's line from the last), the label,
// and a destination and title or a reference after it. Once a budget is
// spent, it neutralizes every "[" and "]" after.
func (g *mdGuarder) links(lines []mdLine, n int) bool {
	src, end := g.src, lines[len(lines)-1].e
	budget, cost, spent := mdLinkBudget*n+4096, 0, false
	lineBudget, lineCost := mdLineBudget*n+mdNestSlack, 0
	g.open = g.open[:0]
	for _, l := range lines {
		for i := l.p; i < l.e; i++ {
			switch src[i] {
			case '\\':
				i++
			case '[':
				if spent {
					g.in[i] = ';'
				} else {
					g.open = append(g.open, i)
				}
			case ']':
				if spent {
					g.in[i] = ';'
					continue
				}
				if len(g.open) == 0 {
					continue
				}
				o := g.open[len(g.open)-1]
				g.open = g.open[:len(g.open)-1]
				lineCost += len(lines)
				cost += 8 * min(1000, i-o) // ToLinkReference folds the label's case
				if i+1 < end {
					switch src[i+1] {
					case '(', ':':
						cost += mdDestination(src, i+2, end, budget-cost)
					case '[':
						cost += mdScan(src, i+2, end, ']', '[', budget-cost)
					}
				}
				if cost > budget || lineCost > lineBudget {
					spent = true
					g.in[i] = ';'
				}
			}
		}
	}
	return spent
}

// mdDestination returns what goldmark scans for a link destination and
// title from src[i:], up to end: a destination to its line's end or
// white space, the white space after it, and a title to its closer. It
// stops counting past limit.
func mdDestination(src string, i, end, limit int) int {
	j := i
	for j < end && mdSpace(src[j]) {
		j++
	}
	if j < end && src[j] == '<' {
		k := mdScan(src, j+1, end, '>', '\n', limit)
		return j - i + k
	}
	for j < end && !mdSpace(src[j]) && j-i < limit {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	for j < end && mdSpace(src[j]) {
		j++
	}
	if j < end && (src[j] == '"' || src[j] == '\'' || src[j] == '(') {
		closer := src[j]
		if closer == '(' {
			closer = ')'
		}
		return j - i + mdScan(src, j+1, end, closer, src[j], limit)
	}
	return j - i
}

// mdScan returns how far goldmark scans src[i:end] for closer, stopping
// at stop, past backslash escapes; it stops counting past limit.
func mdScan(src string, i, end int, closer, stop byte, limit int) int {
	j := i
	for j < end && j-i <= limit {
		c := src[j]
		if c == '\\' {
			j += 2
			continue
		}
		if c == closer || c == stop {
			break
		}
		j++
	}
	return min(j, end) - i
}

// mdTicks is a run of backticks: where it starts, its length, and
// whether a backslash escapes its first.
type mdTicks struct {
	at, n   int
	escaped bool
}

// code neutralizes the backtick runs of a paragraph that open no code
// span, past the first mdMaxUnclosedCode: each makes goldmark scan the
// rest of its block for a closer, and as plain text they print the same.
func (g *mdGuarder) code(lines []mdLine) {
	g.ticks = g.ticks[:0]
	for _, l := range lines {
		for i := l.p; i < l.e; i++ {
			if g.src[i] != '`' {
				continue
			}
			j := i
			for j < l.e && g.src[j] == '`' {
				j++
			}
			b := i // an odd number of backslashes before the run escapes its first backtick
			for b > l.p && g.src[b-1] == '\\' {
				b--
			}
			g.ticks = append(g.ticks, mdTicks{at: i, n: j - i, escaped: (i-b)%2 == 1})
			i = j - 1
		}
	}
	if len(g.ticks) <= mdMaxUnclosedCode {
		return
	}
	next := make([]int, len(g.ticks)) // the next run of the same length, or -1
	last := map[int]int{}
	for k := len(g.ticks) - 1; k >= 0; k-- {
		next[k] = -1
		if j, ok := last[g.ticks[k].n]; ok {
			next[k] = j
		}
		last[g.ticks[k].n] = k
	}
	unclosed := 0
	for k := 0; k < len(g.ticks); k++ {
		t := g.ticks[k]
		switch {
		case t.escaped:
		case next[k] >= 0:
			k = next[k] // a code span: the runs inside it are its text
		default:
			if unclosed++; unclosed > mdMaxUnclosedCode {
				for i := t.at; i < t.at+t.n; i++ {
					g.in[i] = ';'
				}
			}
		}
	}
}

// cells neutralizes a delimiter row whose table would have more cells
// than its budget: it makes the lines a paragraph. It returns whether it
// changed one.
func (g *mdGuarder) cells(lines []mdLine) bool {
	changed := false
	for k := 1; k < len(lines); k++ {
		l := lines[k]
		cols, dash := mdDelimiterRow(g.src[l.p:l.e])
		if cols == 0 {
			continue
		}
		rows, bytes := len(lines)-k, lines[len(lines)-1].e-lines[k-1].s
		if cols*rows <= mdCellBudget*bytes+mdCellSlack {
			continue
		}
		g.in[l.p+dash] = ';'
		changed = true
	}
	return changed
}

// mdDelimiterRow returns the columns of what may be a GFM delimiter row
// ("|---|:-:|") and the offset of its last "-", or 0 columns.
func mdDelimiterRow(l string) (cols, dash int) {
	other := false
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '-':
			dash = i + 1
		case '|', ':', ' ', '\t', '\r':
			other = true
		default:
			return 0, 0
		}
	}
	if dash == 0 || !other {
		return 0, 0
	}
	for _, c := range strings.Split(strings.Trim(l, " \t\r"), "|") {
		if strings.TrimSpace(c) != "" {
			cols++
		}
	}
	return max(cols, 1), dash - 1
}
