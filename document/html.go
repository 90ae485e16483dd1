package document

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// This file reads HTML, including SEC inline XBRL filings, into a
// rendering and its blocks.
//
// It reads tokens, not a tree: html.Tokenizer gives each token's raw
// bytes, and consecutive tokens' bytes partition the source, so a token's
// offset is the sum of the lengths before it. That is what lets every
// rendering byte map back to the exact source bytes that print it. The
// price is that the reader keeps its own stack of open elements and
// applies the few HTML5 tree-construction rules that change what prints
// (a p, li or cell ended by the next one; an end tag that does not cross
// a table or a cell). Inline XBRL filings are well-formed XHTML, so these
// rules matter only for hand-written HTML.
//
// The rendering is what a browser shows, as text:
//
//   - visible text only: head, script, style, template, comments,
//     ix:header, elements hidden by display:none, visibility:hidden or the
//     hidden attribute, and struck-out text (del, s, strike,
//     text-decoration: line-through) print nothing;
//   - a block element (div, p, br, h1–h6, li, table, …) ends a line, and
//     empty lines are dropped;
//   - white space (Unicode's, no-break spaces included) collapses to one
//     space and is trimmed at the ends of lines and cells; pre keeps it;
//   - a table row is one line, its non-empty cells joined by " | "; a
//     block or br inside a cell prints a space;
//   - ix: tags (ix:nonFraction, ix:nonNumeric, ix:continuation, …) are
//     inline: their text flows with the text around them.
//
// A table nested in a cell is a table of its own: the outer table's block
// ends before it (the outer row so far is a row of that part) and resumes
// after it as a new [Table] whose cells keep the outer grid's columns.
// Blocks thus never overlap.

// Limits on a table's grid and on the work one tag can cause.
const (
	htmlMaxColSpan = 1000  // HTML's cap on colspan
	htmlMaxRowSpan = 65534 // HTML's cap on rowspan; rowspan="0" (to the end of the row group) means this

	// htmlMaxGridCols is how many columns of a grid track rowspans. Finding a
	// cell's column walks past the columns rowspans from above cover, so
	// a hostile table costs at most this much per row; no table a reader
	// reads is wider.
	htmlMaxGridCols = 1000
)

// readHTML reads src as HTML into a builder holding its rendering and
// blocks.
func readHTML(src string) *builder {
	b, _ := readHTMLWork(src)
	return b
}

// readHTMLWork is readHTML, with the work it did (see htmlReader.work).
func readHTMLWork(src string) (*builder, int) {
	r := &htmlReader{b: newBuilder(src), src: src, ids: make(map[string]int32, 64), tags: make(map[string]htmlTag, min(len(src)>>9, 4096)), at: htmlScopes{-1, -1, -1}}
	for _, name := range htmlPreInterned {
		r.intern([]byte(name))
	}
	z := html.NewTokenizer(strings.NewReader(src))
	off := 0
	for {
		tt := z.Next()
		s := off
		off += len(z.Raw())
		r.work += 1 + len(z.Raw())
		switch tt {
		case html.ErrorToken:
			r.popTo(0, len(src))
			r.breakLine(len(src))
			return r.b, r.work
		case html.TextToken:
			r.text(s, off)
		case html.StartTagToken, html.SelfClosingTagToken:
			r.start(z, tt == html.SelfClosingTagToken, s)
		case html.EndTagToken:
			r.end(z, s)
		}
	}
}

// htmlPreInterned are the tag names interned first, so that the reader
// tests for them by index.
var htmlPreInterned = [...]string{hidHead: "head", hidP: "p", hidLi: "li", hidDd: "dd", hidDt: "dt", hidDiv: "div",
	hidAddress: "address", hidBr: "br", hidXmp: "xmp", hidPlaintext: "plaintext"}

// The indexes of htmlPreInterned.

const (
	hidHead int32 = iota
	hidP
	hidLi
	hidDd
	hidDt
	hidDiv
	hidAddress
	hidBr
	hidXmp
	hidPlaintext
)

// htmlRole is what an element does to the rendering.
type htmlRole uint8

const (
	hInline  htmlRole = iota // text flows through it: span, a, b, ix:nonFraction, any unknown tag
	hBlock                   // ends a line before and after it
	hHeading                 // a block whose lines are Heading blocks
	hItem                    // a block whose lines are ListItem blocks
	hPre                     // a block whose white space prints as written
	hSkip                    // prints nothing, and nothing in it is structure: head, script, ix:header
	hStruck                  // struck-out text, which prints nothing
	hVoid                    // has no content and no end tag: img, meta
	hBreak                   // a void element that ends a line: br, hr
	hTable                   // a table
	hSection                 // a row group: thead, tbody, tfoot
	hRow                     // tr
	hCell                    // td, th
	hCaption                 // a table's caption, printed as lines of its own
)

// htmlRoleOf returns the role of the element named name, in lower case.
func htmlRoleOf(name []byte) htmlRole {
	switch string(name) {
	case "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir", "div",
		"dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frameset", "header", "hgroup", "html",
		"legend", "main", "menu", "nav", "ol", "option", "p", "section", "summary", "ul":
		return hBlock
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return hHeading
	case "li":
		return hItem
	case "pre", "listing", "xmp", "plaintext", "textarea":
		return hPre
	case "head", "script", "style", "template", "title", "noscript", "iframe", "noembed", "noframes",
		"object", "ix:header":
		return hSkip
	case "del", "s", "strike":
		return hStruck
	case "area", "base", "basefont", "bgsound", "col", "embed", "frame", "image", "img", "input", "keygen",
		"link", "meta", "param", "source", "track", "wbr":
		return hVoid
	case "br", "hr":
		return hBreak
	case "table":
		return hTable
	case "thead", "tbody", "tfoot":
		return hSection
	case "tr":
		return hRow
	case "td", "th":
		return hCell
	case "caption":
		return hCaption
	}
	return hInline
}

// htmlRawText reports whether the tokenizer reads the content of the element
// named name as raw text up to its end tag. It does so even when the
// start tag is written self-closing, so such an element is always opened.
func htmlRawText(name []byte) bool {
	switch string(name) {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// htmlInHead reports whether the element named name may stand in a head;
// any other start tag ends an open head, as in HTML5.
func htmlInHead(name []byte) bool {
	switch string(name) {
	case "base", "basefont", "bgsound", "link", "meta", "noscript", "script", "style", "template", "title", "head":
		return true
	}
	return false
}

// An hElem is one open element.
type hElem struct {
	id    int32 // its name's index, as htmlReader.intern returns it
	role  htmlRole
	flags uint16     // the effects its start had, which its end undoes
	ts    *htmlTable // the table it is, or is a section, row, cell or caption of
	below int32      // the index of the open element of the same name below it, or -1
	outer htmlScopes // the reader's scopes before it opened
}

// htmlScopes are the stack indexes of the innermost open elements that
// stop an end tag's search for the element it ends (-1 when none is
// open). With them and each name's topmost open element, finding what an
// end tag ends takes constant time, whatever the stack holds: a document
// of unmatched end tags costs no more than one of matched ones.
type htmlScopes struct {
	scope   int32 // a table, cell or caption: a block's end does not leave it
	special int32 // any element but an inline or struck one: an inline end does not cross it
	list    int32 // a special element but p, div or address: an li does not end an li outside it
}

// The effects an element's start had on the reader.
const (
	hfNone      uint16 = 1 << iota // counted in none: nothing inside prints or is structure
	hfInvisible                    // counted in invisible: no text inside prints
	hfBoundary                     // it is a block: a line (in a cell, a space) at each end
	hfHeading                      // pushed its level on headings
	hfItem                         // counted in items
	hfPre                          // counted in pre
	hfTable                        // opened ts
	hfSection                      // opened a row group of ts
	hfRow                          // opened a row of ts
	hfCell                         // opened a cell of ts
	hfCaption                      // opened ts's caption
)

// htmlReader is the state of one readHTML.
type htmlReader struct {
	b   *builder
	src string

	stack []hElem
	ids   map[string]int32 // interned tag names
	last  []int32          // by name's index, the stack index of its topmost open element, or -1
	at    htmlScopes       // the innermost open elements that stop end tags

	none      int   // open elements that hide everything inside
	invisible int   // open elements whose text is hidden or struck
	pre       int   // open pre elements
	items     int   // open li elements
	headings  []int // the levels of the open headings
	tables    []*htmlTable

	lineOpen  bool // a line outside tables has text
	lineStart int  // the rendering offset where it starts
	lineKind  Kind
	lineLevel int

	space    bool           // white space, or a block's end in a cell, waits to print as one space
	spS, spE int            // the source bytes that space stands for
	preSp    []htmlPreSpace // white space in pre waiting for text on its line

	tags     map[string]htmlTag // distinct raw tags, read
	tagBytes int                // the bytes of tags' keys
	scratch  []byte             // for lower-casing a style

	// work counts a step for each token and each byte of it, each
	// element closed, each white space of pre written and each grid
	// column a cell's placing passes over or covers: the measure of the
	// reader's cost, which tests hold to growing linearly.
	work int
}

// intern returns the index of name among the tag names seen.
func (r *htmlReader) intern(name []byte) int32 {
	if id, ok := r.ids[string(name)]; ok {
		return id
	}
	id := int32(len(r.last))
	r.ids[string(name)] = id
	r.last = append(r.last, -1)
	return id
}

// htmlAttrs are the attributes of a start tag that change the rendering.
type htmlAttrs struct {
	none      bool // display:none or the hidden attribute
	invisible bool // visibility:hidden, or struck out by text-decoration
	colspan   int
	rowspan   int
}

// An htmlTag is what the reader needs of a tag. Each distinct raw tag is
// read once: a filing repeats a few thousand distinct tags (a span's long
// style) across tens of thousands (15% are distinct in the corpus), and
// reading a tag's name and attributes costs the tokenizer a copy of each.
// Reading each tag anew made readHTML half as slow again.
type htmlTag struct {
	id     int32 // its name's index, as htmlReader.intern returns it
	role   htmlRole
	attrs  htmlAttrs
	level  int  // a heading's level, 1–6
	th     bool // a th cell
	thead  bool // a thead row group
	raw    bool // the tokenizer reads its content as raw text
	inHead bool // it may stand in a head
}

// htmlMaxTagCache bounds the bytes of distinct raw tags the reader keeps
// read (htmlReader.tags): the six corpus filings have at most 0.6 MB.
const htmlMaxTagCache = 1 << 20

// tag returns the current tag token, read.
func (r *htmlReader) tag(z *html.Tokenizer) htmlTag {
	raw := z.Raw()
	if t, ok := r.tags[string(raw)]; ok {
		return t
	}
	name, hasAttr := z.TagName()
	t := htmlTag{id: r.intern(name), role: htmlRoleOf(name), attrs: htmlAttrs{colspan: 1, rowspan: 1},
		th: string(name) == "th", thead: string(name) == "thead", raw: htmlRawText(name), inHead: htmlInHead(name)}
	if t.role == hHeading {
		t.level = int(name[1] - '0')
	}
	if hasAttr {
		r.attrs(z, &t.attrs)
	}
	if r.tagBytes < htmlMaxTagCache {
		r.tags[string(raw)] = t
		r.tagBytes += len(raw)
	}
	return t
}

// start reads a start tag at src[at:].
func (r *htmlReader) start(z *html.Tokenizer, selfClosing bool, at int) {
	t := r.tag(z)
	if r.last[hidHead] >= 0 && !t.inHead {
		if i := r.find(hidHead, hSkip); i >= 0 {
			r.popTo(i, at)
		}
	}
	switch t.role {
	case hVoid:
		return
	case hBreak:
		if r.none == 0 && !t.attrs.none {
			r.boundary(at)
		}
		return
	}
	r.endImplied(t.role, t.id, at)
	r.push(&t, at)
	if selfClosing && !t.raw { // the tokenizer reads <script/> as <script>
		r.popTo(len(r.stack)-1, at)
	}
}

// endImplied ends the elements that a start tag of role ro (name id)
// ends in HTML5: an open p before a block, the previous li, dd or dt, the
// previous cell or row, a table when another starts outside its cells.
// These are rules of the tree, so they hold in hidden content too.
func (r *htmlReader) endImplied(ro htmlRole, id int32, at int) {
	switch ro {
	case hBlock, hHeading, hItem, hPre, hTable:
		if i := r.find(hidP, hBlock); i >= 0 {
			r.popTo(i, at)
		}
	}
	switch {
	case ro == hItem:
		r.endListItem(hidLi, at)
	case id == hidDd || id == hidDt:
		r.endListItem(hidDd, at)
		r.endListItem(hidDt, at)
	}
	ts := r.top()
	if ts == nil {
		return
	}
	switch ro {
	case hTable:
		if ts.cellAt < 0 && ts.captionAt < 0 && !ts.inCell {
			r.popTo(ts.at, at)
		}
	case hSection, hCaption:
		r.popTo(ts.at+1, at)
	case hRow:
		r.popTo(max(ts.at, ts.sectionAt)+1, at)
		if ts.inRow {
			ts.endRow(r, at)
		}
	case hCell:
		if ts.captionAt >= 0 {
			r.popTo(ts.captionAt, at)
		}
		if ts.cellAt >= 0 {
			r.popTo(ts.cellAt, at)
		} else if ts.inCell {
			ts.endCell(r)
		}
		r.popTo(max(ts.at, ts.sectionAt, ts.rowAt)+1, at)
	}
}

// endListItem ends an open li (or dd, dt) that a new one follows, unless
// a block other than div, p or address lies between them: a nested list.
func (r *htmlReader) endListItem(id int32, at int) {
	if i := r.last[id]; i >= 0 && r.at.list < i {
		r.popTo(int(i), at)
	}
}

// push opens an element. Every table part is recorded, for the rules of
// the tree; only a visible element has effects on the rendering.
func (r *htmlReader) push(t *htmlTag, at int) {
	id, ro, a := t.id, t.role, t.attrs
	e := hElem{id: id, role: ro}
	visible := r.none == 0 && ro != hSkip && !a.none
	switch {
	case r.none > 0:
		// Already hidden: counting this element too would change nothing.
	case !visible:
		e.flags |= hfNone
		r.none++
	case ro == hStruck || a.invisible:
		e.flags |= hfInvisible
		r.invisible++
	}
	idx := len(r.stack) // the index e will have
	switch ro {
	case hBlock, hHeading, hItem, hPre:
		if visible {
			r.openBlock(&e, t.level, at)
		}
	case hTable:
		if ts := r.top(); ts != nil && visible {
			ts.interrupt(r, at)
		}
		if visible {
			r.breakLine(at)
		}
		ts := &htmlTable{t: &Table{}, hidden: !visible, at: idx, row: -1, rowAt: -1, cellAt: -1, sectionAt: -1, captionAt: -1, work: &r.work}
		r.tables = append(r.tables, ts)
		e.flags, e.ts = e.flags|hfTable, ts
	case hSection, hRow, hCell, hCaption:
		if ts := r.top(); ts != nil { // outside a table HTML ignores the tag
			e.ts = ts
			r.openPart(&e, ts, visible, t, idx, at)
		}
	}
	// Keep the constant-time answers to "where is the topmost open X" and
	// "where is the innermost element that stops an end tag"; pop restores
	// them from e.
	e.below, e.outer = r.last[id], r.at
	r.last[id] = int32(idx)
	if ro == hTable || ro == hCell || ro == hCaption {
		r.at.scope = int32(idx)
	}
	if ro != hInline && ro != hStruck {
		r.at.special = int32(idx)
		if id != hidP && id != hidDiv && id != hidAddress {
			r.at.list = int32(idx)
		}
	}
	r.stack = append(r.stack, e)
}

// openBlock applies the effects of a visible block's start.
func (r *htmlReader) openBlock(e *hElem, level, at int) {
	e.flags |= hfBoundary
	r.boundary(at)
	switch e.role {
	case hHeading:
		e.flags |= hfHeading
		r.headings = append(r.headings, level)
	case hItem:
		e.flags |= hfItem
		r.items++
	case hPre:
		e.flags |= hfPre
		r.pre++
	}
}

// openPart records the start of a row group, row, cell or caption of ts
// at stack index idx; a visible one also starts it in the grid.
func (r *htmlReader) openPart(e *hElem, ts *htmlTable, visible bool, t *htmlTag, idx, at int) {
	switch e.role {
	case hSection:
		e.flags |= hfSection
		ts.sectionAt = idx
		if visible {
			ts.head, ts.busy = t.thead, ts.busy[:0]
		}
	case hRow:
		e.flags |= hfRow
		ts.rowAt = idx
		if visible {
			ts.startRow()
		}
	case hCell:
		e.flags |= hfCell
		ts.cellAt = idx
		if visible {
			ts.openCell(t.th, t.attrs.colspan, t.attrs.rowspan)
		}
	case hCaption:
		e.flags |= hfCaption
		ts.captionAt = idx
		if visible {
			ts.interrupt(r, at)
		}
	}
}

// popTo closes the open elements from the top of the stack down to index
// i, with the effects of their ends, at source offset at.
func (r *htmlReader) popTo(i, at int) {
	for len(r.stack) > i {
		r.pop(at)
		r.work++
	}
}

// pop closes the top element.
func (r *htmlReader) pop(at int) {
	e := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	r.last[e.id], r.at = e.below, e.outer
	ts := e.ts
	// An element has at most one structural effect; a block may also
	// count a heading, an item or a pre.
	switch f := e.flags; {
	case f&hfCell != 0:
		if ts.inCell {
			ts.endCell(r)
		}
		ts.cellAt = -1
	case f&hfRow != 0:
		if ts.inRow {
			ts.endRow(r, at)
		}
		ts.rowAt = -1
	case f&hfSection != 0:
		ts.sectionAt, ts.head, ts.busy = -1, false, ts.busy[:0]
	case f&hfCaption != 0:
		if !ts.hidden {
			r.breakLine(at)
		}
		ts.captionAt = -1
	case f&hfTable != 0:
		r.closeTable(ts, at)
	case f&hfBoundary != 0:
		r.boundary(at)
		switch {
		case f&hfHeading != 0:
			r.headings = r.headings[:len(r.headings)-1]
		case f&hfItem != 0:
			r.items--
		case f&hfPre != 0:
			r.pre--
		}
	}
	if e.flags&hfInvisible != 0 {
		r.invisible--
	}
	if e.flags&hfNone != 0 {
		r.none--
	}
}

// end reads an end tag at src[at:].
func (r *htmlReader) end(z *html.Tokenizer, at int) {
	t := r.tag(z)
	switch {
	case t.id == hidBr: // </br> is read as <br>
		if r.none == 0 {
			r.boundary(at)
		}
	case r.last[t.id] >= 0:
		if i := r.find(t.id, t.role); i >= 0 {
			r.popTo(i, at)
		}
	case t.id == hidP: // </p> with no p open is read as <p></p>
		if r.none == 0 {
			r.boundary(at)
		}
	}
}

// find returns the index of the open element id that an end tag of role
// ro ends, or -1 when there is none within reach: a table part's end
// does not cross its table; a block's end does not leave a cell or table;
// an inline element's end does not cross a block, as in HTML5, where
// such an end tag is ignored. A struck element's end (s, strike are
// HTML's formatting elements) always reaches it, so that struck text
// never runs on past its end.
func (r *htmlReader) find(id int32, ro htmlRole) int {
	i := r.last[id]
	if i < 0 {
		return -1
	}
	var stop int32 = -1
	switch ro {
	case hSection, hRow, hCell, hCaption:
		if ts := r.top(); ts != nil {
			stop = int32(ts.at)
		}
	case hInline:
		stop = r.at.special
	case hBlock, hHeading, hItem, hPre:
		stop = r.at.scope
	}
	if stop > i {
		return -1
	}
	return int(i)
}

// top returns the innermost open table, or nil.
func (r *htmlReader) top() *htmlTable {
	if n := len(r.tables); n > 0 {
		return r.tables[n-1]
	}
	return nil
}

// cellContext returns the table whose cell text now goes to, or nil when
// text makes lines of its own (outside tables, or in a caption).
func (r *htmlReader) cellContext() *htmlTable {
	if ts := r.top(); ts != nil && ts.captionAt < 0 {
		return ts
	}
	return nil
}

// boundary is a block's start or end at src offset at: it ends the line,
// or in a cell, where a row stays one line, it is a space.
func (r *htmlReader) boundary(at int) {
	if ts := r.cellContext(); ts != nil {
		if ts.cellStarted {
			r.pendSpace(at, at)
		}
		return
	}
	r.breakLine(at)
}

// breakLine ends the current line outside tables, as a block.
func (r *htmlReader) breakLine(at int) {
	r.space, r.preSp = false, r.preSp[:0]
	if !r.lineOpen {
		return
	}
	r.lineOpen = false
	r.b.endLine(at)
	r.b.block(r.lineKind, r.lineStart, r.lineLevel, nil)
}

// pendSpace notes white space at src[s:e], which prints as one space
// before the next text on the same line or in the same cell.
func (r *htmlReader) pendSpace(s, e int) {
	if !r.space {
		r.space, r.spS, r.spE = true, s, e
	} else if r.spE == s {
		r.spE = e
	}
}

// before prepares the rendering for visible text from src offset at: it
// starts the line or the cell (with its " | ") and prints a pending space.
func (r *htmlReader) before(at int) {
	if ts := r.cellContext(); ts != nil {
		if !ts.cellStarted {
			ts.startText(r, at)
			r.space = false
		}
	} else if !r.lineOpen {
		r.lineOpen, r.lineStart, r.space = true, r.b.pos(), false
		r.lineKind, r.lineLevel = Paragraph, 0
		if n := len(r.headings); n > 0 {
			r.lineKind, r.lineLevel = Heading, r.headings[n-1]
		} else if r.items > 0 {
			r.lineKind = ListItem
		}
	}
	if r.space {
		r.space = false
		r.b.gen(" ", r.spS, r.spE)
	}
	r.work += len(r.preSp)
	for _, p := range r.preSp {
		if p.lit {
			r.b.lit(p.s, p.e)
		} else {
			r.b.gen(" ", p.s, p.e)
		}
	}
	r.preSp = r.preSp[:0]
}

// attrs reads the attributes of the current start tag into a.
func (r *htmlReader) attrs(z *html.Tokenizer, a *htmlAttrs) {
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "style":
			r.style(v, a)
		case "hidden":
			a.none = true
		case "colspan":
			if a.colspan = htmlSpan(v, htmlMaxColSpan); a.colspan == 0 {
				a.colspan = 1
			}
		case "rowspan":
			if a.rowspan = htmlSpan(v, htmlMaxRowSpan); a.rowspan == 0 {
				a.rowspan = htmlMaxRowSpan
			}
		}
	}
}

// lowered returns b in ASCII lower case, in the reader's scratch buffer.
func (r *htmlReader) lowered(b []byte) []byte {
	buf := append(r.scratch[:0], b...)
	for i, c := range buf {
		if 'A' <= c && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	r.scratch = buf
	return buf
}

// htmlSpan reads a colspan or rowspan as HTML does: leading digits after
// white space and an optional "+", at most limit; 1 when there are none.
func htmlSpan(v []byte, limit int) int {
	i := 0
	for i < len(v) && htmlSpace(v[i]) {
		i++
	}
	if i < len(v) && v[i] == '+' {
		i++
	}
	n, digits := 0, false
	for ; i < len(v) && '0' <= v[i] && v[i] <= '9'; i++ {
		digits = true
		if n <= limit {
			n = n*10 + int(v[i]-'0')
		}
	}
	if !digits {
		return 1
	}
	return min(n, limit)
}

// style reads the declarations of a style attribute that hide an element
// or its text (see styleHides).
func (r *htmlReader) style(v []byte, a *htmlAttrs) {
	none, invisible := styleHides(r.lowered(v))
	a.none, a.invisible = a.none || none, a.invisible || invisible
}

// styleHides reads the declarations of a style attribute, lower-cased,
// that hide an element (display:none), its text (visibility:hidden or
// collapse, a font size or opacity of zero) or strike it out
// (text-decoration: line-through). It is the one reading of styles, for
// HTML and the inline HTML of Markdown alike.
func styleHides(low []byte) (none, invisible bool) {
	for len(low) > 0 {
		var decl []byte
		decl, low, _ = bytes.Cut(low, []byte{';'})
		prop, val, ok := bytes.Cut(decl, []byte{':'})
		if !ok {
			continue
		}
		// spaces are not significant ("none ! important"): read without them
		val = bytes.TrimSuffix(bytes.Join(bytes.Fields(val), nil), []byte("!important"))
		switch string(bytes.TrimSpace(prop)) {
		case "display":
			none = none || string(val) == "none"
		case "visibility":
			invisible = invisible || string(val) == "hidden" || string(val) == "collapse"
		case "text-decoration", "text-decoration-line":
			invisible = invisible || bytes.Contains(val, []byte("line-through"))
		case "font-size", "opacity":
			// text no reader can see: "font-size:0", "opacity:0"
			invisible = invisible || htmlZero(val)
		}
	}
	return none, invisible
}

// htmlZero reports whether a CSS length or number is zero: "0", "0px",
// "0.0em", "0%".
func htmlZero(v []byte) bool {
	v = bytes.TrimRight(v, "abcdefghijklmnopqrstuvwxyz%")
	if len(v) == 0 {
		return false
	}
	for _, c := range v {
		if c != '0' && c != '.' {
			return false
		}
	}
	return true
}

// htmlSpace reports whether c is HTML white space.
func htmlSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// htmlTextStop marks the bytes that may end a run of text copied as it
// is: HTML's white space, "&", NUL, and the bytes that begin the other
// white space of Unicode ("\v", U+0085, U+00A0, U+1680, U+2000–U+200A,
// U+2028, U+2029, U+202F, U+205F, U+3000).
var htmlTextStop = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '&': true, 0: true,
	'\v': true, 0xC2: true, 0xE1: true, 0xE2: true, 0xE3: true}

// htmlSpaceAt returns the length of the white space character s begins
// with, or 0: HTML's own, or Unicode's other (a no-break space, an em
// space, "\v"). The rendering collapses them all alike, as text
// extraction does (the corpus .txt renderings print no no-break space):
// a no-break space between "$" and a number, or an em space indenting a
// row label, is no part of the text a quote copies.
func htmlSpaceAt(s string) int {
	if s == "" || !htmlTextStop[s[0]] {
		return 0
	}
	if c, n := utf8.DecodeRuneInString(s); unicode.IsSpace(c) {
		return n
	}
	return 0
}

// text reads the text token src[s:e].
func (r *htmlReader) text(s, e int) {
	if r.none > 0 {
		// Text in a head that is more than white space ends the head.
		n := len(r.stack)
		if n == 0 || r.stack[n-1].id != hidHead || strings.TrimLeft(r.src[s:e], " \t\n\r\f") == "" {
			return
		}
		r.popTo(n-1, s)
		if r.none > 0 {
			return
		}
	}
	if r.invisible > 0 {
		return
	}
	decode := true
	if n := len(r.stack); n > 0 {
		if id := r.stack[n-1].id; id == hidXmp || id == hidPlaintext {
			decode = false // raw text: "&amp;" prints as written
		}
	}
	// In pre, white space prints as written, except in a cell, whose row
	// must stay one line.
	keep := r.pre > 0 && r.cellContext() == nil
	src := r.src
	for i := s; i < e; {
		c := src[i]
		switch {
		case htmlSpace(c):
			if keep {
				r.preSpace(i, e)
				i++
				continue
			}
			j := i + 1
			for j < e && htmlSpace(src[j]) {
				j++
			}
			r.pendSpace(i, j)
			i = j
		case c == '&' && decode:
			// Each reference is a run of its own, standing for exactly its
			// bytes: a number after "&minus;" or "&#36;" keeps its own span.
			dec, n := htmlCharRef(src[i:e])
			switch {
			case n == 0:
				r.before(i)
				r.b.lit(i, i+1)
				n = 1
			case htmlSpaceAt(dec) == len(dec):
				r.space2(i, i+n, keep)
			default:
				r.before(i)
				r.b.gen(dec, i, i+n)
			}
			i += n
		case c == 0:
			i++ // NUL prints nothing
		default:
			if n := htmlSpaceAt(src[i:e]); n > 0 {
				r.space2(i, i+n, keep)
				i += n
				continue
			}
			// The longest run copied byte for byte: up to white space, a
			// reference or NUL.
			j := i + 1
			for j < e && (!htmlTextStop[src[j]] || src[j] == '&' && !decode || src[j] >= 0x80 && htmlSpaceAt(src[j:e]) == 0) {
				j++
			}
			r.before(i)
			r.plain(i, j)
			i = j
		}
	}
}

// preSpace reads the white space byte at src[i] inside pre: a newline
// ends the line ("\r\n" and "\r" are newlines); a space or tab prints as
// written, a form feed as a space, once text follows on the line.
func (r *htmlReader) preSpace(i, e int) {
	switch r.src[i] {
	case '\n':
		r.breakLine(i)
	case '\r':
		if i+1 >= e || r.src[i+1] != '\n' {
			r.breakLine(i)
		}
	default:
		r.pendPre(i, i+1, r.src[i] != '\f')
	}
}

// space2 is white space at src[s:e] that prints as a space in pre (keep)
// and collapses elsewhere.
func (r *htmlReader) space2(s, e int, keep bool) {
	if keep {
		r.pendPre(s, e, false)
	} else {
		r.pendSpace(s, e)
	}
}

// pendPre notes white space in pre at src[s:e], copied (lit) or printed as
// one space. It prints before the next text on the line, and not at all
// at the line's end: the rendering never holds white space for the
// builder's endLine to trim, which would copy the rendering each time.
func (r *htmlReader) pendPre(s, e int, lit bool) {
	if n := len(r.preSp); n > 0 && lit && r.preSp[n-1].lit && r.preSp[n-1].e == s {
		r.preSp[n-1].e = e
		return
	}
	r.preSp = append(r.preSp, htmlPreSpace{s, e, lit})
}

// htmlPreSpace is white space in pre waiting for text on its line.
type htmlPreSpace struct {
	s, e int
	lit  bool
}

// plain copies src[s:e], text with no white space or reference in it.
// Bytes that are not UTF-8 print as U+FFFD, as a browser shows them.
func (r *htmlReader) plain(s, e int) {
	t := r.src[s:e]
	if utf8.ValidString(t) {
		r.b.lit(s, e)
		return
	}
	from := 0
	for i := 0; i < len(t); {
		c, n := utf8.DecodeRuneInString(t[i:])
		if c == utf8.RuneError && n == 1 {
			r.b.lit(s+from, s+i)
			r.b.gen("\uFFFD", s+i, s+i+1)
			from = i + 1
		}
		i += n
	}
	r.b.lit(s+from, e)
}

// htmlMaxRefName is longer than any named character reference (the longest,
// "CounterClockwiseContourIntegral;", is 32 bytes): a longer run of
// letters and digits is no reference but may begin with a legacy one
// written without its ";" ("&ampx" is "&x").
const htmlMaxRefName = 40

// htmlCharRef decodes the character reference at the start of s, which
// begins with "&", with the html package's own rules (html.UnescapeString),
// and returns its text and length; n is 0 when s begins with no reference.
func htmlCharRef(s string) (text string, n int) {
	if len(s) < 2 {
		return "", 0
	}
	if s[1] == '#' {
		i := 2
		hex := i < len(s) && (s[i] == 'x' || s[i] == 'X')
		if hex {
			i++
		}
		j := i
		for j < len(s) && (htmlDigit(s[j]) || hex && htmlHexLetter(s[j])) {
			j++
		}
		if j == i {
			return "", 0
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
		return html.UnescapeString(s[:j]), j
	}
	j := 1
	for j < len(s) && j <= htmlMaxRefName && htmlAlnum(s[j]) {
		j++
	}
	if j <= htmlMaxRefName && j < len(s) && s[j] == ';' {
		j++
	}
	ref := s[:j]
	u := html.UnescapeString(ref)
	if u == ref {
		return "", 0
	}
	// u is the decoded text followed by what of ref the reference did not
	// take, as written. Trying the longest tail first finds the true one:
	// a longer tail would match only if the decoded text ended in the
	// reference's own last bytes (letters, digits, ";") and had more
	// before them, and no reference decodes so. FuzzHTMLCharRef holds
	// this to html.UnescapeString.
	for k := 2; k <= len(ref); k++ {
		rest := ref[k:]
		if len(u) > len(rest) && strings.HasSuffix(u, rest) {
			return u[:len(u)-len(rest)], k
		}
	}
	return "", 0
}

func htmlDigit(c byte) bool     { return '0' <= c && c <= '9' }
func htmlHexLetter(c byte) bool { return 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
func htmlAlnum(c byte) bool     { return htmlDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// htmlTable is the state of one open table.
type htmlTable struct {
	t       *Table // the part of the table being written
	at      int    // the table element's index in the stack
	hidden  bool   // the table is in hidden content: it is tracked, never printed
	emitted bool   // a part of the table has its block

	work *int  // the reader's work
	busy []int // busy[c] is the first row index at which no rowspan from above covers column c
	row  int   // the index of the current row in the table's markup, from 0
	col  int   // the first grid column the row's next cell may take
	head bool  // the current row group is a thead

	inRow bool
	r     *Row
	rowAt int // the row element's index in the stack; -1 when implied or closed

	inCell      bool
	cellStarted bool // the cell has text in the rendering
	cell        Cell
	cellAt      int // the cell element's index in the stack; -1 when implied or closed

	sectionAt int // the row group's index in the stack, or -1
	captionAt int // the open caption's index in the stack, or -1
}

// startRow starts a row of the grid.
func (ts *htmlTable) startRow() {
	ts.row++
	ts.col = 0
	ts.inRow, ts.r = true, &Row{}
}

// openCell places a cell in the grid: at the first column from the
// cursor that no rowspan from above covers, as HTML's table model does.
func (ts *htmlTable) openCell(th bool, colspan, rowspan int) {
	if !ts.inRow {
		ts.startRow()
	}
	c := ts.col
	for c < len(ts.busy) && ts.busy[c] > ts.row {
		c++
	}
	*ts.work += c - ts.col
	if rowspan > 1 && c < htmlMaxGridCols {
		hi := min(c+colspan, htmlMaxGridCols)
		for len(ts.busy) < hi {
			ts.busy = append(ts.busy, 0)
		}
		for k := c; k < hi; k++ {
			ts.busy[k] = ts.row + rowspan
		}
		*ts.work += hi - c
	}
	// The grid's width counts empty cells too: a column of "$" cells
	// that is empty in the header rows is still a column.
	ts.col = c + colspan
	ts.t.Cols = max(ts.t.Cols, ts.col)
	ts.inCell, ts.cellStarted = true, false
	ts.cell = Cell{Col: c, ColSpan: colspan, Header: th || ts.head}
}

// startText starts the current cell's text in the rendering, opening a
// row and a cell when the markup gives none (text directly in a table),
// with " | " after the row's previous non-empty cell.
func (ts *htmlTable) startText(r *htmlReader, at int) {
	if !ts.inCell {
		ts.openCell(false, 1, 1)
	}
	if len(ts.r.Cells) > 0 {
		r.b.sep(" | ", at)
	} else {
		ts.r.Start = r.b.pos()
	}
	ts.cell.Start = r.b.pos()
	ts.cellStarted = true
}

// endCell ends the current cell; it is one of the row's cells if it
// printed anything.
func (ts *htmlTable) endCell(r *htmlReader) {
	if ts.cellStarted {
		ts.cell.End = r.b.pos()
		ts.r.Cells = append(ts.r.Cells, ts.cell)
	}
	ts.inCell, ts.cellStarted = false, false
	r.space = false
}

// endRow ends the current row, and its line if it has non-empty cells.
func (ts *htmlTable) endRow(r *htmlReader, at int) {
	if ts.inCell {
		ts.endCell(r)
	}
	ts.flushRow(r, at)
	ts.inRow, ts.r = false, nil
}

// flushRow ends the row's line and adds it to the table, when it has
// non-empty cells.
func (ts *htmlTable) flushRow(r *htmlReader, at int) {
	if len(ts.r.Cells) == 0 {
		return
	}
	ts.r.End = r.b.pos()
	r.b.endLine(at)
	ts.t.Rows = append(ts.t.Rows, ts.r)
	ts.r = &Row{}
}

// interrupt ends the part of the table written so far, for lines that
// are not rows (a caption, a nested table): the row so far is a row of
// that part, and what follows is a new Table in the same grid.
func (ts *htmlTable) interrupt(r *htmlReader, at int) {
	if ts.inCell && ts.cellStarted {
		ts.cell.End = r.b.pos()
		ts.r.Cells = append(ts.r.Cells, ts.cell)
		ts.cellStarted = false
	}
	if ts.inRow {
		ts.flushRow(r, at)
	}
	r.space = false
	if len(ts.t.Rows) == 0 {
		return
	}
	ts.finish(r)
	ts.t = &Table{}
	if ts.inCell {
		ts.t.Cols = ts.cell.Col + ts.cell.ColSpan
	}
}

// finish appends the table part's block, with its header rows: the
// leading rows whose cells are all header cells.
func (ts *htmlTable) finish(r *htmlReader) {
	t := ts.t
	for t.Header < len(t.Rows) && htmlAllHeader(t.Rows[t.Header]) {
		t.Header++
	}
	// A table with no row is an empty block at the end of the line before
	// it, which is inside the rendering even when the table is last.
	start := max(r.b.pos()-1, 0)
	if len(t.Rows) > 0 {
		start = t.Rows[0].Start
	}
	r.b.block(TableBlock, start, 0, t)
	ts.emitted = true
}

// htmlAllHeader reports whether every cell of row is a header cell: a
// row of a thead, or one whose non-empty cells are all th (a corner cell
// left empty does not make a header row a body row).
func htmlAllHeader(row *Row) bool {
	for _, c := range row.Cells {
		if !c.Header {
			return false
		}
	}
	return true
}

// closeTable ends the innermost table, ts. A table that printed no row
// still has its (empty) block, unless a part of it had one.
func (r *htmlReader) closeTable(ts *htmlTable, at int) {
	if ts.inRow {
		ts.endRow(r, at)
	}
	if !ts.hidden && (len(ts.t.Rows) > 0 || !ts.emitted) {
		ts.finish(r)
	}
	r.tables = r.tables[:len(r.tables)-1]
	r.space = false
}
