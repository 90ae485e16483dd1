package document

import (
	"strings"
	"unicode"
)

// builder writes a rendering and its map back to the source bytes. Every
// reader but plain text's writes through one: it copies what the source
// prints byte for byte where it can (lit), writes decoded text in place of
// the source bytes it stands for (gen), and adds the separators the
// rendering prints (sep). Blocks and tables are appended with offsets into
// the rendering as it grows.
type builder struct {
	src    string
	out    renderBuf
	runs   []run
	blocks []Block
}

func newBuilder(src string) *builder {
	b := &builder{src: src}
	b.out.Grow(len(src) / 3)
	return b
}

// pos returns the rendering's length so far: the offset the next byte
// written will have.
func (b *builder) pos() int { return b.out.Len() }

// lit copies src[s:e] into the rendering, mapped byte for byte.
func (b *builder) lit(s, e int) {
	if e <= s {
		return
	}
	r := b.out.Len()
	if k := len(b.runs) - 1; k >= 0 && b.runs[k].lit && b.runs[k].r+b.runs[k].n == r && b.runs[k].s+b.runs[k].n == s {
		b.runs[k].n += e - s
		b.runs[k].se = e
	} else {
		b.runs = append(b.runs, run{r: r, n: e - s, s: s, se: e, lit: true})
	}
	b.out.WriteString(b.src[s:e])
}

// gen writes text in the rendering in place of src[s:e]: a decoded
// character reference, a space for a run of white space.
func (b *builder) gen(text string, s, e int) {
	if text == "" {
		return
	}
	if e-s == len(text) && b.src[s:e] == text {
		b.lit(s, e)
		return
	}
	b.runs = append(b.runs, run{r: b.out.Len(), n: len(text), s: s, se: e})
	b.out.WriteString(text)
}

// sep writes a separator the rendering adds (" | ", a newline), standing
// for the point at of the source.
func (b *builder) sep(text string, at int) { b.gen(text, at, at) }

// trimRight removes trailing spaces and tabs the rendering has written,
// with their runs, so that a line or cell never ends in white space. It
// costs what it trims, never the rendering's length.
func (b *builder) trimRight() {
	cut := b.out.Len()
	for cut > 0 && (b.out.byteAt(cut-1) == ' ' || b.out.byteAt(cut-1) == '\t') {
		cut--
	}
	if cut == b.out.Len() {
		return
	}
	for len(b.runs) > 0 {
		k := len(b.runs) - 1
		r := &b.runs[k]
		if r.r >= cut {
			b.runs = b.runs[:k]
			continue
		}
		if r.r+r.n > cut {
			if r.lit {
				r.se = r.s + (cut - r.r)
			}
			r.n = cut - r.r
		}
		break
	}
	b.out.truncate(cut)
}

// endLine ends the current line, if anything is on it.
func (b *builder) endLine(at int) {
	b.trimRight()
	if n := b.out.Len(); n > 0 && b.out.byteAt(n-1) != '\n' {
		b.sep("\n", at)
	}
}

// block appends a block of kind k that runs from start to the rendering's
// end, less a final newline.
func (b *builder) block(k Kind, start, level int, t *Table) {
	end := b.pos()
	for end > start && b.out.byteAt(end-1) == '\n' {
		end--
	}
	if end <= start && t == nil {
		return
	}
	if t != nil {
		t.Start, t.End = start, end
	}
	b.blocks = append(b.blocks, Block{Kind: k, Start: start, End: end, Level: level, Table: t})
}

// document finishes the rendering into a Document.
func (b *builder) document(name string, f Format) *Document {
	d := &Document{Name: name, Format: f, source: b.src, text: strings.TrimRight(b.out.String(), "\n"), runs: b.runs, Blocks: b.blocks}
	d.finish()
	return d
}

// renderBuf is the rendering as a reader writes it: appended to, and cut
// back from its end when trailing white space is trimmed.
type renderBuf struct{ b []byte }

func (r *renderBuf) Len() int             { return len(r.b) }
func (r *renderBuf) Grow(n int)           { r.b = append(make([]byte, 0, len(r.b)+n), r.b...) }
func (r *renderBuf) WriteString(s string) { r.b = append(r.b, s...) }
func (r *renderBuf) String() string       { return string(r.b) }
func (r *renderBuf) byteAt(i int) byte    { return r.b[i] }
func (r *renderBuf) truncate(n int)       { r.b = r.b[:n] }

// isLetter reports whether r is a letter, for labels.
func isLetter(r rune) bool { return unicode.IsLetter(r) }
